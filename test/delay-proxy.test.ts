import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { Agent, request } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelayProxy } from '../bench/delay-proxy.js';
import { RequestFramer } from '../bench/request-framer.js';
import { makeTestPki } from '../harness/http/testing/tls.js';

/** The bench's far target (bench/delay-proxy.ts) and how it counts requests (bench/request-framer.ts). */

const head = (method: string, url: string, headers: Record<string, string> = {}) =>
  `${method} ${url} HTTP/1.1\r\nHost: x\r\n${Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('')}\r\n`;

const requestBytes = fc.oneof(
  fc.constantFrom('GET', 'DELETE').map((m) => head(m, '/contacts?limit=1')),
  fc.string({ maxLength: 300 }).map((body) => `${head('POST', '/contacts', { 'Content-Length': String(Buffer.byteLength(body)) })}${body}`),
  fc
    .array(fc.string({ minLength: 1, maxLength: 40 }), { maxLength: 4 })
    .map(
      (chunks) =>
        `${head('PATCH', '/tasks/1', { 'Transfer-Encoding': 'chunked' })}${chunks.map((c) => `${Buffer.byteLength(c).toString(16)}\r\n${c}\r\n`).join('')}0\r\n\r\n`,
    ),
);

describe('RequestFramer', () => {
  it('finds every request of a keep-alive stream however it is cut into chunks', () => {
    fc.assert(
      fc.property(fc.array(requestBytes, { minLength: 1, maxLength: 8 }), fc.array(fc.nat(), { maxLength: 20 }), (requests, cuts) => {
        const bytes = Buffer.from(requests.join(''));
        const seen: string[] = [];
        const framer = new RequestFramer((method) => seen.push(method));
        const at = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
        let from = 0;
        for (const to of [...at, bytes.length]) {
          framer.push(bytes.subarray(from, to));
          from = to;
        }
        expect(seen).toEqual(requests.map((r) => r.slice(0, r.indexOf(' '))));
      }),
    );
  });

  it('stops counting, without throwing, a stream it cannot frame', () => {
    const seen: string[] = [];
    const framer = new RequestFramer((method) => seen.push(method));
    framer.push(Buffer.from(head('POST', '/x', { 'Content-Length': 'many' })));
    framer.push(Buffer.from(head('GET', '/y')));
    expect(seen).toEqual(['POST']);
  });
});

describe('the delay proxy', () => {
  let upstream: Server;
  let baseUrl: string;
  beforeAll(async () => {
    upstream = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => res.end(JSON.stringify({ method: req.method, url: req.url, body: Buffer.concat(chunks).toString() })));
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    baseUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}/api/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => upstream.close(() => resolve())));

  it('passes requests and answers on unchanged, a round trip later, the handshake one more on a new connection', async () => {
    const proxy = await startDelayProxy(baseUrl, { delayMs: 60 });
    const agent = new Agent({ connections: 1 });
    try {
      const timed = async (body?: string) => {
        const started = performance.now();
        const res = await request(`${proxy.baseUrl}/contacts?limit=1`, {
          method: body === undefined ? 'GET' : 'POST',
          dispatcher: agent,
          ...(body === undefined ? {} : { body }),
        });
        return { ms: performance.now() - started, answer: (await res.body.json()) as { method: string; url: string; body: string } };
      };
      const first = await timed();
      const second = await timed('x'.repeat(100_000));
      expect(first.answer).toEqual({ method: 'GET', url: '/api/v1/contacts?limit=1', body: '' });
      expect(second.answer.body).toHaveLength(100_000);
      // Lower bounds only: the delay is a floor, what a busy machine adds is not judged.
      expect(first.ms).toBeGreaterThanOrEqual(2 * 60 - 5);
      expect(second.ms).toBeGreaterThanOrEqual(60 - 5);
      expect(proxy.stats()).toEqual({ requests: 2, maxInFlight: 1, connections: 1 });
    } finally {
      await agent.close();
      await proxy.close();
    }
  });

  it('counts requests in flight at once across connections, and speaks https with a TLS certificate', async () => {
    // The upstream holds every answer until all five requests reached it (at most 10 s), so the five
    // are in flight at once however slowly a loaded machine makes the TLS handshakes: a count below
    // five can only be the proxy's.
    const held: Array<() => void> = [];
    const gate = createServer((req, res) => {
      held.push(() => res.end(JSON.stringify({ url: req.url })));
      if (held.length === 5) for (const answer of held.splice(0)) answer();
    });
    const giveUp = setTimeout(() => {
      for (const answer of held.splice(0)) answer();
    }, 10_000);
    await new Promise<void>((resolve) => gate.listen(0, '127.0.0.1', resolve));
    const pki = makeTestPki();
    const proxy = await startDelayProxy(`http://127.0.0.1:${(gate.address() as AddressInfo).port}/api/v1`, { delayMs: 20, tls: pki });
    const agent = new Agent({ connect: { ca: readFileSync(pki.caFile, 'utf8') } });
    try {
      const answers = await Promise.all(
        Array.from({ length: 5 }, async (_, i) => {
          const res = await request(`${proxy.baseUrl}/tasks/${i}`, { dispatcher: agent });
          return ((await res.body.json()) as { url: string }).url;
        }),
      );
      expect(answers).toEqual([0, 1, 2, 3, 4].map((i) => `/api/v1/tasks/${i}`));
      expect(proxy.stats()).toMatchObject({ requests: 5, maxInFlight: 5 });
    } finally {
      await agent.close();
      await proxy.close();
      clearTimeout(giveUp);
      await new Promise<void>((resolve) => gate.close(() => resolve()));
      pki.remove();
    }
  });
});
