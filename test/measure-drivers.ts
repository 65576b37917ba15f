/**
 * Measures what the mutant matrix's runs cost through the drivers (test/run-cli.ts DriverPool), as
 * test/mutants.test.ts runs them: the harness compiled once (test/testing/compiled-cli.ts), then
 * one narrowed run of the reference per fault, for the first fault of each suite that does not
 * mostly wait (no rate window, no webhook delivery, no exploration: 12 faults), and prints the CPU
 * seconds the drivers spent (user + system, from /proc/self/stat: the reaped children's) and the
 * wall seconds:
 *
 *   nice npx tsx test/measure-drivers.ts [drivers] [rounds]
 *
 * Every run must end with the fault caught (exit 1); a run that does not stops the measurement.
 */
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import type { Domain } from '../harness/config/schema.js';
import { FAULT_DECLARATIONS } from '../reference/faults.js';
import type { FaultDeclaration } from '../reference/policy/declaration.js';
import { DriverPool } from './run-cli.js';
import setupCompiledCli from './testing/compiled-cli.js';

/** Suites whose runs mostly wait (test/mutants.test.ts LONG_SUITES) or explore at random: not in the fixed subset. */
const WAITING: readonly string[] = ['rate-limit', 'webhooks', 'sequences'];

const drivers = Number(process.argv[2] ?? 2);
const rounds = Number(process.argv[3] ?? 1);

/** The first fault of each suite outside WAITING, in declaration order. */
function subset(): Array<{ fault: string; suite: Domain; requirements: string[] }> {
  const seen = new Set<string>();
  const picked: Array<{ fault: string; suite: Domain; requirements: string[] }> = [];
  for (const [fault, d] of Object.entries(FAULT_DECLARATIONS) as Array<[string, FaultDeclaration]>) {
    if (WAITING.includes(d.suite) || seen.has(d.suite)) continue;
    seen.add(d.suite);
    picked.push({ fault, suite: d.suite as Domain, requirements: d.wholeSuite === true ? [] : [d.breaks, ...(d.also ?? [])] });
  }
  return picked;
}

/** CPU seconds (user + system) of this process's children that have ended and been reaped. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  // Fields after the command's closing parenthesis; cutime and cstime are fields 16 and 17.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / 100;
}

const teardown = await setupCompiledCli();
try {
  const jobs = subset();
  for (let round = 1; round <= rounds; round++) {
    const cpuBefore = childCpuSeconds();
    const started = performance.now();
    const pool = new DriverPool(drivers);
    const results = await Promise.all(
      jobs.map(({ fault, suite, requirements }) =>
        pool.run({
          CONFORMANCE_REFERENCE_FAULTS: fault,
          CONFORMANCE_SUITES: suite,
          ...(requirements.length > 0 ? { CONFORMANCE_REQUIREMENTS: requirements.join(',') } : {}),
          CONFORMANCE_LIST_SETTLE_S: '1',
          CONFORMANCE_NUM_RUNS: '10',
          CONFORMANCE_SEED: '20261122',
        }),
      ),
    );
    await pool.close();
    const wall = (performance.now() - started) / 1000;
    const cpu = childCpuSeconds() - cpuBefore;
    for (const result of results) await rm(result.reportDir, { recursive: true, force: true });
    const missed = jobs.filter((_, i) => results[i]!.code !== 1);
    if (missed.length > 0) throw new Error(`not caught (exit other than 1): ${missed.map((j) => j.fault).join(', ')}`);
    console.log(`round ${round}: ${jobs.length} mutant runs through ${drivers} drivers: ${cpu.toFixed(2)} CPU-s, ${wall.toFixed(2)} s wall`);
  }
} finally {
  await teardown?.();
}
