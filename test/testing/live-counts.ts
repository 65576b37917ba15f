import { ENDPOINTS } from '../../harness/spec/endpoints.js';

/** Every collection of the API (spec 4) that lists records. */
const COLLECTIONS = ENDPOINTS.filter((e) => e.method === 'GET' && /^\/[a-z-]+$/.test(e.path)).map((e) => e.path);

/** Spec 4.4, 4.5, 4.7: a deleted resource or task is soft-deleted, a deleted rate deactivated; they stay listed. */
const LIVE_ONLY: Readonly<Record<string, string>> = { '/tasks': '&lifecycleScope=active', '/resources': '&isActive=true', '/rates': '&isActive=true' };

/** Live records each key sees in each collection: an interrupted run must leave these as it found them. */
export async function liveCounts(baseUrl: string, keys: readonly string[]): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const key of keys) {
    for (const path of COLLECTIONS) {
      const response = await fetch(`${baseUrl}${path}?limit=1${LIVE_ONLY[path] ?? ''}`, { headers: { 'x-api-key': key } });
      const body = (await response.json()) as { pagination?: { total?: number } };
      counts[`${key.slice(0, 8)} ${path}`] = body.pagination?.total ?? -1;
    }
  }
  return counts;
}
