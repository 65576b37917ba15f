import { VARIANT_NAMES, type VariantName } from '../../reference/variants.js';

/**
 * How the exploration meets the reference's variants (test/sequences.test.ts in npm test, the
 * seed sweep test/sequence-seeds.ts beside it): variants run together (choices of different kinds
 * a server may make at once), and alone where they cannot go together (a server has one limiter
 * and one header form). The rate-limit variants change only the limiter, which the admin key's
 * limit keeps out of the exploration's way: fewer seeds show it.
 */
export const SEQUENCE_VARIANTS_TOGETHER: ReadonlyArray<readonly VariantName[]> = [
  ['eventual-lists', 'brief-lists', 'string-paging', 'exclusive-date-bounds', 'newest-first'],
  ['lax-formats', 'batch-item-refusals', 'guarded-security', 'json-media-types'],
  [
    'business-rules',
    'unique-names',
    'planning-rules',
    'record-rules',
    'expense-rules',
    'time-entry-rules',
    'time-entry-assignment',
    'sparse-records',
    'normalised-values',
  ],
  ['webhook-choices', 'deliveries-per-delivery', 'report-choices', 'throttled-refusals', 'read-only-keys'],
  ['transitions-terminal-409', 'expense-self-review'],
];

/**
 * The variants that only change the limiter or the forms of its headers. A server has one
 * limiter, one X-RateLimit-Reset form and one Retry-After form, so each run takes at most one of
 * each: the exploration reads neither header but Retry-After on a 429 (harness/http/client.ts),
 * and only a spacing limiter or load shedding refuses the admin key's 10,000,000 a minute, so
 * one run per limiter with a reset form and a Retry-After form beside it proves as much as a run
 * for each (13 runs before, 5 now).
 */
export const SEQUENCE_VARIANTS_RATE: ReadonlyArray<readonly VariantName[]> = [
  ['limiter-smoothing', 'reset-iso8601', 'retry-after-http-date'],
  ['limiter-sliding-window', 'reset-epoch-seconds', 'retry-after-fractional'],
  ['limiter-refilling-bucket', 'reset-http-date', 'retry-after-penalty'],
  ['load-shedding', 'reset-fractional-seconds', 'retry-after-rounded-down'],
  ['reset-epoch-milliseconds'],
];

/** The variants of SEQUENCE_VARIANTS_RATE: the limiter and header variants, by their names. */
export const RATE_VARIANT_NAMES: readonly VariantName[] = VARIANT_NAMES.filter((v) => /^(limiter|reset|retry-after)-/.test(v) || v === 'load-shedding');
