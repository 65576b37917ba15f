import { formatNumber } from '../report/format.js';
import type { EngineRecord, LoadReport, WorkerRowRecord } from './model.js';

/*
 * What the renderers say about the engine that sent a run's traffic, and the per-worker rows they
 * show when there was more than one worker (one worker's row only repeats the key's).
 */

/** e.g. `Locust 2.12.1, 2 workers, clocks within 3 ms` or `Node 20.19.0, 1 worker`. */
export function engineLine(engine: EngineRecord): string {
  const n = engine.workers.length;
  const name = engine.name === 'locust' ? `Locust ${engine.version}` : `Node ${engine.version}`;
  const clocks = n > 1 ? `, clocks within ${formatNumber(engine.clockSpreadMs, engine.clockSpreadMs < 10 ? 1 : 0)} ms` : '';
  return `${name}, ${n} ${n === 1 ? 'worker' : 'workers'}${clocks}`;
}

export interface WorkerLine {
  /** Scenario id. */
  readonly scenario: string;
  /** The key's label. */
  readonly key: string;
  /** e.g. `1 (load-worker-b)`. */
  readonly worker: string;
  readonly row: WorkerRowRecord;
}

/** Every burst key's and sustained run's per-worker rows, when the engine had more than one worker. */
export function workerLines(report: Pick<LoadReport, 'engine' | 'scenarios'>): WorkerLine[] {
  if (report.engine.workers.length <= 1) return [];
  const name = (index: number): string => {
    const host = report.engine.workers.find((w) => w.index === index)?.host;
    return host === undefined ? String(index) : `${index} (${host})`;
  };
  return report.scenarios.flatMap((s) => {
    const d = s.detail;
    if (d?.kind === 'burst') return d.keys.flatMap((k) => k.workers.map((row) => ({ scenario: s.id, key: k.key, worker: name(row.worker), row })));
    if (d?.kind === 'sustained') return d.workers.map((row) => ({ scenario: s.id, key: d.key, worker: name(row.worker), row }));
    return [];
  });
}
