import type { Redactor } from './redact.js';

export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string | undefined;
}

/** POSIX shell single-quoting. */
function quote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The request as a runnable curl command with credentials masked (the reader substitutes their own). */
export function toCurl(request: CurlRequest, redactor: Redactor): string {
  const parts = ['curl', '-i', '-X', request.method, quote(redactor.redact(request.url))];
  for (const [name, value] of Object.entries(request.headers).sort(([a], [b]) => a.localeCompare(b))) {
    parts.push('-H', quote(`${name}: ${redactor.redactHeader(name, value)}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', quote(redactor.redact(request.body)));
  return parts.join(' ');
}
