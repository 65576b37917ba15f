import type { Received, SinkEndpoint } from '../sink/sink.js';

/* Deliveries as the sink saw them: which record and event a request is about, and how to describe them. */

/** The event a request says it carries: the body's `event`, else the `X-Service-Event` header. */
export function eventOf(received: Received): string | undefined {
  const fromBody = (received.json as { event?: unknown } | undefined)?.event;
  return typeof fromBody === 'string' ? fromBody : received.headers['x-service-event'];
}

/**
 * Whether a request is about the record `marker` (spec 6.2: the content of `data` is not shown, so
 * the record id anywhere in the body is what ties a delivery to the operation that caused it).
 */
export function mentions(received: Received, marker: string): boolean {
  return naming(marker)(received.rawBody);
}

/** Whether a delivery's raw body names `marker` (a focused sink script's test, harness/sink/sink.ts). */
export function naming(marker: string): (rawBody: Buffer) => boolean {
  return (rawBody) => rawBody.toString('utf8').includes(marker);
}

/** The requests at `endpoint` about `marker`, optionally of one event, in arrival order. */
export function about(endpoint: SinkEndpoint, marker: string, event?: string): Received[] {
  return endpoint.received.filter((r) => mentions(r, marker) && (event === undefined || eventOf(r) === event));
}

export function isSuccess(answer: number | null): boolean {
  return answer !== null && answer >= 200 && answer < 300;
}

/** Milliseconds between consecutive attempts. */
export function intervals(attempts: readonly Received[]): number[] {
  return attempts.slice(1).map((r, i) => r.arrivedAt - attempts[i]!.arrivedAt);
}

/** `3 request(s) about it: answered 500 at +0 ms, 500 at +104 ms, 200 at +311 ms`. */
export function describeAttempts(attempts: readonly Received[], since?: number): string {
  if (attempts.length === 0) return 'no request about it';
  const start = since ?? attempts[0]!.arrivedAt;
  const each = attempts.map((r) => `${r.answered === null ? 'no answer (held open)' : `answered ${r.answered}`} at +${r.arrivedAt - start} ms`);
  return `${attempts.length} request(s) about it: ${each.join(', ')}`;
}

/** What an endpoint saw in total, for inconclusive and failure messages. */
export function describeEndpoint(endpoint: SinkEndpoint, marker: string, since?: number): string {
  const ours = about(endpoint, marker);
  const events = [...new Set(ours.map((r) => eventOf(r) ?? '(no event)'))];
  return `the endpoint received ${endpoint.received.length} request(s); ${describeAttempts(ours, since)}${events.length > 0 ? ` (events: ${events.join(', ')})` : ''}`;
}

/** `same` when every attempt carried one X-Service-Delivery value, `new per attempt` when all differ. */
export function deliveryIdReuse(attempts: readonly Received[]): string {
  const ids = attempts.map((r) => r.headers['x-service-delivery'] ?? '');
  const distinct = new Set(ids).size;
  if (distinct === 1) return 'the same X-Service-Delivery on every attempt';
  if (distinct === ids.length) return 'a new X-Service-Delivery on every attempt';
  return 'X-Service-Delivery repeated on some attempts only';
}

/** Whether every request an endpoint received is about `marker` (no other delivery shares it). */
export function exclusive(endpoint: SinkEndpoint, marker: string): boolean {
  return endpoint.received.every((r) => mentions(r, marker));
}
