import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadDoctorConfig } from '../harness/doctor/config.js';
import type { DoctorReport } from '../harness/doctor/model.js';
import { runDoctor } from '../harness/doctor/run.js';
import { startForwardProxy, type ForwardProxy } from '../harness/http/testing/forward-proxy.js';
import { makeTestPki, startTlsTerminator, type RunningTlsServer, type TestPki } from '../harness/http/testing/tls.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { externalTargetEnv } from './target-env.js';

/*
 * Networks people have, on loopback with real servers: the reference server behind a TLS
 * terminator whose certificate a private CA signed, and a real forwarding proxy. The doctor is the
 * client here; harness/http/network.test.ts shows the suite's client on its own.
 */

const PROXY_VARIABLES = ['HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY', 'http_proxy', 'https_proxy', 'no_proxy'] as const;
const saved = Object.fromEntries(PROXY_VARIABLES.map((name) => [name, process.env[name]]));

let server: RunningReferenceServer;
let pki: TestPki;
let tls: RunningTlsServer;
let proxy: ForwardProxy;
let plainEnv: Record<string, string>;
let tlsEnv: Record<string, string>;

beforeAll(async () => {
  server = await startReferenceServer();
  pki = makeTestPki();
  tls = await startTlsTerminator(pki, new URL(server.baseUrl).origin);
  proxy = await startForwardProxy();
  plainEnv = await externalTargetEnv(server.baseUrl);
  tlsEnv = { ...plainEnv, CONFORMANCE_TARGET_URL: `${tls.origin}${new URL(server.baseUrl).pathname}` };
});

afterAll(async () => {
  await proxy.close();
  await tls.close();
  await server.close();
  pki.remove();
});

afterEach(() => {
  for (const name of PROXY_VARIABLES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  proxy.reset();
});

function useProxyEnv(values: Partial<Record<(typeof PROXY_VARIABLES)[number], string>>): void {
  for (const name of PROXY_VARIABLES) delete process.env[name];
  Object.assign(process.env, values);
}

async function doctor(env: Record<string, string>): Promise<DoctorReport> {
  const { config, urlFix } = await loadDoctorConfig({ env, envFile: '/nonexistent/.env' });
  return runDoctor(config, { scope: 'preflight', urlFix });
}

const target = (report: DoctorReport) => report.items.find((i) => i.id === 'target')!;

describe('the doctor against an https target signed by a private CA', () => {
  it('without CONFORMANCE_CA_FILE: one problem, the certificate is not trusted, the fix names the setting', async () => {
    useProxyEnv({});
    const item = target(await doctor(tlsEnv));
    expect(item.status).toBe('problem');
    expect(item.detail).toMatch(/TLS certificate is not trusted/);
    expect(item.fix).toMatch(/^set CONFORMANCE_CA_FILE to the PEM file/);
    expect(item.variables).toEqual(['CONFORMANCE_CA_FILE']);
  });

  it('with CONFORMANCE_CA_FILE: the target answers like this API and no item is a problem', async () => {
    useProxyEnv({});
    const report = await doctor({ ...tlsEnv, CONFORMANCE_CA_FILE: pki.caFile });
    expect(target(report).status).toBe('ok');
    expect(report.items.filter((i) => i.status === 'problem').map((i) => `${i.id}: ${i.detail}`)).toEqual([]);
  });
});

describe('the doctor behind a proxy', () => {
  it('HTTPS_PROXY set: every request to the https target goes through the proxy, CA applied in the tunnel', async () => {
    useProxyEnv({ HTTPS_PROXY: proxy.url });
    const report = await doctor({ ...tlsEnv, CONFORMANCE_CA_FILE: pki.caFile });
    expect(target(report).status).toBe('ok');
    expect(proxy.tunnels.get(new URL(tls.origin).host)).toBeGreaterThan(0);
  });

  it('HTTP_PROXY set, NO_PROXY unset: a loopback http target is proxied too (as curl and undici do)', async () => {
    useProxyEnv({ HTTP_PROXY: proxy.url });
    expect(target(await doctor(plainEnv)).status).toBe('ok');
    expect(proxy.total()).toBeGreaterThan(0);
  });

  it('NO_PROXY naming the target host: nothing goes through the proxy', async () => {
    useProxyEnv({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(target(await doctor(plainEnv)).status).toBe('ok');
    expect(target(await doctor({ ...tlsEnv, CONFORMANCE_CA_FILE: pki.caFile })).status).toBe('ok');
    expect(proxy.total()).toBe(0);
  });

  it('a proxy that is down: the fix names the proxy and NO_PROXY', async () => {
    useProxyEnv({ HTTP_PROXY: 'http://127.0.0.1:9' });
    const item = target(await doctor({ ...plainEnv, CONFORMANCE_BREAKER_FAILURES: '1' }));
    expect(item.status).toBe('problem');
    expect(item.fix).toContain('the proxy http://127.0.0.1:9 (HTTP_PROXY / HTTPS_PROXY) is up and reaches it; list the target');
  });
});
