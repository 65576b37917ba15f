import { SinkError } from '../errors.js';
import { afterAll, beforeAll } from 'vitest';
import type { CheckContext } from '../check/check.js';
import { runContext } from '../check/run-context.js';
import { SINK_MAX_BODY_BYTES, WebhookSink, type Received, type SinkEndpoint } from '../sink/sink.js';
import { eventOf, mentions } from './received.js';

/*
 * How a webhook check uses the sink: one sink per suite file, the run's wait, and waits that end
 * when a request arrives (the sink wakes its waiters on arrival; nothing polls it).
 */

/**
 * One webhook sink per suite file, started before its first check and closed after its last
 * (after the end-of-file cleanup has deleted the subscriptions, so nothing calls a closed port).
 * Call it before `checker(...)`: vitest runs after-hooks in reverse order of registration.
 */
export function suiteSink(): () => WebhookSink {
  let sink: WebhookSink | undefined;
  beforeAll(async () => {
    const { sink: where, maxResponseBytes } = runContext();
    const { host, port, publicUrl } = where;
    // A delivery is one event (spec 6.2), a few KB: the sink keeps every one it gets, so it reads
    // at most 1 MiB of each, or less when CONFORMANCE_MAX_RESPONSE_BYTES says so.
    const maxBodyBytes = Math.min(maxResponseBytes, SINK_MAX_BODY_BYTES);
    sink = await WebhookSink.start({ host, port, maxBodyBytes, ...(publicUrl !== undefined ? { publicUrl } : {}) });
  });
  afterAll(async () => {
    await sink?.close();
  });
  return () => {
    if (sink === undefined) throw new SinkError('the webhook sink is not running (its beforeAll did not start it)');
    return sink;
  };
}

/** The asynchronous wait a run allows (CONFORMANCE_WEBHOOK_WAIT_S), in ms. */
export function waitMs(t: CheckContext): number {
  return t.run.webhookWaitS * 1000;
}

/** A point in time a check waits until at most. */
export class Deadline {
  readonly at: number;
  constructor(ms: number) {
    this.at = Date.now() + ms;
  }
  remaining(): number {
    return Math.max(0, this.at - Date.now());
  }
}

export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Waits (bounded) until the requests about `marker` satisfy `enough`. */
export function waitAbout(
  endpoint: SinkEndpoint,
  marker: string,
  enough: (ours: readonly Received[]) => boolean,
  ms: number,
  event?: string,
): Promise<boolean> {
  return endpoint.waitFor((all) => enough(all.filter((r) => mentions(r, marker) && (event === undefined || eventOf(r) === event))), ms);
}
