/**
 * test/check-order.test.ts: runs the fixture suites in vitest with the runner's ordering
 * (harness/runner/sequencer.ts checkOrdering) and a run context that sends nothing.
 */
import { startVitest } from 'vitest/node';
import type { RunContext } from '../harness/check/run-context.js';
import { checkOrdering } from '../harness/runner/sequencer.js';
import { ROOT } from './run-cli.js';

const context: RunContext = {
  runId: 'order-test',
  baseUrl: 'http://127.0.0.1:9/api/v1',
  keys: { admin: 'wmk_order0000000000' },
  limitedKeys: [],
  authStyle: 'x-api-key',
  seed: 1,
  numRuns: 1,
  requestTimeoutMs: 1000,
  maxResponseBytes: 65536,
  breakerFailures: 5,
  // ORDER_CONCURRENCY: CONFORMANCE_CONCURRENCY of the run (default 4).
  concurrency: Number(process.env['ORDER_CONCURRENCY'] ?? 4),
  webhookWaitS: 1,
  sink: { host: '127.0.0.1', port: 0 },
};
const vitest = await startVitest(
  'test',
  [],
  {
    watch: false,
    config: false,
    root: ROOT,
    include: ['test/fixtures/order-*.suite.ts'],
    pool: 'threads',
    maxWorkers: 2,
    ...checkOrdering(context.concurrency),
    provide: { conformance: context },
    reporters: [],
    silent: true,
  },
  {},
  { stdout: process.stderr, stderr: process.stderr },
);
await vitest.close();
