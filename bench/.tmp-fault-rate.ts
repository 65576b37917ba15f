import { randomInt } from 'node:crypto';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { ApiClient } from '../harness/http/client.js';
import { Redactor } from '../harness/http/redact.js';
import { sequenceDomains } from '../harness/steps/sequences/domains.js';
import { explore, sequenceScopes } from '../harness/steps/sequences/explore.js';
import { startReferenceServer } from '../reference/server.js';
import { SEQUENCE_FAULTS } from '../reference/routes/sequences.faults.js';
const seedData = seedDefaults(await readSeed());
const redactor = new Redactor(Object.values(seedData.keys));
for (const fault of Object.keys(SEQUENCE_FAULTS)) {
  const server = await startReferenceServer({ faults: [fault] });
  const client = (key: string) => new ApiClient({ baseUrl: server.baseUrl, key, authStyle: 'x-api-key', timeoutMs: 10_000, redactor });
  const [a, b] = [client(seedData.keys.admin!), client(seedData.keys.otherOrg!)];
  const task = await a.post('/tasks', { parentTaskId: seedData.projectId, versionId: seedData.versionId, name: `t ${randomInt(1e9)}` });
  const taskId = (task.json as { data: { id: string } }).data.id;
  const domains = sequenceDomains({ taskId, versionId: seedData.versionId!, runTag: 'x' });
  let caught = 0; const lengths: number[] = []; const secs: number[] = [];
  for (let i = 0; i < 10; i++) {
    const seed = randomInt(2 ** 31);
    const r = await explore({ domains, a, b, redactor, scopes: sequenceScopes(taskId, 'x', seedData.projectId!, seedData.versionId!), count: 40, seconds: 15, seed, runSeed: seed, baseUrl: server.baseUrl, authStyle: 'x-api-key' });
    if (r.failure) { caught++; lengths.push(Number(/, (\d+) requests/.exec(r.failure.message)?.[1])); secs.push(Math.round(r.durationMs / 1000)); }
  }
  console.log(`${fault}: caught ${caught}/10, shrunk lengths ${lengths.join(',')} requests, seconds ${secs.join(',')}`);
  await server.close();
}
