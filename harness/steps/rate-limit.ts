import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { knownSleep } from '../check/known-wait.js';
import { runTag } from '../check/run-context.js';
import { RAW_429, type ApiClient, type ApiResponse } from '../http/client.js';
import type { KeyForm } from '../http/key-forms.js';
import { waitForFreshWindow, type FreshWindow } from '../rate/fresh.js';
import { readRateHeaders } from '../rate/headers.js';
import { interpretReset } from '../rate/reset.js';
import { readRetryAfter } from '../rate/retry-after.js';
import { pacedSummary, smoothingRefusal } from '../rate/smoothing.js';
import { refillAllowance, refillWindowMs, SPEC_WINDOW_MS } from '../rate/tolerance.js';
import { SPEC_DEFAULT_LIMIT } from '../spec/rate-limit.js';
import type { WindowEstimate } from '../rate/window.js';
import { uniqueToken } from './unique-token.js';

/** spec 8: the default per-minute limit, which CONFORMANCE_LIMITED_KEY carries. */
export const DEFAULT_LIMIT = SPEC_DEFAULT_LIMIT;
/**
 * Longest wait for a fresh window: what the headers name (at most a minute) and then, for a
 * limiter that gives its budget back gradually, a full window after the key's last use, plus margin.
 */
export const FRESH_WAIT_MS = 2 * SPEC_WINDOW_MS + 15_000;
/** A burst starts only with this much of a fixed window left (X-RateLimit-Reset). */
export const MIN_RESET_MS = 5_000;
/** A sequential burst stops this many requests past the budget when nothing is refused. */
const EXTRA_PAST_BUDGET = 20;
/** The concurrent burst of RL-EXACT-CONCURRENT (e.g. 150 requests over 50 connections). */
export const CONCURRENT_BURST = { requests: 150, connections: 50 } as const;

/** One response of a burst, with when it was sent and answered (performance.now(), ms). */
export interface Timed {
  readonly route: string;
  readonly res: ApiResponse;
  readonly startMs: number;
  readonly endMs: number;
  /** The header the key travelled in, where the burst alternates them (BurstOptions.forms). */
  readonly form?: KeyForm | undefined;
}

/** A route's answer for a reason of the key's own; `counted`: the limiter counted it (Remaining fell, or could not be read). */
export interface Unusable extends Timed {
  readonly counted: boolean;
}

/** A documented route the limit must cover (RL-ALL-ENDPOINTS): list, get, create, events. */
export interface SampleRoute {
  readonly route: string;
  send(client: ApiClient): Promise<ApiResponse>;
}

export const isAdmitted = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;

/**
 * The sample routes: lists and gets of two collections, a create and /webhooks/events (three
 * methods and path shapes, RL-ALL-ENDPOINTS, RL-ONE-COUNTER). The gets read records the admin key
 * made (removed at the end of the file), so any org A key may read them; the resource get is left
 * out when the resource could not be made.
 */
export async function sampleRoutes(t: CheckContext): Promise<SampleRoute[]> {
  const created = await t.api.post('/contacts', { contactType: 'company', name: `Conformance rate-limit target ${uniqueToken('rl')}`, tags: [runTag(t.run)] });
  const id = (created.json as { data?: { id?: string } } | undefined)?.data?.id ?? randomUUID();
  const resource = await t.api.post('/resources', { name: `Conformance rate-limit target ${uniqueToken('rl')}`, tags: [runTag(t.run)] });
  const resourceId = (resource.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  return [
    { route: 'GET /contacts', send: (c) => c.get('/contacts', { limit: 1 }) },
    { route: 'GET /contacts/{id}', send: (c) => c.get(`/contacts/${id}`) },
    {
      route: 'POST /contacts',
      send: (c) => c.post('/contacts', { contactType: 'company', name: `Conformance rate-limit burst ${uniqueToken('rl')}`, tags: [runTag(t.run)] }),
    },
    { route: 'GET /resources', send: (c) => c.get('/resources', { limit: 1 }) },
    ...(typeof resourceId === 'string' ? [{ route: 'GET /resources/{id}', send: (c: ApiClient) => c.get(`/resources/${resourceId}`) }] : []),
    { route: 'GET /webhooks/events', send: (c) => c.get('/webhooks/events') },
  ];
}

/** A client whose 429s come back as they are (the usual client waits them out). */
export function rawClient(t: CheckContext, role: 'limited' | 'customLimit'): ApiClient {
  return t.as(role).with({ throttle: RAW_429 });
}

type Timer = (route: string, send: () => Promise<ApiResponse>, form?: KeyForm) => Promise<Timed>;

/** Times each request; every answer's X-RateLimit-Reset also feeds the key's window estimate. */
function timer(window?: WindowEstimate): Timer {
  return async (route, send, form) => {
    const startMs = performance.now();
    const res = await send();
    window?.note(res.headers);
    return { route, res, startMs, endMs: performance.now(), ...(form === undefined ? {} : { form }) };
  };
}

async function freshWindow(
  timed: Timer,
  client: ApiClient,
  probes: Timed[],
  window?: WindowEstimate,
  selfTestWindowMs?: number,
  form?: KeyForm,
): Promise<FreshWindow> {
  // A self-test's shortened window is the first "full window" tried, whatever Reset showed (a smoothing limiter shows the next slot).
  const windowMs = Math.max(window?.longestMs ?? 0, selfTestWindowMs ?? 0) || undefined;
  const fresh = await waitForFreshWindow(
    async () => {
      const probe = await timed('GET /contacts', () => client.get('/contacts', { limit: 1 }), form);
      probes.push(probe);
      return probe.res;
    },
    // The longest Reset the key has shown is its window as far as seen (a self-test shortens it);
    // a key whose Reset was seen to name a refill is fresh at a full budget, however near its reset.
    { maxWaitMs: FRESH_WAIT_MS, minResetMs: MIN_RESET_MS, windowMs, refills: window?.refills, sleep: knownSleep },
  );
  if (fresh.fresh) window?.noteRefills(fresh.refills);
  return fresh;
}

/** Another key, read before and after a burst to see whether its counter moved (RL-PER-KEY-COUNTERS). */
export interface Bystander {
  /** Which key, for messages and observations (never the key itself). */
  readonly name: string;
  readonly client: ApiClient;
  /** Nothing else uses the key during the run, so its Remaining can only move by its own requests. */
  readonly exclusive: boolean;
}

/** A bystander's answer, with this client's clock when it arrived (an epoch Reset needs it). */
export interface Reading extends Timed {
  readonly atMs: number;
}

export interface BystanderReading {
  readonly name: string;
  readonly exclusive: boolean;
  /** Sent once the bursted key's window was found fresh, before the burst's first request. */
  readonly before: Reading;
  /** Sent after the burst's last request: the bystander's only own request in between. */
  readonly after: Reading;
}

async function read(bystander: Bystander): Promise<Reading> {
  const startMs = performance.now();
  const res = await bystander.client.get('/contacts', { limit: 1 });
  return { route: 'GET /contacts', res, startMs, endMs: performance.now(), atMs: Date.now() };
}

export interface SequentialBurst {
  readonly fresh: FreshWindow;
  /** Every probe sent while waiting for the fresh window; the last one found it (or gave up). */
  readonly probes: readonly Timed[];
  /** The budget the burst should find: the key's limit by the spec or the configuration. */
  readonly limit: number;
  /** The fresh probe first, then every admitted request in order. */
  readonly admitted: readonly Timed[];
  /** The first refused request, then one more to each sample route still in use. */
  readonly refused: readonly Timed[];
  /**
   * Answers of routes the key may not use for a reason of its own (403 or 404 at a route's first
   * use: no write right, a record it cannot see; spec 5.7 shows no permission levels): the route
   * left the rotation, and the answer is neither admitted nor the limit's refusal.
   */
  readonly unusable: ReadonlyArray<Unusable>;
  /**
   * Answers of a form of the key refused 401 at its first use (spec 5.1 says both are accepted:
   * AUTH-BEARER's or AUTH-X-API-KEY's finding, not the limit's): the form left the alternation.
   */
  readonly unusableForms: ReadonlyArray<Unusable>;
  /** The forms the burst alternated (BurstOptions.forms, less a form refused at its first use), the first one the probes' too. */
  readonly forms: readonly KeyForm[];
  /** From the fresh probe's start to the first refusal's answer. */
  readonly elapsedMs: number;
  /** Each bystander read right before the burst and right after it (empty when it found no fresh window). */
  readonly bystanders: readonly BystanderReading[];
  /** The window the key's limit refills over, for every tolerance on this burst (tolerance.ts refillWindowMs). */
  readonly refillWindowMs: number;
  /**
   * The key's X-RateLimit-Reset was seen to name a refill (a bucket): its budget grows
   * continuously, so a refusal may be followed by an admission as soon as the next whole request
   * is earned, however short the time between them.
   */
  readonly refills: boolean;
}

export interface BurstOptions {
  /** The key's window estimate, fed by every answer and used by the fresh-window wait. */
  readonly window?: WindowEstimate | undefined;
  /** Other keys to read right before and right after the burst. */
  readonly bystanders?: readonly Bystander[];
  /** Self-test only: the reference server's shortened window (RunContext.rateWindowMs). */
  readonly selfTestWindowMs?: number | undefined;
  /**
   * The headers the key travels in, alternated request by request (spec 5.1), the first one the
   * client's own: each route is sent in each form in turn, and after the first refusal each route
   * once more, the first in the form the refusal did not use (RL-ONE-COUNTER). One form: the client's.
   */
  readonly forms?: readonly KeyForm[] | undefined;
}

/** Whether the key was seen to refill, and the window its tolerances use (a self-test's only then). */
function refillOf(
  fresh: FreshWindow,
  options: { window?: WindowEstimate | undefined; selfTestWindowMs?: number | undefined },
): { refills: boolean; refillWindowMs: number } {
  const refills = (fresh.fresh && fresh.refills) || options.window?.refills === true;
  return { refills, refillWindowMs: refillWindowMs(refills, options.selfTestWindowMs) };
}

/**
 * Waits for a fresh window, then sends requests one at a time, cycling through the sample routes,
 * until one is refused (or the budget plus a margin is spent), then one more to each route.
 * Bystanders are read once the window is fresh and again after the burst's last request.
 *
 * One at a time even against a distant target, where each request costs a round trip (a burst of
 * 60 is 3 s at 50 ms, the custom key's 90 at the end of the file 4.5 s, beside the limited key's recovery): what the burst proves
 * needs the order. X-RateLimit-Remaining falls by exactly one per request only when each is
 * answered before the next is sent (RL-REMAINING, RL-ALL-ENDPOINTS per route); requests in flight
 * together, or pipelined (HTTP/1.1 lets a server work on them side by side), are the concurrent
 * case, which RL-EXACT-CONCURRENT judges: a limiter that races would fail RL-EXACT-SEQUENTIAL or
 * RL-LIMIT-CUSTOM for a fault that is not theirs; and the burst stops at the first refusal, where
 * requests already in flight would go past it (more requests than the limit allows, spec 7).
 */
export async function sequentialBurst(client: ApiClient, routes: readonly SampleRoute[], limit: number, options: BurstOptions = {}): Promise<SequentialBurst> {
  const timed = timer(options.window);
  const probes: Timed[] = [];
  const forms = [...(options.forms ?? [])];
  const clients = new Map(forms.map((form, i) => [form, i === 0 ? client : client.with({ authStyle: form })]));
  const fresh = await freshWindow(timed, client, probes, options.window, options.selfTestWindowMs, forms[0]);
  const refill = refillOf(fresh, options);
  const none = { admitted: [], refused: [], unusable: [], unusableForms: [], forms: [...forms], elapsedMs: 0, bystanders: [] };
  if (!fresh.fresh) return { fresh, probes, limit, ...none, ...refill };
  const first = probes[probes.length - 1]!;
  const bystanders = options.bystanders ?? [];
  const before: Reading[] = [];
  for (const bystander of bystanders) before.push(await read(bystander));
  const admitted: Timed[] = [first];
  const refused: Timed[] = [];
  const unusable: Unusable[] = [];
  const unusableForms: Unusable[] = [];
  const counted = (): number => [...unusable, ...unusableForms].filter((u) => u.counted).length;
  const rotation = [...routes];
  const used = new Set<string>([first.route]);
  const usedForms = new Set<KeyForm | undefined>([first.form]);
  /** Whether the limiter counted an answer that is not the limit's: Remaining fell from the answer before, or cannot be read. */
  const countedAfter = (previous: Timed, answer: Timed): boolean => {
    const before = readRateHeaders(previous.res.headers).values.remaining;
    const after = readRateHeaders(answer.res.headers).values.remaining;
    return before === undefined || after === undefined || after < before;
  };
  // The forms in turn; over an even rotation each lap shifts them by one, so that every route is sent in each form.
  const formAt = (i: number): KeyForm | undefined =>
    forms.length === 0 ? undefined : forms[(i + (rotation.length % forms.length === 0 ? Math.floor(i / rotation.length) : 0)) % forms.length];
  const send = (route: SampleRoute, form: KeyForm | undefined): Promise<Timed> =>
    timed(route.route, () => route.send(form === undefined ? client : clients.get(form)!), form);
  for (let i = 0; rotation.length > 0; i++) {
    const spent = performance.now();
    if (admitted.length + counted() >= limit + EXTRA_PAST_BUDGET + refillAllowance(limit, spent - first.startMs, refill.refillWindowMs)) break;
    const route = rotation[i % rotation.length]!;
    const form = formAt(i);
    const previous = admitted[admitted.length - 1]!;
    const answer = await send(route, form);
    if (isAdmitted(answer.res)) {
      admitted.push(answer);
      used.add(route.route);
      usedForms.add(form);
      continue;
    }
    // A form refused 401 at its first use is one the target does not take (spec 5.1 says it must, AUTH-BEARER): it leaves the alternation.
    if (answer.res.status === 401 && !usedForms.has(form) && form !== undefined) {
      unusableForms.push({ ...answer, counted: countedAfter(previous, answer) });
      forms.splice(forms.indexOf(form), 1);
      i -= 1;
      continue;
    }
    // A route refused 403 or 404 at its first use is one the key may not use: it leaves the rotation.
    if ((answer.res.status === 403 || answer.res.status === 404) && !used.has(route.route)) {
      unusable.push({ ...answer, counted: countedAfter(previous, answer) });
      rotation.splice(rotation.indexOf(route), 1);
      i -= 1;
      continue;
    }
    refused.push(answer);
    break;
  }
  const elapsedMs = (refused[0] ?? admitted[admitted.length - 1]!).endMs - first.startMs;
  const refusal = refused[0];
  if (refusal !== undefined) {
    // Once more to each route, starting after the refused one and ending with it, the forms alternating from the one the refusal did not use.
    const start = rotation.findIndex((r) => r.route === refusal.route) + 1;
    const skip = refusal.form === undefined ? 0 : forms.indexOf(refusal.form) + 1;
    for (const [j, route] of [...rotation.slice(start), ...rotation.slice(0, start)].entries()) {
      refused.push(await send(route, forms.length === 0 ? undefined : forms[(skip + j) % forms.length]));
    }
  }
  const readings: BystanderReading[] = [];
  for (const [i, bystander] of bystanders.entries()) {
    readings.push({ name: bystander.name, exclusive: bystander.exclusive, before: before[i]!, after: await read(bystander) });
  }
  return { fresh, probes, limit, admitted, refused, unusable, unusableForms, forms, elapsedMs, bystanders: readings, ...refill };
}

export interface ConcurrentBurst {
  readonly fresh: FreshWindow;
  /** Budget left after the fresh probe. */
  readonly budget: number;
  readonly limit: number;
  readonly responses: readonly Timed[];
  /**
   * From the start of the request that found the window fresh to the burst's last answer: all
   * the time a refilling limiter had to earn requests back beyond the budget that request saw.
   */
  readonly elapsedMs: number;
  /** The window the key's limit refills over (tolerance.ts refillWindowMs). */
  readonly refillWindowMs: number;
  /** The key's X-RateLimit-Reset was seen to name a refill (SequentialBurst.refills). */
  readonly refills: boolean;
}

/** `requests` sends of `send`, at most `connections` in flight at once. */
export async function concurrently(
  requests: number,
  connections: number,
  route: string,
  send: () => Promise<ApiResponse>,
): Promise<{ responses: Timed[]; elapsedMs: number }> {
  const timed = timer();
  const responses: Timed[] = [];
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < requests) {
      next += 1;
      responses.push(await timed(route, send));
    }
  };
  await Promise.all(Array.from({ length: Math.min(connections, requests) }, worker));
  const elapsedMs = Math.max(...responses.map((r) => r.endMs)) - Math.min(...responses.map((r) => r.startMs));
  return { responses, elapsedMs };
}

/**
 * A concurrent burst in a fresh window: `found` may be a request that already found it fresh
 * (the first request after RL-RECOVERY's wait: fresh for a fixed window; a sliding window or a
 * bucket may have only part of its budget back, and the fresh-window wait then takes over).
 */
export async function concurrentBurst(
  client: ApiClient,
  limit: number,
  options: { found?: Timed | undefined; window?: WindowEstimate | undefined; selfTestWindowMs?: number | undefined } = {},
): Promise<ConcurrentBurst> {
  const { found, window } = options;
  let fresh: FreshWindow;
  let probe: Timed;
  if (found !== undefined && isFreshAnswer(found.res)) {
    const headers = readRateHeaders(found.res.headers).values;
    const probeSentAt = Date.now() - (performance.now() - found.startMs);
    fresh = {
      fresh: true,
      probe: found.res,
      probeSentAt,
      limit: headers.limit!,
      resetUnit: undefined,
      waitedMs: 0,
      probes: 0,
      returns: 'unknown',
      refills: false,
      spent: false,
      waits: [],
    };
    probe = found;
  } else {
    const probes: Timed[] = [];
    fresh = await freshWindow(timer(window), client, probes, window, options.selfTestWindowMs);
    probe = probes[probes.length - 1]!;
  }
  const refill = refillOf(fresh, options);
  if (!fresh.fresh) return { fresh, budget: 0, limit, responses: [], elapsedMs: 0, ...refill };
  const { requests, connections } = CONCURRENT_BURST;
  const burst = await concurrently(requests, connections, 'GET /contacts', () => client.get('/contacts', { limit: 1 }));
  const elapsedMs = Math.max(...burst.responses.map((r) => r.endMs)) - probe.startMs;
  return { fresh, budget: limit - 1, limit, responses: burst.responses, elapsedMs, ...refill };
}

/** An admitted answer that shows a fresh window: one request spent, enough of it left. */
function isFreshAnswer(res: ApiResponse): boolean {
  const { values } = readRateHeaders(res.headers);
  if (!isAdmitted(res) || values.limit === undefined || values.remaining === undefined) return false;
  const reset = values.reset === undefined ? undefined : interpretReset(values.reset);
  return (values.remaining === values.limit - 1 || values.remaining === values.limit) && (reset === undefined || reset.msUntilReset >= MIN_RESET_MS);
}

export interface Recovery {
  /** The refusal whose Retry-After was followed; undefined when nothing was refused. */
  readonly refusal: Timed | undefined;
  readonly waitedMs: number;
  /** How the wait was chosen, for the report. */
  readonly waitBasis: string;
  /** The first request after the wait (after the second wait, when there was one). */
  readonly after: Timed | undefined;
  /** A request refused right after the wait, with a short Retry-After of its own that was waited out too. */
  readonly earlyRefusal?: Timed | undefined;
}

/**
 * Retry-After is advisory (RFC 9110 10.2.3): a whole second rounded down, or an approximating
 * sliding-window counter, may refuse the request that waited just that long once more. A new
 * Retry-After this short (at most 2 s, or a quarter of the first wait) is waited out once.
 */
function shortWaitMs(firstWaitMs: number): number {
  return Math.max(2000, firstWaitMs / 4);
}

// Each wait is announced to the progress line, whose ETA counts it.
const sleep = knownSleep;

/** What the recovery waits beyond Retry-After. */
export const RECOVERY_MARGIN_MS = 100;

/**
 * How long a refusal asks the recovery to wait, and why: its Retry-After, else its
 * X-RateLimit-Reset and the second a whole-second value can hide, else the spec's window.
 * `nowMs` reads an instant without a Date header (this client's clock when it arrived).
 */
export function recoveryWait(headers: Readonly<Record<string, string>>, nowMs: number = Date.now()): { waitMs: number; waitBasis: string } {
  const retry = readRetryAfter(headers['retry-after'], headers['date'], nowMs);
  if (retry.ok) return { waitMs: retry.ms, waitBasis: `Retry-After ${headers['retry-after']}` };
  const reset = readRateHeaders(headers).values.reset;
  if (reset !== undefined) {
    // A whole-second Reset may have been truncated: wait the second it can hide as well.
    const reading = interpretReset(reset, nowMs);
    return {
      waitMs: Math.min(reading.msUntilReset + reading.precisionMs, SPEC_WINDOW_MS + 1000),
      waitBasis: `X-RateLimit-Reset ${reset} (${reading.unit}, +${reading.precisionMs} ms precision; Retry-After unreadable)`,
    };
  }
  return { waitMs: SPEC_WINDOW_MS, waitBasis: 'the spec window (no Retry-After, no X-RateLimit-Reset)' };
}

/**
 * Spends the key's budget (or finds it spent), waits as long as the refusal's Retry-After says
 * (X-RateLimit-Reset, then a minute, when Retry-After is unreadable), and sends one more request.
 */
export async function recover(client: ApiClient, limit: number, window?: WindowEstimate): Promise<Recovery> {
  const timed = timer(window);
  const send = (): Promise<Timed> => timed('GET /contacts', () => client.get('/contacts', { limit: 1 }));
  let refusal: Timed | undefined;
  for (let i = 0; i < limit + EXTRA_PAST_BUDGET && refusal === undefined; i++) {
    const answer = await send();
    if (!isAdmitted(answer.res)) refusal = answer;
  }
  if (refusal === undefined) return { refusal, waitedMs: 0, waitBasis: 'nothing was refused', after: undefined };
  const { waitMs, waitBasis } = recoveryWait(refusal.res.headers);
  // The wait starts once the refusal arrived, after the server counted it: Retry-After rounded up
  // is over by then; a tenth of a second more covers a timer firing a hair early. A server that
  // rounds down is refused once more and asked again below.
  await sleep(waitMs + RECOVERY_MARGIN_MS);
  const after = await send();
  const again = after.res.status === 429 ? readRetryAfter(after.res.headers['retry-after'], after.res.headers['date']) : undefined;
  if (again === undefined || !again.ok || again.ms > shortWaitMs(waitMs)) return { refusal, waitedMs: waitMs + RECOVERY_MARGIN_MS, waitBasis, after };
  await sleep(again.ms + 250);
  return {
    refusal,
    waitedMs: waitMs + again.ms + 500,
    waitBasis: `${waitBasis}, then Retry-After ${after.res.headers['retry-after']} of a refusal right after it`,
    after: await send(),
    earlyRefusal: after,
  };
}

export interface PacedRun {
  /** Whether the burst's refusal asked for a wait of about one request's share of the window (a smoothing limiter's). */
  readonly smoothing: boolean;
  readonly sent: number;
  readonly admitted: number;
  readonly intervalMs: number;
  /** The first refused request of the paced run. */
  readonly refusal?: ApiResponse | undefined;
  readonly summary: string;
}

/**
 * A smoothing limiter (nginx limit_req without a burst) refuses a fast burst early, with a wait of
 * about one request's share of the window (1 s at 60 a minute), yet never refuses a key that keeps
 * to its rate: spec 8 says "60 requests per minute", not how fast they may come. When the burst's
 * refusal asks for so short a wait (harness/rate/smoothing.ts smoothingRefusal, as the load harness
 * decides it too), its PACED_REQUESTS requests sent a little slower than the rate must all be admitted.
 */
export async function pacedRun(client: ApiClient, limit: number, refusal: ApiResponse, windowMs: number): Promise<PacedRun> {
  const retry = readRetryAfter(refusal.headers['retry-after'], refusal.headers['date']);
  const decision = smoothingRefusal(retry.ok ? retry.ms : undefined, limit, windowMs);
  const { intervalMs } = decision;
  if (!decision.smoothing) return { smoothing: false, sent: 0, admitted: 0, intervalMs, summary: decision.summary };
  await sleep(decision.waitMs + 250);
  let admitted = 0;
  let sent = 0;
  for (; sent < decision.requests; ) {
    const res = await client.get('/contacts', { limit: 1 });
    sent += 1;
    if (!isAdmitted(res))
      return {
        smoothing: true,
        sent,
        admitted,
        intervalMs,
        refusal: res,
        summary: pacedSummary(intervalMs, admitted, `request ${sent} was refused (${res.status})`),
      };
    admitted += 1;
    await sleep(intervalMs);
  }
  return { smoothing: true, sent, admitted, intervalMs, summary: pacedSummary(intervalMs, admitted) };
}
