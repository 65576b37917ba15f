import { DOMAINS, type Config } from '../config/schema.js';
import { ESTIMATED_ROLES, ROLE_VARIABLE, type EstimatedRole } from '../runner/request-estimate.js';
import { MAX_PACED_MS, planThrottling, roughCount } from '../runner/throttle-preflight.js';
import { PACING_SHARE, formatWait } from '../runner/throttle.js';
import { advertisedLimit } from '../runner/target.js';
import type { KeyAnswer } from './context.js';
import { item, type DoctorItem } from './model.js';
import { SPEC_DEFAULT_LIMIT as DEFAULT_LIMIT } from '../spec/rate-limit.js';

/** X-RateLimit-Remaining as a whole number, when usable. */
export function remainingOf(headers: Readonly<Record<string, string>>): number | undefined {
  const match = /^\s*(\d+)/.exec(headers['x-ratelimit-remaining'] ?? '');
  return match ? Number(match[1]) : undefined;
}

const fmt = (n: number): string => n.toLocaleString('en-US');

/**
 * The keys whose limits decide how long a full run takes (admin, member, org B): the requests a
 * full run sends with each (harness/runner/request-estimate.ts), paced under its limit.
 * A run they would hold longer than MAX_PACED_MS is refused by `conformance run` (unless paced)
 * from the plan of the run itself, which may be narrowed: these items never stop a run.
 */
export function runLimitItems(
  config: Pick<Config, 'keys' | 'numRuns' | 'paced' | 'runDeadlineS'>,
  answers: Partial<Record<EstimatedRole, KeyAnswer | undefined>>,
): DoctorItem[] {
  const limits: Partial<Record<EstimatedRole, number | undefined>> = {};
  for (const role of ESTIMATED_ROLES) {
    const answer = answers[role];
    if (answer !== undefined) limits[role] = advertisedLimit(answer.headers);
  }
  const plan = planThrottling({ suites: DOMAINS, numRuns: config.numRuns, filtered: false, limits });
  const items: DoctorItem[] = [];
  for (const role of ESTIMATED_ROLES) {
    if (config.keys[role] === undefined || answers[role] === undefined) continue;
    const variable = ROLE_VARIABLE[role];
    const id = `limit:${variable}`;
    const title = `${variable}'s limit fits a full run`;
    const keyPlan = plan.keys.find((k) => k.role === role);
    const requests = plan.requests?.[role] ?? 0;
    if (keyPlan === undefined) {
      items.push(
        item(
          id,
          title,
          role === 'admin' ? 'warning' : 'ok',
          `no usable X-RateLimit-Limit: a full run sends about ${roughCount(requests)} requests with this key, and cannot pace them`,
          {
            variables: [variable],
          },
        ),
      );
      continue;
    }
    // At the spec's default the key may carry no custom limit, or the target may ignore it (spec 8).
    const perMinute = `${fmt(keyPlan.limitPerMinute)} a minute${keyPlan.limitPerMinute === DEFAULT_LIMIT ? " (the spec's default: either the key has no custom limit on the target, or the target ignores custom limits)" : ''}`;
    const sends = `a full run sends about ${roughCount(requests)} requests with it`;
    const needed = Math.ceil(requests / (MAX_PACED_MS / 60_000) / PACING_SHARE);
    if (keyPlan.pacedMs > config.runDeadlineS * 1000 && (config.paced || keyPlan.pacedMs <= MAX_PACED_MS)) {
      items.push(
        item(
          id,
          title,
          'problem',
          `${perMinute}; ${sends}, about ${formatWait(keyPlan.pacedMs)} paced under that limit: longer than the run deadline (CONFORMANCE_RUN_DEADLINE_S=${config.runDeadlineS})`,
          {
            fix: `give the key a per-minute limit of at least ${fmt(needed)} (spec 5.6), or raise CONFORMANCE_RUN_DEADLINE_S`,
            variables: [variable, 'CONFORMANCE_RUN_DEADLINE_S'],
          },
        ),
      );
    } else if (keyPlan.pacedMs > MAX_PACED_MS && !config.paced) {
      items.push(
        item(
          id,
          title,
          'problem',
          `${perMinute}; ${sends}: about ${formatWait(keyPlan.pacedMs)} paced under that limit, longer than the ${formatWait(MAX_PACED_MS)} a run may be held back`,
          {
            fix: `give the key a per-minute limit of at least ${fmt(needed)} (spec 5.6: a key may carry a custom limit), or set CONFORMANCE_PACED=true to accept a run of ${formatWait(keyPlan.pacedMs)}`,
            variables: [variable],
          },
        ),
      );
    } else if (keyPlan.pacedMs > 60_000) {
      items.push(item(id, title, 'warning', `${perMinute}; ${sends}: the limit holds the run about ${formatWait(keyPlan.pacedMs)}`, { variables: [variable] }));
    } else {
      items.push(item(id, title, 'ok', `${perMinute}; ${sends}: the limit does not hold the run back`, { variables: [variable] }));
    }
  }
  return items;
}

/** A key the rate-limit checks burst: the default 60 a minute (spec 8), with budget left now. */
export function defaultLimitItem(variable: string, answer: KeyAnswer | undefined): DoctorItem {
  const id = `limit:${variable}`;
  const title = `${variable} has the default 60/min limit`;
  const variables = [variable.replace(/\[\d+\]$/, '')];
  if (answer === undefined) return item(id, title, 'not-checked', 'the key was not accepted (see its item)', { variables });
  const limit = advertisedLimit(answer.headers);
  if (limit === undefined) {
    return item(id, title, 'warning', 'no usable X-RateLimit-Limit header: the rate-limit checks will report it (spec 8)', { variables });
  }
  if (limit !== DEFAULT_LIMIT) {
    return item(
      id,
      title,
      'problem',
      `X-RateLimit-Limit: ${limit}; the rate-limit checks burst this key and need the default ${DEFAULT_LIMIT} a minute (spec 8)`,
      {
        fix: `remove the key's custom limit on the target, or set ${variables[0]} to another key with the default limit${limit > DEFAULT_LIMIT ? ' (a key with its own limit belongs in CONFORMANCE_CUSTOM_LIMIT_KEY)' : ''}`,
        variables,
      },
    );
  }
  const remaining = remainingOf(answer.headers);
  if (answer.status === 429 || remaining === 0) {
    return item(
      id,
      title,
      'warning',
      `60 a minute, but its window is spent right now (${answer.status === 429 ? '429' : 'X-RateLimit-Remaining: 0'}): something else is using it`,
      {
        fix: 'nothing else may use this key during a run: the rate-limit checks wait for a fresh window, up to about two minutes',
        variables,
      },
    );
  }
  const left = remaining === undefined ? '' : `, ${remaining} left in the current window`;
  return item(id, title, 'ok', `X-RateLimit-Limit: 60${left}`, { variables });
}

/** The custom-limit key advertises CONFORMANCE_CUSTOM_LIMIT (spec 5.6, 8). */
export function customLimitItem(config: Pick<Config, 'customLimit' | 'keys'>, answer: KeyAnswer | undefined): DoctorItem {
  const id = 'limit:CONFORMANCE_CUSTOM_LIMIT_KEY';
  const title = 'CONFORMANCE_CUSTOM_LIMIT_KEY reports CONFORMANCE_CUSTOM_LIMIT';
  const variables = ['CONFORMANCE_CUSTOM_LIMIT_KEY', 'CONFORMANCE_CUSTOM_LIMIT'];
  if (config.keys.customLimit === undefined) {
    return item(id, title, 'not-configured', 'not set (optional): the custom-limit check is skipped', { variables });
  }
  if (answer === undefined) return item(id, title, 'not-checked', 'the key was not accepted (see its item)', { variables });
  const limit = advertisedLimit(answer.headers);
  if (limit === undefined)
    return item(id, title, 'warning', 'no usable X-RateLimit-Limit header: the rate-limit checks will report it (spec 8)', { variables });
  if (limit !== config.customLimit) {
    // The advertised limit is the behaviour under test (spec 5.6, 8: a key may carry its own
    // limit): a mismatch is a setting or a target that ignores custom limits, and nothing else
    // tells which. The run goes on; RL-LIMIT-CUSTOM sends the requests that decide it.
    const server =
      limit === DEFAULT_LIMIT
        ? "the target ignores the key's custom limit and applies the default 60 (spec 5.6, 8)"
        : `the target applies ${limit} rather than the key's custom limit (spec 5.6, 8)`;
    return item(
      id,
      title,
      'warning',
      `X-RateLimit-Limit: ${limit}, CONFORMANCE_CUSTOM_LIMIT says ${config.customLimit}: either the setting (or the key's limit on the target) is wrong, or ${server}; the run goes on and RL-LIMIT-CUSTOM decides`,
      {
        fix:
          limit === DEFAULT_LIMIT
            ? `if the key has no custom limit on the target, give it ${config.customLimit} there; set CONFORMANCE_CUSTOM_LIMIT=${limit} only if ${limit} is really its custom limit`
            : `if ${limit} is the key's custom limit, set CONFORMANCE_CUSTOM_LIMIT=${limit}; otherwise give the key a limit of ${config.customLimit} on the target`,
        variables,
      },
    );
  }
  return item(id, title, 'ok', `X-RateLimit-Limit: ${limit}, as configured`, { variables });
}
