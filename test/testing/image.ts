import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The container engine the image self-test drives. */
export const ENGINE = 'podman';

/** Bound on one build of the image (base included: mmdebstrap took 200 s on a loaded 2-core machine). */
const BUILD_TIMEOUT_MS = 15 * 60_000;

/** The lock file two test files building the image at once take in turn (flock). */
const BUILD_LOCK = join(tmpdir(), 'work-management-conformance-image.lock');

export interface BuiltImage {
  readonly image: string;
  /** Whether an image of this package version and source revision was already there. */
  readonly reused: boolean;
  /** scripts/build-image.sh's timings (empty when reused). */
  readonly log: string;
}

async function ok(command: string, args: readonly string[]): Promise<string | undefined> {
  try {
    return (await run(command, [...args], { timeout: 30_000 })).stdout.trim();
  } catch {
    return undefined;
  }
}

/** The revision label of `image`, or undefined when there is no such image. */
async function revisionOf(image: string): Promise<string | undefined> {
  return ok(ENGINE, ['image', 'inspect', '--format', '{{index .Labels "org.opencontainers.image.revision"}}', image]);
}

/**
 * The image of this package version and source revision: built once by scripts/build-image.sh,
 * reused while one with the same labels exists. A string says why there is none (no podman, the
 * build failed: no Debian mirror reached, ...), for the test to skip with.
 */
export async function imageForThisRevision(): Promise<BuiltImage | string> {
  if ((await ok(ENGINE, ['--version'])) === undefined) return `no ${ENGINE} on PATH (apt-get install podman runc; see docs/ci.md)`;
  const { version } = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as { version: string };
  const image = `localhost/work-management-conformance:${version}`;
  const revision = await ok('git', ['-C', ROOT, 'rev-parse', 'HEAD']);
  if (revision !== undefined && (await revisionOf(image)) === revision) return { image, reused: true, log: '' };
  if ((await ok('flock', ['--version'])) === undefined) return 'no flock on PATH (util-linux), which keeps two test files from building the image at once';
  try {
    // One build at a time: a second test file (test/image-locust.test.ts) that finds no image waits
    // for the first one's build, then reuses what it built (the script is not run again).
    const script = `if [ "$(${ENGINE} image inspect --format '{{index .Labels "org.opencontainers.image.revision"}}' "$1" 2>/dev/null)" = "$2" ]; then echo "$1"; else bash "$3"; fi`;
    const { stdout, stderr } = await run(
      'flock',
      [BUILD_LOCK, 'sh', '-c', script, 'sh', image, revision ?? 'unknown', join(ROOT, 'scripts', 'build-image.sh')],
      {
        cwd: ROOT,
        timeout: BUILD_TIMEOUT_MS,
        maxBuffer: 64 * 1024 * 1024,
      },
    );
    const built = stdout.trim().split('\n').at(-1) ?? '';
    if (built !== image) return `scripts/build-image.sh named ${JSON.stringify(built)}, not ${image}`;
    const log = stderr
      .split('\n')
      .filter((l) => l.startsWith('build-image:'))
      .join('\n');
    // No timings: another test file built it while this one waited for the lock.
    return { image, reused: log === '', log };
  } catch (error) {
    const detail = error as { stderr?: string; message?: string };
    return `scripts/build-image.sh failed (no Debian mirror reached? podman misconfigured?): ${(detail.stderr ?? detail.message ?? String(error)).trim().split('\n').slice(-5).join(' | ')}`;
  }
}

export interface ContainerResult {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** `podman run --rm --network host --name NAME ...options IMAGE ...args` (`--network` in the options: that one), its output collected. */
export function runContainer(
  image: string,
  name: string,
  options: readonly string[],
  args: readonly string[],
): { child: ChildProcess; done: Promise<ContainerResult> } {
  const network = options.includes('--network') ? [] : ['--network', 'host'];
  const child = spawn(ENGINE, ['run', '--rm', ...network, '--name', name, ...options, image, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ContainerResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** A word for `sh -c`: single-quoted. */
const shellWord = (word: string): string => `'${word.replaceAll("'", "'\\''")}'`;

/**
 * `podman run -it --rm --network host --name NAME ...options IMAGE ...args` on a terminal, as a
 * user types it: `-it` needs one, so it runs under `script` (util-linux), whose pseudo-terminal
 * is the container's. What is written to the child's stdin is typed on that terminal (`\x03`:
 * Ctrl-C); the terminal's bytes (the container's stdout and stderr together) are `stdout`. The
 * exit code is podman's, which is the container's (`script -e`).
 */
export function runContainerOnTerminal(
  image: string,
  name: string,
  options: readonly string[],
  args: readonly string[],
): { child: ChildProcess; done: Promise<ContainerResult> } {
  const command = [ENGINE, 'run', '-it', '--rm', '--network', 'host', '--name', name, ...options, image, ...args].map(shellWord).join(' ');
  const child = spawn('script', ['-qfec', command, '/dev/null'], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout!.on('data', (d: Buffer) => (stdout += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (stderr += d.toString()));
  const done = new Promise<ContainerResult>((resolve) => child.on('close', (code) => resolve({ code, stdout, stderr })));
  return { child, done };
}

/** Whether `script` (util-linux), which gives `podman run -it` its terminal, is on PATH. */
export async function haveScript(): Promise<boolean> {
  return (await ok('script', ['--version'])) !== undefined;
}

/** `podman stop --time SECONDS NAME`: SIGTERM to the container's PID 1, SIGKILL after the grace. */
export async function stopContainer(name: string, graceSeconds: number): Promise<void> {
  await run(ENGINE, ['stop', '--time', String(graceSeconds), name], { timeout: (graceSeconds + 30) * 1000 });
}

/** Removes a container left by a failed test (never one the test did not name). */
export async function removeContainer(name: string): Promise<void> {
  await ok(ENGINE, ['rm', '--force', '--ignore', name]);
}

/** The digest of `image` (`sha256:…`), as the docs' commands pass it in CONFORMANCE_IMAGE_DIGEST. */
export async function digestOf(image: string): Promise<string | undefined> {
  return ok(ENGINE, ['image', 'inspect', '--format', '{{.Digest}}', image]);
}

/** The OCI labels of `image`. */
export async function labelsOf(image: string): Promise<Record<string, string>> {
  const out = await ok(ENGINE, ['image', 'inspect', '--format', '{{json .Labels}}', image]);
  return out === undefined ? {} : (JSON.parse(out) as Record<string, string>);
}
