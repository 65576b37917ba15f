import { SPEC_DEFAULT_LIMIT, SPEC_WINDOW_MS } from '../spec/rate-limit.js';
import type { AdmissionVerdict } from './tolerance.js';

/*
 * A smoothing limiter (nginx limit_req without a burst) lets a key send one request every
 * window / limit and refuses a fast burst from its second request on, asking for a wait of about
 * that share of the window (1 s at 60 a minute); yet it never refuses a key that keeps to its
 * rate. Spec 8 says "60 requests per minute per key", not how fast they may come, so such a
 * limiter is correct. A burst that admitted fewer than its budget is judged here the same way by
 * the rate-limit suite (harness/steps/rate-limit.ts pacedRun) and the load harness
 * (harness/load/smoothing.ts): a short refusal, then a paced run that must all be admitted.
 */

/** Requests a paced run sends: enough to show the key keeps its rate, few enough to last seconds. */
export const PACED_REQUESTS = 10;
/** A paced run goes this much slower than the limit's rate. */
export const PACE_SLACK = 1.25;

/** The paced run's interval: one request's share of the window, a little slower (PACE_SLACK). */
export function pacedIntervalMs(limit: number, windowMs: number): number {
  return (windowMs / limit) * PACE_SLACK;
}

/**
 * The longest wait a smoothing limiter's refusal asks for: two requests' shares of the window,
 * rounded up to whole seconds (Retry-After's unit), plus a second of precision.
 */
export function smoothingWaitMs(limit: number, windowMs: number): number {
  return Math.ceil((2 * windowMs) / limit / 1000) * 1000 + 1000;
}

/** The longest a paced run takes, its wait included (without its requests' answer times). */
export function pacedRunMs(limit: number, windowMs: number): number {
  return smoothingWaitMs(limit, windowMs) + 250 + PACED_REQUESTS * pacedIntervalMs(limit, windowMs);
}

/** A paced run at spec 8's default limit of 60 a minute: 3.25 s of wait and 12.5 s of requests. */
export const SPEC_PACED_RUN_MS = pacedRunMs(SPEC_DEFAULT_LIMIT, SPEC_WINDOW_MS);

/** Fewer admitted than the budget: a smoothing limiter, or an under-admission; only a paced run tells them apart. */
export function admittedTooFew(verdict: Pick<AdmissionVerdict, 'ok' | 'admitted' | 'expected'>): boolean {
  return !verdict.ok && verdict.admitted < verdict.expected;
}

export type SmoothingRefusal =
  | { readonly smoothing: true; readonly waitMs: number; readonly intervalMs: number; readonly requests: number }
  | { readonly smoothing: false; readonly intervalMs: number; readonly summary: string };

/**
 * Whether refusals that asked for at most `waitMs` (undefined: no readable wait) are a smoothing
 * limiter's; if so, the paced run to send: after the wait, `requests` requests `intervalMs` apart.
 */
export function smoothingRefusal(waitMs: number | undefined, limit: number, windowMs: number): SmoothingRefusal {
  const intervalMs = pacedIntervalMs(limit, windowMs);
  const shortMs = smoothingWaitMs(limit, windowMs);
  if (waitMs === undefined || waitMs > shortMs) {
    return {
      smoothing: false,
      intervalMs,
      summary: `the refusal asked for ${waitMs === undefined ? 'no readable wait' : `${Math.round(waitMs)} ms`}, more than a smoothing limiter's ${shortMs} ms`,
    };
  }
  return { smoothing: true, waitMs, intervalMs, requests: PACED_REQUESTS };
}

/** A paced run in words: all admitted, or which request was refused (`refused`: "request 3 was refused (429)"). */
export function pacedSummary(intervalMs: number, admitted: number, refused?: string): string {
  const pace = `paced at one request every ${Math.round(intervalMs)} ms`;
  return refused === undefined ? `${pace}, all ${admitted} were admitted` : `${pace}, ${refused}`;
}
