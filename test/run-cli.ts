import { spawn } from 'node:child_process';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../harness/report/model.js';

export const ROOT = fileURLToPath(new URL('../', import.meta.url));

export interface CliResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
  readonly reportDir: string;
}

/** Runs the real CLI (as a user would) in a child process, with only the given CONFORMANCE_ variables. */
export async function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  const reportDir = env['CONFORMANCE_REPORT_DIR'] ?? (await mkdtemp(join(tmpdir(), 'conformance-report-')));
  const cleanEnv = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CONFORMANCE_') && !k.startsWith('VITEST')));
  // A developer's own .env must not leak into self-tests.
  const withEnvFile = args.includes('--dotenv') ? args : [...args, '--dotenv', join(reportDir, 'absent.env')];
  const child = spawn(process.execPath, ['--import', 'tsx', 'harness/cli/bin.ts', ...withEnvFile], {
    cwd: ROOT,
    env: { ...cleanEnv, NODE_ENV: 'production', CONFORMANCE_REPORT_DIR: reportDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  return { code, stdout, stderr, reportDir };
}

export async function readLatestReport(reportDir: string): Promise<Report> {
  return JSON.parse(await readFile(join(reportDir, 'latest', 'report.json'), 'utf8')) as Report;
}

/** `reports/latest-load/load.json` of a `conformance load` run, unparsed (validate it with the model). */
export async function readLatestLoadJson(reportDir: string): Promise<unknown> {
  return JSON.parse(await readFile(join(reportDir, 'latest-load', 'load.json'), 'utf8')) as unknown;
}
