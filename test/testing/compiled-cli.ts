import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { processAlive } from '../../harness/runner/process-alive.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const PREFIX = '.selftest-cli-';

/** The folders of test runs that ended without their teardown (killed): their process is gone. */
async function removeOrphans(): Promise<void> {
  for (const name of await readdir(ROOT)) {
    const pid = name.startsWith(PREFIX) ? Number(/^(\d+)-[0-9a-f]+$/.exec(name.slice(PREFIX.length))?.[1]) : Number.NaN;
    if (Number.isInteger(pid) && pid > 0 && !processAlive(pid)) await rm(join(ROOT, name), { recursive: true, force: true });
  }
}

/** Set by the setup below for the CLIs the self-tests start (test/run-cli.ts `spawnCli`). */
export const COMPILED_CLI_VARIABLE = 'SELFTEST_COMPILED_CLI';

/** The compiled CLI entry the self-tests start, when the setup below made one (none outside vitest: a bench). */
export function compiledCliEntry(): string | undefined {
  const dir = process.env[COMPILED_CLI_VARIABLE];
  if (dir === undefined) return undefined;
  const entry = join(dir, 'harness', 'cli', 'bin.js');
  if (!existsSync(entry)) throw new Error(`${COMPILED_CLI_VARIABLE} names ${dir}, which holds no compiled CLI (removed while the tests ran?)`);
  return entry;
}

/** The driver and the one module it imports from test/ (the rest is the compiled harness's). */
const DRIVER_FILES = ['test/mutant-driver.ts', 'test/testing/driver-protocol.ts'] as const;

/** The driver the mutant, variant and exploration self-tests run through, compiled beside the harness (test/run-cli.ts DriverPool). */
export function compiledDriverEntry(): string | undefined {
  const dir = process.env[COMPILED_CLI_VARIABLE];
  if (dir === undefined) return undefined;
  const entry = join(dir, ...DRIVER_FILES[0].replace(/\.ts$/, '.js').split('/'));
  if (!existsSync(entry)) throw new Error(`${COMPILED_CLI_VARIABLE} names ${dir}, which holds no compiled driver (removed while the tests ran?)`);
  return entry;
}

/** The driver's files transpiled into `dir`, at their paths, so that its `../harness/` imports find the compiled harness. */
async function compileDriver(dir: string): Promise<void> {
  const ts = (await import('typescript')).default;
  for (const file of DRIVER_FILES) {
    const { outputText } = ts.transpileModule(await readFile(join(ROOT, file), 'utf8'), {
      compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
      fileName: file,
    });
    const out = join(dir, file.replace(/\.ts$/, '.js'));
    await mkdir(dirname(out), { recursive: true });
    await writeFile(out, outputText);
  }
}

/**
 * globalSetup of the e2e and system tiers: the harness compiled once, as `npm run build` compiles
 * it for the package, into a folder of the clone's root of its own (one level down, as dist/ is:
 * the compiled code finds spec/, schemas/ and fixtures/ from there). Each CLI a self-test starts
 * then runs plain JavaScript, as the installed package does, instead of loading tsx and
 * compiling TypeScript in its own process: about 2.4 CPU-s less a start for a run of one suite on
 * this machine (4.2 against 6.6 CPU-s, medians of 3). The folder is named for this process, so two
 * test runs at once each have their own, and removed at the end (or by the next setup, when its
 * process was killed). The tiers share one build: the second setup finds the first's. The
 * clone's TypeScript entry stays covered: the full run of test/e2e.test.ts and a second install
 * (test/testing/second-install.ts). The drivers of the mutant, variant and exploration self-tests
 * run compiled too (compiledDriverEntry).
 */
export default async function setup(): Promise<(() => Promise<void>) | undefined> {
  if (process.env[COMPILED_CLI_VARIABLE] !== undefined) return undefined;
  await removeOrphans();
  const dir = join(ROOT, `${PREFIX}${process.pid}-${randomBytes(3).toString('hex')}`);
  const tsc = join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc');
  await promisify(execFile)(process.execPath, [tsc, '-p', 'tsconfig.build.json', '--noCheck', '--outDir', dir], { cwd: ROOT });
  await compileDriver(dir);
  process.env[COMPILED_CLI_VARIABLE] = dir;
  return async () => {
    delete process.env[COMPILED_CLI_VARIABLE];
    await rm(dir, { recursive: true, force: true });
  };
}
