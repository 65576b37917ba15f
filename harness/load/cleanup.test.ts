import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer, type RunningReferenceServer } from '../../reference/server.js';
import { ApiClient } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import { cleanUpContacts } from './cleanup.js';
import { runTag } from './throughput.js';

const ADMIN = 'wmk_3be3b5804692ebe4e955884c7b5d1661';
const OPTIONS = { concurrency: 4, maxDurationMs: 30_000, maxSweepPages: 10 };

describe('cleanUpContacts', () => {
  let server: RunningReferenceServer;
  let client: ApiClient;
  beforeAll(async () => {
    server = await startReferenceServer();
    client = new ApiClient({ baseUrl: server.baseUrl, key: ADMIN, timeoutMs: 5000, redactor: new Redactor([ADMIN]) });
  });
  afterAll(async () => {
    await server.close();
  });

  const create = async (name: string, tags: string[]): Promise<string> => {
    const response = await client.post('/contacts', { contactType: 'company', name, tags });
    return (response.json as { data: { id: string } }).data.id;
  };
  const exists = async (id: string): Promise<boolean> => (await client.get(`/contacts/${id}`)).status === 200;

  it('deletes the ids it was given and, by the sweep, every contact with the run tag, and nothing else', async () => {
    const runId = 'RUNX-1';
    const tag = runTag(runId);
    const known = await create(`conformance-load ${runId}`, [tag]);
    // Created, but the answer never reached the harness: only the sweep finds these.
    const lost = await Promise.all(Array.from({ length: 3 }, () => create(`conformance-load ${runId}`, [tag, 'x'])));
    // Not ours: same name but no tag; another run's tag; our tag text in the name only.
    const untagged = await create(`conformance-load ${runId}`, []);
    const otherRun = await create(`conformance-load ${runId}9`, [runTag(`${runId}9`)]);
    const result = await cleanUpContacts(client, [known, known], tag, runId, OPTIONS);
    expect(result).toEqual({ deleted: 4, leftover: 0, problems: [] });
    for (const id of [known, ...lost]) expect(await exists(id)).toBe(false);
    expect(await exists(untagged)).toBe(true);
    expect(await exists(otherRun)).toBe(true);
  });

  it('counts an id that is already gone as done, not as a problem', async () => {
    const id = await create('conformance-load RUNX-2', [runTag('RUNX-2')]);
    await client.delete(`/contacts/${id}`);
    expect(await cleanUpContacts(client, [id], runTag('RUNX-2'), 'RUNX-2', OPTIONS)).toEqual({ deleted: 0, leftover: 0, problems: [] });
  });

  it('pages past other records and stops at its page bound, saying some may remain', async () => {
    const runId = 'RUNX-3';
    await Promise.all(Array.from({ length: 120 }, (_, i) => create(`conformance-load ${runId} other ${i}`, [])));
    const result = await cleanUpContacts(client, [], runTag(runId), runId, { ...OPTIONS, maxSweepPages: 1 });
    expect(result.leftover).toBeNull();
    expect(result.problems[0]).toMatch(/stopped after 1 pages; some may remain/);
  });
});
