import { createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { doctorReportSchema, type DoctorReport } from '../harness/doctor/model.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { spawnCli } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * `conformance doctor` stopped by SIGTERM (a cancelled CI job) while a request hangs: the target
 * is a proxy in front of the reference server that forwards everything but the sink item's test
 * delivery (POST /webhooks/{id}/test), which it never answers. At that moment the doctor holds a
 * webhook subscription it created; the signal is sent once the proxy holds the request (no timing).
 */

interface HangingProxy {
  readonly baseUrl: string;
  /** Resolves when the held request arrived. */
  readonly held: Promise<string>;
  close(): Promise<void>;
}

function startHangingProxy(target: string): Promise<HangingProxy> {
  const upstream = new URL(target);
  let hold: (path: string) => void = () => undefined;
  const held = new Promise<string>((resolve) => (hold = resolve));
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = req.url ?? '/';
    if (req.method === 'POST' && /\/webhooks\/[^/]+\/test$/.test(path.split('?')[0]!)) {
      hold(path);
      return; // never answered
    }
    const forwarded = request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path, headers: { ...req.headers, host: upstream.host } },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => res.destroy());
    req.pipe(forwarded);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
        held,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

let reference: RunningReferenceServer;
let proxy: HangingProxy;
let result: { code: number | null; stdout: string; stderr: string };
let report: DoctorReport;
let adminKey: string;

beforeAll(async () => {
  reference = await startReferenceServer();
  proxy = await startHangingProxy(reference.baseUrl);
  const env = await externalTargetEnv(proxy.baseUrl);
  adminKey = env.CONFORMANCE_ADMIN_KEY!;
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-doctor-stop-'));
  const { child, done } = spawnCli(['doctor'], reportDir, env);
  await proxy.held;
  child.kill('SIGTERM');
  result = await done;
  report = doctorReportSchema.parse(JSON.parse(await readFile(join(reportDir, 'doctor.json'), 'utf8')));
}, 120_000);

afterAll(async () => {
  await proxy?.close();
  await reference?.close();
});

describe('conformance doctor stopped by SIGTERM while a request hangs', () => {
  it('exits 143 after one line saying it is stopping', () => {
    expect(result.code, result.stderr).toBe(143);
    expect(result.stderr).toMatch(/^conformance: SIGTERM: stopping the doctor: no new requests, deleting what it created, writing doctor\.json/m);
    expect(result.stdout).toMatch(/stopped by SIGTERM before every item was checked/);
  });

  it('writes doctor.json with stoppedBy, the items decided before the stop and no item after it', () => {
    expect(report.stoppedBy).toEqual({ code: 'DOCTOR_STOPPED', signal: 'SIGTERM', reason: expect.stringContaining('stopped by SIGTERM') });
    expect(report.exitCode).toBe(143);
    expect(report.items.at(-1)?.id).toBe('stopped');
    expect(report.items.map((i) => i.id)).not.toContain('sink');
    expect(report.items.length).toBeGreaterThan(2);
  });

  it('deleted the webhook subscription it had created before the stop', async () => {
    const made = report.created.filter((c) => c.path.startsWith('/webhooks/'));
    expect(made.length).toBeGreaterThan(0);
    expect(made.every((c) => c.deleted)).toBe(true);
    const res = await fetch(`${reference.baseUrl}/webhooks?limit=100`, { headers: { 'X-API-Key': adminKey } });
    const { data } = (await res.json()) as { data: Array<{ id: string; description?: string | null }> };
    expect(data.filter((w) => (w.description ?? '').includes('conformance-doctor'))).toEqual([]);
    for (const record of made) expect(data.map((w) => w.id)).not.toContain(record.id);
  });
});
