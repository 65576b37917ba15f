import type { Config, Domain } from '../config/schema.js';
import { ConfigError } from '../errors.js';
import type { Redactor } from '../http/redact.js';
import { ESTIMATED_ROLES, ROLE_VARIABLE, estimateRequests, type EstimatedRole, type RequestEstimate } from './request-estimate.js';
import { probeKeyLimit } from './target.js';
import { BUDGETED_RETRIES, PACED_RETRIES, formatWait, pacedRate, type ThrottlePolicy } from './throttle.js';
import { SPEC_DEFAULT_LIMIT } from '../spec/rate-limit.js';

/*
 * Issue 12, "throttling is diagnosed, not endured": before the suites start, the keys' advertised
 * per-minute limits (X-RateLimit-Limit, spec 5.6 and 8) against the requests the run will send
 * with them (harness/runner/request-estimate.ts). A run the limits would stretch for hours is
 * refused in one line naming the cause and the fix, instead of waiting out one 429 after another.
 */

/**
 * The longest a run may be held to its keys' limits before it is refused. A full run at the
 * default 20 runs per property takes one to two minutes against a nearby server; ten minutes of
 * pacing is five times that, the most an unattended run (CI, a night job) should be stretched
 * without someone deciding so (CONFORMANCE_PACED=true). A full run needs about 15,800 admin-key
 * requests (the exploration's coverage phase some 3,300 of them): a custom limit of about 1,750 a
 * minute fits, the spec's default 60 (over four hours) does not.
 */
export const MAX_PACED_MS = 10 * 60_000;

export interface KeyPlan {
  readonly role: EstimatedRole;
  readonly variable: string;
  /** X-RateLimit-Limit before the run. */
  readonly limitPerMinute: number;
  /** Requests the run sends with this key; null when unknown (CONFORMANCE_REQUIREMENTS narrowed the run). */
  readonly requests: number | null;
  /** The least time those requests take paced under the limit (0 when unknown). */
  readonly pacedMs: number;
}

export interface ThrottlePlan {
  /** Requests per key; null when CONFORMANCE_REQUIREMENTS narrowed the run (no estimate per check). */
  readonly requests: RequestEstimate | null;
  /** Keys with an advertised limit, the one that holds the run longest first. */
  readonly keys: readonly KeyPlan[];
}

export interface PlanInput {
  readonly suites: readonly Domain[];
  readonly numRuns: number;
  /** CONFORMANCE_REQUIREMENTS is set: only some checks run, the estimate does not apply. */
  readonly filtered: boolean;
  readonly limits: Partial<Record<EstimatedRole, number | undefined>>;
}

/** Pure: what the limits mean for this run. */
export function planThrottling(input: PlanInput): ThrottlePlan {
  const requests = input.filtered ? null : estimateRequests(input.suites, input.numRuns);
  const keys: KeyPlan[] = [];
  for (const role of ESTIMATED_ROLES) {
    const limit = input.limits[role];
    if (limit === undefined) continue;
    const count = requests === null ? null : requests[role];
    keys.push({
      role,
      variable: ROLE_VARIABLE[role],
      limitPerMinute: limit,
      requests: count,
      pacedMs: count === null ? 0 : (count / pacedRate(limit)) * 60_000,
    });
  }
  return { requests, keys: keys.sort((a, b) => b.pacedMs - a.pacedMs) };
}

/** `7,600`: a count as an estimate reads, to two significant figures (never 0 for a positive count). */
export function roughCount(n: number): string {
  if (n < 100) return String(Math.round(n));
  const step = 10 ** (Math.floor(Math.log10(n)) - 1);
  return (Math.round(n / step) * step).toLocaleString('en-US');
}

/**
 * Throws the one-line ConfigError (exit 2) for a run its limits would hold longer than
 * MAX_PACED_MS (a paced run, CONFORMANCE_PACED=true, accepts that), or longer than the run
 * deadline (CONFORMANCE_RUN_DEADLINE_S), which would stop it part way whatever was accepted.
 */
/** Spec 8: the default request rate. */
const DEFAULT_PER_MINUTE = SPEC_DEFAULT_LIMIT;

export function refuseSlowRun(plan: ThrottlePlan, options: { readonly paced: boolean; readonly runDeadlineS: number }): void {
  const slowest = plan.keys[0];
  if (slowest === undefined || slowest.requests === null) return;
  const limits =
    `the target limits this key to ${slowest.limitPerMinute.toLocaleString('en-US')} requests per minute (X-RateLimit-Limit); ` +
    `this run sends about ${roughCount(slowest.requests)} requests with it, which takes about ${formatWait(slowest.pacedMs)} paced under that limit`;
  // At the spec's default the key may have no custom limit, or the target may ignore the one it
  // has (spec 5.6, 8): the length of the run is certain, whose fault it is is not. With the
  // custom-limit key configured the run asks RL-LIMIT-CUSTOM first (custom-limit-first.ts) and
  // does not come here; without it, both possibilities are said.
  const which =
    slowest.limitPerMinute === DEFAULT_PER_MINUTE
      ? ` That is the spec's default: either the key carries no custom limit on the target, or the target ignores custom limits (spec 5.6, 8; with CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT set, the run checks RL-LIMIT-CUSTOM first, which tells which).`
      : '';
  if (!options.paced && slowest.pacedMs > MAX_PACED_MS) {
    throw new ConfigError(
      `${slowest.variable}: ${limits}, longer than the ${formatWait(MAX_PACED_MS)} a run may be held back by rate limits.${which} ` +
        'Give the key a higher per-minute limit (spec 5.6), narrow the run (CONFORMANCE_SUITES, CONFORMANCE_NUM_RUNS), ' +
        'or set CONFORMANCE_PACED=true to accept a paced run.',
    );
  }
  const deadlineMs = options.runDeadlineS * 1000;
  if (slowest.pacedMs > deadlineMs) {
    // Room for what the run does besides sending (waits for webhooks, fresh rate windows).
    const needed = Math.ceil((slowest.pacedMs + MAX_PACED_MS) / 60_000) * 60;
    throw new ConfigError(
      `CONFORMANCE_RUN_DEADLINE_S: ${slowest.variable}: ${limits}, longer than the run deadline (${formatWait(deadlineMs)}), ` +
        `which would stop the run part way. Set CONFORMANCE_RUN_DEADLINE_S=${needed} or more, or give the key a higher per-minute limit (spec 5.6).`,
    );
  }
}

/** One line for the terminal when the limits will hold the run noticeably (a minute or more). */
export function planLine(plan: ThrottlePlan, paced: boolean): string | undefined {
  const slowest = plan.keys[0];
  if (slowest === undefined || slowest.requests === null || slowest.pacedMs < 60_000) return undefined;
  const what = paced ? 'paced run (CONFORMANCE_PACED=true)' : 'rate limits';
  return (
    `${what}: ${slowest.variable} may send ${slowest.limitPerMinute.toLocaleString('en-US')} requests per minute and this run sends about ` +
    `${roughCount(slowest.requests)} with it: it takes at least ${formatWait(slowest.pacedMs)}`
  );
}

/** The variable of every configured key, by key, so a message can name a key without showing it. */
export function keyVariables(keys: Config['keys']): Record<string, string> {
  const variables: Record<string, string> = {};
  const named: Array<[string | undefined, string]> = [
    [keys.admin, 'CONFORMANCE_ADMIN_KEY'],
    [keys.member, 'CONFORMANCE_MEMBER_KEY'],
    [keys.otherOrg, 'CONFORMANCE_OTHER_ORG_KEY'],
    [keys.limited, 'CONFORMANCE_LIMITED_KEY'],
    [keys.customLimit, 'CONFORMANCE_CUSTOM_LIMIT_KEY'],
  ];
  for (const [key, variable] of named) if (key !== undefined) variables[key] ??= variable;
  return variables;
}

/** The policy every worker applies (harness/runner/throttle.ts). */
export function throttlePolicy(config: Pick<Config, 'keys' | 'paced' | 'throttleBudgetS'>, plan: ThrottlePlan): ThrottlePolicy {
  return {
    budgetMs: config.paced ? null : config.throttleBudgetS * 1000,
    retries: config.paced ? PACED_RETRIES : BUDGETED_RETRIES,
    // Only keys the run would use past their limit: requests that fit in one minute's allowance
    // may go out at once (spacing them would slow a small run for nothing); an unknown count is paced.
    paced: plan.keys.flatMap((k) => {
      const key = config.keys[k.role];
      const binds = k.requests === null || k.pacedMs > 60_000;
      return key === undefined || !binds ? [] : [{ key, variable: k.variable, limitPerMinute: k.limitPerMinute }];
    }),
    countedKey: config.keys.admin,
    variables: keyVariables(config.keys),
  };
}

/**
 * How much longer than its own timeout each check may take in this run. A check waits its turn
 * behind every other check's requests on a paced key, and out the 429s the budget allows, so a
 * property check that takes seconds unpaced can take minutes: without the slack it would end in
 * a timeout error instead of finishing, or instead of the run saying why it stopped. A paced run
 * bounds its checks by the run deadline alone.
 */
export function checkTimeoutSlackMs(plan: ThrottlePlan, config: Pick<Config, 'paced' | 'throttleBudgetS' | 'runDeadlineS'>): number {
  if (config.paced) return config.runDeadlineS * 1000;
  const slowest = plan.keys[0];
  const pacing = slowest === undefined ? 0 : slowest.requests === null ? MAX_PACED_MS : slowest.pacedMs > 60_000 ? slowest.pacedMs : 0;
  return Math.ceil(pacing) + config.throttleBudgetS * 1000;
}

/**
 * The advertised limits of the run's keys: the admin key's from the probe, the member and org B
 * keys' from one request each, when they are configured and the run uses them.
 */
export async function probeLimits(
  baseUrl: string,
  config: Pick<Config, 'keys' | 'requestTimeoutMs' | 'suites' | 'numRuns' | 'requirements' | 'concurrency'>,
  redactor: Redactor,
  probed: { readonly authStyle: 'x-api-key' | 'bearer'; readonly adminLimit: number | undefined },
): Promise<Partial<Record<EstimatedRole, number | undefined>>> {
  const requests = estimateRequests(config.suites, config.numRuns);
  const limits: Partial<Record<EstimatedRole, number | undefined>> = { admin: probed.adminLimit };
  const probe = async (role: 'member' | 'otherOrg'): Promise<void> => {
    const key = config.keys[role];
    if (key !== undefined && (requests[role] > 0 || config.requirements.length > 0)) {
      limits[role] = await probeKeyLimit(baseUrl, key, probed.authStyle, config, redactor);
    }
  };
  // The two keys side by side (independent reads: one round trip far from the target), unless
  // the target takes one request at a time (CONFORMANCE_CONCURRENCY=1).
  if (config.concurrency === 1) {
    await probe('member');
    await probe('otherOrg');
  } else await Promise.all([probe('member'), probe('otherOrg')]);
  return limits;
}
