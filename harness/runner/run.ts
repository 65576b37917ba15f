import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { startVitest } from 'vitest/node';
import type { RunContext } from '../check/run-context.js';
import type { Config } from '../config/schema.js';
import { Redactor } from '../http/redact.js';
import type { Report } from '../report/model.js';
import { writeReport, type WrittenReport } from '../report/write.js';
import { buildReport } from './build-report.js';
import { ResultCollector } from './collector.js';
import { Progress } from './progress.js';
import { RateLimitFirstSequencer } from './sequencer.js';
import { displayUrl, newRunId, probe, startTarget } from './target.js';

export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface RunOutcome {
  readonly report: Report;
  readonly written: WrittenReport;
}

async function toolVersion(): Promise<string> {
  const pkg = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string };
  return pkg.version;
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
    const authStyle = await probe(target.baseUrl, config, redactor, { bearerFallback: true });
    if (authStyle === 'bearer') {
      progress.line('the target refused the admin key in X-API-Key but accepted it as Authorization: Bearer: the checks send Bearer (AUTH-X-API-KEY will fail)');
    }
    progress.line(
      `conformance run ${runId} against ${target.embedded ? 'the embedded reference server' : displayUrl(target.baseUrl, redactor)}` +
        ` (suites: ${config.suites.join(', ')}; seed ${config.seed}; ${config.numRuns} runs per property)`,
    );
    const context: RunContext = {
      runId,
      baseUrl: target.baseUrl,
      keys: config.keys,
      limitedKeys: config.limitedKeys,
      authStyle,
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
      variants: config.referenceVariants,
      seed: config.seed,
      numRuns: config.numRuns,
      suites: config.suites,
      allSuites: config.allSuites,
      requirements: config.requirements,
      failOnIncomplete: config.failOnIncomplete,
      toolVersion: await toolVersion(),
    });
    const written = await writeReport(report, config.reportDir, redactor);
    return { report, written };
  } finally {
    await target.close();
  }
}
