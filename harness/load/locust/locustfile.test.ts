import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { indexOf } from '../histogram.js';
import { MAX_RETRY_AFTER_VALUES, keyTallySchema } from '../tally.js';
import { numericDelta } from '../tally-samples.js';
import { DEFAULT_PYTHON, locustAvailable } from './engine.js';
import { locustfilePath } from './paths.js';
import { LOCUSTFILE_VERSION } from './version.js';

/*
 * The locustfile's pure parts, run by the Python that runs Locust: its version, its latency bucket
 * index against histogram.ts, its shares and its tally's JSON against the contract of tally.ts.
 */

const unavailable = await locustAvailable(DEFAULT_PYTHON);

/** Runs Python with the locustfile importable as `lf`; returns what the snippet prints as JSON. */
function python(snippet: string): unknown {
  const program = [
    'import importlib.util, json, sys',
    `spec = importlib.util.spec_from_file_location("lf", ${JSON.stringify(locustfilePath())})`,
    'lf = importlib.util.module_from_spec(spec)',
    'spec.loader.exec_module(lf)',
    snippet,
  ].join('\n');
  const out = execFileSync(DEFAULT_PYTHON, ['-c', program], { encoding: 'utf8', timeout: 20_000, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } });
  return JSON.parse(out);
}

describe('locustfile.py', () => {
  it('declares the LOCUSTFILE_VERSION the harness speaks (version.ts)', () => {
    const declared = /^LOCUSTFILE_VERSION = "([^"]+)"$/m.exec(readFileSync(locustfilePath(), 'utf8'))?.[1];
    expect(declared).toBe(LOCUSTFILE_VERSION);
  });

  it('keeps MAX_RETRY_AFTER_VALUES equal to tally.ts', () => {
    const declared = /^MAX_RETRY_AFTER_VALUES = (\d+)$/m.exec(readFileSync(locustfilePath(), 'utf8'))?.[1];
    expect(Number(declared)).toBe(MAX_RETRY_AFTER_VALUES);
  });

  describe.skipIf(unavailable !== undefined)(`with ${DEFAULT_PYTHON} (${unavailable ?? 'Locust importable'})`, () => {
    it('puts a latency in the same histogram bucket as harness/load/histogram.ts', () => {
      const values: number[] = [];
      for (let v = 0; v < 5000; v++) values.push(v);
      for (let bit = 7; bit < 31; bit++) {
        const base = 2 ** bit;
        values.push(base - 1, base, base + 1, base + 63, base * 1.5, 2 ** bit + 2 ** (bit - 1) - 1);
      }
      for (let i = 0; i < 3000; i++) values.push(Math.floor(Math.random() * (2 ** 31 - 1)));
      values.push(2 ** 31 - 1);
      const ints = values.map((v) => Math.floor(v));
      const fromPython = python(`print(json.dumps([lf.histogram_index(v) for v in ${JSON.stringify(ints)}]))`) as number[];
      expect(fromPython).toEqual(ints.map((v) => indexOf(v)));
    });

    it('reads a Retry-After as numeric seconds exactly when the harness does (tally-samples.ts numericDelta)', () => {
      const values = ['12', '0', '1.5', ' 3 ', '007', '1e3', '-1', '1.', '.5', '\u0663', 'Wed, 21 Oct 2015 07:28:00 GMT', ''];
      const fromPython = python(`print(json.dumps([lf._numeric_delta(v) for v in ${JSON.stringify(values)}]))`) as (number | null)[];
      expect(fromPython).toEqual(values.map((v) => numericDelta(v)));
    });

    it('rounds a duration to microseconds like Math.round and clamps it', () => {
      const seconds = [0, 0.0000004, 0.0000005, 0.0000015, 0.0012345, 1.5, 5000];
      const fromPython = python(`print(json.dumps([lf.latency_micros(s) for s in ${JSON.stringify(seconds)}]))`) as number[];
      expect(fromPython).toEqual(seconds.map((s) => Math.min(2 ** 31 - 1, Math.round(s * 1_000_000))));
    });

    it('splits requests and connections so the workers together send exactly the total', () => {
      const shares = python(
        'print(json.dumps([[[lf.share_count(t, i, n) for i in range(n)], [lf.connection_share(c, lf.share_count(t, i, n), i, n) for i in range(n)]] for (t, c, n) in [(150, 50, 2), (151, 1, 2), (1, 10, 3), (7, 3, 4)]]))',
      ) as [number[], number[]][];
      expect(shares.map(([requests]) => requests.reduce((a, b) => a + b, 0))).toEqual([150, 151, 1, 7]);
      expect(shares[0]).toEqual([
        [75, 75],
        [25, 25],
      ]);
      // A worker with requests gets a connection even when the connections are fewer than the workers.
      expect(shares[1]).toEqual([
        [76, 75],
        [1, 1],
      ]);
      expect(shares[2]).toEqual([
        [1, 0, 0],
        [1, 0, 0],
      ]);
    });

    it('tallies answers in the shape of KeyTally, with Retry-After pairs past the cap summarised', () => {
      const tally = python(
        [
          't = lf.KeyTally(3, 100)',
          't.on_sent(0.5)',
          't.on_answer(0.5, 12.0, 0.0115, 200, None, "Mon, 01 Jan 2024 00:00:00 GMT", 1000.0)',
          'for i in range(lf.MAX_RETRY_AFTER_VALUES + 5):',
          '    t.on_sent(1.0 + i)',
          '    t.on_answer(1.0 + i, 150.0 + i, 0.000120, 429, str(i % 600), "d" + str(i), 2000.0 + i)',
          't.on_sent(3.0)',
          't.on_answer(3.0, 151.0, 0.0001, 429, "soon", "x", 3000.0)',
          't.on_sent(4.0)',
          't.on_error(260.0, "no answer within 5000 ms")',
          'print(json.dumps(t.to_json()))',
        ].join('\n'),
      );
      const parsed = keyTallySchema.parse(tally);
      const rejected = MAX_RETRY_AFTER_VALUES + 6;
      expect(parsed.sent).toBe(rejected + 2);
      expect(parsed.statusCounts).toEqual({ '200': 1, '429': rejected });
      expect(parsed.errors).toBe(1);
      expect(parsed.firstError).toBe('no answer within 5000 ms');
      expect(parsed.first429Ms).toBe(150);
      expect(parsed.first429SentMs).toBe(1);
      expect(parsed.retryAfter.values).toHaveLength(MAX_RETRY_AFTER_VALUES);
      expect(parsed.retryAfter.values.reduce((n, v) => n + v.count, 0) + parsed.retryAfter.overflow.count).toBe(rejected);
      expect(parsed.retryAfter.overflow).toEqual({
        count: 6,
        minDelta: 512,
        maxDelta: 516,
        nonNumeric: 1,
        firstNonNumeric: { value: 'soon', date: 'x', receivedAt: 3000 },
      });
      expect(parsed.latency.count).toBe(rejected + 1);
      expect(parsed.latency.buckets).toEqual(
        [
          [120, rejected - 1],
          [indexOf(11500), 1],
          [100, 1],
        ].sort((a, b) => a[0]! - b[0]!),
      );
      // Answers at 150..666 ms and the failure at 260 ms, in 100 ms buckets by answer time.
      expect(parsed.buckets.map((b) => b.startMs)).toEqual([0, 100, 200, 300, 400, 500, 600]);
      expect(parsed.buckets[1]).toEqual({ startMs: 100, admitted: 0, rejected: 51, other: 0, error: 0 });
      expect(parsed.buckets[2]).toEqual({ startMs: 200, admitted: 0, rejected: 100, other: 0, error: 1 });
      const sum = (field: 'admitted' | 'rejected' | 'error'): number => parsed.buckets.reduce((n, bucket) => n + bucket[field], 0);
      expect([sum('admitted'), sum('rejected'), sum('error')]).toEqual([1, rejected, 1]);
    });
  });
});
