import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Variant sparse-records (spec 2: "Response record fields: not shown"; 4: "Contents of the
 * records inside `data` beyond the request fields: not shown"): a server may keep some input
 * fields write-only and leave them out of every record it answers with. This one leaves out a
 * contact's taxNumber and notes, a resource's salary, salaryPeriod, externalUserId and
 * employmentType, and a rate's period and hoursPerPeriod, in single records and in lists alike.
 * Only the answers change: what is stored, filtered and validated is the reference's usual.
 */

const WRITE_ONLY: ReadonlyArray<readonly [RegExp, readonly string[]]> = [
  [/\/contacts(\/[^/]+)?$/, ['taxNumber', 'notes']],
  [/\/resources(\/[^/]+)?$/, ['salary', 'salaryPeriod', 'externalUserId', 'employmentType']],
  [/\/rates(\/[^/]+)?$/, ['period', 'hoursPerPeriod']],
];

function strip(value: unknown, fields: readonly string[]): unknown {
  if (Array.isArray(value)) return value.map((item) => strip(item, fields));
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).filter(([key]) => !fields.includes(key)));
}

/** An onSend hook: the `data` of the answers of those collections without their write-only fields. */
export async function sparseRecordsHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  const path = request.url.split('?')[0]!.replace(/\/+$/, '');
  const fields = WRITE_ONLY.find(([pattern]) => pattern.test(path))?.[1];
  if (fields === undefined) return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (body === null || typeof body !== 'object' || !('data' in body)) return payload;
    return JSON.stringify({ ...body, data: strip(body['data'], fields) });
  } catch {
    return payload;
  }
}
