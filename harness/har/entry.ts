import type { WireRecord } from '../http/client.js';
import type { HarEntry, HarNameValue } from './format.js';

/* Turns one exchange into an entry of the run's HTTP archive (its format: `format.ts`). */

/** Who sent an exchange. */
export interface HarOwner {
  /** null: no check's (the end-of-file cleanup). */
  readonly check: string | null;
  readonly requirement: string | null;
}

/**
 * Most of a response body an entry keeps (characters). A body is already cut at the run's read
 * bound (CONFORMANCE_MAX_RESPONSE_BYTES, 8 MiB by default); a target answering every request with
 * that much would fill the disk through the archive, so an entry keeps at most 1 MiB, as the
 * webhook sink does for a delivery. Every report's body excerpt (2,000 characters) is a prefix of it.
 */
export const HAR_MAX_BODY_CHARS = 1024 * 1024;

const pairs = (record: Readonly<Record<string, string>>): HarNameValue[] =>
  Object.entries(record)
    .map(([name, value]) => ({ name, value }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

/** A WireRecord as a HAR 1.2 entry (pure). */
export function harEntry(wire: WireRecord, owner: HarOwner): HarEntry {
  const url = new URL(wire.url);
  const queryString = [...url.searchParams.entries()].map(([name, value]) => ({ name, value }));
  const requestBytes = wire.requestBody === undefined ? 0 : Buffer.byteLength(wire.requestBody);
  const cut = wire.responseBody.length > HAR_MAX_BODY_CHARS;
  const responseText = cut ? wire.responseBody.slice(0, HAR_MAX_BODY_CHARS) : wire.responseBody;
  const responseBytes = Buffer.byteLength(wire.responseBody);
  return {
    startedDateTime: new Date(wire.sentAt).toISOString(),
    time: wire.durationMs,
    request: {
      method: wire.method,
      url: wire.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(wire.requestHeaders),
      queryString,
      ...(wire.requestBody === undefined ? {} : { postData: { mimeType: wire.requestHeaders['content-type'] ?? 'application/json', text: wire.requestBody } }),
      headersSize: -1,
      bodySize: requestBytes,
    },
    response: {
      status: wire.status ?? 0,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(wire.responseHeaders),
      content: { size: responseBytes, mimeType: wire.responseHeaders['content-type'] ?? '', text: responseText },
      redirectURL: wire.responseHeaders['location'] ?? '',
      headersSize: -1,
      bodySize: wire.status === null ? -1 : responseBytes,
      ...(wire.truncated || cut ? { _truncated: true as const } : {}),
      ...(wire.error === undefined ? {} : { _error: wire.error }),
    },
    cache: {},
    timings: { send: 0, wait: wire.durationMs, receive: 0 },
    _check: owner.check,
    _requirement: owner.requirement,
  };
}
