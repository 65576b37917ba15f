import { DIRECT, targetDispatcher, type TargetNetwork } from '../http/network.js';
import { request } from '../http/undici.js';
import type { TargetHealth } from '../http/health.js';

/*
 * A bad minute is not a bad run. When the breaker sees the target stop answering (a deploy, a
 * restart), the run pauses instead of stopping: every request waits (TargetHealth.ready), and
 * this watch, in the main process, probes the target with backoff until it answers again, then
 * resumes the run; the checks the outage interrupted run again from the start (harness/check).
 * A target away for longer than the bound (CONFORMANCE_OUTAGE_WAIT_S) stops the run as before.
 */

/** One time the target was away, as the report shows it. */
export interface OutageWindow {
  /** ISO instants. */
  readonly startedAt: string;
  readonly endedAt: string;
  readonly durationMs: number;
  /** Probes sent until it answered (or until the bound). */
  readonly probes: number;
  /** It came back (false: the run stopped at the bound). */
  readonly recovered: boolean;
}

export interface OutageWatchOptions {
  /** The bound: longer away and the run stops. */
  readonly waitMs: number;
  /** One probe: true when the target answered anything at all. */
  readonly probe: () => Promise<boolean>;
  /** Told when an outage begins and ends. */
  readonly say?: (line: string) => void;
  readonly now?: () => number;
  readonly sleep?: (ms: number) => Promise<void>;
  /** How often the watch looks at the shared state. */
  readonly pollMs?: number;
}

/** Backoff between probes: quick at first (a restart often takes a second), at most 2 s apart. */
export const PROBE_BACKOFF_MS = [250, 500, 1000, 2000] as const;

const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;

export class OutageWatch {
  readonly windows: OutageWindow[] = [];
  readonly #health: TargetHealth;
  readonly #options: OutageWatchOptions;
  #timer: NodeJS.Timeout | undefined;
  #probing = false;

  constructor(health: TargetHealth, options: OutageWatchOptions) {
    this.#health = health;
    this.#options = options;
    health.outageWaitMs = options.waitMs;
  }

  start(): void {
    if (this.#options.waitMs <= 0 || this.#timer !== undefined) return;
    this.#timer = setInterval(() => void this.check(), this.#options.pollMs ?? 100);
    this.#timer.unref();
  }

  stop(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
  }

  /**
   * A request went unanswered and nothing sent since was answered: one probe decides a little
   * more (an answer clears it; no answer counts toward the breaker), so checks that wait to know
   * whether an outage interrupted them never wait on traffic nobody sends. Once the run is
   * paused: probe until the target answers (resume) or the bound passes (stop).
   */
  async check(): Promise<void> {
    if (this.#probing || this.#health.stopped !== null) return;
    const since = this.#health.pausedSince;
    if (since === null) {
      if (this.#health.lastFailureAt <= this.#health.answeredSentAt) return;
      this.#probing = true;
      try {
        const sentAt = Date.now();
        const answered = await this.#options.probe().catch(() => false);
        if (answered) this.#health.recordAnswer(Date.now(), sentAt);
        else this.#health.recordFailure('a probe of the target got no answer', sentAt);
      } finally {
        this.#probing = false;
      }
      return;
    }
    this.#probing = true;
    const now = this.#options.now ?? Date.now;
    const sleep = this.#options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
    const say = this.#options.say ?? (() => {});
    say(
      `the target stopped answering at ${new Date(since).toISOString()}: the run is paused, probing it for up to ${seconds(this.#options.waitMs)} (CONFORMANCE_OUTAGE_WAIT_S)`,
    );
    let probes = 0;
    try {
      for (;;) {
        probes += 1;
        const answered = await this.#options.probe().catch(() => false);
        const at = now();
        if (answered) {
          this.windows.push({ startedAt: new Date(since).toISOString(), endedAt: new Date(at).toISOString(), durationMs: at - since, probes, recovered: true });
          this.#health.resume(at);
          say(`the target answers again after ${seconds(at - since)}: the run goes on, and the checks the outage interrupted run again from the start`);
          return;
        }
        if (at - since >= this.#options.waitMs) {
          this.windows.push({
            startedAt: new Date(since).toISOString(),
            endedAt: new Date(at).toISOString(),
            durationMs: at - since,
            probes,
            recovered: false,
          });
          this.#health.stop(
            'breaker',
            `the target stopped answering at ${new Date(since).toISOString()} and did not answer again within ${seconds(this.#options.waitMs)} (CONFORMANCE_OUTAGE_WAIT_S; ${probes} probes); no further requests were sent`,
          );
          return;
        }
        const backoff = PROBE_BACKOFF_MS[Math.min(probes - 1, PROBE_BACKOFF_MS.length - 1)]!;
        await sleep(Math.min(backoff, Math.max(0, since + this.#options.waitMs - at)));
      }
    } finally {
      this.#probing = false;
    }
  }
}

/** A probe of the target: GET {base}/contacts with the admin key; any HTTP answer means it is back. */
export function httpProbe(
  baseUrl: string,
  key: string | undefined,
  authStyle: 'x-api-key' | 'bearer',
  timeoutMs: number,
  network?: TargetNetwork,
): () => Promise<boolean> {
  return async () => {
    const timeout = AbortSignal.timeout(Math.min(timeoutMs, 2000));
    try {
      const headers: Record<string, string> = { accept: 'application/json' };
      if (key !== undefined) headers[authStyle === 'bearer' ? 'authorization' : 'x-api-key'] = authStyle === 'bearer' ? `Bearer ${key}` : key;
      const res = await request(targetDispatcher(network ?? DIRECT), `${baseUrl.replace(/\/+$/, '')}/contacts?limit=1`, {
        method: 'GET',
        headers,
        signal: timeout,
      });
      await res.body.dump();
      return true;
    } catch {
      return false;
    } finally {
      void timeout.aborted;
    }
  };
}
