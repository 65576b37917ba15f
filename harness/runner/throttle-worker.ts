import { inject } from 'vitest';
import { targetHealth } from '../check/run-context.js';
import { ThrottleGovernor, ThrottleLedger, type ThrottlePolicy } from './throttle.js';

/** What the runner hands every suite worker about rate limits (vitest `provide`). */
export interface ThrottleHandoff {
  readonly policy: ThrottlePolicy;
  /** The run's ThrottleLedger state (thread pools only: a process cannot share memory). */
  readonly buffer?: SharedArrayBuffer | undefined;
  /** Added to every check's timeout: the pacing and 429 waits the run accepts (throttle-preflight.ts). */
  readonly checkSlackMs: number;
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformanceThrottle?: ThrottleHandoff;
  }
}

const LOCAL_LEDGER = Symbol.for('conformance.throttleLedger');

/** How much longer than its own timeout a check may take in this run (0 outside a conformance run). */
export function checkTimeoutSlackMs(): number {
  return inject('conformanceThrottle')?.checkSlackMs ?? 0;
}

/**
 * The run's governor as this worker sees it (worker side only: it reads vitest's `inject`).
 * Over the buffer the runner shared, every worker and the main process see one ledger; without
 * one, a ledger kept on the global object (it outlives the per-file module graphs), so each
 * worker then spends the throttling budget on its own. Undefined outside a conformance run.
 */
export function runGovernor(): ThrottleGovernor | undefined {
  const handoff = inject('conformanceThrottle');
  if (handoff === undefined) return undefined;
  return new ThrottleGovernor(ledgerOf(handoff), targetHealth(), handoff.policy);
}

function ledgerOf(handoff: ThrottleHandoff): ThrottleLedger {
  const global = globalThis as { [LOCAL_LEDGER]?: ThrottleLedger };
  return handoff.buffer !== undefined
    ? new ThrottleLedger(handoff.buffer)
    : (global[LOCAL_LEDGER] ??= new ThrottleLedger(new ArrayBuffer(ThrottleLedger.BYTES)));
}

/** Tells the workers waiting for a head start that the rate-limit suite's file is loaded (nothing outside a conformance run). */
export function noteRateLimitLoaded(): void {
  const handoff = inject('conformanceThrottle');
  if (handoff !== undefined) ledgerOf(handoff).markRateLimitLoaded();
}

/** Resolves once the rate-limit suite's file is loaded, or after `timeoutMs` (at once outside a conformance run). */
export async function rateLimitLoaded(timeoutMs: number): Promise<void> {
  const handoff = inject('conformanceThrottle');
  if (handoff !== undefined) await ledgerOf(handoff).rateLimitLoaded(timeoutMs);
}

/** Tells the runner's progress line that this worker starts a wait of `ms` (nothing outside a conformance run). */
export function noteKnownWait(ms: number): void {
  const handoff = inject('conformanceThrottle');
  if (handoff !== undefined) ledgerOf(handoff).noteKnownWait(ms);
}

/** Tells the runner's progress line how far the exploration is: `done` of at most `planned` sequences (nothing outside a conformance run). */
export function noteSequences(done: number, planned: number): void {
  const handoff = inject('conformanceThrottle');
  if (handoff !== undefined) ledgerOf(handoff).noteSequences(done, planned);
}
