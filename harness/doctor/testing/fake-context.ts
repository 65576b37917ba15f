import type { Config } from '../../config/schema.js';
import type { ApiClient, ApiResponse } from '../../http/client.js';
import { Redactor } from '../../http/redact.js';
import type { DoctorContext } from '../context.js';

/** An answer with a JSON body, as the doctor's items read one. */
export const jsonAnswer = (status: number, json: unknown): ApiResponse =>
  ({ status, headers: {}, text: JSON.stringify(json), json, exchange: {} as ApiResponse['exchange'] }) as ApiResponse;

/** A doctor context whose target is `client` (a scripted ApiClient for each key), with `config`'s keys and ids. */
export function fakeDoctorContext(config: Partial<Config>, client: (key: string) => ApiClient): DoctorContext {
  return {
    baseUrl: 'http://t/api/v1',
    config: config as Config,
    redactor: new Redactor([]),
    tag: 'conformance-doctor:t',
    created: [],
    authStyle: 'x-api-key',
    client,
  };
}
