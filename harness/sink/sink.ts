import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SinkError } from '../errors.js';
import { verifySignature } from './signature.js';

/** How one endpoint answers, attempt by attempt (1-based). */
export interface SinkScript {
  /** Attempts 1..failFirst get `failStatus` (default 500). */
  readonly failFirst?: number;
  readonly failStatus?: number;
  /** Attempts 1..hangFirst get no answer at all (the sender's timeout decides). */
  readonly hangFirst?: number;
  /** The answer once the failures are over (default 200). */
  readonly successStatus?: 200 | 201 | 202 | 204;
  /** Every attempt fails (with failStatus). */
  readonly alwaysFail?: boolean;
  /**
   * The script is for the deliveries about one record, named later with `SinkEndpoint.focus`:
   * only the requests it matches are attempts 1, 2, ... of the script; any other request is
   * answered as a success would be. A subscription receives every delivery of its event in the
   * organisation, and another suite's record must not take a scripted failure (issue 32: far from
   * the target, with more files at once, one took all three tries of WH-RETRY-TIMEOUT). A request
   * that arrives before `focus` (the record's delivery may come before its operation's answer)
   * waits for it, at most FOCUS_WAIT_MS.
   */
  readonly focused?: boolean;
}

/** How long a request to a `focused` endpoint waits for `focus`; then it is answered as not about the record. */
export const FOCUS_WAIT_MS = 10_000;

/** One request as it arrived: exact bytes, headers, time, and whether its signature verified. */
export interface Received {
  readonly attempt: number;
  readonly arrivedAt: number;
  readonly method: string;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly rawBody: Buffer;
  /** Verified on the raw bytes before parsing; null when no secret was known. */
  readonly signatureValid: boolean | null;
  /** The parsed body, or undefined when it is not JSON. */
  readonly json: unknown;
  /** What the sink answered (null: it hung). */
  readonly answered: number | null;
  /** The body exceeded the size bound and was cut. */
  readonly truncated: boolean;
}

/** One receiving URL, usually one per webhook subscription. */
export class SinkEndpoint {
  readonly token: string;
  readonly url: string;
  /** The first SINK_MAX_KEPT requests, then the latest SINK_MAX_KEPT (a ring): the middle ones are counted in `dropped`. */
  readonly #first: Received[] = [];
  readonly #latest: Received[] = [];
  #secrets: string[];
  readonly #script: SinkScript;
  readonly #waiters = new Set<() => void>();
  /** `focused` scripts: which requests the script is for, once named, and how many of them came. */
  #focus: ((rawBody: Buffer) => boolean) | undefined;
  readonly #focusWaiters = new Set<() => void>();
  #scripted = 0;
  /** The sink closed: a request still waiting for `focus` is answered at once. */
  #released = false;

  constructor(token: string, url: string, script: SinkScript, secret: string | undefined) {
    this.token = token;
    this.url = url;
    this.#script = script;
    this.#secrets = secret === undefined ? [] : [secret];
  }

  /** The secret deliveries must verify with (for example after a rotation); older ones no longer count. */
  useSecret(secret: string): void {
    this.#secrets = [secret];
  }

  /** Whether the raw body verifies with `secret` (to prove an old secret no longer works). */
  static verifiesWith(received: Received, secret: string): boolean {
    return verifySignature(secret, received.rawBody, received.headers['x-service-signature']);
  }

  /** A `focused` script applies from now on to the requests `matches` says are about its record. */
  focus(matches: (rawBody: Buffer) => boolean): void {
    this.#focus = matches;
    for (const wake of this.#focusWaiters) wake();
  }

  /** The sink is closing: requests waiting for `focus` stop waiting (their connections are closed). */
  release(): void {
    this.#released = true;
    for (const wake of this.#focusWaiters) wake();
  }

  /**
   * The answer to the `attempt`-th request at this endpoint. A `focused` script counts only the
   * requests about its record (waiting, bounded, until it is named); others get the success answer.
   */
  async decide(attempt: number, rawBody: Buffer): Promise<number | null> {
    if (this.#script.focused !== true) return this.answerFor(attempt);
    if (this.#focus === undefined) await waitForArrival(this.#focusWaiters, () => this.#focus !== undefined || this.#released, { timeoutMs: FOCUS_WAIT_MS });
    if (this.#focus === undefined || !this.#focus(rawBody)) return this.#script.successStatus ?? 200;
    this.#scripted += 1;
    return this.answerFor(this.#scripted);
  }

  answerFor(attempt: number): number | null {
    const s = this.#script;
    if (attempt <= (s.hangFirst ?? 0)) return null;
    if (s.alwaysFail || attempt <= (s.failFirst ?? 0)) return s.failStatus ?? 500;
    return s.successStatus ?? 200;
  }

  /**
   * The requests kept, in arrival order: the first SINK_MAX_KEPT and the latest SINK_MAX_KEPT. An
   * endpoint that other suites' events flood (every expense.created of the organisation) still
   * holds what arrived last, so a check that fires an event now finds its delivery.
   */
  get received(): readonly Received[] {
    return this.#latest.length === 0 ? this.#first : [...this.#first, ...this.#latest];
  }

  /** Requests between the first and the latest SINK_MAX_KEPT: answered, counted, not kept. */
  dropped = 0;

  record(entry: Omit<Received, 'signatureValid' | 'json'>): Received {
    const secret = this.#secrets[0];
    let json: unknown;
    try {
      json = JSON.parse(entry.rawBody.toString('utf8'));
    } catch {
      json = undefined;
    }
    const received: Received = {
      ...entry,
      signatureValid: secret === undefined ? null : verifySignature(secret, entry.rawBody, entry.headers['x-service-signature']),
      json,
    };
    // A target that floods one hook URL must not grow the run's memory without bound: past
    // SINK_MAX_KEPT per endpoint, only the latest SINK_MAX_KEPT are kept (the older ones are counted).
    if (this.#first.length < SINK_MAX_KEPT) this.#first.push(received);
    else {
      this.#latest.push(received);
      if (this.#latest.length > SINK_MAX_KEPT) {
        this.#latest.shift();
        this.dropped += 1;
      }
    }
    for (const wake of this.#waiters) wake();
    return received;
  }

  /**
   * Waits until `done(received)` holds, re-judged on each arrival here (no polling), or until
   * `timeoutMs` passes or `signal` aborts; answers whether it held. Never throws on timeout:
   * the caller decides between fail and inconclusive.
   */
  waitFor(done: (received: readonly Received[]) => boolean, wait: number | SinkWait): Promise<boolean> {
    return waitForArrival(this.#waiters, () => done(this.received), typeof wait === 'number' ? { timeoutMs: wait } : wait);
  }
}

/** How long a wait on the sink may last: always bounded, and ended early when `signal` aborts. */
export interface SinkWait {
  readonly timeoutMs: number;
  readonly signal?: AbortSignal;
}

/**
 * Resolves once `done()` holds, judged now and then each time a waker in `waiters` is called (a
 * request arrived); at `timeoutMs` or on abort it resolves with a last judgement. Its waker and
 * timer are removed however it ends, so a settled wait leaves nothing behind.
 */
function waitForArrival(waiters: Set<() => void>, done: () => boolean, { timeoutMs, signal }: SinkWait): Promise<boolean> {
  if (done()) return Promise.resolve(true);
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise<boolean>((resolve) => {
    const finish = (result: boolean): void => {
      clearTimeout(timer);
      waiters.delete(wake);
      signal?.removeEventListener('abort', onAbort);
      resolve(result);
    };
    const wake = (): void => {
      if (done()) finish(true);
    };
    const onAbort = (): void => finish(done());
    const timer = setTimeout(() => finish(done()), Math.max(0, timeoutMs));
    waiters.add(wake);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

export interface SinkOptions {
  /** Default 127.0.0.1 (loopback only). */
  readonly host?: string;
  /** Default 0 (ephemeral). */
  readonly port?: number;
  /** The base URL the target must call, when it differs from where the sink listens. */
  readonly publicUrl?: string;
  /**
   * Bodies beyond this are cut (and marked truncated): the sink stops reading, answers 413 and
   * closes the connection (CONFORMANCE_MAX_RESPONSE_BYTES; default 1 MiB).
   */
  readonly maxBodyBytes?: number;
}

/** The sink's default bound on one delivery's body. */
export const SINK_MAX_BODY_BYTES = 1024 * 1024;
/** Deliveries kept per endpoint, first and latest each (a check sees a handful: up to five attempts each); the rest are counted. */
export const SINK_MAX_KEPT = 200;
/** Requests to unknown paths kept for messages; the rest are counted. */
const SINK_MAX_STRAYS = 100;

/** A request must arrive whole within this: a target trickling a delivery cannot hold the sink. */
const SINK_REQUEST_TIMEOUT_MS = 30_000;

/**
 * Reads a request body up to `max` bytes. Past it, stops reading (the rest never reaches memory)
 * and answers with what it has, marked truncated. A request its sender aborts is marked aborted.
 */
function readLimited(req: IncomingMessage, max: number): Promise<{ bytes: Buffer; truncated: boolean; aborted: boolean }> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const finish = (truncated: boolean, aborted = false): void => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('aborted', onAbort);
      resolve({ bytes: Buffer.concat(chunks), truncated, aborted });
    };
    const onData = (chunk: Buffer): void => {
      if (size + chunk.length > max) {
        chunks.push(chunk.subarray(0, max - size));
        size = max;
        req.pause();
        finish(true);
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
    };
    const onEnd = (): void => finish(false);
    const onAbort = (): void => finish(false, true);
    // Stays after `finish`: a sender reset once the sink stopped reading must not become an uncaught error.
    req.on('error', () => {});
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('aborted', onAbort);
  });
}

/**
 * The webhook receiver the suite starts: keeps every request's exact bytes, headers and arrival
 * time, verifies signatures on the raw bytes in constant time, and answers as scripted per endpoint.
 */
export class WebhookSink {
  readonly #server: Server;
  readonly #endpoints = new Map<string, SinkEndpoint>();
  readonly #attempts = new Map<string, number>();
  readonly #hanging = new Set<ServerResponse>();
  readonly #maxBodyBytes: number;
  readonly baseUrl: string;
  /** Where it listens, `host:port` (the base URL may be a public address in front of it). */
  readonly listeningOn: string;
  /** Requests to unknown paths (a target calling a URL it was never given). */
  readonly strays: Array<{ readonly path: string; readonly arrivedAt: number }> = [];
  /** Woken on every request that arrives, at any endpoint or none. */
  readonly #waiters = new Set<() => void>();
  #delivered = 0;

  /** Requests that reached one of the sink's endpoints so far (strays not counted): the target can reach the sink. */
  get delivered(): number {
    return this.#delivered;
  }

  private constructor(server: Server, baseUrl: string, maxBodyBytes: number, listeningOn: string) {
    this.#server = server;
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.listeningOn = listeningOn;
    this.#maxBodyBytes = maxBodyBytes;
    server.requestTimeout = SINK_REQUEST_TIMEOUT_MS;
    server.on('request', (req, res) => {
      this.#handle(req, res).catch(() => {
        // A sender that reset mid-request: nothing to answer, and nothing may escape as an unhandled error.
        res.destroy();
      });
    });
  }

  static async start(options: SinkOptions = {}): Promise<WebhookSink> {
    const host = options.host ?? '127.0.0.1';
    const server = createServer();
    await new Promise<void>((resolve, reject) => {
      server.once('error', (cause) => reject(new SinkError(`the webhook sink cannot listen on ${host}:${options.port ?? 0} (${cause.message})`, { cause })));
      server.listen(options.port ?? 0, host, () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    const shown = host.includes(':') ? `[${host}]` : host;
    return new WebhookSink(server, options.publicUrl ?? `http://${shown}:${port}`, options.maxBodyBytes ?? SINK_MAX_BODY_BYTES, `${shown}:${port}`);
  }

  /**
   * Waits until `done()` holds, judged again each time a request arrives anywhere on the sink (an
   * endpoint's delivery or a stray), bounded by `timeoutMs` and ended by `signal`; answers whether
   * it held. For a wait across endpoints; `SinkEndpoint.waitFor` waits on one.
   */
  waitFor(done: () => boolean, wait: SinkWait): Promise<boolean> {
    return waitForArrival(this.#waiters, done, wait);
  }

  /** A new receiving URL with its own script and (when known) the secret to verify with. */
  endpoint(script: SinkScript = {}, secret?: string): SinkEndpoint {
    const token = randomBytes(8).toString('hex');
    const endpoint = new SinkEndpoint(token, `${this.baseUrl}/hooks/${token}`, script, secret);
    this.#endpoints.set(token, endpoint);
    return endpoint;
  }

  async #handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const arrivedAt = Date.now();
    const { bytes, truncated, aborted } = await readLimited(req, this.#maxBodyBytes);
    // A delivery its sender broke off is no delivery: nothing to record, nobody to answer.
    if (aborted) {
      res.destroy();
      return;
    }
    if (truncated) {
      // The unread rest stays on the socket: close it once the 413 is out.
      res.setHeader('connection', 'close');
      res.on('finish', () => req.socket.destroy());
    }
    // A query string is the sender's own business (the suite makes URLs unique with one).
    const token = /^\/hooks\/([0-9a-f]+)\/?(?:\?.*)?$/.exec(req.url ?? '')?.[1];
    const endpoint = token === undefined ? undefined : this.#endpoints.get(token);
    if (endpoint === undefined) {
      if (this.strays.length < SINK_MAX_STRAYS) this.strays.push({ path: (req.url ?? '').slice(0, 500), arrivedAt });
      this.#wake();
      res.writeHead(404).end();
      return;
    }
    const attempt = (this.#attempts.get(endpoint.token) ?? 0) + 1;
    this.#attempts.set(endpoint.token, attempt);
    this.#delivered += 1;
    // Arrival time and number are taken before a focused script's wait, which only delays the answer.
    const answer = truncated ? 413 : await endpoint.decide(attempt, bytes);
    const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k.toLowerCase(), Array.isArray(v) ? v.join(', ') : (v ?? '')]));
    endpoint.record({ attempt, arrivedAt, method: req.method ?? '', headers, rawBody: bytes, answered: answer, truncated });
    this.#wake();
    if (answer === null) {
      this.#hanging.add(res);
      res.on('close', () => this.#hanging.delete(res));
      return;
    }
    res.writeHead(answer, answer === 204 ? {} : { 'content-type': 'application/json' }).end(answer === 204 ? undefined : '{"ok":true}');
  }

  #wake(): void {
    for (const wake of this.#waiters) wake();
  }

  async close(): Promise<void> {
    // No request outlives the sink by waiting for a record to be named (FOCUS_WAIT_MS).
    for (const endpoint of this.#endpoints.values()) endpoint.release();
    for (const res of this.#hanging) res.destroy();
    this.#server.closeAllConnections();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }
}
