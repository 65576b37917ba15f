import type { LocustSettings } from '../../config/schema.js';
import { InternalError, LocustNetworkError } from '../../errors.js';
import { proxyFor, shownProxy, type TargetNetwork } from '../../http/network.js';
import type { EngineTarget, JobResult, LoadEngine, RunJobOptions } from '../engine.js';
import type { Job, WorkerInfo } from '../tally.js';
import { LocustEngine } from './engine.js';

/*
 * The Locust engine behind the load harness's one engine interface (../engine.ts): it starts the
 * master (and, unless the workers are external, the workers here), hands each job to it and gives
 * back the master's merged result as it came. The harness still probes, decides and judges.
 */

export interface LocustLoadEngineOptions {
  readonly settings: LocustSettings;
  /** The engine's key list (paths.ts engineKeys): local workers read it from a 0600 temp file. */
  readonly keys: readonly string[];
  /** The target's URL and the run's network: a CA file or a proxy for it rules this engine out. */
  readonly targetUrl: string;
  readonly network?: TargetNetwork | undefined;
  /** Once the master listens and the workers are external: what to start on each worker machine. */
  readonly onListening?: ((port: number) => void) | undefined;
  /** Extra environment for every Locust process (tests). */
  readonly env?: Readonly<Record<string, string>> | undefined;
  readonly workerEnv?: readonly Readonly<Record<string, string>>[] | undefined;
}

export class LocustLoadEngine implements LoadEngine {
  readonly name = 'locust' as const;
  readonly #options: LocustLoadEngineOptions;
  #engine: LocustEngine | undefined;

  constructor(options: LocustLoadEngineOptions) {
    this.#options = options;
  }

  get version(): string {
    return this.#engine?.locustVersion ?? 'unknown';
  }

  async start(): Promise<void> {
    const { settings, keys, onListening, network } = this.#options;
    // Before any process starts: a run through a CA file or a proxy cannot use this engine at all.
    if (network?.caFile !== undefined) throw new LocustNetworkError(`the CA file ${network.caFile} (CONFORMANCE_CA_FILE)`);
    const proxy = network === undefined ? undefined : proxyFor(this.#options.targetUrl, network);
    if (proxy !== undefined) throw new LocustNetworkError(`the proxy ${shownProxy(proxy)} (HTTP_PROXY/HTTPS_PROXY)`);
    this.#engine = await LocustEngine.start({
      python: settings.python,
      workers: settings.workers,
      externalWorkers: settings.externalWorkers,
      bindHost: settings.masterBind,
      // Local workers: any free port (runs side by side never collide); external ones: the port they were told.
      ...(settings.externalWorkers ? { port: settings.masterPort } : {}),
      workerWaitMs: settings.workerWaitS * 1000,
      keys,
      ...(this.#options.env ? { env: this.#options.env } : {}),
      ...(this.#options.workerEnv ? { workerEnv: this.#options.workerEnv } : {}),
      ...(onListening && settings.externalWorkers ? { onListening: (info: { port: number }) => onListening(info.port) } : {}),
    });
  }

  workers(): readonly WorkerInfo[] {
    return this.#engine?.workers ?? [];
  }

  async runJob(job: Job, _keys: readonly string[], target: EngineTarget, options: RunJobOptions = {}): Promise<JobResult> {
    if (this.#engine === undefined) throw new InternalError('the Locust engine was not started');
    const result = await this.#engine.runJob(job, target.origin, options.signal ? { signal: options.signal } : {});
    return { workers: result.workers, tallies: result.tallies, elapsedMs: result.elapsedMs, stopped: result.stopped };
  }

  async close(): Promise<void> {
    await this.#engine?.close();
  }
}
