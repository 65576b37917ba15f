import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { threadId } from 'node:worker_threads';
import type { WireRecord } from '../http/client.js';
import { harEntry, type HarOwner } from './entry.js';

/**
 * Appends HAR entries, one JSON line each, to a file of this process and thread inside the run's
 * parts directory: workers never share a file, and nothing is held in memory. The runner merges
 * the parts into exchanges.har when the run ends (harness/har/write.ts).
 */
export class HarRecorder {
  readonly #fd: number;

  constructor(dir: string) {
    mkdirSync(dir, { recursive: true });
    this.#fd = openSync(join(dir, `${process.pid}-${threadId}.jsonl`), 'a');
  }

  /** The callback a client takes (ClientOptions.onWire) for one owner. */
  for(owner: HarOwner): (wire: WireRecord) => void {
    return (wire) => {
      writeSync(this.#fd, `${JSON.stringify(harEntry(wire, owner))}\n`);
    };
  }

  close(): void {
    closeSync(this.#fd);
  }
}

const RECORDERS = Symbol.for('conformance.harRecorders');

/** The recorder of this thread for a parts directory (one per thread, whatever the module graph). */
export function harRecorder(dir: string): HarRecorder {
  const global = globalThis as { [RECORDERS]?: Map<string, HarRecorder> };
  const recorders = (global[RECORDERS] ??= new Map());
  let recorder = recorders.get(dir);
  if (recorder === undefined) {
    recorder = new HarRecorder(dir);
    recorders.set(dir, recorder);
  }
  return recorder;
}
