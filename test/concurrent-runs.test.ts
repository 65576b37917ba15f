import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../harness/report/model.js';
import { readLatestReport, spawnCli, type CliResult } from './run-cli.js';
import { makeSecondInstall } from './testing/second-install.js';

/*
 * Runs on one machine share the user's cache folder (vitest's compiled suites). Two at once, from
 * two installs (two clones, a clone and the package, two CI jobs), must give the verdicts and
 * counts each gives alone; so must a run whose cache folder it cannot write. A few suites, no
 * rate-limit minute: the runs are about the cache, not the checks.
 */
const ENV = { CONFORMANCE_SUITES: 'contacts', CONFORMANCE_SEED: '20261127', CONFORMANCE_NUM_RUNS: '5' };
/** The longest a step of the choreography below waits before it goes on regardless. */
const WAIT_MS = 60_000;
/** A module vitest cached: the hex hash of what it was compiled from. */
const MODULE_FILE = /^[0-9a-f]{40}$/;

const work = mkdtempSync(join(tmpdir(), 'concurrent-runs-'));
afterAll(() => {
  try {
    chmodSync(join(work, 'read-only'), 0o755);
  } catch {
    // Never made: the runs before it failed.
  }
  rmSync(work, { recursive: true, force: true });
});

function modulesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((path) => MODULE_FILE.test(path.split('/').pop()!));
  } catch {
    return [];
  }
}

/** Until `ready` holds, checked every 10 ms, for at most `ms`. */
async function until(ready: () => boolean, ms: number): Promise<void> {
  const end = Date.now() + ms;
  while (!ready() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function finished(run: { child: ChildProcess; done: Promise<Omit<CliResult, 'reportDir'>> }, reportDir: string): Promise<Outcome> {
  const result = { ...(await run.done), reportDir };
  return { result, report: await readLatestReport(reportDir) };
}

function start(env: Record<string, string>, name: string, root?: string): { child: ChildProcess; done: Promise<Outcome> } {
  const reportDir = join(work, `reports-${name}`);
  const run = spawnCli(['run'], reportDir, { ...ENV, ...env }, root);
  return { child: run.child, done: finished(run, reportDir) };
}

interface Outcome {
  readonly result: CliResult;
  readonly report: Report;
}

/** What a run concluded: its verdict, exit code and counts, overall and by domain. */
function outcome({ result, report }: Outcome): unknown {
  return { code: result.code, verdict: report.verdict, counts: report.counts, domains: report.domains.map((d) => [d.domain, d.counts]) };
}

describe('runs at once on one machine, and a cache folder that cannot be written', () => {
  const shared = join(work, 'shared-cache');
  let aloneRun: Outcome;
  let firstRun: Outcome;
  let secondRun: Outcome;
  let unwritableRun: Outcome;

  beforeAll(async () => {
    const other = makeSecondInstall(join(work, 'second-install'));
    mkdirSync(shared);
    // Root writes into a read-only folder; below a plain file nobody can make one.
    const readOnly = join(work, 'read-only');
    mkdirSync(readOnly, 0o555);
    chmodSync(readOnly, 0o555);
    writeFileSync(join(work, 'a-file'), '');
    const cannotWrite = process.getuid?.() === 0 ? join(work, 'a-file', 'below') : readOnly;
    const alone = start({ XDG_CACHE_HOME: join(work, 'alone-cache') }, 'alone');
    const unwritable = start({ XDG_CACHE_HOME: cannotWrite }, 'unwritable');
    // The second starts while the first is compiling into the same cold cache folder, as two CI
    // jobs started a moment apart do. The first is held still (SIGSTOP) mid-compile until the
    // second has started its own checks (or its start removed the first's modules), so that
    // the second's start always falls within the first's compiling, however loaded the machine.
    const first = start({ XDG_CACHE_HOME: shared }, 'first');
    await until(() => modulesUnder(shared).length > 0, WAIT_MS);
    const held = modulesUnder(shared);
    first.child.kill('SIGSTOP');
    let second: ReturnType<typeof start>;
    try {
      second = start({ XDG_CACHE_HOME: shared }, 'second', other);
      await until(() => held.some((path) => !existsSync(join(shared, path))) || modulesUnder(shared).length > held.length, WAIT_MS);
    } finally {
      first.child.kill('SIGCONT');
    }
    [firstRun, secondRun, aloneRun, unwritableRun] = await Promise.all([first.done, second.done, alone.done, unwritable.done]);
  }, 300_000);

  it('a run alone passes every selected check (the reference server is conformant)', () => {
    expect(aloneRun.report.counts.byStatus.error).toBe(0);
    expect(aloneRun.report.counts.byStatus.pass).toBeGreaterThan(0);
    expect(aloneRun.report.verdict).toBe('incomplete');
  });

  it('two runs at once from two installs, sharing one cold cache folder, each conclude what a run alone does', async () => {
    expect(outcome(firstRun)).toEqual(outcome(aloneRun));
    expect(outcome(secondRun)).toEqual(outcome(aloneRun));
    for (const run of [firstRun, secondRun]) {
      expect(run.result.stderr).not.toMatch(/ENOENT|\.tmp-/);
      expect(await readFile(join(run.result.reportDir, 'latest', 'report.json'), 'utf8')).not.toMatch(/ENOENT/);
    }
  });

  it('the shared cache folder keeps the compiled suites for the next run', () => {
    expect(modulesUnder(shared).length).toBeGreaterThan(0);
  });

  it('a run whose cache folder cannot be written concludes what a run alone does (no cache, no crash)', () => {
    expect(outcome(unwritableRun)).toEqual(outcome(aloneRun));
    expect(unwritableRun.result.stderr).not.toMatch(/EACCES|ENOTDIR|EROFS/);
  });
});
