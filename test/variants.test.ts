import { afterAll, describe, expect, it } from 'vitest';
import type { Domain } from '../harness/config/schema.js';
import { NOTATION_VARIANTS, WHOLE_RUN_NOTATIONS } from '../harness/rate/testing/notations.js';
import { VARIANT_NAMES, type VariantName } from '../reference/variants.js';
import { DriverPool, readLatestReport } from './run-cli.js';
import { MAX_UNDECIDED_RUNS } from './testing/refill-tolerance.js';

/**
 * The variant self-test: each reference-server variant makes a choice the spec
 * leaves open differently from the plain reference server. The suites that touch that choice
 * run against it, and no MUST check may fail or err: a correct server is never failed.
 *
 * The variants that only change a rate header's notation are judged in-process
 * (harness/rate/notations.test.ts: the reference's own header writer, read by the harness's rate
 * modules); a whole run goes for one of each header kind (WHOLE_RUN_NOTATIONS), and the others
 * where a run of another variant has room for them.
 */
interface Exercise {
  /** The suites whose checks depend on the choice. */
  readonly suites: readonly Domain[];
  /** An observation topic the run must record, proving the variant was seen (not bypassed). */
  readonly observed?: string;
}

const EXERCISES: Record<VariantName, Exercise> = {
  // webhooks: its task.completed trigger must find the way to completed (pending → in_progress → completed).
  'transitions-terminal-409': { suites: ['expenses', 'tasks', 'milestones', 'webhooks'], observed: 'status-transition' },
  'retry-after-http-date': { suites: ['rate-limit'], observed: 'retry-after-format' },
  'limiter-sliding-window': { suites: ['rate-limit'] },
  'limiter-refilling-bucket': { suites: ['rate-limit'] },
  'limiter-smoothing': { suites: ['rate-limit'], observed: 'rate-limit-smoothing' },
  'deliveries-per-delivery': { suites: ['webhooks'], observed: 'deliveries-log-model' },
  'webhook-choices': { suites: ['webhooks', 'security'], observed: 'webhook-signing-key' },
  // security only: the webhooks suite's sink listens on loopback, which this variant refuses.
  'guarded-security': { suites: ['security'], observed: 'moving-fields' },
  'business-rules': { suites: ['time-entries', 'batch', 'allocations', 'rates', 'security', 'webhooks'] },
  'normalised-values': { suites: ['contacts', 'expenses', 'time-entries', 'batch', 'resources', 'rates', 'webhooks', 'allocations'] },
  'brief-lists': {
    suites: ['contacts', 'expenses', 'time-entries', 'batch', 'resources', 'rates', 'allocations', 'tasks', 'milestones', 'webhooks', 'security'],
  },
  'string-paging': { suites: ['contacts', 'expenses', 'rates', 'tasks', 'webhooks', 'reports'], observed: 'paging-number-form' },
  'batch-item-refusals': { suites: ['batch'], observed: 'batch-invalid-item-status' },
  'exclusive-date-bounds': { suites: ['time-entries', 'expenses', 'allocations', 'milestones', 'batch'] },
  'newest-first': {
    suites: ['contacts', 'expenses', 'time-entries', 'batch', 'resources', 'rates', 'allocations', 'tasks', 'milestones', 'webhooks', 'security'],
  },
  'lax-formats': { suites: ['contacts', 'batch', 'time-entries', 'webhooks'] },
  'eventual-lists': {
    suites: ['contacts', 'expenses', 'time-entries', 'batch', 'resources', 'rates', 'allocations', 'tasks', 'milestones', 'webhooks', 'security'],
    observed: 'list-consistency',
  },
  'expense-rules': { suites: ['expenses', 'webhooks', 'security'], observed: 'expense-locked' },
  'time-entry-rules': { suites: ['time-entries', 'batch', 'webhooks'], observed: 'time-entry-billed-edit' },
  // Only expenses: the webhooks suite's expense.approved trigger still approves with the creating key.
  'expense-self-review': { suites: ['expenses'], observed: 'expense-self-review' },
  // Only the suites whose entries are made on assigned resources: webhooks, security and the
  // ENV-* fixtures still log time on resources never assigned.
  'time-entry-assignment': { suites: ['time-entries', 'batch'], observed: 'business-rule' },
  'unique-names': { suites: ['contacts', 'resources', 'rates', 'tasks', 'milestones', 'webhooks', 'security', 'rate-limit'] },
  'planning-rules': { suites: ['tasks', 'milestones'], observed: 'business-rule' },
  'reset-iso8601': { suites: ['rate-limit'], observed: 'rate-limit-reset-form' },
  'reset-epoch-seconds': { suites: ['rate-limit'], observed: 'rate-limit-reset-form' },
  'reset-epoch-milliseconds': { suites: ['rate-limit'], observed: 'rate-limit-reset-form' },
  'reset-http-date': { suites: ['rate-limit'], observed: 'rate-limit-reset-form' },
  'reset-fractional-seconds': { suites: ['rate-limit'], observed: 'rate-limit-reset-form' },
  'retry-after-fractional': { suites: ['rate-limit'], observed: 'retry-after-format' },
  'record-rules': { suites: ['contacts', 'resources', 'rates', 'allocations'], observed: 'business-rule' },
  'sparse-records': { suites: ['contacts', 'resources', 'rates'], observed: 'field-not-returned' },
  'retry-after-penalty': { suites: ['rate-limit'], observed: 'retry-after-beyond-window' },
  'retry-after-rounded-down': { suites: ['rate-limit'], observed: 'rate-limit-recovery-retried' },
  'read-only-keys': { suites: ['rate-limit'], observed: 'rate-limit-routes' },
  'load-shedding': { suites: ['rate-limit'] },
  'throttled-refusals': { suites: ['auth'], observed: 'refused-key-throttled' },
  'report-choices': { suites: ['reports'], observed: 'report-scope-kinds' },
  'json-media-types': { suites: ['contacts'], observed: 'json-content-type' },
};

/**
 * Variants run together in one conformance run: choices of different kinds a correct server may
 * make all at once (its lists, its input reading, its rules). One run for several keeps the
 * self-test's time in bounds, and proves the tolerances hold side by side. The limiter variants
 * of the rate-limit suite each run alone (a server has one limiter); a server has one
 * X-RateLimit-Reset form and one Retry-After form, so a reset form runs beside a Retry-After
 * variant: the pair of WHOLE_RUN_NOTATIONS, and two more reset forms beside the Retry-After
 * variants that change the wait itself (each variant's observation still asked for).
 */
const TOGETHER: ReadonlyArray<readonly VariantName[]> = [
  ['eventual-lists', 'brief-lists', 'string-paging'],
  // The lists' other legitimate choices, the ones test/leftovers.test.ts runs too.
  ['exclusive-date-bounds', 'newest-first'],
  ['lax-formats', 'batch-item-refusals', 'json-media-types'],
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
  ['webhook-choices', 'deliveries-per-delivery'],
  ['report-choices', 'throttled-refusals'],
  ['reset-iso8601', 'retry-after-http-date'],
  ['reset-http-date', 'retry-after-penalty'],
  ['reset-fractional-seconds', 'retry-after-rounded-down'],
];

interface VariantRun {
  readonly variants: readonly VariantName[];
  readonly suites: readonly Domain[];
  readonly observed: readonly string[];
}

/**
 * Runs that take longest start first, so the file ends on short runs: the groups (many suites)
 * and the smoothing limiter (its paced runs take a share of the window per request).
 */
const LONG_ALONE: readonly VariantName[] = ['limiter-smoothing'];

/** The notations judged in-process only (no whole run): those no group of TOGETHER takes. */
const IN_PROCESS_ONLY: readonly VariantName[] = NOTATION_VARIANTS.filter((v) => !TOGETHER.flat().includes(v));

/** Each group of TOGETHER as one run (the union of its suites), and every other variant alone but those judged in-process; the long runs first. */
function variantRuns(): VariantRun[] {
  const grouped = new Set([...TOGETHER.flat(), ...IN_PROCESS_ONLY]);
  const runOf = (variants: readonly VariantName[]): VariantRun => ({
    variants,
    suites: [...new Set(variants.flatMap((v) => EXERCISES[v].suites))],
    observed: variants.flatMap((v) => (EXERCISES[v].observed === undefined ? [] : [EXERCISES[v].observed!])),
  });
  const alone = VARIANT_NAMES.filter((v) => !grouped.has(v));
  return [...TOGETHER, ...LONG_ALONE, ...alone.filter((v) => !LONG_ALONE.includes(v))].map((run) => runOf(typeof run === 'string' ? [run] : run));
}

describe('variants', () => {
  it('maps every reference-server variant to the suites that exercise it, and runs each once (a notation in-process only, or also in a run)', () => {
    expect(Object.keys(EXERCISES).sort()).toEqual([...VARIANT_NAMES].sort());
    expect([...variantRuns().flatMap((r) => r.variants), ...IN_PROCESS_ONLY].sort()).toEqual([...VARIANT_NAMES].sort());
    // One whole run through the pipeline per header kind.
    const run = variantRuns().map((r) => r.variants);
    for (const notation of WHOLE_RUN_NOTATIONS) expect(run.flat()).toContain(notation);
    expect(WHOLE_RUN_NOTATIONS.some((v) => v.startsWith('reset-'))).toBe(true);
    expect(WHOLE_RUN_NOTATIONS.some((v) => v.startsWith('retry-after-'))).toBe(true);
  });

  const drivers = new DriverPool(2);
  afterAll(() => drivers.close());

  describe.concurrent('a correct server making another choice passes every MUST check', () => {
    for (const { variants, suites, observed } of variantRuns()) {
      it(`${variants.join(' + ')} (${suites.join(', ')})`, { timeout: 240_000 }, async () => {
        const env = {
          CONFORMANCE_REFERENCE_VARIANTS: variants.join(','),
          CONFORMANCE_SUITES: suites.join(','),
          ...(suites.includes('webhooks') ? { CONFORMANCE_WEBHOOK_WAIT_S: '20' } : {}),
          // Recovery waits for the window to pass: an 8 s window instead of the spec's minute.
          ...(suites.includes('rate-limit') ? { CONFORMANCE_REFERENCE_RATE_WINDOW_S: '8' } : {}),
          CONFORMANCE_NUM_RUNS: '10',
          CONFORMANCE_SEED: '20261123',
        };
        let result = await drivers.run(env);
        expect(result.code, result.stdout.slice(-2000)).not.toBeNull();
        let report = await readLatestReport(result.reportDir);
        // A run whose timing did not take the variant's path (retry-after-rounded-down: a retry that a
        // busy machine sent late enough to be admitted, so no early refusal was waited out) says
        // nothing of its tolerance: such runs go again, a bounded number of times, as the refill
        // tolerance's do (testing/refill-tolerance.ts). A run that takes the path costs nothing more.
        const untaken = (r: typeof report): boolean => observed.some((topic) => !r.observations.some((o) => o.topic === topic));
        for (let runs = 1; runs < MAX_UNDECIDED_RUNS && untaken(report); runs++) {
          result = await drivers.run(env);
          expect(result.code, result.stdout.slice(-2000)).not.toBeNull();
          report = await readLatestReport(result.reportDir);
        }
        expect(report.target.variants).toEqual([...variants]);
        const broken = report.checks.filter((c) => c.level === 'MUST' && (c.status === 'fail' || c.status === 'error'));
        expect(broken.map((c) => `${c.requirementId} ${c.title}: ${c.message}`)).toEqual([]);
        expect(report.checks.filter((c) => c.status === 'error').map((c) => `${c.requirementId}: ${c.message}`)).toEqual([]);
        // Another limiter design is measured, never taken for a fault: the run exits 0.
        if (variants.some((v) => v.startsWith('limiter-'))) expect(result.code, result.stdout.slice(-2000)).toBe(0);
        for (const topic of observed) expect(report.observations.map((o) => o.topic)).toContain(topic);
      });
    }
  });
});
