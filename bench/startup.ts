import { execFile, spawn } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './child-server.js';

const run = promisify(execFile);

export interface StartupFigures {
  /** `conformance --help` from the installed package (compiled), seconds per round. */
  readonly packageHelp: number[];
  /** `conformance --help` from a clone (bin/conformance.js: the sources through tsx), seconds per round. */
  readonly cloneHelp: number[];
  /** `conformance doctor` from the installed package against the embedded reference server. */
  readonly packageDoctor: number[];
  /** A full `conformance run` from the installed package against the embedded reference server. */
  readonly packageFullRun: number[];
}

/** Wall time of one command, which must exit 0. */
async function timed(command: string, args: readonly string[], cwd: string, env: Record<string, string> = {}): Promise<number> {
  const started = performance.now();
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out += d.toString()));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  if (code !== 0) throw new Error(`${args.join(' ')} exited ${code}: ${out}`);
  return (performance.now() - started) / 1000;
}

/**
 * The start-up figures of the command as people install it: the package is packed (which builds
 * dist/) and installed into an empty project in a temporary folder, then each command runs
 * `rounds` times, alternating with the clone's own command; then `fullRuns` full runs.
 */
export async function measureStartup(rounds: number, fullRuns = 0): Promise<StartupFigures> {
  const work = await mkdtemp(join(tmpdir(), 'bench-package-'));
  try {
    const pack = await run('npm', ['pack', '--json', '--pack-destination', work], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
    const [{ filename }] = JSON.parse(pack.stdout) as [{ filename: string }];
    const project = join(work, 'project');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), '{ "name": "bench", "version": "1.0.0", "private": true }\n');
    await run('npm', ['install', join(work, filename), '--prefer-offline', '--no-audit', '--no-fund'], { cwd: project });
    const installed = join(project, 'node_modules', 'work-management-conformance', 'bin', 'conformance.js');
    const figures: StartupFigures = { packageHelp: [], cloneHelp: [], packageDoctor: [], packageFullRun: [] };
    const reportDir = join(work, 'reports');
    for (let i = 0; i < rounds; i++) {
      figures.packageHelp.push(await timed(process.execPath, [installed, '--help'], project));
      figures.cloneHelp.push(await timed(process.execPath, ['bin/conformance.js', '--help'], ROOT));
      // No .env in the project and no target: the doctor checks the embedded reference server.
      figures.packageDoctor.push(await timed(process.execPath, [installed, 'doctor'], project, { CONFORMANCE_REPORT_DIR: reportDir }));
    }
    // What a user's `npx conformance run` costs: the compiled suites, no tsx.
    for (let i = 0; i < fullRuns; i++)
      figures.packageFullRun.push(await timed(process.execPath, [installed, 'run'], project, { CONFORMANCE_REPORT_DIR: reportDir }));
    return figures;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
