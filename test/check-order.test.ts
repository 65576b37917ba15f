import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { ROOT } from './run-cli.js';

/** The events one fixture suite logged (`start`/`end` per check), in the order they happened. */
async function runFixtures(concurrency?: number): Promise<{ code: number | null; side: string[]; one: string[] }> {
  const log = join(await mkdtemp(join(tmpdir(), 'check-order-')), 'order.log');
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/check-order-driver.ts'], {
    cwd: ROOT,
    env: {
      ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST'))),
      ORDER_LOG: log,
      ...(concurrency === undefined ? {} : { ORDER_CONCURRENCY: String(concurrency) }),
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.resume();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const lines = (await readFile(log, 'utf8')).trim().split('\n');
  const of = (file: string) => lines.filter((l) => l.startsWith(`${file} `)).map((l) => l.slice(file.length + 1));
  return { code, side: of('side'), one: of('one') };
}

// Issue 12: the runner's ordering (harness/runner/sequencer.ts checkOrdering) as the suites rely on it.
it("runs a file's checks side by side, its describe.sequential blocks alone and in file order, and a sequential checker's checks one after another but for its sideBySide group", async () => {
  const { code, side, one } = await runFixtures();
  expect(code).toBe(0);
  // The first block alone, one check after the other, before anything else of its file.
  expect(side.slice(0, 4)).toEqual(['first1 start', 'first1 end', 'first2 start', 'first2 end']);
  // Then the checks of both plain blocks at once: b and c start (and end) while a still runs.
  const middle = side.slice(4, 10);
  expect(middle.slice(0, 3).sort()).toEqual(['a start', 'b start', 'c start']);
  expect(middle.at(-1)).toBe('a end');
  // The last block only once every other check of the file has ended.
  expect(side.slice(10)).toEqual(['last start', 'last end']);
  // The rate-limit suite's shape: one check at a time, in file order, the long one first; then its
  // last checks side by side (w starts and ends while v runs), only once z ended.
  expect(one).toEqual(['x start', 'x end', 'y start', 'y end', 'z start', 'z end', 'v start', 'w start', 'w end', 'v end']);
}, 60_000);

it("runs a sequential file's sideBySide group one check at a time when CONFORMANCE_CONCURRENCY is 1", async () => {
  const { code, one } = await runFixtures(1);
  expect(code).toBe(0);
  expect(one).toEqual(['x start', 'x end', 'y start', 'y end', 'z start', 'z end', 'v start', 'v end', 'w start', 'w end']);
}, 60_000);
