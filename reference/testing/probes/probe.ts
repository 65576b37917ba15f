/**
 * Fault probes for reference/faults.test.ts, one file per domain: each probe is one
 * observation that must differ between the clean server and the server with the fault.
 */
import type { FaultName } from '../../faults.js';
import type { TestApi } from '../test-api.js';

export interface Probe {
  probe(api: TestApi): Promise<unknown>;
  clean: unknown;
  faulty: unknown;
}

/** Probes for every fault whose name starts with `prefix` (a missing one is a type error). */
export type ProbesFor<Prefix extends string> = Record<Extract<FaultName, `${Prefix}${string}`>, Probe>;

/** The status code of a request. */
export async function statusOf(response: Promise<{ statusCode: number }>): Promise<number> {
  return (await response).statusCode;
}
