import type { CheckContext } from '../check/check.js';
import { CheckFailure } from '../check/outcomes.js';
import type { ApiResponse } from '../http/client.js';
import { settled } from './settle.js';

/**
 * The first candidate query that lists exactly `ids` on `path` (and, where a target may
 * choose, any of `maybe`: an inactive record a default list may leave out). A scope is a precondition of
 * the checks that use it (paging totals, boolean filters), not what they test: when no candidate
 * selects exactly the records the check created, the check is not applicable (skipped with the
 * reason) rather than failed for another filter's fault, which that filter's own check reports.
 */
export async function exactScope(
  t: CheckContext,
  path: string,
  candidates: ReadonlyArray<Readonly<Record<string, string>>>,
  ids: readonly string[],
  maybe: readonly string[] = [],
): Promise<Record<string, string>> {
  const reasons: string[] = [];
  // Records made just before: the lists may show them a moment later (settle.ts).
  const found = await settled(async () => {
    reasons.length = 0;
    for (const query of candidates) {
      const shown = new URLSearchParams(query as Record<string, string>).toString();
      const res = await t.api.get(path, { ...query, limit: 100 });
      const data = (res.json as { data?: unknown } | undefined)?.data;
      if (res.status !== 200 || !Array.isArray(data)) {
        reasons.push(`?${shown} answered ${res.status}`);
        continue;
      }
      const listed = new Set(data.map((r) => String((r as { id?: unknown } | null)?.id)));
      const extra = [...listed].filter((id) => !ids.includes(id) && !maybe.includes(id));
      if (ids.every((id) => listed.has(id)) && extra.length === 0) return { ...query };
      reasons.push(`?${shown} listed ${listed.size} records, not exactly the ${ids.length} created`);
    }
    throw new CheckFailure('no candidate scopes the list');
  }).catch((error: unknown) => {
    if (error instanceof CheckFailure) return undefined;
    throw error;
  });
  if (found !== undefined) return found;
  return t.skip(`not applicable: no filter scopes GET ${path} to the records this check created (${reasons.join('; ') || 'no candidate'})`);
}

/** `listed`, `left out` or `answered <status>`: where a list response puts one record, for observations. */
export function listedIn(res: ApiResponse, id: string): string {
  if (res.status !== 200) return `answered ${res.status}`;
  const data = (res.json as { data?: unknown } | undefined)?.data;
  return Array.isArray(data) && data.some((r) => (r as { id?: unknown } | null)?.id === id) ? 'listed' : 'left out';
}
