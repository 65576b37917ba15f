import { execFileSync } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_PYTHON, locustAvailable, readLocustResult } from '../harness/load/locust/engine.js';
import { locustfilePath } from '../harness/load/locust/paths.js';
import { MAX_RETRY_AFTER_VALUES, type LocustResult } from '../harness/load/tally.js';
import { tallyOfKey } from '../harness/load/tally-merge.js';

/*
 * The bench's million-request result (bench/locust-million.py) stands for what a Locust master
 * writes: here a smaller run of it must be a valid LocustResult with every answer counted, and
 * exercise what makes a big result big (the Retry-After cap and its overflow summary).
 */

const unavailable = await locustAvailable(DEFAULT_PYTHON);
const SCRIPT = fileURLToPath(new URL('../bench/locust-million.py', import.meta.url));
const ANSWERS = 200_003;

describe.skipIf(unavailable !== undefined)(`bench/locust-million.py (${unavailable ?? `${DEFAULT_PYTHON} has Locust`})`, () => {
  let dir: string;
  let result: LocustResult;
  let printed: { file: string; answers: number; tallySeconds: number };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'bench-million-test-'));
    const file = join(dir, 'result.json');
    const out = execFileSync(DEFAULT_PYTHON, [SCRIPT, locustfilePath(), file, String(ANSWERS)], {
      encoding: 'utf8',
      timeout: 60_000,
      env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' },
    });
    printed = JSON.parse(out.trim().split('\n').at(-1)!) as typeof printed;
    result = await readLocustResult(file, 'bench-million');
  }, 90_000);

  afterAll(async () => {
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  });

  it('writes a result the harness accepts, with every answer counted once', () => {
    expect(printed.answers).toBe(ANSWERS);
    expect(printed.tallySeconds).toBeGreaterThan(0);
    expect(result.workers.map((w) => w.clockOffsetMs)).toEqual([0, 250]);
    expect(result.tallies).toHaveLength(16);
    const counted = result.tallies.reduce((n, t) => n + Object.values(t.tally.statusCounts).reduce((a, b) => a + b, 0), 0);
    const sent = result.tallies.reduce((n, t) => n + t.tally.sent, 0);
    const bucketed = result.tallies.reduce((n, t) => n + t.tally.buckets.reduce((a, b) => a + b.admitted + b.rejected + b.other + b.error, 0), 0);
    expect([counted, sent, bucketed]).toEqual([ANSWERS, ANSWERS, ANSWERS]);
  });

  it('admits everything on the admin key and 60 a minute on each limited key', () => {
    const admin = tallyOfKey(result, 0, 1000).tally;
    expect(Object.keys(admin.statusCounts)).toEqual(['200']);
    for (let key = 1; key < 8; key++) {
      const { tally } = tallyOfKey(result, key, 1000);
      // Five whole minutes, 60 admitted in each.
      expect(tally.statusCounts['200']).toBe(300);
      expect(tally.statusCounts['429']).toBeGreaterThan(0);
    }
  });

  it('reaches the cap of distinct Retry-After pairs, the rest summarised with numeric and fractional values', () => {
    const limited = result.tallies.filter((t) => t.tally.keyIndex > 0);
    for (const { tally } of limited) {
      expect(tally.retryAfter.values).toHaveLength(MAX_RETRY_AFTER_VALUES);
      const kept = tally.retryAfter.values.reduce((n, v) => n + v.count, 0);
      expect(kept + tally.retryAfter.overflow.count).toBe(tally.statusCounts['429']);
      expect(tally.retryAfter.overflow.minDelta).toBeGreaterThan(0);
      expect(tally.retryAfter.overflow.maxDelta).toBeLessThanOrEqual(60);
      // The fractional share: past the cap, numeric like the whole seconds (the harness's rule,
      // tally-samples.ts numericDelta), so the smallest delta summarised is a fraction.
      expect(tally.retryAfter.overflow.nonNumeric).toBe(0);
      expect(Number.isInteger(tally.retryAfter.overflow.minDelta)).toBe(false);
      expect(tally.retryAfter.values.some((v) => v.value?.includes('.'))).toBe(true);
    }
  });
});
