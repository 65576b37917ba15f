import { HistogramFormatError } from '../errors.js';

/**
 * Latency percentiles with sub-millisecond resolution. autocannon's own histogram holds whole
 * milliseconds, which turns every loopback latency into 0 or 1 ms; its `response` event carries
 * the exact duration (hrtime), recorded here.
 *
 * Log-linear buckets over microseconds, like HdrHistogram with two significant digits: values
 * below 128 µs are exact, above that a bucket is at most 1/64 (1.6 %) wide. Percentiles report
 * the bucket's upper edge (never below the true value), clamped to the largest value seen.
 */
const SUB_BUCKETS = 64;
const EXACT_BELOW = 2 * SUB_BUCKETS;
/** Up to 2^31 µs (about 36 minutes): far beyond any request timeout. */
const MAX_MICROS = 2 ** 31 - 1;
const BUCKETS = EXACT_BELOW + (31 - 7) * SUB_BUCKETS;

/** The sparse form a tally carries (harness/load/tally.ts latencyTallySchema): `[bucket index, count]` of non-empty buckets. */
export interface SparseLatency {
  readonly count: number;
  readonly sumMicros: number;
  readonly maxMicros: number;
  readonly buckets: readonly (readonly [number, number])[];
}

export interface LatencySummary {
  readonly count: number;
  readonly mean: number;
  readonly p50: number;
  readonly p95: number;
  readonly p99: number;
  readonly max: number;
}

/** The bucket a value in µs falls in (exported so other engines' histograms can be checked against it). */
export function indexOf(micros: number): number {
  if (micros < EXACT_BELOW) return micros;
  // Highest set bit, at least 7 here; the top 7 bits select the sub-bucket.
  const shift = 31 - Math.clz32(micros) - 6;
  return EXACT_BELOW + (shift - 1) * SUB_BUCKETS + ((micros >>> shift) - SUB_BUCKETS);
}

/** The largest value a bucket holds. */
function upperEdge(index: number): number {
  if (index < EXACT_BELOW) return index;
  const shift = Math.floor((index - EXACT_BELOW) / SUB_BUCKETS) + 1;
  const mantissa = ((index - EXACT_BELOW) % SUB_BUCKETS) + SUB_BUCKETS;
  return (mantissa + 1) * 2 ** shift - 1;
}

export class LatencyHistogram {
  readonly #counts = new Float64Array(BUCKETS);
  #count = 0;
  #sumMicros = 0;
  #maxMicros = 0;

  /** One latency in milliseconds (fractions kept to the microsecond). */
  record(ms: number): void {
    if (!Number.isFinite(ms) || ms < 0) return;
    const micros = Math.min(MAX_MICROS, Math.round(ms * 1000));
    this.#counts[indexOf(micros)]! += 1;
    this.#count += 1;
    this.#sumMicros += micros;
    if (micros > this.#maxMicros) this.#maxMicros = micros;
  }

  /** The non-empty buckets by this histogram's own indexes: what an engine hands back instead of samples. */
  toSparse(): SparseLatency {
    const buckets: [number, number][] = [];
    for (let i = 0; i < BUCKETS; i++) if (this.#counts[i]! > 0) buckets.push([i, this.#counts[i]!]);
    return { count: this.#count, sumMicros: this.#sumMicros, maxMicros: this.#maxMicros, buckets };
  }

  /** Adds a sparse histogram (another worker's, or a tally's) to this one; indexes are this class's. */
  addSparse(sparse: SparseLatency): this {
    let counted = 0;
    for (const [index, n] of sparse.buckets) {
      if (!Number.isInteger(index) || index < 0 || index >= BUCKETS) throw new HistogramFormatError(`latency bucket ${index} is outside 0..${BUCKETS - 1}`);
      this.#counts[index]! += n;
      counted += n;
    }
    if (counted !== sparse.count) throw new HistogramFormatError(`latency buckets hold ${counted} values, the histogram says ${sparse.count}`);
    this.#count += sparse.count;
    this.#sumMicros += sparse.sumMicros;
    if (sparse.maxMicros > this.#maxMicros) this.#maxMicros = sparse.maxMicros;
    return this;
  }

  static fromSparse(sparse: SparseLatency): LatencyHistogram {
    return new LatencyHistogram().addSparse(sparse);
  }

  get count(): number {
    return this.#count;
  }

  /** The value in ms at or below which `percent` % of the recorded latencies lie (0 when empty). */
  percentile(percent: number): number {
    if (this.#count === 0) return 0;
    const rank = Math.max(1, Math.ceil((Math.min(100, Math.max(0, percent)) / 100) * this.#count));
    let seen = 0;
    for (let i = 0; i < BUCKETS; i++) {
      seen += this.#counts[i]!;
      if (seen >= rank) return Math.min(upperEdge(i), this.#maxMicros) / 1000;
    }
    return this.#maxMicros / 1000;
  }

  summary(): LatencySummary {
    return {
      count: this.#count,
      mean: this.#count === 0 ? 0 : this.#sumMicros / this.#count / 1000,
      p50: this.percentile(50),
      p95: this.percentile(95),
      p99: this.percentile(99),
      max: this.#maxMicros / 1000,
    };
  }
}
