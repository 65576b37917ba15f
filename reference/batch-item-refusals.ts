import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Variant batch-item-refusals (spec 4.10: "Per-item outcome and partial-failure behaviour: not
 * shown"): a batch whose items break a field rule is answered 200, with the refused items inside
 * and nothing applied, where the reference answers 400. A body that is wrong as a whole (not an
 * array, too few or too many items) is still refused with 400.
 */

const ITEM_PATH = /^(?:entries|updates|ids)\.(\d+)(?:\.|$)/;

interface Issue {
  readonly path?: unknown;
  readonly message?: unknown;
}

/** An onSend hook on /batch/time-entries: a 400 about items only becomes a 200 listing them as failed. */
export async function batchItemRefusalsHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 400 || typeof payload !== 'string' || !new URL(request.url, 'http://reference').pathname.endsWith('/batch/time-entries'))
    return payload;
  try {
    const issues = (JSON.parse(payload) as { error?: { issues?: Issue[] } }).error?.issues;
    if (!Array.isArray(issues) || issues.length === 0) return payload;
    const indexes = issues.map((issue) => ITEM_PATH.exec(String(issue.path ?? ''))?.[1]);
    if (indexes.some((index) => index === undefined)) return payload;
    const failed = [...new Set(indexes)].map((index) => ({
      index: Number(index),
      errors: issues.filter((issue) => ITEM_PATH.exec(String(issue.path))?.[1] === index).map((issue) => String(issue.message)),
    }));
    reply.code(200);
    return JSON.stringify({ data: { applied: 0, failed } });
  } catch {
    return payload;
  }
}
