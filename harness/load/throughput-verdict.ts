import type { ThroughputStepRecord } from './model.js';
import type { ThroughputStep } from './scenarios.js';

/*
 * Scenario 4 measures endpoints, and a key's rate limiter (spec 8) stands in front of them: a
 * step that runs past the key's budget gets 429s, which are answered fast and would be charted
 * as the endpoint's throughput. So each step is planned within what the key advertises it has
 * left (X-RateLimit-Remaining, read by a probe just before it), a step that still came back
 * mostly refused is marked as having measured the limiter, and the scenario counts only the steps
 * that measured the endpoint.
 */

/** The fewest requests that still say something of an endpoint, and at least a few per connection. */
export const MIN_STEP_REQUESTS = 20;

/** What a probe just before a step read of the key's budget. */
export interface KeyBudget {
  readonly limit: number;
  readonly remaining: number;
  /** Until the key's budget comes back, by X-RateLimit-Reset; undefined when unreadable. */
  readonly resetMs: number | undefined;
}

export type StepPlan =
  | { readonly kind: 'run'; readonly step: ThroughputStep }
  | { readonly kind: 'wait'; readonly ms: number }
  | { readonly kind: 'stop'; readonly reason: string };

export function minStepRequests(step: Pick<ThroughputStep, 'connections'>): number {
  return Math.max(MIN_STEP_REQUESTS, 2 * step.connections);
}

/**
 * How to run `step` within the key's budget: bounded to what the key has left; a wait for its
 * window to come back when too little is left and the wait fits `canWaitMs`; else stop with the
 * reason. No advertised budget: as configured (a mostly refused step is then caught afterwards).
 */
export function planStep(step: ThroughputStep, budget: KeyBudget | undefined, canWaitMs: number): StepPlan {
  if (budget === undefined) return { kind: 'run', step };
  const needed = minStepRequests(step);
  if (budget.remaining >= needed) {
    const maxRequests = Math.min(step.maxRequests, budget.remaining);
    return { kind: 'run', step: { ...step, maxRequests, connections: Math.min(step.connections, maxRequests) } };
  }
  if (budget.resetMs !== undefined && budget.resetMs <= canWaitMs) return { kind: 'wait', ms: budget.resetMs };
  return {
    kind: 'stop',
    reason: `${limitText(budget.limit)} left ${budget.remaining} requests, fewer than the ${needed} ${stepName(step)} needs, and its window did not come back in time`,
  };
}

function limitText(limit: number | undefined): string {
  return limit === undefined ? "the key's rate limiter (it advertises no limit)" : `the key's limit (${limit}/min)`;
}

function stepName(step: Pick<ThroughputStep, 'endpoint' | 'connections' | 'stages'>): string {
  return `${step.endpoint} × ${step.stages === undefined ? step.connections : 'ramp'}`;
}

/** One line for a step that measured the limiter: what it got and why its figures are left out. */
export function limiterNote(step: ThroughputStepRecord): string {
  return (
    `${step.label} ${step.stages === undefined ? `at ${step.connections} connections` : 'on its ramp'} measured the key's rate limiter, not the endpoint: ` +
    `${step.refused} of ${step.requests} answers were 429 (more than half), so its req/s and latencies are left out`
  );
}

/** The advice when the key's limit kept the steps from measuring anything. */
export function raiseLimitAdvice(limit: number | undefined): string {
  return `${limitText(limit)} refused most requests: give the admin key a higher custom limit`;
}

/**
 * The scenario's status and message from its steps: passed when at least one step measured an
 * endpoint, counting only those; skipped (the run is then incomplete, never passed) when none
 * did, with the reason. `stopped`: why the steps after the last record were not run.
 */
export function throughputVerdict(
  steps: readonly ThroughputStepRecord[],
  planned: number,
  stopped: string | undefined,
  limit: number | undefined,
): { status: 'passed' | 'skipped'; message: string } {
  const measured = steps.filter((s) => s.measured === 'endpoint').length;
  const limited = steps.filter((s) => s.measured === 'limiter');
  const parts: string[] = [];
  if (limited.length > 0) {
    parts.push(
      `${limited.length} measured the key's rate limiter, not the endpoint (${limited.map((s) => `${stepName(s)}: ${s.refused} of ${s.requests} answers 429`).join(', ')}), left out of the figures`,
    );
  }
  if (stopped !== undefined) parts.push(`stopped after ${steps.length} of ${planned} steps: ${stopped}`);
  const detail = parts.length > 0 ? `; ${parts.join('; ')}` : '';
  if (measured === 0) return { status: 'skipped', message: `no step measured an endpoint: ${raiseLimitAdvice(limit)}${detail}` };
  // Some measured: the advice still goes with the steps the limit cost.
  const advice = parts.length > 0 ? ` (${raiseLimitAdvice(limit)})` : '';
  return { status: 'passed', message: `${measured === planned ? `${measured} steps measured` : `${measured} of ${planned} steps measured`}${detail}${advice}` };
}
