/**
 * The coverage phase's detection sweep (not part of npm test): each exploration fault of the
 * reference (suite `sequences`, webhook subscriptions' included, and `seq-webhook-events-copy`,
 * which the webhooks suite declares) against the coverage phase alone, with a webhook sink of its own, over many seeds, in process. A fault counts as
 * caught on a seed when the phase fails the rule the fault breaks; the goal is every seed.
 *
 *   npx tsx test/coverage-sweep.ts [seeds, default 20] [only these faults, comma-separated] [--variants=a,b] [--random]
 *
 * With --variants (a list, or empty for none), no fault is switched on: each seed must pass (the
 * phase's false-failure sweep). With --random, the random sequences run instead of the phase, at
 * a run's defaults (CONFORMANCE_SEQUENCES, CONFORMANCE_SEQUENCES_S): what they catch alone. Prints one line per fault (caught on k of n seeds) and exits 1 when any fault was missed
 * on a seed, or a variant failed.
 */
import { randomInt } from 'node:crypto';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { ApiClient } from '../harness/http/client.js';
import { Redactor } from '../harness/http/redact.js';
import { runCoverage } from '../harness/steps/coverage/run.js';
import { sequenceDomains } from '../harness/steps/exploration/domains.js';
import { explore, sequenceScopes } from '../harness/steps/exploration/explore.js';
import { DEFAULTS } from '../harness/config/defaults.js';
import { FAULT_DECLARATIONS, type FaultName } from '../reference/faults.js';
import { startReferenceServer } from '../reference/server.js';
import type { VariantName } from '../reference/variants.js';
import { WebhookSink } from '../harness/sink/sink.js';
import { PROPAGATION_MS } from '../harness/webhooks/propagation.js';

const flags = process.argv.slice(2).filter((a) => a.startsWith('--'));
const [seedsArg, onlyArg] = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const seeds = Number(seedsArg ?? 20);
const only = onlyArg === undefined || onlyArg === '' ? undefined : onlyArg.split(',');
const variantsFlag = flags.find((f) => f.startsWith('--variants='));
const variants =
  variantsFlag === undefined
    ? undefined
    : (variantsFlag
        .slice('--variants='.length)
        .split(',')
        .filter((v) => v !== '') as VariantName[]);
const random = flags.includes('--random');

const seedData = seedDefaults(await readSeed());
const redactor = new Redactor(Object.values(seedData.keys));
const faults = (Object.entries(FAULT_DECLARATIONS) as Array<[FaultName, { suite: string; breaks: string }]>).filter(
  // Named faults are swept whatever their suite (the webhooks suite's wh-second-* too).
  ([name, d]) => (only === undefined ? d.suite === 'sequences' || name.startsWith('seq-') : only.includes(name)),
);
/** The rule the coverage phase fails for a fault another suite declares (its subscriptions' deliveries: SEQ-READ-AFTER-WRITE). */
const phaseRule = (breaks: string): string => (breaks.startsWith('SEQ-') ? breaks : 'SEQ-READ-AFTER-WRITE');
const sink = await WebhookSink.start({ host: '127.0.0.1', port: 0 });
const runs: Array<{ readonly fault: FaultName | undefined; readonly breaks: string | undefined }> =
  variants === undefined ? faults.map(([fault, d]) => ({ fault, breaks: d.breaks })) : [{ fault: undefined, breaks: undefined }];

let missed = 0;
const started = Date.now();
for (const { fault, breaks } of runs) {
  const server = await startReferenceServer({ faults: fault === undefined ? [] : [fault], variants: variants ?? [] });
  const client = (key: string) => new ApiClient({ baseUrl: server.baseUrl, key, authStyle: 'x-api-key', timeoutMs: 10_000, redactor });
  const [a, b] = [client(seedData.keys.admin!), client(seedData.keys.otherOrg!)];
  const task = await a.post('/tasks', { parentTaskId: seedData.projectId, versionId: seedData.versionId, name: `Coverage sweep task ${randomInt(1e9)}` });
  const taskId = (task.json as { data: { id: string } }).data.id;
  const tag = 'conformance-coverage-sweep';
  const domains = sequenceDomains({ taskId, versionId: seedData.versionId!, runTag: tag, projectId: seedData.projectId! });
  let caught = 0;
  const other: string[] = [];
  let requests = 0;
  const at = Date.now();
  for (let i = 0; i < seeds; i++) {
    const seed = randomInt(2 ** 31);
    const common = {
      domains,
      a,
      b,
      redactor,
      scopes: sequenceScopes(taskId, tag, seedData.projectId!, seedData.versionId!),
      seed,
      runSeed: seed,
      baseUrl: server.baseUrl,
      authStyle: 'x-api-key',
      hooks: { sink, waitMs: 2000, graceMs: PROPAGATION_MS, misses: 0, tag, domains },
    } as const;
    const result = random ? await explore({ ...common, count: DEFAULTS.sequences, seconds: DEFAULTS.sequencesS, shrinkSeconds: 0 }) : await runCoverage(common);
    requests += result.requests;
    if (fault === undefined) {
      if (result.failure !== undefined) other.push(`seed ${seed}: ${result.failure.message.split('\n').slice(0, 2).join(' ')}`);
      else caught += 1;
      continue;
    }
    if (result.failure?.rule === phaseRule(breaks!)) caught += 1;
    else other.push(`seed ${seed}: ${result.failure === undefined ? 'passed' : `${result.failure.rule}: ${result.failure.message.split('\n')[0]}`}`);
  }
  await server.close();
  if (caught < seeds) missed += 1;
  const name = fault ?? `fault-free, variants ${variants!.join(',') || 'none'}`;
  process.stdout.write(
    `${name}: ${random ? 'the random sequences alone: ' : ''}${fault === undefined ? 'passed' : `caught (${phaseRule(breaks!)})`} on ${caught} of ${seeds} seeds, ${Math.round(requests / seeds)} requests a seed, ${Math.round((Date.now() - at) / 1000)} s\n`,
  );
  for (const line of other.slice(0, 3)) process.stdout.write(`  ${line.slice(0, 400)}\n`);
}
await sink.close();
process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s; ${missed} of ${runs.length} not at every seed\n`);
process.exitCode = missed > 0 ? 1 : 0;
