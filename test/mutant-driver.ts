/**
 * Runs many conformance runs one after another in one process, for the mutant self-test: a run
 * per fault through the real CLI entry (`main`), without paying a process start for each.
 * Jobs come as JSON lines on stdin; each result is one line `@@result <json>` on stdout. In the
 * e2e and system tiers it runs compiled, beside the compiled harness (test/testing/compiled-cli.ts).
 */
import { createInterface } from 'node:readline';
import { main } from '../harness/cli/main.js';
import { RESULT_PREFIX } from './testing/driver-protocol.js';

interface DriverJob {
  /** The CONFORMANCE_ variables of this run (nothing else of the kind is set). */
  readonly env: Record<string, string>;
  readonly args: readonly string[];
}

function setRunEnv(env: Record<string, string>): void {
  for (const name of Object.keys(process.env)) if (name.startsWith('CONFORMANCE_')) delete process.env[name];
  Object.assign(process.env, env);
}

const write = process.stdout.write.bind(process.stdout);
for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue;
  const job = JSON.parse(line) as DriverJob;
  setRunEnv(job.env);
  const code = await main(job.args);
  write(`\n${RESULT_PREFIX}${JSON.stringify({ code })}\n`);
}
// stdin closed: no more runs. Keep-alive sockets or timers of the last run must not hold the process.
process.exit(0);
