/*
 * Independent work in flight at once, so that a distant target costs little more time than a
 * near one: every request waits a round trip, and requests that do not depend on one
 * another need not wait for each other's.
 */

/**
 * `fn` over `items` with at most `limit` calls in flight, results in the order of `items`. The
 * outcome is what a loop over the items would give: when calls fail, no further item is started
 * and, once those in flight have settled, the error of the earliest failed item is thrown.
 */
export async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  const errors = new Map<number, unknown>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length && errors.size === 0) {
      const index = next++;
      try {
        results[index] = await fn(items[index]!, index);
      } catch (error) {
        errors.set(index, error);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(Math.floor(limit), items.length)) }, worker));
  if (errors.size > 0) throw errors.get(Math.min(...errors.keys()));
  return results;
}

/**
 * A gate for at most `limit` calls in flight at once, for work whose items become ready at
 * different moments (mapLimit takes them all at once): each call waits for a free place, in
 * the order the calls were made.
 */
export function limiter(limit: number): <R>(fn: () => Promise<R>) => Promise<R> {
  const most = Math.max(1, Math.floor(limit));
  let inFlight = 0;
  const waiting: Array<() => void> = [];
  return async <R>(fn: () => Promise<R>): Promise<R> => {
    if (inFlight >= most) await new Promise<void>((resolve) => waiting.push(resolve));
    else inFlight += 1;
    try {
      return await fn();
    } finally {
      // The place passes straight to the next caller waiting, or is freed.
      const next = waiting.shift();
      if (next === undefined) inFlight -= 1;
      else next();
    }
  };
}

/** Whether an answer of the http client was throttled: its `throttled` count (the 429s the client waited out) is not 0. */
export const wasThrottled = (answer: unknown): boolean => ((answer as { throttled?: unknown } | undefined)?.throttled ?? 0) !== 0;

/** A gate that goes one call at a time once a throttled answer came back: see narrowingLimiter. */
export interface NarrowingLimiter {
  <R>(fn: () => Promise<R>): Promise<R>;
  /** Whether an answer was throttled (the client waited out a 429), so one call goes at a time. */
  readonly narrowed: boolean;
}

/**
 * limiter(`limit`) until a call's answer was throttled (wasThrottled), then one call at a time from then on. Requests refused
 * together are told one Retry-After, and a limiter that spaces requests (nginx's limit_req
 * without a burst, variant limiter-smoothing) refuses all but one of those arriving together
 * again, until the client gives up: found by the seed sweep in the exploration, and on a loaded
 * CI machine in the coverage phase.
 */
export function narrowingLimiter(limit: number): NarrowingLimiter {
  const gate = limiter(limit);
  const single = limiter(1);
  let narrowed = false;
  const run = <R>(fn: () => Promise<R>): Promise<R> =>
    (narrowed ? single : gate)(async () => {
      const answer = await fn();
      if (wasThrottled(answer)) narrowed = true;
      return answer;
    });
  return Object.defineProperty(run, 'narrowed', { get: () => narrowed }) as NarrowingLimiter;
}
