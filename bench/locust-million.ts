import { execFile } from 'node:child_process';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { judgeBurstKey } from '../harness/load/burst.js';
import { DEFAULT_PYTHON, readLocustResult } from '../harness/load/locust/engine.js';
import { locustfilePath } from '../harness/load/locust/paths.js';
import { tallyOfKey } from '../harness/load/tally-merge.js';
import { throughputStepOf } from '../harness/load/throughput.js';

/*
 * A run of a million requests, as far as its result goes: the locustfile's own tally code
 * (bench/locust-million.py imports KeyTally from it) counts a million synthetic answers of 8 keys
 * on 2 workers into one LocustResult file; then the harness's side is timed as a load run does it:
 * read the file, JSON.parse, the schema, each key's tallies merged over the workers
 * (tally-merge.ts), key 0 judged as a throughput step and keys 1-7 as bursts (every Retry-After
 * pair read). Targets: the file under 10 MB, reading and judging it under 1 s.
 */

const SCRIPT = fileURLToPath(new URL('./locust-million.py', import.meta.url));
const PYTHON_TIMEOUT_MS = 300_000;
const KEYS = 8;
const LIMIT = 60;

export interface MillionFigures {
  readonly answers: number;
  readonly fileBytes: number;
  /** Read + parse + schema + merge + judge, each round, ms. */
  readonly judgeMs: readonly number[];
  readonly judgeMedianMs: number;
  /** Python's time in KeyTally's calls alone, and the whole script (generating the answers, writing the file). */
  readonly pythonTallySeconds: number;
  readonly pythonTotalSeconds: number;
  /** Distinct Retry-After pairs kept over all tallies, and 429s counted only in overflow summaries. */
  readonly retryAfterPairs: number;
  readonly retryAfterOverflow: number;
  /** What the judge said of the 7 limited keys (they admit 60 a minute for 5 minutes: more than one burst's budget). */
  readonly burstStatuses: readonly string[];
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function runPython(python: string, out: string, answers: number): Promise<{ answers: number; tallySeconds: number }> {
  return new Promise((resolve, reject) => {
    execFile(
      python,
      [SCRIPT, locustfilePath(), out, String(answers)],
      { timeout: PYTHON_TIMEOUT_MS, killSignal: 'SIGKILL', env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' }, maxBuffer: 1024 * 1024 },
      (error, stdout, stderr) => {
        if (error !== null) return reject(new Error(`${SCRIPT} failed: ${error.message}\n${stderr.trim().split('\n').slice(-5).join('\n')}`));
        const line = stdout.trim().split('\n').at(-1) ?? '';
        resolve(JSON.parse(line) as { answers: number; tallySeconds: number });
      },
    );
  });
}

/** The harness's whole reading of the file: what the timer measures. */
async function readAndJudge(file: string): Promise<{ answers: number; statuses: string[]; pairs: number; overflow: number }> {
  const result = await readLocustResult(file, 'bench-million');
  let answers = 0;
  let pairs = 0;
  let overflow = 0;
  const statuses: string[] = [];
  for (let key = 0; key < KEYS; key++) {
    const { tally, workers } = tallyOfKey(result, key, 1000);
    answers += Object.values(tally.statusCounts).reduce((n, c) => n + c, 0);
    pairs += tally.retryAfter.values.length;
    overflow += tally.retryAfter.overflow.count;
    if (key === 0) {
      const record = throughputStepOf({ endpoint: 'get', connections: 16, durationS: 300, maxRequests: Number.MAX_SAFE_INTEGER }, tally);
      if (record.requests === 0 || record.latencyMs === null || record.latencyMs.p99 <= 0) throw new Error('the throughput record of key 0 is empty');
    } else {
      const judged = judgeBurstKey({ label: `key ${key}`, tally, workers, limit: LIMIT, remaining: LIMIT, waitedMs: 0 });
      statuses.push(judged.record.status);
    }
  }
  return { answers, statuses, pairs, overflow };
}

export async function measureMillion(options: { readonly rounds: number; readonly answers?: number; readonly python?: string }): Promise<MillionFigures> {
  const wanted = options.answers ?? 1_000_000;
  const dir = await mkdtemp(join(tmpdir(), 'bench-locust-million-'));
  try {
    const file = join(dir, 'result.json');
    const started = performance.now();
    const fed = await runPython(options.python ?? DEFAULT_PYTHON, file, wanted);
    const pythonTotalSeconds = (performance.now() - started) / 1000;
    if (fed.answers !== wanted) throw new Error(`${SCRIPT} fed ${fed.answers} answers, not ${wanted}`);
    const fileBytes = (await stat(file)).size;
    const judgeMs: number[] = [];
    let last: Awaited<ReturnType<typeof readAndJudge>> | undefined;
    for (let i = 0; i < options.rounds; i++) {
      const t0 = performance.now();
      last = await readAndJudge(file);
      judgeMs.push(performance.now() - t0);
    }
    if (last === undefined) throw new Error('no round of reading the file');
    if (last.answers !== wanted) throw new Error(`the judge read ${last.answers} answers, not ${wanted}`);
    return {
      answers: last.answers,
      fileBytes,
      judgeMs,
      judgeMedianMs: median(judgeMs),
      pythonTallySeconds: fed.tallySeconds,
      pythonTotalSeconds,
      retryAfterPairs: last.pairs,
      retryAfterOverflow: last.overflow,
      burstStatuses: last.statuses,
    };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export function formatMillion(f: MillionFigures): string {
  const mb = f.fileBytes / 1_000_000;
  const statuses = [...new Set(f.burstStatuses)].map((s) => `${f.burstStatuses.filter((x) => x === s).length} ${s}`).join(', ');
  return [
    `a run of ${f.answers.toLocaleString('en')} requests (8 keys, 2 workers, 300 s, tallied by the locustfile's KeyTally), ${f.judgeMs.length} rounds of reading it (median):`,
    `  result file                  ${mb.toFixed(2).padStart(7)} MB (target < 10 MB)`,
    `  read + parse + schema + merge + judge ${f.judgeMedianMs.toFixed(0).padStart(5)} ms  (${f.judgeMs.map((ms) => ms.toFixed(0)).join(', ')}) (target < 1000 ms)`,
    `  Python tallying the million  ${f.pythonTallySeconds.toFixed(2).padStart(7)} s  (whole script with generating the answers: ${f.pythonTotalSeconds.toFixed(1)} s; informative)`,
    `  Retry-After: ${f.retryAfterPairs} distinct pairs kept, ${f.retryAfterOverflow} 429s in overflow summaries; limited keys judged: ${statuses}`,
    '',
  ].join('\n');
}
