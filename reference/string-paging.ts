import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Variant string-paging (spec 4: a list carries "paging totals, limit and offset in pagination",
 * with no JSON type): a server may echo the paging figures as the decimal strings the query
 * string carried ("limit": "50"), and send its total the same way. Only the answer changes.
 */

/** An onSend hook: every number in the `pagination` of a list answer as a decimal string. */
export async function stringPagingHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (request.method !== 'GET' || typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    const pagination = body?.['pagination'];
    if (pagination === null || typeof pagination !== 'object' || Array.isArray(pagination)) return payload;
    const strings = Object.fromEntries(Object.entries(pagination).map(([k, v]) => [k, typeof v === 'number' ? String(v) : v]));
    return JSON.stringify({ ...body, pagination: strings });
  } catch {
    return payload;
  }
}
