import type { CheckResult, ExchangeRecord, PropertyRecord, Report, SourceLocation } from './model.js';
import { compareText } from './order.js';

/*
 * Numbers, durations and evidence as text, worded the same in every format. Pure and
 * locale-independent (no toLocaleString): same report, same bytes, on any machine.
 */

/** Deterministic number text: at most `decimals` places, no trailing zeros, no locale. */
export function formatNumber(n: number, decimals = 2): string {
  if (!Number.isFinite(n)) return String(n);
  const fixed = n.toFixed(decimals);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return trimmed === '-0' ? '0' : trimmed;
}

/** `840 ms`, `12.4 s`, `3 min 07 s`. */
export function formatDuration(ms: number): string {
  if (ms < 999.5) return `${Math.round(ms)} ms`;
  // Below 59.95 s so that rounding never prints "60.0 s".
  if (ms < 59_950) return `${(ms / 1000).toFixed(1)} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${String(seconds % 60).padStart(2, '0')} s`;
}

/** `1 check`, `3 checks`. */
export function plural(n: number, word: string, words = `${word}s`): string {
  return `${n} ${n === 1 ? word : words}`;
}

/** The response of an exchange as plain text: status line, sorted headers, blank line, body. */
export function formatResponse(exchange: ExchangeRecord): string {
  const statusLine =
    exchange.status === null ? `no response (${formatDuration(exchange.durationMs)})` : `HTTP ${exchange.status} (${formatDuration(exchange.durationMs)})`;
  const headers = Object.keys(exchange.responseHeaders)
    .sort(compareText)
    .map((name) => `${name}: ${exchange.responseHeaders[name]}`);
  const body = exchange.bodyExcerpt === '' ? [] : ['', exchange.bodyExcerpt];
  return [statusLine, ...headers, ...body].join('\n');
}

/** fast-check details as one line: enough to replay the exact failing run. */
export function formatProperty(property: PropertyRecord): string {
  const path = property.path === null ? '' : `, path "${property.path}"`;
  return `seed ${property.seed}${path}, ${plural(property.numRuns, 'run')}`;
}

/** Where a check is declared: `suites/contacts.test.ts:42`, then `via harness/crosscutting/validation.ts:17` when a helper declared it. */
export function formatDeclaredAt(locations: readonly SourceLocation[]): string {
  return locations.map(({ file, line }, i) => `${i === 0 ? '' : 'via '}${file}:${line}`).join(' ');
}

/**
 * A check's message, ending in the code of the error that ended it (`... [REQUEST_FAILED]`) when
 * its status is error: the key to its row in docs/why-did-my-run-stop.md, as the CLI's lines end.
 */
export function checkMessage(check: Pick<CheckResult, 'message' | 'status' | 'errorCode'>): string | null {
  const { message, code } = messageAndCode(check);
  return message === null ? code : code === null ? message : `${message} ${code}`;
}

/** The two parts of `checkMessage`, for a format that clips the message and keeps the code whole. */
export function messageAndCode(check: Pick<CheckResult, 'message' | 'status' | 'errorCode'>): { message: string | null; code: string | null } {
  const message = check.message === null || check.message === '' ? null : check.message;
  const code = check.status === 'error' && check.errorCode !== undefined ? `[${check.errorCode}]` : null;
  return { message, code: code !== null && message?.endsWith(code) === true ? null : code };
}

/** Why the run stopped early, ending in its code (`[RUN_DEADLINE]`) when the run could read one. */
export function stopLine(stoppedBy: NonNullable<Report['stoppedBy']>): string {
  return stoppedBy.code === null || stoppedBy.reason.endsWith(`[${stoppedBy.code}]`) ? stoppedBy.reason : `${stoppedBy.reason} [${stoppedBy.code}]`;
}
