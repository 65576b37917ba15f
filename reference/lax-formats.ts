import type { FastifyRequest } from 'fastify';

/*
 * Variant lax-formats: readings of input the spec leaves open, as widely used parsers make them.
 * - A URL without its scheme (`example.com/hook`) is taken as https (validator.js isURL and
 *   class-validator IsUrl take it by default; spec 2 names no URL grammar).
 * - A start time with second 60 (`12:05:60`, a leap second: RFC 3339 and ISO 8601 allow it) is
 *   taken, as the last second of that minute.
 * - Numbers are read to the cent, as a decimal column keeps them (RFC 8259 section 6 lets a
 *   server limit precision): 24.000000000000004 is 24.
 * - An empty query value (`?contactTypeKey=`) is the parameter left out.
 */

const URL_FIELDS = new Set(['url', 'website']);

function lax(key: string, value: unknown): unknown {
  if (typeof value === 'number' && Number.isFinite(value)) {
    const cents = Math.round(value * 100) / 100;
    return Math.abs(cents - value) < 1e-9 ? cents : value;
  }
  if (typeof value === 'string') {
    if (URL_FIELDS.has(key) && /^[a-z0-9-]+(?:\.[a-z0-9-]+)+(?:[/?#].*)?$/i.test(value)) return `https://${value}`;
    if (key === 'startTime' && /^\d{2}:\d{2}:60$/.test(value)) return `${value.slice(0, 6)}59`;
    return value;
  }
  if (Array.isArray(value)) return value.map((item) => lax(key, item));
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, lax(k, v)]));
  return value;
}

/** A preHandler: the body and query read the lax way before the routes validate them. */
export async function laxFormatsHook(request: FastifyRequest): Promise<void> {
  if (request.body !== null && typeof request.body === 'object') request.body = lax('', request.body);
  const query = request.query as Record<string, unknown> | undefined;
  if (query !== undefined && query !== null && typeof query === 'object') {
    for (const [key, value] of Object.entries(query)) if (value === '') delete query[key];
  }
}
