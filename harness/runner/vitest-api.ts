import type { startVitest } from 'vitest/node';
import type { checkOrdering } from './sequencer.js';

/** vitest's node API, and the run's check ordering (its sequencer extends one of vitest's classes). */
export interface VitestApi {
  readonly startVitest: typeof startVitest;
  readonly checkOrdering: typeof checkOrdering;
}

/**
 * Starts loading vitest's node API, which alone took 1.3 s of a run's start on this machine, so
 * that it loads while the preflight waits on the target (issue 32: about 1 s of a run 50 ms away).
 * A run that stops before its checks never awaits it; a failure to load is kept for whoever does.
 */
export function loadVitestApi(): Promise<VitestApi> {
  const loading = Promise.all([import('vitest/node'), import('./sequencer.js')]).then(([vitest, sequencer]) => ({
    startVitest: vitest.startVitest,
    checkOrdering: sequencer.checkOrdering,
  }));
  loading.catch(() => undefined);
  return loading;
}
