import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '../config/schema.js';
import { ConfigError } from '../errors.js';
import { Redactor } from '../http/redact.js';
import { probe } from './target.js';

const KEY = 'wmk_probe0001';
let server: Server | undefined;

/** A target answering 200 only to the auth styles in `accepts`. */
async function target(accepts: { xApiKey: boolean; bearer: boolean }): Promise<string> {
  server = createServer((req, res) => {
    const ok = (accepts.xApiKey && req.headers['x-api-key'] === KEY) || (accepts.bearer && req.headers['authorization'] === `Bearer ${KEY}`);
    res.writeHead(ok ? 200 : 401, { 'content-type': 'application/json' }).end(ok ? '{"data":[],"pagination":{}}' : '{}');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
}

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
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
    expect((error as Error).message).toBe('CONFORMANCE_ADMIN_KEY: the target refused the admin key (GET /contacts answered 401)');
  });
});
