import type { ApiResponse } from '../http/client.js';
import { CheckFailure } from './outcomes.js';

/**
 * The one place a check turns a response into a verdict. Every failure carries the exchange
 * (redacted curl, status, headers, body excerpt) so that it can be reproduced.
 */

export type StatusClass = '2xx' | '4xx';

function describe(res: ApiResponse): string {
  // A short excerpt: the whole one is in the exchange the report shows beside the message.
  const excerpt = res.exchange.bodyExcerpt.replace(/\s+/g, ' ').slice(0, 120);
  return `${res.exchange.method} ${new URL(res.exchange.url).pathname}${new URL(res.exchange.url).search} answered ${res.status}${excerpt ? `: ${excerpt}` : ''}`;
}

export function fail(message: string, res?: ApiResponse): never {
  throw new CheckFailure(res ? `${message} (${describe(res)})` : message, res?.exchange ?? null);
}

export function ensure(condition: unknown, message: string, res?: ApiResponse): asserts condition {
  if (!condition) fail(message, res);
}

export function isClass(status: number, cls: StatusClass): boolean {
  return cls === '2xx' ? status >= 200 && status < 300 : status >= 400 && status < 500;
}

/** `what` says what was expected, e.g. "create a contact". */
export function expectStatus(res: ApiResponse, expected: number | StatusClass, what: string): void {
  const ok = typeof expected === 'number' ? res.status === expected : isClass(res.status, expected);
  ensure(ok, `expected ${expected} to ${what}`, res);
}

/** A rejection (spec 7): any 4xx passes; 2xx means accepted, 5xx means the server broke. */
export function expectRejected(res: ApiResponse, what: string): void {
  if (isClass(res.status, '2xx')) fail(`expected a 4xx rejection, the target accepted: ${what}`, res);
  if (res.status >= 500) fail(`expected a 4xx rejection, the target failed with a server error: ${what}`, res);
  ensure(isClass(res.status, '4xx'), `expected a 4xx rejection: ${what}`, res);
}

/** Refused in any way: used where the spec only forbids success (MUST not 2xx). */
export function expectNot2xx(res: ApiResponse, what: string): void {
  if (isClass(res.status, '2xx')) fail(`expected a refusal, the target answered ${res.status}: ${what}`, res);
}

function objectBody(res: ApiResponse): Record<string, unknown> {
  const body = res.json;
  ensure(body !== null && typeof body === 'object' && !Array.isArray(body), 'expected a JSON object body', res);
  return body as Record<string, unknown>;
}

/** The record inside `data` (spec 4: records are returned in `data`). */
export function dataRecord(res: ApiResponse): Record<string, unknown> & { id: string } {
  const data = objectBody(res)['data'];
  ensure(data !== null && typeof data === 'object' && !Array.isArray(data), 'expected the record in `data`', res);
  const record = data as Record<string, unknown>;
  ensure(typeof record['id'] === 'string' && record['id'] !== '', 'expected the record in `data` to have an `id`', res);
  return record as Record<string, unknown> & { id: string };
}

export interface ListPage {
  readonly records: ReadonlyArray<Record<string, unknown>>;
  readonly pagination: Record<string, unknown>;
}

/** A list response: `data` array and `pagination` object (spec 4). */
export function listPage(res: ApiResponse): ListPage {
  const body = objectBody(res);
  ensure(Array.isArray(body['data']), 'expected the records in a `data` array', res);
  const pagination = body['pagination'];
  ensure(pagination !== null && typeof pagination === 'object' && !Array.isArray(pagination), 'expected a `pagination` object', res);
  return { records: body['data'] as Record<string, unknown>[], pagination: pagination as Record<string, unknown> };
}

export function idsOf(records: ReadonlyArray<Record<string, unknown>>): string[] {
  return records.map((r) => String(r['id']));
}
