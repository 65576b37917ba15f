import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, RequestFailedError } from '../errors.js';
import { Redactor } from '../http/redact.js';
import { makeTestPki, startTlsServer, type RunningTlsServer, type TestPki } from '../http/testing/tls.js';
import { targetGetter } from './learn.js';

let pki: TestPki;
let tls: RunningTlsServer;

beforeAll(async () => {
  pki = makeTestPki();
  tls = await startTlsServer(pki, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end('{"data":[]}');
  });
});

afterAll(async () => {
  await tls.close();
  pki.remove();
});

describe("init's learning requests use the run's network", () => {
  const base = () => `${tls.origin}/api/v1`;

  it('trust the CA file init was given', async () => {
    const get = targetGetter(base(), 5000, new Redactor([]), { caFile: pki.caFile, viaProxy: false });
    expect((await get('k', '/projects')).status).toBe(200);
  });

  it('without it, fail with the diagnosis that names CONFORMANCE_CA_FILE', async () => {
    const get = targetGetter(base(), 5000, new Redactor([]), { viaProxy: false });
    const error = await get('k', '/projects').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as Error).message).toMatch(/not trusted .*CONFORMANCE_CA_FILE/);
  });

  it('a CA file that does not exist stops init before any request', () => {
    expect(() => targetGetter(base(), 5000, new Redactor([]), { caFile: '/nonexistent/ca.pem', viaProxy: false })).toThrow(ConfigError);
  });
});
