import type { VariantName } from '../../../reference/variants.js';
import type { RetryAfterForm } from '../retry-after.js';

/**
 * The reference variants that change only how a rate header is written, not what it says: each
 * X-RateLimit-Reset notation (spec 8 shows no form) and each Retry-After notation (RFC 9110's two
 * and a fraction), with the form the harness must read it as. harness/rate/notations.test.ts
 * judges every one in-process against the reference's own header writer; test/variants.test.ts
 * runs whole conformance runs only for those of WHOLE_RUN_NOTATIONS (one per header kind).
 */
export const RESET_NOTATIONS = {
  'reset-iso8601': 'iso-8601 (fractional)',
  'reset-epoch-seconds': 'epoch-seconds',
  'reset-epoch-milliseconds': 'epoch-milliseconds',
  'reset-http-date': 'http-date',
  'reset-fractional-seconds': 'delta-seconds (fractional)',
} as const satisfies Partial<Record<VariantName, string>>;

export const RETRY_AFTER_NOTATIONS = {
  'retry-after-http-date': 'http-date',
  'retry-after-fractional': 'delta-seconds-fractional',
} as const satisfies Partial<Record<VariantName, RetryAfterForm>>;

export type NotationVariant = keyof typeof RESET_NOTATIONS | keyof typeof RETRY_AFTER_NOTATIONS;

export const NOTATION_VARIANTS = [...Object.keys(RESET_NOTATIONS), ...Object.keys(RETRY_AFTER_NOTATIONS)] as readonly NotationVariant[];

/**
 * The notations that still go through a whole run, one of each header kind (the suite reads the
 * headers of real HTTP answers, records the form, waits by them); the others ride along in a
 * whole run of another variant where it has room for them, or are judged in-process only.
 */
export const WHOLE_RUN_NOTATIONS: readonly NotationVariant[] = ['reset-iso8601', 'retry-after-http-date'];
