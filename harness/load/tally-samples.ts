import { LatencyHistogram } from './histogram.js';
import { MAX_RETRY_AFTER_VALUES, type KeyTally, type RetryAfterTally, type RetryAfterValue } from './tally.js';

/*
 * The Node engine's side of the tally contract (tally.ts): its requests' samples, counted into
 * one `KeyTally` per key by the same rules a Locust worker follows, so that the judge reads the
 * same form whichever engine sent the traffic.
 */

/** One answer (or failure) as a tally needs it; burst.ts's `Sample` is one. */
export interface TallyAnswer {
  /** Since go, ms. */
  readonly startMs: number;
  readonly endMs: number;
  /** Wall clock at the answer (epoch ms), for a Retry-After given as an HTTP date. */
  readonly receivedAt: number;
  /** null: no answer. */
  readonly status: number | null;
  readonly headers: Readonly<Record<string, string>>;
  readonly error?: string | undefined;
}

/** A Retry-After that is a number of seconds (whole or with a fraction), as the overflow summary counts it. */
export function numericDelta(value: string | null): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return /^[0-9]+(\.[0-9]+)?$/.test(trimmed) ? Number(trimmed) : null;
}

/** Distinct (Retry-After, Date) pairs, first appearance first; past the cap, a summary (tally.ts). */
export class RetryAfterCounter {
  readonly #values = new Map<string, { value: string | null; date: string | null; receivedAt: number; count: number }>();
  readonly #overflow: {
    count: number;
    minDelta: number | null;
    maxDelta: number | null;
    nonNumeric: number;
    firstNonNumeric: Omit<RetryAfterValue, 'count'> | null;
  } = {
    count: 0,
    minDelta: null,
    maxDelta: null,
    nonNumeric: 0,
    firstNonNumeric: null,
  };

  add(value: string | null, date: string | null, receivedAt: number, count = 1): void {
    const id = JSON.stringify([value, date]);
    const known = this.#values.get(id);
    if (known !== undefined) {
      known.count += count;
      known.receivedAt = Math.min(known.receivedAt, receivedAt);
      return;
    }
    if (this.#values.size < MAX_RETRY_AFTER_VALUES) {
      this.#values.set(id, { value, date, receivedAt, count });
      return;
    }
    const o = this.#overflow;
    o.count += count;
    const delta = numericDelta(value);
    if (delta === null) {
      o.nonNumeric += count;
      if (o.firstNonNumeric === null || receivedAt < o.firstNonNumeric.receivedAt) o.firstNonNumeric = { value, date, receivedAt };
      return;
    }
    o.minDelta = o.minDelta === null ? delta : Math.min(o.minDelta, delta);
    o.maxDelta = o.maxDelta === null ? delta : Math.max(o.maxDelta, delta);
  }

  /** Another tally's overflow summary, taken as it is (its values were already past some cap). */
  addOverflow(overflow: RetryAfterTally['overflow'], offsetMs = 0): void {
    const o = this.#overflow;
    o.count += overflow.count;
    o.nonNumeric += overflow.nonNumeric;
    if (overflow.minDelta !== null) o.minDelta = o.minDelta === null ? overflow.minDelta : Math.min(o.minDelta, overflow.minDelta);
    if (overflow.maxDelta !== null) o.maxDelta = o.maxDelta === null ? overflow.maxDelta : Math.max(o.maxDelta, overflow.maxDelta);
    const first = overflow.firstNonNumeric;
    if (first !== null && (o.firstNonNumeric === null || first.receivedAt - offsetMs < o.firstNonNumeric.receivedAt)) {
      o.firstNonNumeric = { ...first, receivedAt: first.receivedAt - offsetMs };
    }
  }

  build(): RetryAfterTally {
    const values = [...this.#values.values()].sort((a, b) => a.receivedAt - b.receivedAt).map((v) => ({ ...v }));
    return { values, overflow: { ...this.#overflow } };
  }
}

/** Counts answers into one key's tally: the same rules for every engine (tally.ts). */
export class KeyTallyBuilder {
  readonly #keyIndex: number;
  readonly #bucketMs: number;
  readonly #statusCounts = new Map<number, number>();
  readonly #buckets = new Map<number, { startMs: number; admitted: number; rejected: number; other: number; error: number }>();
  readonly #retryAfter = new RetryAfterCounter();
  readonly #latency = new LatencyHistogram();
  readonly #createdIds: string[] = [];
  #sent = 0;
  #errors = 0;
  #firstError: string | null = null;
  #firstSentMs: number | null = null;
  #lastAnswerMs: number | null = null;
  #first429Ms: number | null = null;
  #first429SentMs: number | null = null;
  #maxLagMs = 0;

  constructor(keyIndex: number, bucketMs: number) {
    this.#keyIndex = keyIndex;
    this.#bucketMs = bucketMs;
  }

  add(answer: TallyAnswer): void {
    this.#sent += 1;
    const startMs = Math.max(0, answer.startMs);
    const endMs = Math.max(startMs, answer.endMs);
    this.#firstSentMs = this.#firstSentMs === null ? startMs : Math.min(this.#firstSentMs, startMs);
    this.#lastAnswerMs = this.#lastAnswerMs === null ? endMs : Math.max(this.#lastAnswerMs, endMs);
    const index = Math.floor(endMs / this.#bucketMs);
    let bucket = this.#buckets.get(index);
    if (bucket === undefined) {
      bucket = { startMs: index * this.#bucketMs, admitted: 0, rejected: 0, other: 0, error: 0 };
      this.#buckets.set(index, bucket);
    }
    const status = answer.status;
    if (status === null) {
      this.#errors += 1;
      this.#firstError ??= answer.error ?? 'no answer';
      bucket.error += 1;
      return;
    }
    this.#statusCounts.set(status, (this.#statusCounts.get(status) ?? 0) + 1);
    this.#latency.record(endMs - startMs);
    if (status >= 200 && status < 300) bucket.admitted += 1;
    else if (status === 429) {
      bucket.rejected += 1;
      this.#first429Ms = this.#first429Ms === null ? endMs : Math.min(this.#first429Ms, endMs);
      this.#first429SentMs = this.#first429SentMs === null ? startMs : Math.min(this.#first429SentMs, startMs);
      this.#retryAfter.add(answer.headers['retry-after'] ?? null, answer.headers['date'] ?? null, answer.receivedAt);
    } else bucket.other += 1;
  }

  /** Requests that failed without a sample of their own (a load generator's error count). */
  addErrors(count: number, atMs: number, error: string): void {
    if (count <= 0) return;
    for (let i = 0; i < count; i++) this.add({ startMs: atMs, endMs: atMs, receivedAt: 0, status: null, headers: {}, error });
  }

  lag(ms: number): void {
    if (ms > this.#maxLagMs) this.#maxLagMs = ms;
  }

  created(id: string): void {
    this.#createdIds.push(id);
  }

  build(): KeyTally {
    const sparse = this.#latency.toSparse();
    return {
      keyIndex: this.#keyIndex,
      sent: this.#sent,
      statusCounts: Object.fromEntries([...this.#statusCounts.entries()].sort(([a], [b]) => a - b).map(([s, n]) => [String(s), n])),
      errors: this.#errors,
      firstError: this.#firstError,
      firstSentMs: this.#firstSentMs,
      lastAnswerMs: this.#lastAnswerMs,
      first429Ms: this.#first429Ms,
      first429SentMs: this.#first429SentMs,
      bucketMs: this.#bucketMs,
      buckets: [...this.#buckets.values()].sort((a, b) => a.startMs - b.startMs),
      retryAfter: this.#retryAfter.build(),
      latency: {
        count: sparse.count,
        sumMicros: sparse.sumMicros,
        maxMicros: sparse.maxMicros,
        buckets: sparse.buckets.map(([i, n]) => [i, n] as [number, number]),
      },
      maxLagMs: this.#maxLagMs,
      createdIds: [...this.#createdIds],
    };
  }
}

/** One key's samples as a tally; `bucketMs` is the job's. */
export function tallySamples(
  samples: readonly TallyAnswer[],
  options: { readonly keyIndex: number; readonly bucketMs: number; readonly maxLagMs?: number },
): KeyTally {
  const builder = new KeyTallyBuilder(options.keyIndex, options.bucketMs);
  for (const sample of samples) builder.add(sample);
  builder.lag(options.maxLagMs ?? 0);
  return builder.build();
}

/** A key that had no traffic: what a merge of nothing gives. */
export function emptyTally(keyIndex: number, bucketMs: number): KeyTally {
  return new KeyTallyBuilder(keyIndex, bucketMs).build();
}
