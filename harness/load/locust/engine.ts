import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { LocustJobError, LocustResultError, LocustStartError, LocustUnavailableError } from '../../errors.js';
import { jobSchema, locustResultSchema, type Job, type LocustResult, type WorkerInfo } from '../tally.js';
import { KEYS_FILE_ENV, locustfilePath } from './paths.js';
import { LOCUSTFILE_VERSION } from './version.js';

/*
 * Drives Locust for the load harness: starts the master (and, unless the workers run elsewhere, N
 * local workers), waits until every worker connected and its clock was measured, sends one job at a
 * time over the master's stdin and reads back the merged LocustResult file the master names on its
 * stdout. The protocol is described at the top of locustfile.py.
 */

export const DEFAULT_PYTHON = '/usr/bin/python3';
/**
 * Between the harness and the master it starts, not settings a user sets (hence not CONFORMANCE_*):
 * where the master writes its results, and how many workers it waits for.
 */
const RESULT_DIR_ENV = 'WMC_LOCUST_RESULT_DIR';
/** The workers the master waits for (not Locust's --expect-workers, whose wait a quit cannot end). */
const EXPECT_WORKERS_ENV = 'WMC_LOCUST_EXPECT_WORKERS';
/** The fix named whenever Locust cannot be started: Debian's package works with Debian's python3. */
export const LOCUST_INSTALL_HINT = 'apt-get install -y python3-locust';

const DEFAULT_WORKER_WAIT_MS = 30_000;
const PROBE_TIMEOUT_MS = 20_000;
/** Lines of each process's stderr kept for error messages. */
const STDERR_LINES = 200;
/** After a job's own bound, how long the master has to hand back a stopped job's tallies. */
const JOB_GRACE_MS = 30_000;
const STOP_GRACE_MS = 10_000;
const QUIT_WAIT_MS = 5_000;
const KILL_WAIT_MS = 2_000;

export interface LocustEngineOptions {
  /** Python with Locust; Debian's own by default (another python3 on PATH may lack Locust). */
  readonly python?: string;
  /** Workers the master waits for. */
  readonly workers: number;
  /** The workers run on other machines: start only the master and wait for them. */
  readonly externalWorkers?: boolean;
  /** The master's bind address (`--master-bind-host`); 127.0.0.1 by default. */
  readonly bindHost?: string;
  /** The master's port (`--master-bind-port`); a free one by default. */
  readonly port?: number;
  /** Bound on the wait for every worker to connect and answer the clock pings, ms. */
  readonly workerWaitMs?: number;
  /** The keys jobs name by index; written to a 0600 temp file for local workers. */
  readonly keys: readonly string[];
  /** Extra environment for every process. */
  readonly env?: Readonly<Record<string, string>>;
  /** Extra environment per local worker, by index (tests shift one worker's clock this way). */
  readonly workerEnv?: readonly Readonly<Record<string, string>>[];
  /** Called once the master listens, before the wait for workers: what to start on each worker machine. */
  readonly onListening?: (info: { readonly port: number; readonly workerCommand: (masterHost: string) => string }) => void;
}

export interface RunJobOptions {
  readonly signal?: AbortSignal;
  /** Bound on the whole job, ms; by default the job's own bound plus a grace. */
  readonly timeoutMs?: number;
}

interface MasterEvent {
  readonly event: string;
  readonly jobId?: string;
  readonly file?: string;
  readonly message?: string;
  readonly workers?: WorkerInfo[];
  readonly locustfile?: string;
  readonly workerLocustfiles?: (string | null)[];
  readonly keys?: (number | null)[];
}

/** Python and Locust as the engine will run them; a reason string when they cannot be used. */
export async function locustAvailable(python: string = DEFAULT_PYTHON): Promise<string | undefined> {
  return new Promise((resolve) => {
    execFile(
      python,
      ['-c', 'import locust, gevent, geventhttpclient'],
      { timeout: PROBE_TIMEOUT_MS, env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1' } },
      (error, _stdout, stderr) => {
        if (error === null) return resolve(undefined);
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') return resolve(`${python} not found`);
        const last = stderr.trim().split('\n').at(-1) ?? error.message;
        resolve(`${python} cannot import Locust (${last})`);
      },
    );
  });
}

/** A free TCP port on `host` (Locust's master cannot be told to pick one itself). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const server = createServer();
  server.listen(0, host);
  await once(server, 'listening');
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new LocustStartError(`no free port on ${host}`);
  return address.port;
}

/** Keeps the last lines of a stream, keys redacted. */
class Tail {
  readonly #lines: string[] = [];
  constructor(private readonly redact: (text: string) => string) {}
  push(line: string): void {
    this.#lines.push(this.redact(line));
    if (this.#lines.length > STDERR_LINES) this.#lines.shift();
  }
  text(last = 20): string {
    return this.#lines.slice(-last).join('\n');
  }
}

interface Proc {
  readonly name: string;
  readonly child: ChildProcess;
  readonly stderr: Tail;
  exit?: { code: number | null; signal: NodeJS.Signals | null };
  readonly exited: Promise<void>;
}

function cleanEnv(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  // Locust reads LOCUST_* settings from the environment: only the engine's arguments count. The
  // harness's own CONFORMANCE_* variables (keys among them) stay here: a worker reads its keys file only.
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('LOCUST_') && !name.startsWith('CONFORMANCE_')));
  return { ...env, PYTHONUNBUFFERED: '1', PYTHONDONTWRITEBYTECODE: '1', ...extra };
}

/** A job's own bound, ms (the locustfile cuts it short after about this long). */
export function jobBoundMs(job: Job): number {
  if (job.kind === 'burst') return Math.ceil(job.requestsPerKey / job.connectionsPerKey) * job.timeoutMs;
  // A loop, not Math.max(...offsets): a ramp holds up to hundreds of thousands of starts, past what a call's arguments take.
  if (job.kind === 'schedule') return job.offsetsMs.reduce((max, o) => Math.max(max, o), 0) + job.timeoutMs;
  return job.durationS * 1000 + job.timeoutMs;
}

export class LocustEngine {
  readonly #options: LocustEngineOptions;
  readonly #python: string;
  readonly #dir: string;
  readonly #procs: Proc[] = [];
  readonly #listeners = new Set<(event: MasterEvent) => void>();
  readonly #generalErrors: string[] = [];
  #master!: Proc;
  #port = 0;
  #workers: WorkerInfo[] = [];
  #locustVersion = '';
  #queue: Promise<unknown> = Promise.resolve();
  #closing: Promise<void> | undefined;

  private constructor(options: LocustEngineOptions, dir: string) {
    this.#options = options;
    this.#python = options.python ?? DEFAULT_PYTHON;
    this.#dir = dir;
  }

  /** Starts master and workers and waits (bounded) until every worker is connected and measured. */
  static async start(options: LocustEngineOptions): Promise<LocustEngine> {
    if (!Number.isInteger(options.workers) || options.workers < 1) throw new LocustStartError('workers must be a whole number of at least 1');
    const reason = await locustAvailable(options.python ?? DEFAULT_PYTHON);
    if (reason !== undefined) {
      throw new LocustUnavailableError(`${reason}; install Locust (${LOCUST_INSTALL_HINT}) or name a Python that has it in CONFORMANCE_LOCUST_PYTHON`);
    }
    const engine = new LocustEngine(options, await mkdtemp(join(tmpdir(), 'conformance-locust-')));
    try {
      await engine.#start();
    } catch (error) {
      await engine.close();
      throw error;
    }
    return engine;
  }

  /** The workers as measured at the start (index, host, clock offset and its round trip). */
  get workers(): readonly WorkerInfo[] {
    return this.#workers;
  }

  /** The engine's temp directory (keys file, results); removed by close(). */
  get workDir(): string {
    return this.#dir;
  }

  get port(): number {
    return this.#port;
  }

  get locustVersion(): string {
    return this.#locustVersion;
  }

  /** Process ids of the master and local workers (each leads its own process group). */
  pids(): number[] {
    return this.#procs.map((p) => p.child.pid).filter((pid): pid is number => pid !== undefined);
  }

  /** The command to run on a worker machine; the keys file it names must hold the engine's keys, in order. */
  workerCommand(masterHost: string, keysFile = '/path/to/keys.json'): string {
    return `${KEYS_FILE_ENV}=${keysFile} ${this.#python} -m locust -f ${locustfilePath()} --worker --master-host ${masterHost} --master-port ${this.#port}`;
  }

  #redact(text: string): string {
    let out = text;
    for (const key of this.#options.keys) if (key.length > 0) out = out.split(key).join('[key]');
    return out;
  }

  #spawn(name: string, args: string[], env: NodeJS.ProcessEnv, stdin: boolean): Proc {
    const child = spawn(this.#python, ['-m', 'locust', '-f', locustfilePath(), ...args], {
      // Its own process group, so close() can end the process and anything it started; its own
      // directory, so no locust.conf of the caller's directory applies.
      detached: true,
      cwd: this.#dir,
      env,
      stdio: [stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
    });
    const stderr = new Tail((t) => this.#redact(t));
    const proc: Proc = {
      name,
      child,
      stderr,
      exited: new Promise<void>((resolve) => {
        child.once('exit', (code, signal) => {
          proc.exit = { code, signal };
          resolve();
        });
        child.once('error', (error) => {
          stderr.push(`${name}: ${error.message}`);
          proc.exit ??= { code: null, signal: null };
          resolve();
        });
      }),
    };
    createInterface({ input: child.stderr! }).on('line', (line) => stderr.push(line));
    if (name !== 'master') createInterface({ input: child.stdout! }).on('line', (line) => stderr.push(line));
    this.#procs.push(proc);
    return proc;
  }

  async #start(): Promise<void> {
    const o = this.#options;
    const bindHost = o.bindHost ?? '127.0.0.1';
    const connectHost = bindHost === '0.0.0.0' || bindHost === '*' ? '127.0.0.1' : bindHost === '::' ? '::1' : bindHost;
    this.#port = o.port ?? (await freePort(connectHost));
    const resultDir = join(this.#dir, 'results');
    await mkdir(resultDir, { mode: 0o700 });
    const extra = o.env ?? {};

    this.#master = this.#spawn(
      'master',
      ['--master', '--headless', '-u', '0', '-r', '1', '--only-summary', '--master-bind-host', bindHost, '--master-bind-port', String(this.#port)],
      cleanEnv({ ...extra, [RESULT_DIR_ENV]: resultDir, [EXPECT_WORKERS_ENV]: String(o.workers) }),
      true,
    );
    // The master's stdin is the command channel; a write after it died must not crash the harness.
    this.#master.child.stdin!.on('error', () => undefined);
    createInterface({ input: this.#master.child.stdout! }).on('line', (line) => this.#onMasterLine(line));
    o.onListening?.({ port: this.#port, workerCommand: (host) => this.workerCommand(host) });

    if (o.externalWorkers !== true) {
      const keysFile = join(this.#dir, 'keys.json');
      await writeFile(keysFile, JSON.stringify(o.keys), { mode: 0o600 });
      for (let i = 0; i < o.workers; i++) {
        this.#spawn(
          `worker ${i}`,
          ['--worker', '--master-host', connectHost, '--master-port', String(this.#port)],
          cleanEnv({ ...extra, [KEYS_FILE_ENV]: keysFile, ...(o.workerEnv?.[i] ?? {}) }),
          false,
        );
      }
    }

    const waitMs = o.workerWaitMs ?? DEFAULT_WORKER_WAIT_MS;
    const ready = await this.#waitFor(
      (e) => e.event === 'ready',
      waitMs,
      () => this.#procs.find((p) => p.exit !== undefined),
    );
    if (ready === 'timeout') {
      throw new LocustStartError(
        `the ${o.workers} Locust workers did not all connect to the master on port ${this.#port} within ${waitMs} ms${this.#stderrSummary()}`,
      );
    }
    if ('exited' in ready) {
      const { name, exit } = ready.exited;
      throw new LocustStartError(
        `Locust ${name} exited (${exit?.signal ?? `code ${exit?.code}`}) before the workers were ready${this.#stderrSummary(ready.exited)}`,
      );
    }
    const event = ready.event;
    const versions = new Set([event.locustfile, ...(event.workerLocustfiles ?? [])]);
    if (versions.size !== 1 || event.locustfile !== LOCUSTFILE_VERSION) {
      throw new LocustStartError(`locustfile version mismatch: the harness speaks ${LOCUSTFILE_VERSION}, master and workers run ${[...versions].join(', ')}`);
    }
    const wrongKeys = (event.keys ?? []).map((n, i) => [n, i] as const).filter(([n]) => n !== o.keys.length);
    if (wrongKeys.length > 0) {
      throw new LocustStartError(
        `worker ${wrongKeys.map(([n, i]) => `${i} holds ${n} keys`).join(', ')}; the engine's list has ${o.keys.length} (the keys file must hold the same keys in the same order on every machine)`,
      );
    }
    this.#workers = event.workers ?? [];
    this.#locustVersion = (event as { locust?: string }).locust ?? '';
  }

  #stderrSummary(first?: Proc): string {
    const procs = first === undefined ? this.#procs : [first, ...this.#procs.filter((p) => p !== first)];
    const parts = procs.map((p) => [p.name, p.stderr.text(8)] as const).filter(([, text]) => text.length > 0);
    const general = this.#generalErrors.length > 0 ? `\nmaster errors: ${this.#generalErrors.join('; ')}` : '';
    return parts.length === 0 && general === '' ? '' : `${general}\n${parts.map(([name, text]) => `--- ${name} stderr (last lines) ---\n${text}`).join('\n')}`;
  }

  #onMasterLine(line: string): void {
    let event: MasterEvent;
    try {
      event = JSON.parse(line) as MasterEvent;
    } catch {
      this.#master.stderr.push(`(stdout) ${line}`);
      return;
    }
    if (event.event === 'error' && event.jobId === undefined) this.#generalErrors.push(this.#redact(event.message ?? 'unknown error'));
    for (const listener of [...this.#listeners]) listener(event);
  }

  /** Waits for a master event, a process exit (when `failed` says one counts) or the bound. */
  #waitFor(
    match: (event: MasterEvent) => boolean,
    boundMs: number,
    failed: () => Proc | undefined,
    signal?: AbortSignal,
    onAbort?: () => void,
  ): Promise<{ event: MasterEvent } | { exited: Proc } | 'timeout'> {
    return new Promise((resolve) => {
      const finish = (value: { event: MasterEvent } | { exited: Proc } | 'timeout'): void => {
        clearTimeout(timer);
        this.#listeners.delete(listener);
        for (const p of this.#procs) p.child.off('exit', onExit);
        signal?.removeEventListener('abort', abort);
        resolve(value);
      };
      const listener = (event: MasterEvent): void => {
        if (match(event)) finish({ event });
      };
      const onExit = (): void => {
        // The exit handler of the Proc runs first (registered earlier), so `exit` is set.
        const proc = failed();
        if (proc !== undefined) finish({ exited: proc });
      };
      const abort = (): void => onAbort?.();
      const timer = setTimeout(() => finish('timeout'), boundMs);
      this.#listeners.add(listener);
      for (const p of this.#procs) p.child.on('exit', onExit);
      signal?.addEventListener('abort', abort, { once: true });
      const already = failed();
      if (already !== undefined) finish({ exited: already });
    });
  }

  /** Sends one job's traffic over the workers and returns the master's merged, validated result. */
  runJob(job: Job, targetUrl: string, options: RunJobOptions = {}): Promise<LocustResult> {
    const run = this.#queue.then(() => this.#runJob(job, targetUrl, options));
    this.#queue = run.catch(() => undefined);
    return run;
  }

  async #runJob(job: Job, targetUrl: string, options: RunJobOptions): Promise<LocustResult> {
    const parsed = jobSchema.parse(job);
    if (this.#closing !== undefined) throw new LocustJobError(`job ${parsed.id}: the engine is closed`);
    const keyCount = this.#options.keys.length;
    const keyIndexes = parsed.kind === 'burst' ? parsed.keyIndexes : [parsed.keyIndex];
    const outside = keyIndexes.filter((i) => i >= keyCount);
    if (outside.length > 0) throw new LocustJobError(`job ${parsed.id} names key ${outside.join(', ')} but the engine has ${keyCount} keys`);
    const origin = new URL(targetUrl).origin;
    if (this.#master.exit !== undefined) throw new LocustJobError(`job ${parsed.id}: the Locust master has exited${this.#stderrSummary(this.#master)}`);

    const boundMs = options.timeoutMs ?? jobBoundMs(parsed) + JOB_GRACE_MS;
    const stop = (): void => this.#send({ cmd: 'stop', jobId: parsed.id });
    const answer = this.#waitFor(
      (e) => e.jobId === parsed.id && (e.event === 'done' || e.event === 'error'),
      boundMs,
      () => (this.#master.exit !== undefined ? this.#master : undefined),
      options.signal,
      stop,
    );
    if (options.signal?.aborted === true) stop();
    this.#send({ cmd: 'job', job: parsed, target: origin });
    let outcome = await answer;
    if (outcome === 'timeout') {
      // Ask the workers to stop and hand back what they have, within a bound of its own.
      stop();
      outcome = await this.#waitFor(
        (e) => e.jobId === parsed.id && (e.event === 'done' || e.event === 'error'),
        STOP_GRACE_MS,
        () => (this.#master.exit !== undefined ? this.#master : undefined),
      );
      if (outcome === 'timeout') throw new LocustJobError(`job ${parsed.id} gave no result within ${boundMs + STOP_GRACE_MS} ms${this.#stderrSummary()}`);
    }
    if ('exited' in outcome) throw new LocustJobError(`job ${parsed.id}: the Locust master exited during the job${this.#stderrSummary(this.#master)}`);
    const event = outcome.event;
    if (event.event === 'error') throw new LocustJobError(`job ${parsed.id} failed: ${this.#redact(event.message ?? 'no message')}`);
    return readLocustResult(event.file ?? '', parsed.id);
  }

  #send(command: unknown): void {
    const stdin = this.#master.child.stdin;
    if (stdin !== null && stdin.writable) stdin.write(`${JSON.stringify(command)}\n`);
  }

  /** Asks the master to quit (it tells the workers), then ends every process group still alive; removes the temp files. */
  close(): Promise<void> {
    return (this.#closing ??= this.#close());
  }

  async #close(): Promise<void> {
    const master = this.#master as Proc | undefined;
    const bounded = (p: Promise<void>, ms: number): Promise<void> => Promise.race([p, new Promise<void>((r) => setTimeout(r, ms).unref())]);
    if (master !== undefined && master.exit === undefined) {
      // A live master tells its workers to quit; without one there is nobody to ask.
      this.#send({ cmd: 'quit' });
      master.child.stdin?.end();
      await bounded(
        Promise.all(this.#procs.map((p) => p.exited)).then(() => undefined),
        QUIT_WAIT_MS,
      );
    }
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const alive = this.#procs.filter((p) => p.exit === undefined && p.child.pid !== undefined);
      if (alive.length === 0) break;
      for (const p of alive) killGroup(p.child.pid!, signal);
      await bounded(
        Promise.all(alive.map((p) => p.exited)).then(() => undefined),
        KILL_WAIT_MS,
      );
    }
    // A process group can outlive its leader (a child Locust started): end those too.
    for (const p of this.#procs) if (p.child.pid !== undefined) killGroup(p.child.pid, 'SIGKILL');
    await rm(this.#dir, { recursive: true, force: true });
  }
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

/** Reads and validates a master's result file; a malformed one is a LocustResultError saying what is wrong. */
export async function readLocustResult(file: string, jobId?: string): Promise<LocustResult> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    throw new LocustResultError(`the Locust result file ${file} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new LocustResultError(`the Locust result file ${file} is not JSON`);
  }
  const parsed = locustResultSchema.safeParse(json);
  if (!parsed.success) {
    const issues = parsed.error.issues.slice(0, 3).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new LocustResultError(`the Locust result file ${file} is malformed: ${issues.join('; ')}`);
  }
  if (parsed.data.locustfile !== LOCUSTFILE_VERSION) {
    throw new LocustResultError(
      `the Locust result file ${file} comes from locustfile version ${parsed.data.locustfile}; this harness reads version ${LOCUSTFILE_VERSION}`,
    );
  }
  if (jobId !== undefined && parsed.data.jobId !== jobId) {
    throw new LocustResultError(`the Locust result file ${file} is for job ${parsed.data.jobId}, not ${jobId}`);
  }
  return parsed.data;
}
