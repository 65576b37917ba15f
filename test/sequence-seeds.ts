/**
 * The exploration's false-failure sweep (not part of npm test): random seeds against every
 * variant of the reference, in process, each group of variants on a server of its own.
 *
 *   npx tsx test/sequence-seeds.ts [seeds per group, default 100] [seeds for the limiter-only variants, default 10] [only groups naming one of these variants (comma-separated), or !variant: the others]
 *
 * The limiter and header variants change only the rate limiter, which the admin key's limit keeps
 * out of the exploration's way: fewer seeds show it. Exits 1 when any seed fails, printing its
 * message (with the shrunk sequence and its script).
 */
import { randomInt } from 'node:crypto';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { ApiClient } from '../harness/http/client.js';
import { Redactor } from '../harness/http/redact.js';
import { sequenceDomains } from '../harness/steps/exploration/domains.js';
import { explore, sequenceScopes } from '../harness/steps/exploration/explore.js';
import { SEQUENCE_LANES } from '../harness/steps/exploration/side-by-side.js';
import { WebhookSink } from '../harness/sink/sink.js';
import { BUDGETED_RETRIES, type PacedKey, ThrottleGovernor, ThrottleLedger } from '../harness/runner/throttle.js';
import { startReferenceServer } from '../reference/server.js';
import type { VariantName } from '../reference/variants.js';
import { SEQUENCE_VARIANTS_RATE, SEQUENCE_VARIANTS_TOGETHER } from './testing/sequence-variants.js';

const perGroup = Number(process.argv[2] ?? 100);
const perLimiter = Number(process.argv[3] ?? 10);
const only = process.argv[4];

const TOGETHER = SEQUENCE_VARIANTS_TOGETHER;
const RATE_GROUPS = SEQUENCE_VARIANTS_RATE;

const seedData = seedDefaults(await readSeed());
const keys = { admin: seedData.keys.admin!, otherOrg: seedData.keys.otherOrg! };
const redactor = new Redactor(Object.values(seedData.keys));
let failures = 0;
const started = Date.now();

const groups = [...TOGETHER.map((g) => [g, perGroup] as const), ...RATE_GROUPS.map((g) => [g, perLimiter] as const)];
for (const [variants, seeds] of groups.filter(
  ([g]) => only === undefined || (only.startsWith('!') ? !g.includes(only.slice(1) as VariantName) : only.split(',').some((v) => g.includes(v as VariantName))),
)) {
  const server = await startReferenceServer({ variants });
  const plain = (key: string) => new ApiClient({ baseUrl: server.baseUrl, key, authStyle: 'x-api-key', timeoutMs: 10_000, redactor });
  // Paced under each key's advertised limit, as a run is (a limiter that smooths bursts refuses
  // sequences side by side that a run's governor spaces).
  const paced: PacedKey[] = [];
  for (const [variable, key] of [
    ['CONFORMANCE_ADMIN_KEY', keys.admin],
    ['CONFORMANCE_OTHER_ORG_KEY', keys.otherOrg],
  ] as const) {
    const limit = Number((await plain(key).get('/contacts', { limit: 1 })).headers['x-ratelimit-limit']);
    if (Number.isFinite(limit) && limit > 0) paced.push({ key, variable, limitPerMinute: limit });
  }
  const governor = new ThrottleGovernor(new ThrottleLedger(new ArrayBuffer(ThrottleLedger.BYTES)), undefined, {
    budgetMs: null,
    retries: BUDGETED_RETRIES,
    paced,
    variables: {},
  });
  const client = (key: string) => new ApiClient({ baseUrl: server.baseUrl, key, authStyle: 'x-api-key', timeoutMs: 10_000, redactor, governor });
  const [a, b] = [client(keys.admin), client(keys.otherOrg)];
  const task = await a.post('/tasks', { parentTaskId: seedData.projectId, versionId: seedData.versionId, name: `Sequence sweep task ${randomInt(1e9)}` });
  const taskId = (task.json as { data: { id: string } }).data.id;
  const domains = sequenceDomains({ taskId, versionId: seedData.versionId!, runTag: 'conformance-sequence-sweep', projectId: seedData.projectId! });
  // The webhook sequences' sink (a run's default webhook wait of 60 s is the rotation grace).
  const sink = await WebhookSink.start({ host: '127.0.0.1', port: 0 });
  let made = 0;
  let groupFailures = 0;
  const groupStarted = Date.now();
  for (let i = 0; i < seeds; i++) {
    const seed = randomInt(2 ** 31);
    try {
      const result = await explore({
        domains,
        a,
        b,
        redactor,
        scopes: sequenceScopes(taskId, 'conformance-sequence-sweep', seedData.projectId!, seedData.versionId!),
        count: 40,
        seconds: 15,
        seed,
        runSeed: seed,
        baseUrl: server.baseUrl,
        authStyle: 'x-api-key',
        hooks: { sink, waitMs: 2000, graceMs: 60_000, misses: 0, domains },
        // Side by side as far from the target: the most sequences at once a run makes.
        lanes: SEQUENCE_LANES.far,
      });
      made += result.sequences;
      if (result.failure !== undefined) {
        groupFailures += 1;
        process.stdout.write(`FAIL ${variants.join('+')} seed ${seed} ${result.failure.rule}: ${result.failure.message}\n`);
      }
    } catch (error) {
      groupFailures += 1;
      process.stdout.write(`ERROR ${variants.join('+')} seed ${seed}: ${(error as Error).message}\n`);
    }
  }
  failures += groupFailures;
  process.stdout.write(
    `${variants.join(' + ')}: ${seeds} seeds, ${made} sequences, ${groupFailures} failed, ${Math.round((Date.now() - groupStarted) / 1000)} s\n`,
  );
  await server.close();
  await sink.close();
}
process.stdout.write(`done in ${Math.round((Date.now() - started) / 1000)} s, ${failures} failed\n`);
process.exitCode = failures > 0 ? 1 : 0;
