import type { LoadScenarioId } from '../config/schema.js';
import { formatDuration, plural } from '../report/format.js';
import type { FreshWaitRecord } from './model.js';

/** The fresh-window waits of one scenario, added up (run.ts). */
export interface Waited {
  /** Key labels, never keys. */
  readonly keys: readonly string[];
  readonly waitedMs: number;
  readonly probes: number;
  /** Each wait and why, named by its key. */
  readonly steps: readonly string[];
  /** Some key's first probe found part of its budget spent: the waits were for earlier requests to leave. */
  readonly spent: boolean;
  /** Some key's X-RateLimit-Reset turned out to name the next refill (a bucket). */
  readonly refills: boolean;
  /** The wait before a repeated burst (for the scenario's own first burst to leave), when there was one. */
  readonly repeat?: Waited | undefined;
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]!}`;
}

/**
 * The report's record of a scenario's fresh-window waits. `sharedWith` names the earlier
 * scenarios of the run that used one of its keys: then the wait is what sharing the key cost,
 * and the summary says so; without them a wait means the key's window still counted requests
 * from before the run (another client, an earlier run).
 */
export function freshWaitRecord(waited: Waited, sharedWith: readonly LoadScenarioId[]): FreshWaitRecord {
  const { repeat } = waited;
  let summary = firstWaitSummary(waited, sharedWith);
  if (repeat !== undefined)
    summary += `; then ${formatDuration(repeat.waitedMs)} (${plural(repeat.probes, 'probe')}) before the repeated burst, for the first burst's own requests to leave`;
  return {
    sharedWith: [...sharedWith],
    keys: [...new Set([...waited.keys, ...(repeat?.keys ?? [])])],
    waitedMs: Math.round((waited.waitedMs + (repeat?.waitedMs ?? 0)) * 100) / 100,
    repeatWaitedMs: repeat?.waitedMs ?? 0,
    probes: waited.probes + (repeat?.probes ?? 0),
    steps: [...waited.steps, ...(repeat?.steps ?? []).map((step) => `repeat: ${step}`)],
    summary,
  };
}

function firstWaitSummary(waited: Waited, sharedWith: readonly LoadScenarioId[]): string {
  const keys = list(waited.keys);
  const probes = plural(waited.probes, 'probe');
  const them = waited.keys.length === 1 ? 'it' : 'them';
  let summary: string;
  if (waited.steps.length === 0) {
    summary = `fresh at once (${probes})` + (sharedWith.length > 0 ? `; ${list(sharedWith)} used ${keys} earlier in this run` : '');
  } else if (!waited.spent) {
    // The budget was full: the waits only looked again at a reset that was near (or lined up keys).
    summary =
      `${formatDuration(waited.waitedMs)} for ${keys} (${probes}): the budget was full but X-RateLimit-Reset near; ` +
      (waited.refills
        ? 'a second look showed that it names the next refill (a bucket), not the end of a window'
        : 'waited for that window to end, so the scenario starts in a new one');
  } else if (sharedWith.length > 0) {
    summary = `${formatDuration(waited.waitedMs)} for ${keys}, which ${list(sharedWith)} used earlier in this run: the cost of sharing ${them} (${probes})`;
  } else {
    summary = `${formatDuration(waited.waitedMs)} for ${keys} (${probes}): ${waited.keys.length === 1 ? 'its window' : 'their windows'} still counted requests from before (another client, an earlier run)`;
  }
  return summary;
}

/**
 * What sharing keys between scenarios cost the run: the fresh-window waits of the scenarios that
 * shared a key with an earlier one, and which scenarios those were (for the terminal and HTML).
 */
export function sharedKeyCost(scenarios: readonly { readonly id: LoadScenarioId; readonly freshWait: FreshWaitRecord | null }[]): {
  waitedMs: number;
  pairs: string[];
  line: string | undefined;
} {
  let waitedMs = 0;
  const pairs: string[] = [];
  let avoidable = false;
  for (const s of scenarios) {
    if (s.freshWait === null || s.freshWait.sharedWith.length === 0) continue;
    waitedMs += s.freshWait.waitedMs - s.freshWait.repeatWaitedMs;
    pairs.push(`${list(s.freshWait.sharedWith)} → ${s.id}`);
    // `keys` bursts every limited key: sharing with it is the design; burst and sustained need not share.
    avoidable ||= s.freshWait.sharedWith.some((id) => id !== 'keys');
  }
  if (pairs.length === 0) return { waitedMs, pairs, line: undefined };
  const hint = avoidable ? '; a second limited key in CONFORMANCE_LIMITED_KEYS lets burst and sustained run side by side' : '';
  return {
    waitedMs,
    pairs,
    line: `Sharing keys between scenarios cost ${formatDuration(waitedMs)} of waiting for fresh rate windows (${pairs.join(', ')})${hint}.`,
  };
}
