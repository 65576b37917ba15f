import { connect } from 'node:net';
import { request as httpRequest } from 'node:http';
import { request } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sign } from './signature.js';
import { SINK_MAX_KEPT, SinkEndpoint, WebhookSink } from './sink.js';

const SECRET = 'whsec_test_secret';

async function deliver(url: string, body: string, headers: Record<string, string> = {}, timeoutMs = 2000) {
  const res = await request(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', 'x-service-signature': sign(SECRET, body), ...headers },
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.body.text();
  return res.statusCode;
}

describe('WebhookSink', () => {
  let sink: WebhookSink;
  beforeEach(async () => {
    sink = await WebhookSink.start({ maxBodyBytes: 64 * 1024 });
  });
  afterEach(async () => {
    await sink.close();
  });

  it('listens on loopback and keeps the exact bytes, headers and a verified signature', async () => {
    expect(sink.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const endpoint = sink.endpoint({}, SECRET);
    const body = '{"event":"task.created",  "data":{}}';
    expect(await deliver(endpoint.url, body, { 'x-service-event': 'task.created' })).toBe(200);
    const [got] = endpoint.received;
    expect(got?.rawBody.toString()).toBe(body);
    expect(got?.headers['x-service-event']).toBe('task.created');
    expect(got?.signatureValid).toBe(true);
    expect(got?.json).toEqual({ event: 'task.created', data: {} });
    expect(got?.arrivedAt).toBeGreaterThan(0);
  });

  it('marks a signature made with another secret as invalid', async () => {
    const endpoint = sink.endpoint({}, 'whsec_other');
    await deliver(endpoint.url, '{}');
    expect(endpoint.received[0]?.signatureValid).toBe(false);
    expect(SinkEndpoint.verifiesWith(endpoint.received[0]!, SECRET)).toBe(true);
  });

  it('answers as scripted: failures first, then the success status', async () => {
    const endpoint = sink.endpoint({ failFirst: 2, failStatus: 503, successStatus: 204 }, SECRET);
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push(await deliver(endpoint.url, '{}'));
    expect(statuses).toEqual([503, 503, 204, 204]);
    expect(endpoint.received.map((r) => r.attempt)).toEqual([1, 2, 3, 4]);
  });

  it('gives a focused script only to the deliveries about its record, holding an early one until the record is named', async () => {
    const endpoint = sink.endpoint({ failFirst: 1, failStatus: 500, focused: true }, SECRET);
    // Arrives before the record is named: held, then judged once it is.
    const early = deliver(endpoint.url, '{"data":{"id":"ours"}}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(endpoint.received).toHaveLength(0);
    endpoint.focus((raw) => raw.toString().includes('ours'));
    expect(await early).toBe(500);
    // Another record's delivery takes no scripted failure, and does not count as an attempt of the script.
    expect(await deliver(endpoint.url, '{"data":{"id":"theirs"}}')).toBe(200);
    expect(await deliver(endpoint.url, '{"data":{"id":"ours"}}')).toBe(200);
    const plain = sink.endpoint({ failFirst: 1, failStatus: 500 }, SECRET);
    expect(await deliver(plain.url, '{"data":{"id":"theirs"}}')).toBe(500);
    // Arrival order and numbers are those of the endpoint, whatever the script counted.
    expect(endpoint.received.map((r) => [r.attempt, r.answered])).toEqual([
      [1, 500],
      [2, 200],
      [3, 200],
    ]);
  });

  it('answers a request waiting for its focused script as soon as the sink releases it (closing), not FOCUS_WAIT_MS later', async () => {
    const endpoint = new SinkEndpoint('t', 'http://127.0.0.1/t', { failFirst: 1, focused: true }, SECRET);
    const answer = endpoint.decide(1, Buffer.from('{"data":{"id":"ours"}}'));
    const next = (): Promise<string> => new Promise((resolve) => setImmediate(() => resolve('still held')));
    expect(await Promise.race([answer, next()])).toBe('still held');
    endpoint.release();
    // Answered at once, as not about the record: never FOCUS_WAIT_MS later.
    expect(await Promise.race([answer, next()])).toBe(200);
  });

  it('hangs when told to, so the sender times out', async () => {
    const endpoint = sink.endpoint({ hangFirst: 1 }, SECRET);
    await expect(deliver(endpoint.url, '{}', {}, 200)).rejects.toThrow();
    expect(await deliver(endpoint.url, '{}')).toBe(200);
    expect(endpoint.received.map((r) => r.answered)).toEqual([null, 200]);
  });

  it('bounds the body size', async () => {
    const endpoint = sink.endpoint({}, SECRET);
    expect(await deliver(endpoint.url, JSON.stringify({ data: 'x'.repeat(100 * 1024) }))).toBe(413);
    expect(endpoint.received[0]?.truncated).toBe(true);
    expect(endpoint.received[0]?.rawBody.length).toBe(64 * 1024);
  });

  it('stops reading an endless delivery at the bound: answers 413 and closes the connection', async () => {
    const endpoint = sink.endpoint({}, SECRET);
    const url = new URL(endpoint.url);
    const chunk = Buffer.alloc(64 * 1024, 'x');
    let sent = 0;
    const status = await new Promise<number | string>((resolve) => {
      const req = httpRequest(
        { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { 'content-type': 'application/json' } },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on('error', (error) => resolve(error.message));
      // A sender that would go on for ever: it stops only when the sink closes the connection.
      const pump = (): void => {
        while (sent < 1024 * 1024 * 1024 && req.write(chunk)) sent += chunk.length;
        if (sent < 1024 * 1024 * 1024) req.once('drain', pump);
      };
      pump();
    });
    expect(status === 413 || /socket hang up|ECONNRESET|EPIPE/.test(String(status))).toBe(true);
    await endpoint.waitFor((r) => r.length === 1, 2000);
    expect(endpoint.received[0]?.truncated).toBe(true);
    expect(endpoint.received[0]?.rawBody.length).toBe(64 * 1024);
    // What the sender got out before the close, not a gigabyte.
    expect(sent).toBeLessThan(64 * 1024 * 1024);
  });

  it('survives a sender that resets mid-delivery, and goes on answering', async () => {
    const endpoint = sink.endpoint({}, SECRET);
    const url = new URL(endpoint.url);
    await new Promise<void>((resolve) => {
      const socket = connect(Number(url.port), url.hostname, () => {
        socket.write(`POST ${url.pathname} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"event":`);
        setTimeout(() => {
          socket.resetAndDestroy();
          resolve();
        }, 20);
      });
    });
    expect(await deliver(endpoint.url, '{}')).toBe(200);
    // The broken-off delivery is not one: only the whole one was recorded.
    expect(endpoint.received.map((r) => r.rawBody.toString())).toEqual(['{}']);
  });

  it('waits for deliveries without throwing on timeout', async () => {
    const endpoint = sink.endpoint({}, SECRET);
    const waiting = endpoint.waitFor((r) => r.length >= 1, 2000);
    await deliver(endpoint.url, '{}');
    expect(await waiting).toBe(true);
    expect(await endpoint.waitFor((r) => r.length >= 2, 50)).toBe(false);
  });

  it('records requests to unknown paths as strays', async () => {
    expect(await deliver(`${sink.baseUrl}/hooks/ffff`, '{}')).toBe(404);
    expect(sink.strays).toHaveLength(1);
    expect(sink.delivered).toBe(0);
  });
  it('counts the requests that reached an endpoint, whatever their answer (the target can reach the sink)', async () => {
    const failing = sink.endpoint({ failFirst: 1 });
    expect(await deliver(failing.url, '{}')).toBe(500);
    expect(await deliver(sink.endpoint({}).url, '{}')).toBe(200);
    expect(sink.delivered).toBe(2);
  });
  it('resolves a wait when the delivery arrives, not at the end of its bound', async () => {
    const endpoint = sink.endpoint({});
    // The bound outlasts the test's timeout: a wait that ran to it would time the test out.
    const waiting = endpoint.waitFor((all) => all.length > 0, { timeoutMs: 120_000 });
    setTimeout(() => void deliver(endpoint.url, '{}'), 50);
    expect(await waiting).toBe(true);
  });

  it('ends a wait on abort with the judgement of what arrived, and never waits on an aborted signal', async () => {
    const endpoint = sink.endpoint({});
    const controller = new AbortController();
    // The bounds outlast the test's timeout: a wait that ran to one would time the test out.
    const waiting = endpoint.waitFor((all) => all.length > 0, { timeoutMs: 120_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    expect(await waiting).toBe(false);
    expect(await endpoint.waitFor(() => false, { timeoutMs: 120_000, signal: controller.signal })).toBe(false);
  });

  it('waits across endpoints: any arrival, a stray included, judges again', async () => {
    const a = sink.endpoint({});
    const b = sink.endpoint({});
    const both = sink.waitFor(() => a.received.length > 0 && b.received.length > 0, { timeoutMs: 10_000 });
    await deliver(a.url, '{}');
    await deliver(b.url, '{}');
    expect(await both).toBe(true);
    const stray = sink.waitFor(() => sink.strays.length > 0, { timeoutMs: 10_000 });
    await deliver(`${sink.baseUrl}/elsewhere`, '{}');
    expect(await stray).toBe(true);
    expect(await sink.waitFor(() => false, { timeoutMs: 30 })).toBe(false);
  });
});

describe('SinkEndpoint bounds', () => {
  it('keeps the first and the latest SINK_MAX_KEPT requests of a flooded endpoint and counts the middle ones', () => {
    const endpoint = new SinkEndpoint('t', 'http://sink/hooks/t', {}, undefined);
    const total = 2 * SINK_MAX_KEPT + 50;
    for (let attempt = 1; attempt <= total; attempt++) {
      endpoint.record({ attempt, arrivedAt: attempt, method: 'POST', headers: {}, rawBody: Buffer.from(`{"n":${attempt}}`), answered: 200, truncated: false });
    }
    const kept = endpoint.received.map((r) => r.attempt);
    expect(kept).toHaveLength(2 * SINK_MAX_KEPT);
    expect(kept[SINK_MAX_KEPT - 1]).toBe(SINK_MAX_KEPT);
    expect(kept[SINK_MAX_KEPT]).toBe(SINK_MAX_KEPT + 51);
    expect(kept.at(-1)).toBe(total);
    expect(endpoint.dropped).toBe(50);
  });
});
