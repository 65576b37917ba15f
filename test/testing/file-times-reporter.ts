import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, TestModule } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Where the times go: read by test/file-order.ts. */
export const FILE_TIMES_PATH = fileURLToPath(new URL('../file-times.json', import.meta.url));

/** The variable that makes a run record its times (npm run test:times). */
export const RECORD_TIMES_VARIABLE = 'SELFTEST_RECORD_TIMES';

/** Files shorter than this are left out: their order does not matter (the short ones fill the gaps). */
const LONG_S = 8;

/**
 * The file the times of `modules` make, over `before` (the file as it was): each file of LONG_S
 * or more, in seconds, longest first. A file that did not run keeps its time (a run of a few
 * files updates theirs only); one that ran shorter than LONG_S leaves the list.
 */
export function fileTimes(
  modules: ReadonlyArray<Pick<TestModule, 'moduleId' | 'diagnostic'>>,
  root: string,
  measured: string,
  before: Readonly<Record<string, number>> = {},
): string {
  const ran = new Map(modules.map((m) => [relative(root, m.moduleId).replace(/\\/g, '/'), Math.round(m.diagnostic().duration / 1000)] as const));
  const seconds = Object.fromEntries(
    [...Object.entries(before).filter(([path]) => !ran.has(path)), ...ran]
      .filter(([, s]) => s >= LONG_S)
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])),
  );
  const about = `Seconds each long file (${LONG_S} s or more) took in a full npm test on a 2-core machine, written by test/testing/file-times-reporter.ts (npm run test:times); test/file-order.ts starts them longest first.`;
  return `${JSON.stringify({ about, measured, seconds }, null, 2)}\n`;
}

/**
 * Records how long each file took, when RECORD_TIMES_VARIABLE is set and the run passed
 * (`npm run test:times`, the whole of npm test's files): the long files' ranking comes from a
 * measured run, not by hand.
 */
export class FileTimesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>, errors: ReadonlyArray<unknown>, reason: string): void {
    if (process.env[RECORD_TIMES_VARIABLE] !== '1' || reason !== 'passed' || errors.length > 0) return;
    const before = (JSON.parse(readFileSync(FILE_TIMES_PATH, 'utf8')) as { seconds: Record<string, number> }).seconds;
    const measured = `${new Date().toISOString().slice(0, 10)}, npm run test:times (${modules.length} files ran)`;
    writeFileSync(FILE_TIMES_PATH, fileTimes(modules, ROOT, measured, before));
  }
}
