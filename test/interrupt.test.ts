import { access, mkdtemp, readFile, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reportSchema, type Report } from '../harness/report/model.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { readLatestReport, spawnCli } from './run-cli.js';
import { liveCounts } from './testing/live-counts.js';
import { checksEnded } from './testing/progress-marks.js';
import { externalTargetEnv } from './target-env.js';
import { RUN_FILES } from '../harness/report/files.js';

/*
 * Ctrl-C and a CI cancel in the middle of `conformance run`: the run stops, deletes what it
 * created, writes every report file with the verdict `interrupted` and exits 130 (SIGINT) or
 * 143 (SIGTERM) well within a CI system's grace period; a second signal quits at once and says
 * what may be left. Each run goes to a reference server of its own, started here as an external
 * target, so what is left on it can be counted through the API with both organisations' keys.
 */

const REPORT_FILES = [...RUN_FILES].sort();
/** How long CI systems commonly wait between SIGTERM and SIGKILL. */
const CI_GRACE_MS = 10_000;
/**
 * Checks that must have ended before the signal, so the run has records to clean up: 15 marks of
 * the progress lines (test/testing/progress-marks.ts). The count this file kept before read 30
 * marks, 13 or more of them the letters and dots of the start line (its URL, its suites).
 */
const CHECKS_BEFORE_SIGNAL = 15;

interface Interrupted {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
  /** From the first signal to the process's end. */
  readonly stopMs: number;
}

/**
 * Runs the CLI against `server`, and once `CHECKS_BEFORE_SIGNAL` checks have ended (their marks
 * on stderr after the run's start line) sends `signals`, `gapMs` apart.
 */
async function interruptedRun(server: RunningReferenceServer, suites: string, signals: readonly NodeJS.Signals[], gapMs = 0): Promise<Interrupted> {
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-interrupt-'));
  const env = { ...(await externalTargetEnv(server.baseUrl)), CONFORMANCE_SUITES: suites, CONFORMANCE_NUM_RUNS: '5' };
  const { child, done } = spawnCli(['run'], reportDir, env);
  let progress = '';
  let signalledAt: number | undefined;
  const signal = (): void => {
    if (signalledAt !== undefined) return;
    signalledAt = performance.now();
    signals.forEach((name, i) => {
      setTimeout(() => child.kill(name), i * gapMs);
    });
  };
  // Bounded: a run that shows no progress is signalled anyway (and the assertions say what is missing).
  const fallback = setTimeout(signal, 40_000);
  child.stderr!.on('data', (d: Buffer) => {
    progress += d.toString();
    if (checksEnded(progress) >= CHECKS_BEFORE_SIGNAL) signal();
  });
  const result = await done;
  clearTimeout(fallback);
  return { ...result, reportDir, stopMs: performance.now() - (signalledAt ?? performance.now()) };
}

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

describe('conformance run stopped by a signal', () => {
  const servers: RunningReferenceServer[] = [];
  let keys: string[];
  const before: Array<Record<string, number>> = [];
  let sigint: Interrupted;
  let sigterm: Interrupted;
  let twice: Interrupted;

  beforeAll(async () => {
    for (let i = 0; i < 3; i++) servers.push(await startReferenceServer());
    const env = await externalTargetEnv(servers[0]!.baseUrl);
    keys = [env['CONFORMANCE_ADMIN_KEY']!, env['CONFORMANCE_OTHER_ORG_KEY']!];
    for (const server of servers) before.push(await liveCounts(server.baseUrl, keys));
    [sigint, sigterm, twice] = await Promise.all([
      interruptedRun(servers[0]!, 'contacts,expenses,webhooks,tasks', ['SIGINT']),
      // The security suite is left out: a whole run of it leaves org B time entries behind, interrupted or not.
      interruptedRun(servers[1]!, 'contacts,tasks', ['SIGTERM']),
      interruptedRun(servers[2]!, 'contacts,expenses', ['SIGINT', 'SIGINT'], 150),
    ]);
  }, 120_000);

  afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
  });

  for (const [name, signal, exitCode, index] of [
    ['SIGINT', 'SIGINT', 130, 0],
    ['SIGTERM', 'SIGTERM', 143, 1],
  ] as const) {
    describe(`the first ${name}`, () => {
      const run = (): Interrupted => (index === 0 ? sigint : sigterm);
      let report: Report;
      beforeAll(async () => {
        report = reportSchema.parse(await readLatestReport(run().reportDir));
      });

      it(`exits ${exitCode} well within a CI grace period, after one line saying it is stopping`, () => {
        expect(run().code, run().stderr.slice(-2000)).toBe(exitCode);
        expect(run().stopMs).toBeLessThan(CI_GRACE_MS);
        expect(run().stderr).toMatch(new RegExp(`conformance: ${signal}: stopping the run: .*deleting what it created.*quits at once`));
      });

      it('writes every report file, each saying the run was interrupted and never conformant', async () => {
        const latest = join(run().reportDir, 'latest');
        for (const file of REPORT_FILES) expect(await exists(join(latest, file)), file).toBe(true);
        expect(report.verdict).toBe('interrupted');
        expect(report.exitCode).toBe(exitCode);
        expect(report.interrupted?.signal).toBe(signal);
        for (const file of ['junit.xml', 'summary.md', 'summary-full.md', 'report.html']) {
          const text = await readFile(join(latest, file), 'utf8');
          expect(text, file).toContain('INTERRUPTED');
          expect(text, file).toContain(`interrupted by ${signal}`);
          expect(text, file).not.toMatch(/(?<!NON-)\bCONFORMANT\b/);
        }
        expect(run().stdout).toContain('INTERRUPTED');
        expect(run().stdout).toContain(`interrupted by ${signal}`);
      });

      it('deleted every record it had created, or says truly what may remain: both organisations hold what they held before the run, but for that', async () => {
        const info = report.interrupted!;
        // Not vacuous: the run had created records when the signal came.
        expect(info.recordsFound).toBeGreaterThan(0);
        // Every record it knew of is deleted unless the deletes' own bound ran out (a loaded machine: they
        // are bounded to keep within a CI grace period); then the report says which may remain.
        if (info.cleanupCutShort !== true) expect(info.recordsLeft).toBe(0);
        else expect(info.recordsDeleted).toBeGreaterThan(0);
        const now = await liveCounts(servers[index]!.baseUrl, keys);
        const mayRemain = info.recordsLeft + (info.createsUnanswered ?? 0);
        const extra = Object.entries(now).reduce((sum, [where, n]) => sum + Math.max(0, n - (before[index]![where] ?? 0)), 0);
        // Never more left than the report says may remain (a create the stop cut off counts: its id never came back).
        expect(extra, JSON.stringify({ now, before: before[index], info })).toBeLessThanOrEqual(mayRemain);
        if (mayRemain === 0) expect(now).toEqual(before[index]);
        // The run's log of created records is gone when nothing it knew of is left, kept to list what is.
        const logs = (await readdir(run().reportDir)).filter((f) => f.endsWith('.created.jsonl'));
        expect(logs.length).toBe(info.recordsLeft === 0 ? 0 : 1);
      });
    });
  }

  it('a second signal quits at once, saying how many records of the run may remain and where they are listed', () => {
    expect(twice.code, twice.stderr.slice(-2000)).toBe(130);
    expect(twice.stopMs).toBeLessThan(CI_GRACE_MS);
    expect(twice.stderr).toMatch(
      /conformance: SIGINT again: quitting at once: \d+ records? created by run (\S+) may remain on the target \(those with tags carry conformance-run-[a-z0-9-]+; their paths are listed in \S+\.created\.jsonl\)/,
    );
  });
});
