import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDelayProxy } from '../bench/delay-proxy.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { runTag } from '../harness/check/run-context.js';
import { runSalt } from '../harness/generators/primitives.js';
import { readLatestReport, runCli } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * A property's cases are sent side by side (harness/check/cases-ahead.ts), yet a failing property
 * must report what it reported when they went one after another: the same seed, path and
 * counterexample, so that a report's replay command finds the same failure. Against a reference
 * fault that one property check catches, with CONFORMANCE_CONCURRENCY=1 (one case at a time; a
 * target that takes one request at a time is served one at a time) and with the default. A proxy
 * in front of the target counts what is in flight.
 */

const FAULT = 'contacts-patch-resets-omitted';
const REQUIREMENT = 'CT-UPDATE-OMITTED';

/**
 * The text with what differs from run to run masked: the run's tag, the salt the generators draw
 * from it (harness/generators/primitives.ts runSalt) and ids the target gave (a parent contact).
 */
function runFree(text: string | null | undefined, runId: string): string {
  const tag = runTag({ runId });
  return (text ?? '')
    .replaceAll(tag, '<run tag>')
    .replaceAll(runSalt(tag), '<salt>')
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g, '<uuid>');
}

let server: RunningReferenceServer;
beforeAll(async () => {
  server = await startReferenceServer({ faults: [FAULT] });
});
afterAll(() => server.close());

async function failingProperty(concurrency: string | undefined) {
  // 2 ms a round trip: requests sent side by side overlap for sure.
  const proxy = await startDelayProxy(server.baseUrl, { delayMs: 2 });
  const result = await runCli(['run'], {
    ...(await externalTargetEnv(proxy.baseUrl)),
    CONFORMANCE_SUITES: 'contacts',
    CONFORMANCE_REQUIREMENTS: REQUIREMENT,
    CONFORMANCE_NUM_RUNS: '10',
    CONFORMANCE_SEED: '20261127',
    ...(concurrency === undefined ? {} : { CONFORMANCE_CONCURRENCY: concurrency }),
  });
  const { maxInFlight } = proxy.stats();
  await proxy.close();
  const report = await readLatestReport(result.reportDir);
  const check = report.checks.find((c) => c.requirementId === REQUIREMENT);
  expect(check, result.stderr.slice(-1500)).toBeDefined();
  return {
    code: result.code,
    maxInFlight,
    distance: report.settings.distance,
    status: check!.status,
    property: check!.property && { ...check!.property, counterexample: runFree(check!.property.counterexample, report.runId) },
    message: runFree(check!.message, report.runId),
  };
}

describe('a failing property, its cases sent side by side', () => {
  it('reports the same seed, path and counterexample as one case at a time (CONFORMANCE_CONCURRENCY=1)', { timeout: 120_000 }, async () => {
    const [alone, ahead] = [await failingProperty('1'), await failingProperty(undefined)];
    expect(alone.status).toBe('fail');
    expect(alone.code).toBe(1);
    expect(alone.maxInFlight).toBe(1);
    expect(ahead.maxInFlight).toBeGreaterThan(1);
    // report.json says what budget each run kept: the one set, or the one chosen for the distance (2 ms: near).
    expect(alone.distance).toMatchObject({ concurrency: 1, concurrencySet: true });
    expect(ahead.distance).toMatchObject({ concurrency: 8, concurrencySet: false, workers: 1 });
    expect(ahead.distance?.roundTripMs).toBeGreaterThanOrEqual(2);
    expect(alone.property?.path).toEqual(expect.stringMatching(/^\d+(:\d+)*$/));
    expect(alone.property?.counterexample).toMatch(/<salt>/);
    expect(ahead.status).toBe('fail');
    expect(ahead.property).toEqual(alone.property);
    expect(ahead.message).toBe(alone.message);
  });
});
