import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { runTag } from '../check/run-context.js';
import { RAW_429, type ApiClient, type ApiResponse } from '../http/client.js';
import { waitForFreshWindow, type FreshWindow } from '../rate/fresh.js';
import { readRateHeaders } from '../rate/headers.js';
import { interpretReset } from '../rate/reset.js';
import { readRetryAfter } from '../rate/retry-after.js';
import { refillAllowance } from '../rate/tolerance.js';

/** spec 8: the default per-minute limit, which CONFORMANCE_LIMITED_KEY carries. */
export const DEFAULT_LIMIT = 60;
/** Longest wait for a fresh window: a minute window and some margin. */
export const FRESH_WAIT_MS = 75_000;
/** A burst starts only with this much of a fixed window left (X-RateLimit-Reset). */
export const MIN_RESET_MS = 5_000;
/** A sequential burst stops this many requests past the budget when nothing is refused. */
const EXTRA_PAST_BUDGET = 20;
/** The concurrent burst of RL-EXACT-CONCURRENT (issue 7: e.g. 150 requests over 50 connections). */
export const CONCURRENT_BURST = { requests: 150, connections: 50 } as const;

/** One response of a burst, with when it was sent and answered (ms since the burst began). */
export interface Timed {
  readonly route: string;
  readonly res: ApiResponse;
  readonly startMs: number;
  readonly endMs: number;
}

/** A documented route the limit must cover (RL-ALL-ENDPOINTS): list, get, create, events. */
export interface SampleRoute {
  readonly route: string;
  send(client: ApiClient): Promise<ApiResponse>;
}

export const isAdmitted = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;

/** The sample routes; the get reads a contact the admin key made, so any org A key may read it. */
export async function sampleRoutes(t: CheckContext): Promise<SampleRoute[]> {
  const created = await t.api.post('/contacts', { contactType: 'company', name: 'Conformance rate-limit target', tags: [runTag(t.run)] });
  const id = (created.json as { data?: { id?: string } } | undefined)?.data?.id ?? randomUUID();
  return [
    { route: 'GET /contacts', send: (c) => c.get('/contacts', { limit: 1 }) },
    { route: 'GET /contacts/{id}', send: (c) => c.get(`/contacts/${id}`) },
    { route: 'POST /contacts', send: (c) => c.post('/contacts', { contactType: 'company', name: 'Conformance rate-limit burst', tags: [runTag(t.run)] }) },
    { route: 'GET /webhooks/events', send: (c) => c.get('/webhooks/events') },
  ];
}

/** A client whose 429s come back as they are (the usual client waits them out). */
export function rawClient(t: CheckContext, role: 'limited' | 'customLimit'): ApiClient {
  return t.as(role).with({ throttle: RAW_429 });
}

function timer(): (route: string, send: () => Promise<ApiResponse>) => Promise<Timed> {
  const origin = performance.now();
  return async (route, send) => {
    const startMs = performance.now() - origin;
    const res = await send();
    return { route, res, startMs, endMs: performance.now() - origin };
  };
}

async function freshWindow(timed: ReturnType<typeof timer>, client: ApiClient, probes: Timed[]): Promise<FreshWindow> {
  return waitForFreshWindow(
    async () => {
      const probe = await timed('GET /contacts', () => client.get('/contacts', { limit: 1 }));
      probes.push(probe);
      return probe.res;
    },
    { maxWaitMs: FRESH_WAIT_MS, minResetMs: MIN_RESET_MS },
  );
}

export interface SequentialBurst {
  readonly fresh: FreshWindow;
  /** Every probe sent while waiting for the fresh window; the last one found it (or gave up). */
  readonly probes: readonly Timed[];
  /** The budget the burst should find: the key's limit by the spec or the configuration. */
  readonly limit: number;
  /** The fresh probe first, then every admitted request in order. */
  readonly admitted: readonly Timed[];
  /** The first refused request, then one more to each sample route. */
  readonly refused: readonly Timed[];
  /** From the fresh probe's start to the first refusal's answer. */
  readonly elapsedMs: number;
}

/**
 * Waits for a fresh window, then sends requests one at a time, cycling through the sample routes,
 * until one is refused (or the budget plus a margin is spent), then one more to each route.
 */
export async function sequentialBurst(client: ApiClient, routes: readonly SampleRoute[], limit: number): Promise<SequentialBurst> {
  const timed = timer();
  const probes: Timed[] = [];
  const fresh = await freshWindow(timed, client, probes);
  if (!fresh.fresh) return { fresh, probes, limit, admitted: [], refused: [], elapsedMs: 0 };
  const first = probes[probes.length - 1]!;
  const admitted: Timed[] = [first];
  const refused: Timed[] = [];
  for (let i = 0; ; i++) {
    const spent = performance.now();
    if (admitted.length >= limit + EXTRA_PAST_BUDGET + refillAllowance(limit, spent - first.startMs)) break;
    const route = routes[i % routes.length]!;
    const answer = await timed(route.route, () => route.send(client));
    if (isAdmitted(answer.res)) {
      admitted.push(answer);
      continue;
    }
    refused.push(answer);
    break;
  }
  const elapsedMs = (refused[0] ?? admitted[admitted.length - 1]!).endMs - first.startMs;
  if (refused.length > 0) {
    for (const route of routes) refused.push(await timed(route.route, () => route.send(client)));
  }
  return { fresh, probes, limit, admitted, refused, elapsedMs };
}

export interface ConcurrentBurst {
  readonly fresh: FreshWindow;
  /** Budget left after the fresh probe. */
  readonly budget: number;
  readonly limit: number;
  readonly responses: readonly Timed[];
  readonly elapsedMs: number;
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

/** A concurrent burst in a fresh window: `fresh` may be a request that already found it fresh. */
export async function concurrentBurst(client: ApiClient, limit: number, found?: Timed): Promise<ConcurrentBurst> {
  let fresh: FreshWindow;
  if (found !== undefined && isFreshAnswer(found.res)) {
    const headers = readRateHeaders(found.res.headers).values;
    fresh = { fresh: true, probe: found.res, limit: headers.limit!, resetUnit: undefined, waitedMs: 0, probes: 0 };
  } else {
    fresh = await freshWindow(timer(), client, []);
  }
  if (!fresh.fresh) return { fresh, budget: 0, limit, responses: [], elapsedMs: 0 };
  const { requests, connections } = CONCURRENT_BURST;
  const burst = await concurrently(requests, connections, 'GET /contacts', () => client.get('/contacts', { limit: 1 }));
  return { fresh, budget: limit - 1, limit, ...burst };
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
  /** The first request after the wait. */
  readonly after: Timed | undefined;
}

const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Spends the key's budget (or finds it spent), waits as long as the refusal's Retry-After says
 * (X-RateLimit-Reset, then a minute, when Retry-After is unreadable), and sends one more request.
 */
export async function recover(client: ApiClient, limit: number): Promise<Recovery> {
  const timed = timer();
  const send = (): Promise<Timed> => timed('GET /contacts', () => client.get('/contacts', { limit: 1 }));
  let refusal: Timed | undefined;
  for (let i = 0; i < limit + EXTRA_PAST_BUDGET && refusal === undefined; i++) {
    const answer = await send();
    if (!isAdmitted(answer.res)) refusal = answer;
  }
  if (refusal === undefined) return { refusal, waitedMs: 0, waitBasis: 'nothing was refused', after: undefined };
  const retry = readRetryAfter(refusal.res.headers['retry-after'], refusal.res.headers['date']);
  const reset = readRateHeaders(refusal.res.headers).values.reset;
  let waitMs: number;
  let waitBasis: string;
  if (retry.ok) {
    waitMs = retry.ms;
    waitBasis = `Retry-After ${refusal.res.headers['retry-after']}`;
  } else if (reset !== undefined) {
    waitMs = Math.min(interpretReset(reset).msUntilReset, FRESH_WAIT_MS);
    waitBasis = `X-RateLimit-Reset ${reset} (Retry-After unreadable)`;
  } else {
    waitMs = 60_000;
    waitBasis = 'a minute (no Retry-After, no X-RateLimit-Reset)';
  }
  // Whole seconds are rounded by the server: a quarter second more than asked is still "after".
  await sleep(waitMs + 250);
  return { refusal, waitedMs: waitMs + 250, waitBasis, after: await send() };
}
