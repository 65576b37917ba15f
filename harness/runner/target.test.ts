import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/schema.js';
import { ConfigError } from '../errors.js';
import { Redactor } from '../http/redact.js';
import { advertisedLimit, probe, probeKeyLimit, probeTarget } from './target.js';

const KEY = 'wmk_probe0001';
let server: Server | undefined;

/** A target answering `status` (200 by default) only to the auth styles in `accepts`, with these headers. */
async function target(accepts: { xApiKey: boolean; bearer: boolean }, answer: { status?: number; headers?: Record<string, string> } = {}): Promise<string> {
  server = createServer((req, res) => {
    const ok = (accepts.xApiKey && req.headers['x-api-key'] === KEY) || (accepts.bearer && req.headers['authorization'] === `Bearer ${KEY}`);
    res.writeHead(ok ? (answer.status ?? 200) : 401, { 'content-type': 'application/json', ...answer.headers }).end(ok ? '{"data":[],"pagination":{}}' : '{}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

afterEach(async () => {
  // A test without a server must not wait for one to close.
  if (server !== undefined) {
    server.closeAllConnections();
    await new Promise((resolve) => server!.close(resolve));
  }
  server = undefined;
});

async function probed(baseUrl: string, bearerFallback = false): Promise<unknown> {
  const config = parseEnv({ CONFORMANCE_TARGET_URL: baseUrl, CONFORMANCE_ADMIN_KEY: KEY }, () => 1);
  return probe(baseUrl, config, new Redactor([KEY]), { bearerFallback }).catch((error: unknown) => error);
}

describe('probe', () => {
  it('lets a target that accepts the admin key through, with X-API-Key', async () => {
    expect(await probed(await target({ xApiKey: true, bearer: true }))).toBe('x-api-key');
  });

  it('falls back to Bearer for a conformance run when the target reads the key only that way', async () => {
    expect(await probed(await target({ xApiKey: false, bearer: true }), true)).toBe('bearer');
  });

  it('says so when the target reads the key only as Bearer and the caller needs X-API-Key', async () => {
    const error = await probed(await target({ xApiKey: false, bearer: true }));
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/refused the admin key in X-API-Key \(401\) but accepted it as Authorization: Bearer; spec 5.1/);
    expect((error as Error).message).not.toContain(KEY);
  });

  it('calls a key refused both ways a refused key', async () => {
    const error = await probed(await target({ xApiKey: false, bearer: false }), true);
    expect((error as Error).message).toBe(
      'CONFORMANCE_ADMIN_KEY: the target refused the admin key (GET /contacts answered 401); check that it is a key this target issued, copied whole, not revoked, of an admin of organisation A (conformance doctor checks every key)',
    );
  });
});

describe("the probe reads this API's shape from the body, not the status or the Content-Type", () => {
  it('lets a target through whose list comes with 404 or 401 and no Content-Type, saying the checks will report it', async () => {
    for (const status of [404, 401]) {
      server = createServer((_req, res) => {
        res.writeHead(status).end('{"data":[],"pagination":{"limit":1,"offset":0}}');
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
      const config = parseEnv({ CONFORMANCE_TARGET_URL: baseUrl, CONFORMANCE_ADMIN_KEY: KEY }, () => 1);
      const probed = await probeTarget(baseUrl, config, new Redactor([KEY]));
      expect(probed.authStyle, String(status)).toBe('x-api-key');
      expect(probed.note, String(status)).toMatch(new RegExp(`answered ${status} with this API's list`));
      server.closeAllConnections();
      await new Promise((resolve) => server!.close(resolve));
      server = undefined;
    }
  });
});

describe('the rate limit the probe reads', () => {
  it.each([
    [{ 'x-ratelimit-limit': '60' }, 60],
    [{ 'x-ratelimit-limit': ' 1000 ' }, 1000],
    // A window or policy after the number still says how many a minute.
    [{ 'x-ratelimit-limit': '60, 60;w=60' }, 60],
    [{ 'x-ratelimit-limit': '0' }, undefined],
    [{ 'x-ratelimit-limit': 'unlimited' }, undefined],
    [{}, undefined],
  ])('advertisedLimit(%j) is %s', (headers, limit) => {
    expect(advertisedLimit(headers)).toBe(limit);
  });

  it("returns the admin key's X-RateLimit-Limit with the auth style", async () => {
    const baseUrl = await target({ xApiKey: true, bearer: true }, { headers: { 'x-ratelimit-limit': '60' } });
    const config = parseEnv({ CONFORMANCE_TARGET_URL: baseUrl, CONFORMANCE_ADMIN_KEY: KEY }, () => 1);
    expect(await probeTarget(baseUrl, config, new Redactor([KEY]))).toEqual({ authStyle: 'x-api-key', adminLimit: 60 });
  });

  it('takes a 429 as it comes (a spent key still authenticates and says its limit) instead of waiting a minute', async () => {
    const baseUrl = await target({ xApiKey: true, bearer: false }, { status: 429, headers: { 'x-ratelimit-limit': '60', 'retry-after': '59' } });
    const config = parseEnv({ CONFORMANCE_TARGET_URL: baseUrl, CONFORMANCE_ADMIN_KEY: KEY }, () => 1);
    // Waiting out Retry-After's 59 s would outlast the test's 30 s timeout.
    expect(await probeTarget(baseUrl, config, new Redactor([KEY]))).toEqual({ authStyle: 'x-api-key', adminLimit: 60 });
  });

  it("reads another key's limit, and nothing for a key the target refuses", async () => {
    const baseUrl = await target({ xApiKey: true, bearer: false }, { headers: { 'x-ratelimit-limit': '120' } });
    expect(await probeKeyLimit(baseUrl, KEY, 'x-api-key', { requestTimeoutMs: 5000 }, new Redactor([KEY]))).toBe(120);
    expect(await probeKeyLimit(baseUrl, 'wmk_other', 'x-api-key', { requestTimeoutMs: 5000 }, new Redactor([KEY]))).toBeUndefined();
  });
});
