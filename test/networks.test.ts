import { proxyEnvironment } from '../harness/http/testing/proxy-env.js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../harness/config/load.js';
import { loadDoctorConfig } from '../harness/doctor/config.js';
import type { DoctorReport } from '../harness/doctor/model.js';
import { runDoctor } from '../harness/doctor/run.js';
import type { LoadReport } from '../harness/load/model.js';
import { LoadProgress } from '../harness/load/progress.js';
import { runLoad } from '../harness/load/run.js';
import { startForwardProxy, type ForwardProxy } from '../harness/http/testing/forward-proxy.js';
import { makeTestPki, startTlsTerminator, type RunningTlsServer, type TestPki } from '../harness/http/testing/tls.js';
import { Writable } from 'node:stream';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { externalTargetEnv } from './target-env.js';

/*
 * Networks people have, on loopback with real servers: the reference server behind a TLS
 * terminator whose certificate a private CA signed, and a real forwarding proxy. The doctor is the
 * client here; harness/http/network.test.ts shows the suite's client on its own.
 */

const proxyEnv = proxyEnvironment();

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
  proxyEnv.restore();
  proxy.reset();
});

async function doctor(env: Record<string, string>): Promise<DoctorReport> {
  const { config, urlFix } = await loadDoctorConfig({ env, envFile: null });
  return runDoctor(config, { scope: 'preflight', urlFix });
}

const target = (report: DoctorReport) => report.items.find((i) => i.id === 'target')!;

describe('the doctor against an https target signed by a private CA', () => {
  it('without CONFORMANCE_CA_FILE: one problem, the certificate is not trusted, the fix names the setting', async () => {
    proxyEnv.use({});
    const item = target(await doctor(tlsEnv));
    expect(item.status).toBe('problem');
    expect(item.detail).toMatch(/TLS certificate is not trusted/);
    expect(item.fix).toMatch(/^set CONFORMANCE_CA_FILE to the PEM file/);
    expect(item.variables).toEqual(['CONFORMANCE_CA_FILE']);
  });

  it('with CONFORMANCE_CA_FILE: the target answers like this API and no item is a problem', async () => {
    proxyEnv.use({});
    const report = await doctor({ ...tlsEnv, CONFORMANCE_CA_FILE: pki.caFile });
    expect(target(report).status).toBe('ok');
    expect(report.items.filter((i) => i.status === 'problem').map((i) => `${i.id}: ${i.detail}`)).toEqual([]);
  });
});

describe('the doctor behind a proxy', () => {
  it('HTTPS_PROXY set: every request to the https target goes through the proxy, CA applied in the tunnel', async () => {
    proxyEnv.use({ HTTPS_PROXY: proxy.url });
    const report = await doctor({ ...tlsEnv, CONFORMANCE_CA_FILE: pki.caFile });
    expect(target(report).status).toBe('ok');
    expect(proxy.tunnels.get(new URL(tls.origin).host)).toBeGreaterThan(0);
  });

  it('HTTP_PROXY set, NO_PROXY unset: a loopback http target is proxied too (as curl and undici do)', async () => {
    proxyEnv.use({ HTTP_PROXY: proxy.url });
    expect(target(await doctor(plainEnv)).status).toBe('ok');
    expect(proxy.total()).toBeGreaterThan(0);
  });

  it('NO_PROXY naming the target host: nothing goes through the proxy', async () => {
    proxyEnv.use({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
    expect(target(await doctor(plainEnv)).status).toBe('ok');
    expect(target(await doctor({ ...tlsEnv, CONFORMANCE_CA_FILE: pki.caFile })).status).toBe('ok');
    expect(proxy.total()).toBe(0);
  });

  it('a proxy that is down: the fix names the proxy and NO_PROXY', async () => {
    proxyEnv.use({ HTTP_PROXY: 'http://127.0.0.1:9' });
    const item = target(await doctor({ ...plainEnv, CONFORMANCE_BREAKER_FAILURES: '1' }));
    expect(item.status).toBe('problem');
    expect(item.fix).toContain('the proxy http://127.0.0.1:9 (HTTP_PROXY / HTTPS_PROXY) is up and reaches it; list the target');
  });
});

/** A short load run against `env`'s target: one burst, one 1 s throughput step of lists; quiet, into a temporary directory. */
async function load(env: Record<string, string>): Promise<LoadReport> {
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-net-load-'));
  const config = await configFromEnv({
    ...env,
    CONFORMANCE_REPORT_DIR: reportDir,
    CONFORMANCE_LOAD_SCENARIOS: 'burst,throughput',
    CONFORMANCE_LOAD_BURST_REQUESTS: '70',
    CONFORMANCE_LOAD_BURST_CONNECTIONS: '4',
    CONFORMANCE_LOAD_STEP_S: '1',
    CONFORMANCE_LOAD_CONCURRENCY: '1',
    CONFORMANCE_LOAD_ENDPOINTS: 'list',
    CONFORMANCE_LOAD_WAIT_S: '5',
  });
  const quiet = new Writable({ write: (_chunk, _encoding, done) => done() });
  try {
    return (await runLoad(config, { progress: new LoadProgress(quiet) })).report;
  } finally {
    await rm(reportDir, { recursive: true, force: true });
  }
}

describe('conformance load behind a proxy', () => {
  it('the burst goes through HTTPS_PROXY to the private-CA target; throughput is skipped, saying autocannon cannot use the proxy', async () => {
    // A server of its own: the burst spends the limited key's window.
    const own = await startReferenceServer();
    const front = await startTlsTerminator(pki, new URL(own.baseUrl).origin);
    try {
      proxyEnv.use({ HTTPS_PROXY: proxy.url });
      const env = {
        ...(await externalTargetEnv(own.baseUrl)),
        CONFORMANCE_TARGET_URL: `${front.origin}${new URL(own.baseUrl).pathname}`,
        CONFORMANCE_CA_FILE: pki.caFile,
      };
      const report = await load(env);
      const [burst, throughput] = report.scenarios;
      expect([burst!.id, burst!.status], burst!.message).toEqual(['burst', 'passed']);
      expect(proxy.tunnels.get(new URL(front.origin).host)).toBeGreaterThanOrEqual(2);
      expect(throughput!.status).toBe('skipped');
      expect(throughput!.message).toMatch(/autocannon\) cannot go through the proxy http:\/\/127\.0\.0\.1:\d+ .*NO_PROXY/);
    } finally {
      await front.close();
      await own.close();
    }
  });

  it('with NO_PROXY naming the target, burst and throughput reach it directly: nothing through the proxy', async () => {
    const own = await startReferenceServer();
    try {
      proxyEnv.use({ HTTP_PROXY: proxy.url, NO_PROXY: '127.0.0.1' });
      const report = await load(await externalTargetEnv(own.baseUrl));
      expect(report.scenarios.map((s) => [s.id, s.status])).toEqual([
        ['burst', 'passed'],
        ['throughput', 'passed'],
      ]);
      expect(proxy.total()).toBe(0);
    } finally {
      await own.close();
    }
  });
});
