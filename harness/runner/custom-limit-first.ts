import type { Config } from '../config/schema.js';
import type { Report } from '../report/model.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import { SPEC_DEFAULT_LIMIT } from '../spec/rate-limit.js';
import { MAX_PACED_MS, roughCount, type KeyPlan, type ThrottlePlan } from './throttle-preflight.js';
import { formatWait } from './throttle.js';
import { unverifiedMust } from './verdict.js';

/*
 * A key at the spec's default 60 a minute (spec 8) that would hold the run for hours has two
 * explanations: the key carries no custom limit on the target (a configuration matter), or the
 * target ignores custom limits (a failure of spec 5.6). RL-LIMIT-CUSTOM tells them apart with the
 * custom-limit key in about a minute, so the run asks it first instead of stopping on a guess:
 * failed, the target is at fault and the run is non-conformant; passed, the target honours custom
 * limits and the key simply has none, which is the configuration problem the stop names.
 */

/** The requirement that decides it (spec 5.6: a key's custom limit applies). */
export const DECIDING_REQUIREMENT = 'RL-LIMIT-CUSTOM';

export interface CustomLimitQuestion {
  /** The key whose default limit would hold the run. */
  readonly key: KeyPlan;
}

/**
 * The question to ask first, when the only thing that would stop this run is a key at the spec's
 * default limit and the custom-limit key is there to ask with; undefined otherwise (the run goes
 * on, or stops as refuseSlowRun decides).
 */
export function customLimitQuestion(plan: ThrottlePlan, config: Pick<Config, 'paced' | 'keys' | 'customLimit'>): CustomLimitQuestion | undefined {
  const slowest = plan.keys[0];
  if (slowest === undefined || slowest.requests === null || config.paced) return undefined;
  if (slowest.limitPerMinute !== SPEC_DEFAULT_LIMIT || slowest.pacedMs <= MAX_PACED_MS) return undefined;
  if (!canDecide(config)) return undefined;
  return { key: slowest };
}

/** RL-LIMIT-CUSTOM can tell a key without a custom limit from a target that ignores them. */
export function canDecide(config: Pick<Config, 'keys' | 'customLimit'>): boolean {
  // A custom limit equal to the default would look the same either way.
  return config.keys.customLimit !== undefined && config.customLimit !== undefined && config.customLimit !== SPEC_DEFAULT_LIMIT;
}

/** The run that asks: the rate-limit suite narrowed to RL-LIMIT-CUSTOM. */
export function decidingConfig(config: Config): Config {
  return { ...config, suites: ['rate-limit'], allSuites: false, requirements: [DECIDING_REQUIREMENT] };
}

function holds(q: CustomLimitQuestion): string {
  return (
    `${q.key.variable}: the target limits this key to ${SPEC_DEFAULT_LIMIT} requests per minute (X-RateLimit-Limit, the spec's default); ` +
    `this run sends about ${roughCount(q.key.requests ?? 0)} requests with it, which takes about ${formatWait(q.key.pacedMs)} paced under that limit`
  );
}

/** The progress line before the deciding check. */
export function askingLine(q: CustomLimitQuestion): string {
  return `${holds(q)}: either the key carries no custom limit, or the target ignores custom limits (spec 5.6, 8); ${DECIDING_REQUIREMENT} runs first with CONFORMANCE_CUSTOM_LIMIT_KEY (about a minute) to tell which`;
}

/** What the deciding check found. */
export type Decision = 'target-ignores' | 'key-has-none' | 'undecided';

export function decisionOf(report: Report): { decision: Decision; detail: string } {
  const checks = report.checks.filter((c) => c.requirementId === DECIDING_REQUIREMENT);
  if (checks.some((c) => c.status === 'fail')) return { decision: 'target-ignores', detail: checks.find((c) => c.status === 'fail')?.message ?? 'failed' };
  if (checks.length > 0 && checks.every((c) => c.status === 'pass')) return { decision: 'key-has-none', detail: 'passed' };
  const other = checks.find((c) => c.status !== 'pass');
  // The stop is one line: the first line of the check's message, cut short.
  const said = (other?.message ?? '').split('\n')[0]!.slice(0, 200);
  return { decision: 'undecided', detail: other === undefined ? 'did not run' : `${other.status}${said === '' ? '' : `: ${said}`}` };
}

/**
 * The one-line stop (exit 2) once RL-LIMIT-CUSTOM passed: the target honours custom limits, so
 * the key has none. Or, when the check could not decide, both possibilities as before.
 */
export function stopLine(q: CustomLimitQuestion, decision: Exclude<Decision, 'target-ignores'>, detail: string): string {
  const found =
    decision === 'key-has-none'
      ? `${DECIDING_REQUIREMENT} passed (the target honours CONFORMANCE_CUSTOM_LIMIT_KEY's custom limit), so the key carries no custom limit on the target`
      : `either the key carries no custom limit, or the target ignores custom limits: ${DECIDING_REQUIREMENT}, run to tell which, could not decide (${detail})`;
  return (
    `${holds(q)}, longer than the ${formatWait(MAX_PACED_MS)} a run may be held back by rate limits; ${found}. ` +
    'Give the key a higher per-minute limit (spec 5.6), narrow the run (CONFORMANCE_SUITES, CONFORMANCE_NUM_RUNS), or set CONFORMANCE_PACED=true to accept a paced run.'
  );
}

/**
 * The report of a run that stopped after RL-LIMIT-CUSTOM failed: the run's own selection, and
 * every MUST requirement of it that did not run says why (the key's limit, which the target
 * would not raise, would have held it for hours).
 */
export function targetIgnoresReport(report: Report, config: Pick<Config, 'suites' | 'allSuites' | 'requirements'>, q: CustomLimitQuestion): Report {
  const reason =
    `${q.key.variable} is held to the spec's default ${SPEC_DEFAULT_LIMIT} a minute, which would stretch this run to about ${formatWait(q.key.pacedMs)}, ` +
    `and ${DECIDING_REQUIREMENT} failed: the target ignores custom limits (spec 5.6), so only that check ran`;
  const unverified = unverifiedMust(REQUIREMENTS, report.checks, { suites: config.suites, allSuites: config.allSuites, requirements: config.requirements }).map(
    (u) => (u.reason === 'not-run' ? { ...u, detail: reason } : u),
  );
  return { ...report, settings: { ...report.settings, suites: [...config.suites], requirements: [...config.requirements] }, unverified };
}
