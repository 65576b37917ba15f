import type { Config } from '../config/schema.js';
import { NodeEngine, type LoadEngine } from './engine.js';
import { clusterInstructions, writeClusterInstructions } from './locust/instructions.js';
import { LocustLoadEngine } from './locust/load-engine.js';
import { engineKeys, locustfilePath } from './locust/paths.js';
import { LOCUSTFILE_VERSION } from './locust/version.js';

/*
 * Which engine sends a run's traffic (CONFORMANCE_LOAD_ENGINE): the Node engine in this process,
 * or Locust's master here and its workers here or on other machines. The judge is the same.
 */

export interface EngineChoiceHooks {
  /** A line for the progress display (the workers' instructions when they are external). */
  readonly line: (text: string) => void;
  /** The target's URL, and as reports show it (redacted). */
  readonly targetUrl: string;
  readonly shownTarget: string;
  /** Extra environment for every Locust process (self-tests). */
  readonly locustEnv?: Readonly<Record<string, string>> | undefined;
}

export function engineFor(config: Config, hooks: EngineChoiceHooks): LoadEngine {
  if (config.loadEngine === 'node') return new NodeEngine({ maxResponseBytes: config.maxResponseBytes });
  const keys = engineKeys(config);
  return new LocustLoadEngine({
    settings: config.locust,
    keys,
    targetUrl: hooks.targetUrl,
    network: config.network,
    ...(hooks.locustEnv ? { env: hooks.locustEnv } : {}),
    // Workers elsewhere: say what to start on each machine, here and in the report directory.
    onListening: (port) => {
      const lines = clusterInstructions(
        { ...config.locust, masterPort: port },
        { locustfile: locustfilePath(), locustfileVersion: LOCUSTFILE_VERSION, keyCount: keys.length, target: hooks.shownTarget },
      );
      for (const line of lines) hooks.line(line);
      writeClusterInstructions(config.reportDir, lines).then(
        (path) => hooks.line(`(also written to ${path})`),
        (error: Error) => hooks.line(`could not write the workers' instructions: ${error.message}`),
      );
    },
  });
}
