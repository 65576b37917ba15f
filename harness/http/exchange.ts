import type { ExchangeRecord } from '../report/model.js';
import { toCurl, type CurlRequest } from './curl.js';
import type { Redactor } from './redact.js';

/** How much of a response body the report keeps. */
export const BODY_EXCERPT_CHARS = 2000;

export interface AnsweredExchange {
  readonly request: CurlRequest;
  /** The request URL as shown (already redacted). */
  readonly shownUrl: string;
  readonly status: number;
  /** As received, lower-case names, not yet redacted. */
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The body as read, not yet redacted. */
  readonly text: string;
  readonly durationMs: number;
}

/**
 * The exchange kept for the report, with the redacted curl command, response headers and body
 * excerpt built only when read: most exchanges belong to passing checks and are never shown, and
 * redacting and quoting them all was a good part of the harness's time per request.
 */
export function answeredExchange(answer: AnsweredExchange, redactor: Redactor): ExchangeRecord {
  // Accessors in an object literal (not defineProperty, far slower): JSON, structured clone and
  // spreading read them like plain values, in this key order; each is computed once, and may be set.
  let curl: string | undefined;
  let responseHeaders: Record<string, string> | undefined;
  let bodyExcerpt: string | undefined;
  return {
    get curl(): string {
      return (curl ??= toCurl(answer.request, redactor));
    },
    set curl(value: string) {
      curl = value;
    },
    method: answer.request.method,
    url: answer.shownUrl,
    status: answer.status,
    get responseHeaders(): Record<string, string> {
      return (responseHeaders ??= Object.fromEntries(
        Object.entries(answer.responseHeaders).map(([name, value]) => [name, redactor.redactHeader(name, value)]),
      ));
    },
    set responseHeaders(value: Record<string, string>) {
      responseHeaders = value;
    },
    get bodyExcerpt(): string {
      // Redacted before it is cut: a key across the cut would no longer match.
      return (bodyExcerpt ??= redactor.redact(answer.text).slice(0, BODY_EXCERPT_CHARS));
    },
    set bodyExcerpt(value: string) {
      bodyExcerpt = value;
    },
    durationMs: answer.durationMs,
  };
}
