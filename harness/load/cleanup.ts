import type { ApiClient } from '../http/client.js';

export interface CleanupResult {
  readonly deleted: number;
  /** Tagged records still there after the sweep; null when the sweep could not finish. */
  readonly leftover: number | null;
  readonly problems: string[];
}

export interface CleanupOptions {
  /** Parallel deletes. */
  readonly concurrency: number;
  /** Give up (and report what is left) after this long. */
  readonly maxDurationMs: number;
  /** Pages of 100 the sweep reads at most. */
  readonly maxSweepPages: number;
}

function hasTag(record: unknown, tag: string): record is { id: string; tags: string[] } {
  const r = record as { id?: unknown; tags?: unknown } | null;
  // A server may keep tags in another case (the spec does not say).
  return typeof r?.id === 'string' && Array.isArray(r.tags) && r.tags.some((t) => String(t).toLowerCase() === tag.toLowerCase());
}

/**
 * Deletes what the run created, and nothing else (the SRE's safety rule): first every id a
 * create answered with, then a sweep that lists contacts matching the run id (`search`, spec
 * 4.1) and deletes those whose `tags` hold the run's tag, for creates whose answer never arrived.
 * A record is only ever deleted by an id the run created or after its tag was read back. 404 on
 * delete means already gone.
 */
export async function cleanUpContacts(client: ApiClient, ids: readonly string[], tag: string, search: string, options: CleanupOptions): Promise<CleanupResult> {
  const deadline = performance.now() + options.maxDurationMs;
  const problems: string[] = [];
  let deleted = 0;
  const failures = new Map<number, number>();
  const remove = async (id: string): Promise<boolean> => {
    try {
      const response = await client.delete(`/contacts/${encodeURIComponent(id)}`);
      if ((response.status >= 200 && response.status < 300) || response.status === 404) {
        if (response.status !== 404) deleted += 1;
        return true;
      }
      failures.set(response.status, (failures.get(response.status) ?? 0) + 1);
    } catch (error) {
      if (problems.length < 5) problems.push(`DELETE /contacts/{id}: ${(error as Error).message}`);
    }
    return false;
  };

  const queue = [...new Set(ids)];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, options.concurrency) }, async () => {
      while (next < queue.length && performance.now() < deadline) await remove(queue[next++]!);
    }),
  );
  if (next < queue.length)
    problems.push(`cleanup stopped after ${Math.round(options.maxDurationMs / 1000)} s with ${queue.length - next} records not yet deleted`);

  // The sweep: offset only moves past records that are not ours, since deleting shifts the rest up.
  let leftover: number | null = 0;
  let offset = 0;
  let pages = 0;
  for (;;) {
    if (pages >= options.maxSweepPages || performance.now() >= deadline) {
      problems.push(`the sweep for records tagged ${tag} stopped after ${pages} pages; some may remain`);
      leftover = null;
      break;
    }
    pages += 1;
    let page: unknown[];
    try {
      const response = await client.get('/contacts', { search, limit: 100, offset });
      const data = (response.json as { data?: unknown } | undefined)?.data;
      if (response.status !== 200 || !Array.isArray(data)) {
        problems.push(`the sweep could not list contacts (GET /contacts?search=... answered ${response.status})`);
        leftover = null;
        break;
      }
      page = data;
    } catch (error) {
      problems.push(`the sweep could not list contacts: ${(error as Error).message}`);
      leftover = null;
      break;
    }
    for (const record of page) {
      if (hasTag(record, tag) && (await remove(record.id))) continue;
      if (hasTag(record, tag)) leftover = (leftover ?? 0) + 1;
      offset += 1;
    }
    if (page.length < 100) break;
  }
  for (const [status, n] of failures) problems.push(`${n} × DELETE /contacts/{id} answered ${status}`);
  return { deleted, leftover, problems };
}
