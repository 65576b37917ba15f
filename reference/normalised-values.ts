import type { FastifyReply, FastifyRequest } from 'fastify';

/*
 * Variant normalised-values (spec 2: "Response record fields: not shown"): a server may answer
 * with the values it stored in a normal form rather than as sent. This one answers every record
 * with e-mails in lower case, currencies in upper case, surrounding spaces trimmed from text,
 * tags sorted without repeats, start times with seconds, URLs in their standard serialisation and
 * money rounded to the cent. Only the answers change; what is stored, filtered and validated is
 * the reference's usual.
 */

const LOWER = new Set(['email', 'billingEmail']);
const MONEY = new Set(['amount', 'billableAmount', 'billableRate', 'salary']);
const URLS = new Set(['website', 'url']);
const TEXT = new Set(['name', 'description', 'notes', 'jobTitle', 'phone', 'billingAddress', 'taxNumber', 'category', 'referenceNumber', 'changeReason']);

function normaliseValue(key: string, value: unknown): unknown {
  if (typeof value === 'string') {
    if (LOWER.has(key)) return value.toLowerCase();
    if (key === 'currency') return value.toUpperCase();
    if (key === 'startTime' && /^\d{2}:\d{2}$/.test(value)) return `${value}:00`;
    if (URLS.has(key)) {
      try {
        return new URL(value).href;
      } catch {
        return value;
      }
    }
    if (TEXT.has(key)) return value.trim();
    return value;
  }
  if (typeof value === 'number' && MONEY.has(key)) return Math.round(value * 100) / 100;
  if (key === 'tags' && Array.isArray(value)) return [...new Set(value.map((tag) => String(tag).toLowerCase()))].sort();
  return normalise(value);
}

function normalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalise);
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normaliseValue(k, v)]));
}

/** An onSend hook: the `data` of every JSON answer in normal form. */
export async function normalisedValuesHook(_request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
  try {
    const body = JSON.parse(payload) as Record<string, unknown>;
    if (body === null || typeof body !== 'object' || !('data' in body)) return payload;
    return JSON.stringify({ ...body, data: normalise(body['data']) });
  } catch {
    return payload;
  }
}
