import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { LoadMetrics } from './metrics.js';
import { renderOpenMetrics } from './metrics-export.js';
import { PUSH_CONTENT_TYPE, pushMetrics } from './metrics-push.js';
import { readOpenMetrics } from './testing/read-openmetrics.js';
import { sampleLoadReport } from './testing/sample-report.js';

let server: Server | undefined;

afterEach(async () => {
  await new Promise<void>((resolve) => (server === undefined ? resolve() : server.close(() => resolve())));
  server = undefined;
});

/** A stand-in Pushgateway: records each request and answers `status`. */
async function gateway(status: number, body = ''): Promise<{ url: string; received: { method: string; path: string; type: string; body: string }[] }> {
  const received: { method: string; path: string; type: string; body: string }[] = [];
  server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (c: Buffer) => (text += c.toString()));
    req.on('end', () => {
      received.push({ method: req.method ?? '', path: req.url ?? '', type: String(req.headers['content-type']), body: text });
      res.writeHead(status).end(body);
    });
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server!.address() as AddressInfo).port}/metrics/job/conformance-load`, received };
}

describe('pushMetrics', () => {
  it("PUTs the run's OpenMetrics text to the Pushgateway's group", async () => {
    const gw = await gateway(200);
    const text = renderOpenMetrics(sampleLoadReport(), new LoadMetrics());
    expect(await pushMetrics(gw.url, text, 5000)).toEqual({ ok: true, status: 200 });
    expect(gw.received).toHaveLength(1);
    expect(gw.received[0]).toMatchObject({ method: 'PUT', path: '/metrics/job/conformance-load', type: PUSH_CONTENT_TYPE });
    expect(readOpenMetrics(gw.received[0]!.body).length).toBeGreaterThan(0);
  });

  it('reports a refusal with its status and body, without throwing', async () => {
    const gw = await gateway(400, 'text format parsing error in line 3');
    expect(await pushMetrics(gw.url, '# EOF\n', 5000)).toEqual({ ok: false, problem: 'it answered 400: text format parsing error in line 3' });
  });

  it('reads only the start of a refusal that never ends, and quotes 200 bytes of it', async () => {
    server = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(500);
        // An endless answer: the push must not wait for its end, nor hold it.
        const chunk = Buffer.alloc(64 * 1024, 'x');
        const flood = () => {
          while (!res.destroyed && res.write(chunk));
          if (!res.destroyed) res.once('drain', flood);
        };
        flood();
      });
    });
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/metrics/job/x`;
    const pushed = await pushMetrics(url, '# EOF\n', 5000);
    expect(pushed).toEqual({ ok: false, problem: `it answered 500: ${'x'.repeat(200)}` });
    server.closeAllConnections();
  });

  it('reports an unreachable gateway by its error code', async () => {
    const gw = await gateway(200);
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = undefined;
    const pushed = await pushMetrics(gw.url, '# EOF\n', 5000);
    expect(pushed).toEqual({ ok: false, problem: 'ECONNREFUSED' });
  });
});
