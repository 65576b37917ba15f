import { ApiClient } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import type { RunContext } from './run-context.js';

/**
 * Records this suite file created, with the key that created them. At the end of the file each
 * one is deleted with that same key (principle 5: the suite only deletes what it created).
 * A record already gone (404 or any other refusal) is fine.
 */
export class CreatedRecords {
  readonly #records = new Map<string, string>();

  add(path: string, key: string): void {
    this.#records.set(path, key);
  }

  get size(): number {
    return this.#records.size;
  }

  async cleanUp(run: Pick<RunContext, 'baseUrl' | 'keys' | 'authStyle' | 'requestTimeoutMs'>): Promise<void> {
    const redactor = new Redactor(Object.values(run.keys));
    const entries = [...this.#records.entries()].reverse(); // children before parents
    this.#records.clear();
    for (const [path, key] of entries) {
      const client = new ApiClient({ baseUrl: run.baseUrl, key, authStyle: run.authStyle, timeoutMs: run.requestTimeoutMs, redactor });
      try {
        await client.delete(path);
      } catch {
        // Best effort: an unreachable target at the end must not hide the results.
      }
    }
  }
}
