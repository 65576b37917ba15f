import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { RunContext } from '../check/run-context.js';
import type { Config } from '../config/schema.js';
import { ConfigError, EmbeddedServerError, TargetUnreachableError } from '../errors.js';
import { ApiClient, RequestFailedError } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import type { Report } from '../report/model.js';
import { writeReport, type WrittenReport } from '../report/write.js';
import { buildReport } from './build-report.js';
import { ResultCollector } from './collector.js';
import { Progress } from './progress.js';
import { RateLimitFirstSequencer } from './sequencer.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunOutcome {
  readonly report: Report;
  readonly written: WrittenReport;
}

/** The target URL as reports show it: credentials in the URL itself are masked too. */
export function displayUrl(url: string, redactor: Redactor): string {
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = '****';
    parsed.password = '';
  }
  return redactor.redact(parsed.toString().replace(/\/$/, ''));
}

/** `20261122T101500Z-a1b2`: sortable, unique enough, and safe in a path. */
export function newRunId(now: Date = new Date()): string {
  return `${now.toISOString().replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}-${randomBytes(2).toString('hex')}`;
}

async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
}

interface Target {
  readonly baseUrl: string;
  readonly embedded: boolean;
  close(): Promise<void>;
}

async function startTarget(config: Config): Promise<Target> {
  if (config.targetUrl !== null) return { baseUrl: config.targetUrl, embedded: false, close: async () => {} };
  try {
    const { startReferenceServer } = await import('../../reference/server.js');
    const server = await startReferenceServer({
      faults: config.referenceFaults,
      ...(config.referenceRateWindowS === undefined ? {} : { rateWindowMs: config.referenceRateWindowS * 1000 }),
    });
    return { baseUrl: server.baseUrl, embedded: true, close: () => server.close() };
  } catch (cause) {
    if ((cause as { code?: string }).code === 'UNKNOWN_FAULT') throw new ConfigError(`CONFORMANCE_REFERENCE_FAULTS: ${(cause as Error).message}`);
    throw new EmbeddedServerError(`the embedded reference server did not start: ${(cause as Error).message}`, { cause });
  }
}

/** One request with the admin key before anything else: a wrong URL or key is a configuration problem (exit 2). */
async function probe(baseUrl: string, config: Config, redactor: Redactor): Promise<void> {
  const client = new ApiClient({ baseUrl, key: config.keys.admin, timeoutMs: config.requestTimeoutMs, redactor });
  let status: number;
  try {
    status = (await client.get('/contacts', { limit: 1 })).status;
  } catch (cause) {
    const reason = cause instanceof RequestFailedError ? cause.message : String(cause);
    throw new TargetUnreachableError(`CONFORMANCE_TARGET_URL: cannot reach the target (${reason})`, { cause });
  }
  if (status === 401 || status === 403) {
    throw new ConfigError(`CONFORMANCE_ADMIN_KEY: the target refused the admin key (GET /contacts answered ${status})`);
  }
  if (status === 404) {
    throw new ConfigError(`CONFORMANCE_TARGET_URL: GET ${redactor.redact(baseUrl)}/contacts answered 404; is this the /api/v1 base URL?`);
  }
}

/**
 * A whole conformance run: start the target (embedded unless configured), run the selected
 * suites in vitest, build the report and write every format.
 */
export async function runConformance(config: Config, progress: Progress = new Progress()): Promise<RunOutcome> {
  const startedAt = new Date();
  const runId = newRunId(startedAt);
  const redactor = new Redactor(Object.values(config.keys));
  const target = await startTarget(config);
  try {
    await probe(target.baseUrl, config, redactor);
    progress.line(
      `conformance run ${runId} against ${target.embedded ? 'the embedded reference server' : displayUrl(target.baseUrl, redactor)}` +
        ` (suites: ${config.suites.join(', ')}; seed ${config.seed}; ${config.numRuns} runs per property)`,
    );
    const context: RunContext = {
      runId,
      baseUrl: target.baseUrl,
      keys: config.keys,
      customLimit: config.customLimit,
      projectId: config.projectId,
      versionId: config.versionId,
      otherProjectId: config.otherProjectId,
      seed: config.seed,
      numRuns: config.numRuns,
      requestTimeoutMs: config.requestTimeoutMs,
      webhookWaitS: config.webhookWaitS,
      sink: config.sink,
    };
    const collector = new ResultCollector(progress, { filtered: config.requirements.length > 0 });
    const vitest = await startVitest(
      'test',
      [],
      {
        watch: false,
        config: false,
        root: PACKAGE_ROOT,
        include: config.suites.map((domain) => `suites/${domain}.test.ts`),
        // Test names start with `[REQ-ID]` (harness/check/check.ts).
        ...(config.requirements.length > 0 ? { testNamePattern: `\\[(${config.requirements.join('|')})\\]` } : {}),
        reporters: [collector],
        provide: { conformance: context },
        pool: 'threads',
        // The rate-limit suite mostly sleeps; a third worker keeps two busy with the others.
        maxWorkers: config.suites.includes('rate-limit') ? 3 : 2,
        sequence: { sequencer: RateLimitFirstSequencer },
        silent: true,
        passWithNoTests: true,
        // Cleanup deletes every record a file created; against a slow target that takes a while.
        hookTimeout: 600_000,
      },
      {},
      { stdout: process.stderr, stderr: process.stderr },
    );
    await vitest.close();
    const report = buildReport(collector.run, {
      runId,
      startedAt,
      finishedAt: new Date(),
      targetUrl: displayUrl(target.baseUrl, redactor),
      embedded: target.embedded,
      faults: config.referenceFaults,
      seed: config.seed,
      numRuns: config.numRuns,
      suites: config.suites,
      toolVersion: await toolVersion(),
    });
    const written = await writeReport(report, config.reportDir, redactor);
    return { report, written };
  } finally {
    await target.close();
  }
}
