import type { FastifyReply, FastifyRequest, preHandlerHookHandler } from 'fastify';
import { errorBody } from './errors.js';
import { recordKey } from './lookup.js';

/*
 * Variant guarded-security: security choices the spec leaves open (spec 7: "Status codes for ...
 * insufficient permission ... not shown"), made otherwise than the plain reference server does.
 * - An id of another organisation's record is answered 403 (FORBIDDEN), an unknown id 404: the
 *   record stays hidden, only its existence shows (the SEC-ISOLATION-UNKNOWN-ALIKE SHOULD warns).
 * - A webhook URL on a loopback or private host is refused with 422 (an SSRF guard), before
 *   the key's permission is looked at.
 * - Every record answered by id carries `lastAccessedAt`, the time of that very read.
 */

/** The stores whose ids the 403 looks up, by the collection segment of the path. */
export type RecordFinder = { findAnywhere(id: string): unknown };

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\]|0\.0\.0\.0|10\.\d+\.\d+\.\d+|192\.168\.\d+\.\d+)$/i;

function refusedUrl(url: unknown): boolean {
  if (typeof url !== 'string') return false;
  try {
    return LOOPBACK.test(new URL(url).hostname);
  } catch {
    return false;
  }
}

/** preHandler: POST and PATCH /webhooks with a loopback or private URL are refused with 422. */
export const ssrfGuardHook: preHandlerHookHandler = async (request, reply) => {
  const path = request.url.split('?')[0] ?? '';
  if (!['POST', 'PATCH'].includes(request.method) || !/\/webhooks(\/[^/]+)?$/.test(path) || /\/webhooks\/(events|[^/]+\/(test|rotate-secret))$/.test(path))
    return;
  const url = (request.body as { url?: unknown } | null | undefined)?.url;
  if (refusedUrl(url)) {
    await reply
      .code(422)
      .send(errorBody('VALIDATION_FAILED', 'webhook URLs may not point at a loopback or private host', [{ path: 'url', message: 'loopback or private host' }]));
  }
};

/** onSend: a 404 for an id another organisation holds becomes 403; records read by id carry lastAccessedAt. */
export function guardedSecurityHook(stores: Readonly<Record<string, RecordFinder>>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const path = request.url.split('?')[0] ?? '';
    const match = /\/([a-z-]+)\/([^/]+)(\/[^/]*)?$/.exec(path);
    const store = match === null ? undefined : stores[match[1]!];
    const key = match === null ? undefined : recordKey(decodeURIComponent(match[2]!));
    if (reply.statusCode === 404 && store !== undefined && key !== undefined && store.findAnywhere(key) !== undefined) {
      reply.code(403);
      return JSON.stringify(errorBody('FORBIDDEN', 'the record belongs to another organisation'));
    }
    if (request.method !== 'GET' || reply.statusCode !== 200 || match === null || match[3] !== undefined || typeof payload !== 'string') return payload;
    try {
      const body = JSON.parse(payload) as { data?: unknown };
      if (body?.data === null || typeof body?.data !== 'object' || Array.isArray(body.data)) return payload;
      return JSON.stringify({ ...body, data: { ...(body.data as object), lastAccessedAt: new Date().toISOString() } });
    } catch {
      return payload;
    }
  };
}
