import { UsageError } from '../errors.js';
import { inject } from 'vitest';
import type { Keys } from '../config/schema.js';
import { TargetHealth } from '../http/health.js';
import type { TargetNetwork } from '../http/network.js';

/** What a run hands to every suite worker (through vitest's provide/inject). */
export interface RunContext {
  readonly runId: string;
  /** Base URL ending in /api/v1. */
  readonly baseUrl: string;
  readonly keys: Partial<Keys>;
  /** Keys with the default limit (CONFORMANCE_LIMITED_KEYS, else the limited key alone); the first is usually keys.limited. */
  readonly limitedKeys: readonly string[];
  /** How the checks send keys unless they choose (spec 5.1): X-API-Key, or Bearer for a target that refuses it. */
  readonly authStyle: 'x-api-key' | 'bearer';
  readonly customLimit?: number | undefined;
  readonly projectId?: string | undefined;
  readonly versionId?: string | undefined;
  readonly otherProjectId?: string | undefined;
  readonly seed: number;
  readonly numRuns: number;
  /** CONFORMANCE_SEQUENCES, CONFORMANCE_SEQUENCES_S, CONFORMANCE_SEQUENCES_SHRINK_S (suites/sequences.test.ts); absent: the defaults. */
  readonly sequences?: { readonly count: number; readonly seconds: number; readonly shrinkSeconds?: number | undefined } | undefined;
  readonly requestTimeoutMs: number;
  /** CONFORMANCE_MAX_RESPONSE_BYTES: no response body or webhook delivery is read past it. */
  readonly maxResponseBytes: number;
  /** CONFORMANCE_BREAKER_FAILURES: requests in a row without an answer that stop the run sending. */
  readonly breakerFailures: number;
  /** CONFORMANCE_OUTAGE_WAIT_S: a check may wait this long for the target to come back, then run again. */
  readonly outageWaitS?: number | undefined;
  /** CONFORMANCE_CONCURRENCY: independent requests one check sends at once (harness/check/concurrency.ts mapLimit). */
  readonly concurrency: number;
  readonly webhookWaitS: number;
  /** CONFORMANCE_LIST_SETTLE_S (harness/steps/settle.ts); absent: the default. */
  readonly listSettleS?: number | undefined;
  /**
   * Self-test only (CONFORMANCE_REFERENCE_RATE_WINDOW_S): the embedded reference server's rate
   * window when it is shortened. A refilling limiter then earns requests back faster than spec 8
   * allows, and the rate-limit checks' tolerance for it follows.
   */
  readonly rateWindowMs?: number | undefined;
  /** CONFORMANCE_HAR: where the workers append the run's exchanges (harness/har/recorder.ts); unset: none recorded. */
  readonly harDir?: string | undefined;
  /** The run's log of created records (harness/check/created-log.ts); unset: none kept. */
  readonly createdLog?: string | undefined;
  /** CONFORMANCE_CA_FILE and whether HTTP(S)_PROXY / NO_PROXY apply (harness/http/network.ts); unset: undici's defaults. */
  readonly network?: TargetNetwork | undefined;
  /**
   * The admin key's webhook writes (spec 5.5), as the preflight found them before the checks:
   * `refused` with the one-line reason when the key was refused them for its rights and nothing
   * shows which party is wrong (every check that needs such a write then ends skipped with it);
   * `proven` when the key wrote a subscription or the target is the embedded reference (a refusal
   * is then the target's failure); absent when nothing was asked (--skip-doctor): a 401 or 403 on
   * such a write ends that check skipped with the same kind of reason.
   */
  readonly adminWebhookWrites?: { readonly refused: string } | 'proven' | undefined;
  /**
   * The rate-limit suite runs with others: every other file waits up to this long, before it loads,
   * for the rate-limit file to be loaded (harness/check/head-start.ts); unset: none waits.
   */
  readonly headStartMs?: number | undefined;
  /** Where the webhook sink listens, and the base URL the target must call (spec 6). */
  readonly sink: { readonly host: string; readonly port: number; readonly publicUrl?: string | undefined };
}

declare module 'vitest' {
  export interface ProvidedContext {
    conformance: RunContext;
    /** The run's TargetHealth state, shared with the main process (thread pools only: a process cannot share memory). */
    conformanceHealth?: SharedArrayBuffer;
  }
}

const LOCAL_HEALTH = Symbol.for('conformance.targetHealth');

export function runContext(): RunContext {
  const context = inject('conformance');
  if (context === undefined) {
    throw new UsageError('suites/ run only through the conformance runner (npm run conformance)');
  }
  return context;
}

/**
 * The run's breaker as this worker sees it: over the buffer the runner shared, so every worker
 * and the main process see one state; without one, a breaker kept on the global object, which
 * outlives the per-file module graphs of this worker.
 */
export function targetHealth(): TargetHealth {
  const shared = inject('conformanceHealth');
  const run = runContext();
  if (shared !== undefined) return new TargetHealth(run.breakerFailures, shared);
  const global = globalThis as { [LOCAL_HEALTH]?: TargetHealth };
  return (global[LOCAL_HEALTH] ??= new TargetHealth(run.breakerFailures));
}

/** The tag every record the run creates carries, so an operator can find and remove leftovers. */
export function runTag(run: Pick<RunContext, 'runId'>): string {
  // Lower-case letters, digits and hyphens only: a server may normalise tags (case, punctuation;
  // the spec does not say), and this one the run must find again.
  return `conformance-run-${run.runId.toLowerCase()}`;
}
