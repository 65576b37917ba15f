import { configFromEnv, readEnv, type LoadOptions } from '../config/load.js';
import type { Config } from '../config/schema.js';
import type { UrlFix } from './target.js';

/** The path of a base URL does not end with /api/v1 (spec 9), though it is otherwise an http(s) URL. */
export function missingApiBase(value: string | undefined): UrlFix | undefined {
  const given = value?.trim();
  if (given === undefined || given === '') return undefined;
  let url: URL;
  try {
    url = new URL(given);
  } catch {
    return undefined;
  }
  if (!/^https?:$/.test(url.protocol) || /\/api\/v1\/?$/.test(url.pathname)) return undefined;
  url.search = '';
  url.hash = '';
  const candidate = `${url.toString().replace(/\/+$/, '')}/api/v1`;
  return { given, candidate };
}

/**
 * The configuration the doctor checks. A target URL without the /api/v1 base is the one mistake
 * it does not stop at: it tries the URL with /api/v1 added, and its first item says which to set.
 */
export async function loadDoctorConfig(options: LoadOptions = {}): Promise<{ config: Config; urlFix: UrlFix | undefined }> {
  const env = await readEnv(options);
  const urlFix = missingApiBase(env['CONFORMANCE_TARGET_URL']);
  const config = await configFromEnv(urlFix === undefined ? env : { ...env, CONFORMANCE_TARGET_URL: urlFix.candidate });
  return { config, urlFix };
}
