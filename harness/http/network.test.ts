import { proxyEnvironment } from './testing/proxy-env.js';
import { writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { readCaFile } from '../config/ca-file.js';
import { ConfigError, RequestFailedError } from '../errors.js';
import { ApiClient } from './client.js';
import { diagnoseTls, proxyFor, shownProxy, type TargetNetwork } from './network.js';
import { Redactor } from './redact.js';
import { startForwardProxy, type ForwardProxy } from './testing/forward-proxy.js';
import { makeTestPki, startTlsServer, type RunningTlsServer, type TestPki } from './testing/tls.js';

const KEY = 'wmk_0d4c2b1a9e8f7a6b5c4d3e2f1a0b9c8d';

let pki: TestPki;
let tls: RunningTlsServer;
let plain: Server;
let plainOrigin: string;
let proxy: ForwardProxy;
const proxyEnv = proxyEnvironment();

const answer = JSON.stringify({ data: [] });

beforeAll(async () => {
  pki = makeTestPki();
  tls = await startTlsServer(pki, (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(answer);
  });
  plain = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(answer);
  });
  await new Promise<void>((resolve) => plain.listen(0, '127.0.0.1', resolve));
  plainOrigin = `http://127.0.0.1:${(plain.address() as AddressInfo).port}`;
  proxy = await startForwardProxy();
});

afterAll(async () => {
  await tls.close();
  plain.closeAllConnections();
  await new Promise<void>((resolve) => plain.close(() => resolve()));
  await proxy.close();
  pki.remove();
});

afterEach(() => {
  proxyEnv.restore();
  proxy.reset();
});

function client(origin: string, network?: TargetNetwork): ApiClient {
  return new ApiClient({ baseUrl: `${origin}/api/v1`, key: KEY, timeoutMs: 5000, redactor: new Redactor([KEY]), ...(network ? { network } : {}) });
}

describe('CONFORMANCE_CA_FILE: an https target signed by a private CA', () => {
  it('without the CA the request fails with a one-line diagnosis that names the setting', async () => {
    proxyEnv.use({});
    const error = await client(tls.origin, { viaProxy: true })
      .get('/contacts')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RequestFailedError);
    expect((error as Error).message).toMatch(
      /TLS certificate is not trusted \((UNABLE_TO_VERIFY_LEAF_SIGNATURE|UNABLE_TO_GET_ISSUER_CERT_LOCALLY|SELF_SIGNED_CERT_IN_CHAIN)\)/,
    );
    expect((error as Error).message).toContain('CONFORMANCE_CA_FILE');
    expect((error as Error).message).toContain('NODE_EXTRA_CA_CERTS');
    expect((error as Error).message).not.toContain('\n');
  });

  it('with the CA file the same request succeeds', async () => {
    proxyEnv.use({});
    const res = await client(tls.origin, { caFile: pki.caFile, viaProxy: true }).get('/contacts');
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ data: [] });
  });

  it('a certificate for another host is told apart from an untrusted one', () => {
    const altname = Object.assign(new Error("Hostname/IP does not match certificate's altnames"), { code: 'ERR_TLS_CERT_ALTNAME_INVALID' });
    expect(diagnoseTls(new Error('fetch failed', { cause: altname }))).toMatch(/does not name this host/);
    expect(diagnoseTls(Object.assign(new Error('x'), { code: 'ECONNREFUSED' }))).toBeUndefined();
  });

  it('a missing file or one without a PEM certificate is a ConfigError with the fix', () => {
    expect(() => readCaFile(join(pki.dir, 'nope.pem'))).toThrow(ConfigError);
    expect(() => readCaFile(join(pki.dir, 'nope.pem'))).toThrow(/CONFORMANCE_CA_FILE: .*nope\.pem: no such file; name the PEM file/);
    const der = join(pki.dir, 'ca.der');
    writeFileSync(der, Buffer.from([0x30, 0x82, 0x01, 0x0a]));
    expect(() => readCaFile(der)).toThrow(/no PEM certificate in it .*openssl x509 -inform der/);
    // The server's key is PEM too, but not a certificate.
    writeFileSync(join(pki.dir, 'key-only.pem'), pki.key);
    expect(() => readCaFile(join(pki.dir, 'key-only.pem'))).toThrow(/no PEM certificate/);
    expect(readCaFile(pki.caFile)).toHaveLength(1);
  });
});

describe('HTTP_PROXY / HTTPS_PROXY / NO_PROXY', () => {
  it('an http target goes through HTTP_PROXY', async () => {
    proxyEnv.use({ HTTP_PROXY: proxy.url });
    const res = await client(plainOrigin, { viaProxy: true }).get('/contacts');
    expect(res.status).toBe(200);
    expect(proxy.total()).toBeGreaterThan(0);
    expect([...proxy.tunnels.keys(), ...proxy.forwarded.keys()]).toEqual([new URL(plainOrigin).host]);
  });

  it('an https target signed by the private CA goes through HTTPS_PROXY in a CONNECT tunnel, the CA still applied', async () => {
    proxyEnv.use({ https_proxy: proxy.url });
    const res = await client(tls.origin, { caFile: pki.caFile, viaProxy: true }).get('/contacts');
    expect(res.status).toBe(200);
    expect(proxy.tunnels.get(new URL(tls.origin).host)).toBe(1);
  });

  it('a host NO_PROXY names is reached directly', async () => {
    proxyEnv.use({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: 'localhost,127.0.0.1' });
    expect((await client(plainOrigin, { viaProxy: true }).get('/contacts')).status).toBe(200);
    expect((await client(tls.origin, { caFile: pki.caFile, viaProxy: true }).get('/contacts')).status).toBe(200);
    expect(proxy.total()).toBe(0);
  });

  it('the embedded server (viaProxy false) is never proxied', async () => {
    proxyEnv.use({ HTTP_PROXY: proxy.url });
    expect((await client(plainOrigin, { viaProxy: false }).get('/contacts')).status).toBe(200);
    expect(proxy.total()).toBe(0);
  });

  it('a failure through a proxy names the proxy, without its password', async () => {
    proxyEnv.use({ HTTP_PROXY: 'http://user:secret@127.0.0.1:9' });
    const error = await client(plainOrigin, { viaProxy: true })
      .get('/contacts')
      .catch((e: unknown) => e);
    expect((error as Error).message).toContain('through the proxy http://127.0.0.1:9; NO_PROXY lists the hosts reached directly');
    expect((error as Error).message).not.toContain('secret');
  });

  it('proxyFor decides as undici does: lower case first, NO_PROXY by host, suffix and port, loopback proxied unless named', () => {
    const net = { viaProxy: true };
    expect(proxyFor('http://127.0.0.1:3000/api/v1', net, { HTTP_PROXY: 'http://p:1' })).toBe('http://p:1');
    expect(proxyFor('http://127.0.0.1:3000/api/v1', net, { HTTP_PROXY: 'http://p:1', NO_PROXY: '127.0.0.1' })).toBeUndefined();
    expect(proxyFor('https://api.example.com/api/v1', net, { HTTP_PROXY: 'http://p:1' })).toBe('http://p:1');
    expect(proxyFor('https://api.example.com/api/v1', net, { HTTP_PROXY: 'http://p:1', https_proxy: 'http://s:2' })).toBe('http://s:2');
    expect(proxyFor('https://api.example.com/api/v1', net, { HTTPS_PROXY: 'http://s:2', NO_PROXY: '.example.com' })).toBeUndefined();
    expect(proxyFor('https://api.example.com/api/v1', net, { HTTPS_PROXY: 'http://s:2', NO_PROXY: 'example.com:8443' })).toBe('http://s:2');
    expect(proxyFor('https://api.example.com/api/v1', net, { HTTPS_PROXY: 'http://s:2', no_proxy: '*' })).toBeUndefined();
    expect(proxyFor('http://x/api/v1', net, { http_proxy: '', HTTP_PROXY: 'http://p:1' })).toBeUndefined();
    expect(proxyFor('http://x/api/v1', { viaProxy: false }, { HTTP_PROXY: 'http://p:1' })).toBeUndefined();
    expect(shownProxy('http://u:pw@proxy.corp:3128')).toBe('http://proxy.corp:3128');
  });
});
