import type { CheckContext } from '../check/check.js';
import { CheckFailure } from '../check/outcomes.js';
import { runContext } from '../check/run-context.js';

/**
 * How long a list may take to show a write before a check says it does not
 * (CONFORMANCE_LIST_SETTLE_S, 6 s by default). Spec 4 says nothing about when a create, change
 * or delete shows in lists: a server whose lists are served by a search index or a read replica
 * shows it a moment later (Elasticsearch refreshes every second).
 */
export function listSettleMs(): number {
  try {
    return (runContext().listSettleS ?? 6) * 1000;
  } catch {
    return 6000;
  }
}

/** Pauses between attempts; the last repeats until the bound. */
const PAUSES_MS = [250, 500, 1000, 2000];

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` (read-only: it lists and judges) until it passes or the settle bound has passed
 * since the first try; then its last failure stands. Only a CheckFailure is tried again: a refused
 * request or a broken harness ends at once. When it passed only after a wait, the wait is
 * recorded (observation `list-consistency`), so a report shows that the target's lists lag.
 */
export async function settled<T>(
  attempt: () => Promise<T>,
  observe?: { t: Pick<CheckContext, 'observe'>; subject: string },
  boundMs = listSettleMs(),
): Promise<T> {
  const started = performance.now();
  for (let tries = 0; ; tries++) {
    try {
      const value = await attempt();
      if (tries > 0)
        observe?.t.observe('list-consistency', observe.subject, `showed the write after about ${Math.round((performance.now() - started) / 250) * 250} ms`);
      return value;
    } catch (error) {
      const elapsed = performance.now() - started;
      if (!(error instanceof CheckFailure) || elapsed >= boundMs) throw error;
      await sleep(Math.min(PAUSES_MS[Math.min(tries, PAUSES_MS.length - 1)]!, boundMs - elapsed));
    }
  }
}
