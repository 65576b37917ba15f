import { VARIANT_NAMES, type VariantName } from '../../reference/variants.js';

/**
 * How the exploration meets the reference's variants (test/sequences.test.ts in npm test, the
 * seed sweep test/sequence-seeds.ts beside it): variants run together (choices of different kinds
 * a server may make at once), and alone where they cannot go together (a server has one limiter
 * and one header form). The rate-limit variants change only the limiter, which the admin key's
 * limit keeps out of the exploration's way: fewer seeds show it.
 */
export const SEQUENCE_VARIANTS_TOGETHER: ReadonlyArray<readonly VariantName[]> = [
  ['eventual-lists', 'brief-lists', 'string-paging'],
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

/** The variants that only change the limiter or its headers: each runs alone. */
export const SEQUENCE_VARIANTS_ALONE: readonly VariantName[] = VARIANT_NAMES.filter((v) => /^(limiter|reset|retry-after)-/.test(v) || v === 'load-shedding');
