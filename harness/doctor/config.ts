import { configFromEnv, readEnv, type LoadOptions } from '../config/load.js';
import type { Config } from '../config/schema.js';
import { checkTargetUrl } from '../config/target-url.js';
import type { UrlFix } from './target.js';

/**
 * The path of a base URL does not end with /api/v1 (spec conventions), though it is otherwise a
 * usable URL: the completed URL of the one rule (harness/config/target-url.ts).
 */
export function missingApiBase(value: string | undefined): UrlFix | undefined {
  const given = value?.trim();
  if (given === undefined || given === '') return undefined;
  const checked = checkTargetUrl(given);
  return 'candidate' in checked && checked.candidate !== undefined ? { given, candidate: checked.candidate } : undefined;
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
