import { request } from 'undici';
import { HarnessError } from '../errors.js';
import type { ExchangeRecord } from '../report/model.js';
import { toCurl } from './curl.js';
import type { Redactor } from './redact.js';
import { retryAfterMs } from './retry-after.js';

/** How the key travels (spec 5.1); `none` sends no credentials at all. */
export type AuthStyle = 'x-api-key' | 'bearer' | 'none';

export type QueryValue = string | number | boolean | undefined;

export interface SendOptions {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Relative to the base URL, e.g. `/contacts/123`. */
  readonly path: string;
  readonly query?: Readonly<Record<string, QueryValue>>;
  /** Serialised as JSON. */
  readonly body?: unknown;
  /** Sent as is, with `Content-Type: application/json` (for malformed bodies). */
  readonly rawBody?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ApiResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
  /** The parsed body, or undefined when it is empty or not JSON. */
  readonly json: unknown;
  readonly exchange: ExchangeRecord;
}

/** Counters a check reads to report throttling. */
export interface ClientStats {
  throttled: number;
  throttledMs: number;
}

export interface ClientOptions {
  readonly baseUrl: string;
  readonly key?: string | undefined;
  readonly authStyle?: AuthStyle;
  readonly timeoutMs: number;
  readonly redactor: Redactor;
  /** Called with every exchange, already redacted. */
  readonly onExchange?: (exchange: ExchangeRecord) => void;
  /** Called with every successful create, so the run can clean up what it made. */
  readonly onCreated?: (path: string, id: string) => void;
  readonly stats?: ClientStats;
  /** A 429 is waited out (Retry-After, at most this long each time) and retried this many times. */
  readonly throttle?: { readonly maxWaitMs: number; readonly maxRetries: number };
  readonly sleep?: (ms: number) => Promise<void>;
}

/** The request could not be sent or got no answer in time (a harness-side error, not a verdict). */
export class RequestFailedError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('REQUEST_FAILED', message, options);
  }
}

/** A functional check stayed throttled after every allowed wait: not the check's failure. */
export class ThrottledError extends HarnessError {
  constructor(message: string) {
    super('THROTTLED', message);
  }
}

const BODY_EXCERPT_CHARS = 2000;
const DEFAULT_THROTTLE = { maxWaitMs: 65_000, maxRetries: 3 } as const;
/** For rate-limit checks: every 429 is returned as it came. */
export const RAW_429 = { maxWaitMs: 0, maxRetries: 0 } as const;

export function buildUrl(baseUrl: string, path: string, query?: Readonly<Record<string, QueryValue>>): string {
  const url = new URL(baseUrl.replace(/\/+$/, '') + path);
  for (const [name, value] of Object.entries(query ?? {})) {
    if (value !== undefined) url.searchParams.append(name, String(value));
  }
  return url.toString();
}

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function flattenHeaders(raw: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(raw)) {
    if (value !== undefined) out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  return out;
}

/**
 * One target, one key, one auth style. Every exchange is recorded for the report; a 429 is
 * waited out and counted as throttling, never returned to the check (spec 8).
 */
export class ApiClient {
  readonly #options: ClientOptions;

  constructor(options: ClientOptions) {
    this.#options = options;
  }

  /** The same target with another key, auth style or 429 handling. */
  with(overrides: Partial<Pick<ClientOptions, 'key' | 'authStyle' | 'throttle'>>): ApiClient {
    return new ApiClient({ ...this.#options, ...overrides });
  }

  get(path: string, query?: Readonly<Record<string, QueryValue>>): Promise<ApiResponse> {
    return this.send({ method: 'GET', path, ...(query ? { query } : {}) });
  }

  post(path: string, body?: unknown): Promise<ApiResponse> {
    return this.send({ method: 'POST', path, body });
  }

  patch(path: string, body: unknown): Promise<ApiResponse> {
    return this.send({ method: 'PATCH', path, body });
  }

  delete(path: string): Promise<ApiResponse> {
    return this.send({ method: 'DELETE', path });
  }

  async send(options: SendOptions): Promise<ApiResponse> {
    const throttle = this.#options.throttle ?? DEFAULT_THROTTLE;
    for (let attempt = 0; ; attempt++) {
      const response = await this.#sendOnce(options);
      // maxRetries 0: the caller wants the raw 429 (rate-limit checks).
      if (response.status !== 429 || throttle.maxRetries === 0) return response;
      if (attempt >= throttle.maxRetries) {
        throw new ThrottledError(
          `${options.method} ${options.path}: still answered 429 after ${attempt} waits; give this key a higher per-minute limit on the target`,
        );
      }
      const waitMs = Math.min(retryAfterMs(response.headers['retry-after']) ?? 1000, throttle.maxWaitMs);
      if (this.#options.stats) {
        this.#options.stats.throttled += 1;
        this.#options.stats.throttledMs += waitMs;
      }
      await (this.#options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(waitMs);
    }
  }

  async #sendOnce(options: SendOptions): Promise<ApiResponse> {
    const { baseUrl, key, authStyle = 'x-api-key', timeoutMs, redactor } = this.#options;
    const url = buildUrl(baseUrl, options.path, options.query);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (key !== undefined && authStyle === 'x-api-key') headers['x-api-key'] = key;
    if (key !== undefined && authStyle === 'bearer') headers['authorization'] = `Bearer ${key}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] = 'application/json';
    Object.assign(headers, options.headers);

    const started = performance.now();
    let status: number;
    let responseHeaders: Record<string, string>;
    let text: string;
    try {
      const res = await request(url, {
        method: options.method,
        headers,
        body,
        signal: AbortSignal.timeout(timeoutMs),
      });
      status = res.statusCode;
      responseHeaders = flattenHeaders(res.headers);
      text = await res.body.text();
    } catch (cause) {
      const reason =
        (cause as Error).name === 'TimeoutError' ? `no answer within ${timeoutMs} ms` : (cause as Error).message;
      throw new RequestFailedError(`${options.method} ${redactor.redact(url)}: ${reason}`, { cause });
    }
    const exchange: ExchangeRecord = {
      curl: toCurl({ method: options.method, url, headers, body }, redactor),
      method: options.method,
      url: redactor.redact(url),
      status,
      responseHeaders: Object.fromEntries(
        Object.entries(responseHeaders).map(([name, value]) => [name, redactor.redactHeader(name, value)]),
      ),
      bodyExcerpt: redactor.redact(text.slice(0, BODY_EXCERPT_CHARS)),
      durationMs: Math.round((performance.now() - started) * 100) / 100,
    };
    this.#options.onExchange?.(exchange);
    const json = parseJson(text);
    if (options.method === 'POST' && status >= 200 && status < 300) this.#noteCreated(options.path, json);
    return { status, headers: responseHeaders, text, json, exchange };
  }

  #noteCreated(path: string, json: unknown): void {
    const data = (json as { data?: { id?: unknown } } | undefined)?.data;
    if (this.#options.onCreated && typeof data?.id === 'string' && /^\/[a-z-]+$/.test(path)) {
      this.#options.onCreated(path, data.id);
    }
  }
}
