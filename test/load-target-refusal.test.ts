import { mkdtemp } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../harness/config/load.js';
import { loadReportSchema, type ScenarioResult } from '../harness/load/model.js';
import { LoadProgress } from '../harness/load/progress.js';
import { runLoad } from '../harness/load/run.js';
import { externalTargetEnv } from './target-env.js';
import { SHORT_LOAD } from './testing/short-load.js';

/**
 * A target that lists contacts (an empty list, so the probe and the cleanup sweep pass) but
 * refuses every `POST /contacts` with the status the test sets: the throughput scenario's get
 * step needs one contact to read, and cannot get it. That is the target's doing, and the load
 * report must say so with the status it answered, never "the harness broke".
 */
let server: Server;
let baseUrl: string;
let createStatus = 503;

beforeAll(async () => {
  server = createServer((req, res) => {
    const json = (status: number, body: unknown): void => {
      res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    req.resume();
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/api/v1/contacts') return json(200, { data: [], total: 0 });
      if (req.method === 'POST' && path === '/api/v1/contacts') return json(createStatus, { error: { code: 'refused', message: 'no' } });
      return json(404, { error: { code: 'not_found', message: 'no such route' } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

async function throughputAgainstRefusal(status: number): Promise<ScenarioResult> {
  createStatus = status;
  const reportDir = await mkdtemp(join(tmpdir(), 'conformance-load-refusal-'));
  const env = {
    ...(await externalTargetEnv(baseUrl)),
    CONFORMANCE_LOAD_STEP_S: SHORT_LOAD.CONFORMANCE_LOAD_STEP_S,
    CONFORMANCE_REPORT_DIR: reportDir,
    CONFORMANCE_LOAD_SCENARIOS: 'throughput',
    CONFORMANCE_LOAD_ENDPOINTS: 'get',
    CONFORMANCE_LOAD_CONCURRENCY: '1',
    CONFORMANCE_SKIP_DOCTOR: 'true',
  };
  const config = await configFromEnv(env);
  const out = { write: () => true } as unknown as NodeJS.WritableStream;
  const { report } = await runLoad(config, { progress: new LoadProgress(out, false) });
  loadReportSchema.parse(report);
  expect(report.status).toBe('failed');
  expect(report.exitCode).toBe(1);
  return report.scenarios.find((s) => s.id === 'throughput')!;
}

describe('the load run against a target that refuses POST /contacts', () => {
  it("fails the throughput scenario as the target's doing, naming the status, with the code TARGET_REFUSED", async () => {
    const throughput = await throughputAgainstRefusal(503);
    expect(throughput.status).toBe('failed');
    expect(throughput.errorCode).toBe('TARGET_REFUSED');
    expect(throughput.message).not.toMatch(/harness broke/);
    expect(throughput.message).toMatch(/^the target refused the contact the get steps read \(POST \/contacts answered 503\); a valid create must answer 201/);
    expect(throughput.findings).toContain(throughput.message);
  });

  it('names both possible causes when the refusal is 403: the key, or the target', async () => {
    const throughput = await throughputAgainstRefusal(403);
    expect(throughput.status).toBe('failed');
    expect(throughput.errorCode).toBe('TARGET_REFUSED');
    expect(throughput.message).toMatch(
      /POST \/contacts answered 403\): either the .+ may not create contacts .*, or the target refuses a create an admin may make \(spec 4\.1\)$/,
    );
  });
});
