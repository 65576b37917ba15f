import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Variant brief-lists (spec 4: a list returns "the records in data"; spec 2: "Response record
 * fields: not shown"): a server may list records in brief, as many APIs do to keep lists light,
 * and show the whole record only on a read by id. This one lists each record of the main
 * collections with its id and, where it has one, its name; filters, paging and totals are the
 * reference's usual. Report definitions, projects and delivery logs are listed whole.
 */

/** The collections listed in brief (the first segment after /api/v1). */
const BRIEF = new Set(['contacts', 'expenses', 'time-entries', 'resources', 'rates', 'allocations', 'tasks', 'milestones', 'webhooks']);

function brief(record: unknown): unknown {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return record;
  const { id, name } = record as Record<string, unknown>;
  return name === undefined ? { id } : { id, name };
}

/** An onSend hook: the records of a list answer of the main collections in brief. */
export async function briefListsHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== 'GET' || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  const segments = new URL(request.url, 'http://reference').pathname.split('/').filter((s) => s !== '');
  // /api/v1/<collection>, nothing after it: a list.
  if (segments.length !== 3 || !BRIEF.has(segments[2]!)) return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (body === null || typeof body !== 'object' || !Array.isArray(body['data'])) return payload;
    return JSON.stringify({ ...body, data: body['data'].map(brief) });
  } catch {
    return payload;
  }
}
