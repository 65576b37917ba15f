import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { type CliResult, runCli } from '../run-cli.js';
import type { SharedRunDeclaration } from './shared-runs.js';

/** Set by the setup below: the folder of this vitest run's shared fixtures (one per `vitest run`). */
const SHARED_FIXTURES_VARIABLE = 'SELFTEST_SHARED_FIXTURES';

/** How long a file waits for a fixture another file is building before it fails (a run of three suites takes well under a minute). */
export const SHARED_FIXTURE_WAIT_MS = 180_000;

/** How often a waiting file looks for the outcome. */
const POLL_MS = 250;

/** What a waiting file reads: the builder's value, or why it could not make it. */
type Outcome<T> = { readonly value: T } | { readonly error: string };

/** The clock a wait runs on (injected by the unit test of the wait). */
export interface WaitClock {
  readonly now: () => number;
  readonly sleep: (ms: number) => Promise<unknown>;
}

const REAL_CLOCK: WaitClock = { now: () => Date.now(), sleep: (ms) => sleep(ms) };

/**
 * `build` once in `dir` for every worker of this vitest run: the first caller takes the lock (a
 * mkdir, atomic across worker threads and processes), builds and writes `outcome.json` (by a
 * rename, so it is never read half written); the others wait for that file, bounded by
 * `waitMs`, then fail naming the fixture. A build that throws is written as its error, so a
 * waiting file fails at once with the builder's reason instead of timing out.
 */
export async function onceAcrossWorkers<T>(
  dir: string,
  build: (dir: string) => Promise<T>,
  { waitMs = SHARED_FIXTURE_WAIT_MS, clock = REAL_CLOCK }: { waitMs?: number; clock?: WaitClock } = {},
): Promise<T> {
  const outcomeFile = join(dir, 'outcome.json');
  let builder = true;
  try {
    await mkdir(`${dir}.lock`);
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code !== 'EEXIST') throw cause;
    builder = false;
  }
  if (builder) {
    await mkdir(dir, { recursive: true });
    let outcome: Outcome<T>;
    try {
      outcome = { value: await build(dir) };
    } catch (cause) {
      outcome = { error: (cause as Error).stack ?? String(cause) };
    }
    const partial = `${outcomeFile}.${randomBytes(3).toString('hex')}`;
    await writeFile(partial, JSON.stringify(outcome));
    await rename(partial, outcomeFile);
  }
  const deadline = clock.now() + waitMs;
  while (!existsSync(outcomeFile)) {
    if (clock.now() >= deadline)
      throw new Error(
        `the shared fixture ${dir} was not ready after ${waitMs / 1000} s: the test file that builds it is still at it or died (see its failure)`,
      );
    await clock.sleep(POLL_MS);
  }
  const outcome = JSON.parse(await readFile(outcomeFile, 'utf8')) as Outcome<T>;
  if ('error' in outcome) throw new Error(`the shared fixture ${dir} could not be built: ${outcome.error}`);
  return outcome.value;
}

/** This module's runs, by name: a file that asks twice waits once. */
const asked = new Map<string, Promise<CliResult>>();

/** The folder every file of this vitest run shares (the setup below), or one of this file's own outside it. */
async function fixturesRoot(): Promise<string> {
  return process.env[SHARED_FIXTURES_VARIABLE] ?? (await mkdtemp(join(tmpdir(), 'selftest-fixtures-own-')));
}

/**
 * The CLI run a declaration of test/testing/shared-runs.ts names, made once per vitest run by
 * the first file that asks. Its report folder is shared: read it, never run into it (copy it
 * first, as test/rerun.test.ts does).
 */
export function sharedRun(run: SharedRunDeclaration): Promise<CliResult> {
  let result = asked.get(run.name);
  if (result === undefined) {
    result = (async () =>
      onceAcrossWorkers(join(await fixturesRoot(), run.name), async (dir) => {
        const env: Record<string, string> = { ...run.env, CONFORMANCE_REPORT_DIR: join(dir, 'reports') };
        if (run.expectedFailures !== undefined) {
          const list = join(dir, run.expectedFailures.file);
          await writeFile(list, JSON.stringify(run.expectedFailures.entries));
          env['CONFORMANCE_EXPECTED_FAILURES'] = list;
        }
        return runCli(run.args, env);
      }))();
    asked.set(run.name, result);
  }
  return result;
}

/**
 * globalSetup of the e2e and system tiers: one folder for this vitest run's shared fixtures,
 * named for this process, removed at the end. The tiers share it: the second setup finds the
 * first's.
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[SHARED_FIXTURES_VARIABLE] !== undefined) return undefined;
  const dir = await mkdtemp(join(tmpdir(), `selftest-fixtures-${process.pid}-`));
  process.env[SHARED_FIXTURES_VARIABLE] = dir;
  return async () => {
    delete process.env[SHARED_FIXTURES_VARIABLE];
    await rm(dir, { recursive: true, force: true });
  };
}
