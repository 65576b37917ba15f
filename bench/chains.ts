import type { HarEntry } from '../harness/har/format.js';

/*
 * Where the time of a distant run goes: for each suite file, how many of its requests had to
 * wait for one another. Far from the target every request costs a round trip; requests in flight
 * together cost one between them, requests sent one after another one each. The longest chain of
 * requests of which each started only after the one before had ended is the least number of
 * round trips the file's time holds.
 */

/** One request's interval on the wall clock (ms). */
export interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The most requests of `spans` that ran strictly one after another (each starting once the one
 * before had ended): the greedy earliest-end choice, which is optimal for intervals.
 */
export function longestChain(spans: readonly Span[]): number {
  const byEnd = [...spans].sort((a, b) => a.end - b.end);
  let chain = 0;
  let free = Number.NEGATIVE_INFINITY;
  for (const span of byEnd) {
    if (span.start >= free) {
      chain += 1;
      free = span.end;
    }
  }
  return chain;
}

export interface ChainRow {
  /** The suite file's domain, or `cleanup` for the end-of-file deletes (sent by no check). */
  readonly file: string;
  readonly requests: number;
  /** Longest chain of the file's requests, all checks together. */
  readonly chain: number;
  /** The check whose own requests make the longest chain, and its length. */
  readonly check: { readonly key: string; readonly chain: number } | null;
  /** From the file's first request sent to its last answer (s). */
  readonly seconds: number;
}

const spanOf = (entry: Pick<HarEntry, 'startedDateTime' | 'time'>): Span => {
  const start = Date.parse(entry.startedDateTime);
  return { start, end: start + entry.time };
};

/** A table row per file, from a run's HTTP archive entries (each tied to its check's key, `<domain> <name>`). */
export function chainTable(entries: ReadonlyArray<Pick<HarEntry, 'startedDateTime' | 'time' | '_check'>>): ChainRow[] {
  const byFile = new Map<string, Map<string, Span[]>>();
  for (const entry of entries) {
    const check = entry._check ?? 'cleanup';
    const file = entry._check === null ? 'cleanup' : check.slice(0, check.indexOf(' '));
    const checks = byFile.get(file) ?? new Map<string, Span[]>();
    byFile.set(file, checks);
    checks.set(check, [...(checks.get(check) ?? []), spanOf(entry)]);
  }
  const rows: ChainRow[] = [];
  for (const [file, checks] of byFile) {
    const all = [...checks.values()].flat();
    let check: ChainRow['check'] = null;
    if (file !== 'cleanup') {
      for (const [key, spans] of checks) {
        const chain = longestChain(spans);
        if (check === null || chain > check.chain) check = { key, chain };
      }
    }
    const start = Math.min(...all.map((s) => s.start));
    const end = Math.max(...all.map((s) => s.end));
    rows.push({ file, requests: all.length, chain: longestChain(all), check, seconds: (end - start) / 1000 });
  }
  return rows.sort((a, b) => b.chain - a.chain);
}

/** The table as text lines. */
export function renderChainTable(rows: readonly ChainRow[]): string[] {
  const checkName = (key: string) => (key.length > 70 ? `${key.slice(0, 67)}...` : key);
  return [
    `  ${'file'.padEnd(13)} ${'requests'.padStart(8)} ${'longest chain'.padStart(13)} ${'time'.padStart(7)}  check with the longest chain of its own`,
    ...rows.map(
      (r) =>
        `  ${r.file.padEnd(13)} ${String(r.requests).padStart(8)} ${String(r.chain).padStart(13)} ${`${r.seconds.toFixed(1)} s`.padStart(7)}  ${r.check === null ? '' : `${r.check.chain}: ${checkName(r.check.key)}`}`,
    ),
  ];
}
