import { RequestFailedError, ResponseTooLargeError, RunStoppedError, ThrottledError } from '../errors.js';
import type { ExchangeRecord } from '../report/model.js';
import { RequestDeadline } from './deadline.js';
import { BODY_EXCERPT_CHARS, answeredExchange } from './exchange.js';
import { type TargetHealth } from './health.js';
import { DIRECT, diagnoseTls, proxyFor, shownProxy, targetDispatcher, type TargetNetwork } from './network.js';
import type { Redactor } from './redact.js';
import { retryAfterMs } from './retry-after.js';
import { request } from './undici.js';

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
  /** How many 429 answers this request waited out before this answer (absent: none). */
  readonly throttled?: number;
}

/**
 * One request as it went over the wire and what came back, for an HTTP archive: every value
 * already redacted (keys, webhook secrets), the response body as read (up to the read bound).
 */
export interface WireRecord {
  /** Epoch milliseconds when it was sent. */
  readonly sentAt: number;
  readonly method: string;
  readonly url: string;
  readonly requestHeaders: Readonly<Record<string, string>>;
  readonly requestBody: string | undefined;
  /** null: no answer (see `error`). */
  readonly status: number | null;
  readonly responseHeaders: Readonly<Record<string, string>>;
  /** The body as read; of a body cut at the read bound, only its start (the excerpt's bytes). */
  readonly responseBody: string;
  /** The body was cut at the read bound. */
  readonly truncated: boolean;
  readonly durationMs: number;
  readonly error?: string;
}

/** Counters a check reads to report throttling. */
export interface RequestGuard {
  before?(request: SendOptions): void;
  after?(request: SendOptions, response: ApiResponse): void;
}

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
  /** Called with every request sent, answered or not, in full (bounded) and redacted: the HAR recorder. */
  readonly onWire?: (wire: WireRecord) => void;
  /** Called with every successful create, so the run can clean up what it made. */
  readonly onCreated?: (path: string, id: string) => void;
  /** Called with the status of every answered DELETE of one record (`/tasks/<id>`): the run's ledger. */
  readonly onDeleted?: (path: string, status: number) => void;
  /** Called with every create (`POST /contacts`, `POST /batch/time-entries`) sent that got no answer: it may have made a record the run never learns of. */
  readonly onCreateUnanswered?: (path: string) => void;
  /**
   * Around each request of this key: `before` may refuse to send it, `after` may refuse its
   * answer (both by throwing). The check runtime ends a check unverified through it.
   */
  readonly guard?: RequestGuard;
  readonly stats?: ClientStats;
  /** A 429 is waited out (Retry-After, at most this long each time) and retried this many times. */
  readonly throttle?: { readonly maxWaitMs: number; readonly maxRetries: number };
  readonly sleep?: (ms: number) => Promise<void>;
  /** Added to each 429 wait (default `retryJitterMs`: random); a test gives its own. */
  readonly jitter?: (waitMs: number) => number;
  /** No body is read past this many bytes (CONFORMANCE_MAX_RESPONSE_BYTES); default DEFAULT_MAX_RESPONSE_BYTES. */
  readonly maxResponseBytes?: number;
  /** The run's breaker: every exchange reports to it, and no request goes out once it opened. */
  readonly health?: TargetHealth;
  /** Aborts requests in flight and refuses new ones (vitest aborts a check's signal on its timeout or a cancel). */
  readonly signal?: AbortSignal;
  /** The run's rate-limit policy (harness/runner/throttle.ts): pacing, the throttling budget, 429 retries. */
  readonly governor?: RequestGovernor;
  /** The CA file and proxy use of the run (harness/http/network.ts); unset: direct (network.ts DIRECT). */
  readonly network?: TargetNetwork;
}

/**
 * Shared by every client of a run ("throttling is diagnosed, not endured"). Both
 * methods throw RunStoppedError (harness/http/health.ts) once the run stopped, including when
 * the wait spent the run's throttling budget.
 */
export interface RequestGovernor {
  /** 429 handling for clients that did not choose their own (`throttle`). */
  readonly retries: { readonly maxWaitMs: number; readonly maxRetries: number };
  /** Before each request with `key` (a retry too): waits for the key's paced turn, counts it. */
  beforeRequest(key: string | undefined, signal?: AbortSignal): Promise<void>;
  /** Waits out one 429 of `key` for `ms`; returns early when `signal` aborts. */
  waitOut429(key: string | undefined, ms: number, signal?: AbortSignal): Promise<void>;
}

/** The default of CONFORMANCE_MAX_RESPONSE_BYTES (see harness/config/schema.ts for why). */
export const DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;
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

/** Stateless between calls (no stream), so one serves every response. */
const UTF8 = new TextDecoder();

function parseJson(text: string): unknown {
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function abortReason(signal: AbortSignal): string {
  const reason = signal.reason as { message?: unknown } | undefined;
  return typeof reason?.message === 'string' && reason.message !== '' ? reason.message : 'the check was stopped';
}

/** `8 MiB`, `512 KiB`, `100 bytes`: how a bound reads in a message. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(1)} MiB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}

/** What is kept of a body past the bound: enough bytes for the excerpt (up to 4 bytes a character in UTF-8). */
export const EXCERPT_BYTES = BODY_EXCERPT_CHARS * 4;

interface BoundedBody {
  readonly bytes: Buffer;
  /** Past the bound: `bytes` holds only the start (for the excerpt). */
  readonly tooLarge: boolean;
  /** What the bound was exceeded by: the declared length, or the bytes read when it was crossed. */
  readonly seen: number;
  readonly declared: boolean;
}

/**
 * Reads a body chunk by chunk and stops at `max` bytes: a body that says it is larger
 * (Content-Length) is not read at all, one that turns out larger is cut where it crosses the
 * bound; the stream is destroyed either way, so the rest never reaches memory.
 */
async function readBounded(
  body: AsyncIterable<Buffer> & { destroy(error?: Error): unknown },
  declaredLength: string | undefined,
  max: number,
): Promise<BoundedBody> {
  const declared = declaredLength !== undefined && /^\d+$/.test(declaredLength) ? Number(declaredLength) : undefined;
  if (declared !== undefined && declared > max) {
    body.destroy();
    return { bytes: Buffer.alloc(0), tooLarge: true, seen: declared, declared: true };
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    if (size + chunk.length > max) {
      body.destroy();
      // Only the start survives, copied out of the chunks: the bytes read up to the bound (up to
      // CONFORMANCE_MAX_RESPONSE_BYTES) would otherwise live on in the exchange, its error and the
      // HAR record of every check that met a huge body, and a run against a target answering
      // them peaked near its memory bound.
      const start = Buffer.concat([...chunks, chunk], Math.min(EXCERPT_BYTES, size + chunk.length));
      return { bytes: start, tooLarge: true, seen: size + chunk.length, declared: false };
    }
    chunks.push(chunk);
    size += chunk.length;
  }
  return { bytes: Buffer.concat(chunks, size), tooLarge: false, seen: size, declared: false };
}

/**
 * A random share of a 429 wait added to it: requests refused together (a file's checks side by
 * side, the exploration's sequences) are told the same Retry-After, and waiting exactly that long
 * sends them together again, into the same refusal (a limiter that spaces requests, such as
 * nginx's limit_req without a burst, refuses all but one of any that arrive in one millisecond).
 * Up to a quarter of the wait, at most 250 ms: enough to spread them, small beside the wait.
 */
export function retryJitterMs(waitMs: number): number {
  return Math.floor(Math.random() * Math.min(250, waitMs / 4));
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
    const options: ClientOptions = { ...this.#options, ...overrides };
    // A guard is about its key: another key goes unguarded.
    if (overrides.key !== undefined && overrides.key !== this.#options.key) delete (options as { guard?: RequestGuard }).guard;
    return new ApiClient(options);
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
    const { governor, guard, key, signal, stats } = this.#options;
    const throttle = this.#options.throttle ?? governor?.retries ?? DEFAULT_THROTTLE;
    guard?.before?.(options);
    for (let attempt = 0; ; attempt++) {
      await governor?.beforeRequest(key, signal);
      const response = await this.#sendOnce(options);
      // maxRetries 0: the caller wants the raw 429 (rate-limit checks).
      if (response.status !== 429 || throttle.maxRetries === 0) {
        guard?.after?.(options, response);
        return attempt === 0 ? response : { ...response, throttled: attempt };
      }
      if (attempt >= throttle.maxRetries) {
        throw new ThrottledError(
          `${options.method} ${options.path}: still answered 429 after ${attempt} waits; give this key a higher per-minute limit on the target`,
        );
      }
      const cappedMs = Math.min(retryAfterMs(response.headers['retry-after']) ?? 1000, throttle.maxWaitMs);
      const waitMs = cappedMs + (this.#options.jitter ?? retryJitterMs)(cappedMs);
      if (stats) stats.throttled += 1;
      if (governor === undefined) {
        if (stats) stats.throttledMs += waitMs;
        await (this.#options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms))))(waitMs);
        continue;
      }
      // The governor may cut the wait short (the run's throttling budget spent, the run stopped).
      const started = Date.now();
      try {
        await governor.waitOut429(key, waitMs, signal);
      } finally {
        if (stats) stats.throttledMs += Date.now() - started;
      }
    }
  }

  /** One request, counted in flight until its answer is read and its create noted (harness/http/health.ts `sending`). */
  async #sendOnce(options: SendOptions): Promise<ApiResponse> {
    const done = this.#options.health?.sending();
    try {
      return await this.#exchange(options);
    } finally {
      done?.();
    }
  }

  async #exchange(options: SendOptions): Promise<ApiResponse> {
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
    const shownUrl = redactor.redact(url);
    const { health, signal } = this.#options;
    // Once the breaker opened or the run deadline passed, nothing more goes out.
    // While the target is away the run is paused: the request waits for it (harness/runner/outage.ts).
    await health?.ready();
    if (signal?.aborted) this.#stopped(options.method, shownUrl, signal, 'not sent');
    const maxBytes = this.#options.maxResponseBytes ?? DEFAULT_MAX_RESPONSE_BYTES;
    // One deadline for headers and body alike (undici's own timers fire late, see TOOLCHAIN.md).
    const deadline = new RequestDeadline(timeoutMs, signal);
    const sentAt = Date.now();
    let status: number;
    let responseHeaders: Record<string, string>;
    let read: BoundedBody;
    try {
      const { network } = this.#options;
      const res = await request(targetDispatcher(network ?? DIRECT), url, { method: options.method, headers, body, signal: deadline.signal });
      status = res.statusCode;
      responseHeaders = flattenHeaders(res.headers);
      read = await readBounded(res.body, responseHeaders['content-length'], maxBytes);
    } catch (cause) {
      if (options.method === 'POST' && /^\/(?:[a-z-]+|batch\/time-entries)$/.test(options.path)) this.#options.onCreateUnanswered?.(options.path);
      // The check was stopped (its time limit, a cancelled run): not the target's fault.
      if (signal?.aborted && !deadline.timedOut) this.#stopped(options.method, shownUrl, signal, 'stopped', cause);
      const reason = this.#failure(url, cause, deadline.timedOut || (cause as Error).name === 'TimeoutError');
      this.#wire({
        sentAt,
        started,
        method: options.method,
        url: shownUrl,
        headers,
        body,
        status: null,
        responseHeaders: {},
        text: '',
        truncated: false,
        error: redactor.redact(reason),
      });
      health?.recordFailure(`${options.method} ${shownUrl}: ${reason}`, sentAt);
      throw new RequestFailedError(`${options.method} ${shownUrl}: ${reason}`, { cause });
    } finally {
      deadline.dispose();
    }
    // An answer, even one too large to read: the target is alive.
    health?.recordAnswer(Date.now(), sentAt);
    const text = UTF8.decode(read.bytes);
    const exchange = answeredExchange(
      {
        request: { method: options.method, url, headers, body },
        shownUrl,
        status,
        responseHeaders,
        text,
        durationMs: Math.round((performance.now() - started) * 100) / 100,
      },
      redactor,
    );
    this.#options.onExchange?.(exchange);
    this.#wire({ sentAt, started, method: options.method, url: shownUrl, headers, body, status, responseHeaders, text, truncated: read.tooLarge });
    if (read.tooLarge) {
      const size = read.declared ? `Content-Length ${read.seen}` : `more than ${read.seen} bytes`;
      throw new ResponseTooLargeError(
        `the response to ${options.method} ${shownUrl} (status ${status}) exceeded the ${formatBytes(maxBytes)} read bound ` +
          `(CONFORMANCE_MAX_RESPONSE_BYTES; ${size}); it was not read further, so it could not be judged`,
        exchange,
      );
    }
    const json = parseJson(text);
    if (options.method === 'POST' && status >= 200 && status < 300) this.#noteCreated(options.path, json);
    if (options.method === 'DELETE' && this.#options.onDeleted && /^\/[a-z-]+\/[^/?]+$/.test(options.path)) this.#options.onDeleted(options.path, status);
    return { status, headers: responseHeaders, text, json, exchange };
  }

  #wire(raw: {
    sentAt: number;
    started: number;
    method: string;
    url: string;
    headers: Readonly<Record<string, string>>;
    body: string | undefined;
    status: number | null;
    responseHeaders: Readonly<Record<string, string>>;
    text: string;
    truncated: boolean;
    error?: string;
  }): void {
    const { onWire, redactor } = this.#options;
    if (onWire === undefined) return;
    const headers = (from: Readonly<Record<string, string>>): Record<string, string> =>
      Object.fromEntries(Object.entries(from).map(([name, value]) => [name, redactor.redact(redactor.redactHeader(name, value))]));
    onWire({
      sentAt: raw.sentAt,
      method: raw.method,
      url: raw.url,
      requestHeaders: headers(raw.headers),
      requestBody: raw.body === undefined ? undefined : redactor.redact(raw.body),
      status: raw.status,
      responseHeaders: headers(raw.responseHeaders),
      responseBody: redactor.redact(raw.text),
      truncated: raw.truncated,
      durationMs: Math.round((performance.now() - raw.started) * 100) / 100,
      ...(raw.error === undefined ? {} : { error: raw.error }),
    });
  }

  /** Why a request got no answer, in one line: a TLS failure says which setting fixes it, and a proxied request names its proxy. */
  #failure(url: string, cause: unknown, timedOut: boolean): string {
    const { network, timeoutMs } = this.#options;
    const reason = timedOut ? `no answer within ${timeoutMs} ms` : (diagnoseTls(cause) ?? (cause as Error).message);
    const proxy = network === undefined ? undefined : proxyFor(url, network);
    return proxy === undefined ? reason : `${reason} (through the proxy ${shownProxy(proxy)}; NO_PROXY lists the hosts reached directly)`;
  }

  /** A request the check's own signal ended: the run's stop (deadline, breaker) when there is one, else the signal's reason. */
  #stopped(method: string, url: string, signal: AbortSignal, what: string, cause?: unknown): never {
    const state = this.#options.health?.stopped;
    if (state) throw new RunStoppedError(state.kind, state.reason);
    throw new RequestFailedError(`${method} ${url}: ${what}: ${abortReason(signal)}`, { cause, reason: 'stopped' });
  }

  #noteCreated(path: string, json: unknown): void {
    const data = (json as { data?: { id?: unknown } } | undefined)?.data;
    if (this.#options.onCreated && typeof data?.id === 'string' && /^\/[a-z-]+$/.test(path)) {
      this.#options.onCreated(path, data.id);
    }
  }
}
