import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../../http/client.js';
import { Redactor } from '../../http/redact.js';
import { BatchUpdate } from './batch.js';
import { sequenceDomains } from './domains.js';
import { RuleBroken, type ModelRecord } from './model.js';
import { SequenceWorld } from './world.js';

const ID = '11111111-2222-4333-8444-555555555555';
const domain = sequenceDomains({ taskId: ID, versionId: ID, runTag: 'tag', projectId: ID }).find((d) => d.name === 'time-entries')!;

/** A world whose target answers the batch update with `batch` and every read with `read`, counting the reads. */
function world(batch: unknown, read: Record<string, unknown>) {
  const sent: string[] = [];
  const answer = (status: number, json: unknown): ApiResponse =>
    ({ status, headers: {}, text: JSON.stringify(json), json, exchange: { url: 'http://target/api/v1/x', bodyExcerpt: '' } }) as unknown as ApiResponse;
  const client = {
    send: async (request: { method: string; path: string }) => {
      sent.push(`${request.method} ${request.path}`);
      return request.method === 'PATCH' ? answer(200, batch) : answer(200, { data: read });
    },
  } as unknown as ApiClient;
  const w = new SequenceWorld({ a: client, b: undefined, redactor: new Redactor([]), scopes: { make: async () => ID }, count: () => {} });
  const record: ModelRecord = {
    domain: 'time-entries',
    id: ID,
    label: 'time entry $T1',
    org: 'A',
    state: 'live',
    fields: { description: 'before', hours: 2 },
    learned: {},
    toLearn: new Set(),
    learnedAfterDelete: new Set(),
    softListed: new Map(),
  };
  w.records.push(record);
  return { w, record, sent };
}

const update = new BatchUpdate(domain, 0, [{ description: 'after', hours: 3 }]);

describe('a batch update in a sequence (spec 4.10: per-item outcome not shown)', () => {
  it('takes an item as applied when the answer shows its record with the values written, without a read', async () => {
    const { w, record, sent } = world({ data: [{ id: ID, description: 'after', hours: 3 }] }, {});
    await update.run(w);
    expect(record.fields).toMatchObject({ description: 'after', hours: 3 });
    expect(sent).toEqual(['PATCH /batch/time-entries']);
  });

  it('reads the entry when the answer does not name it, and holds the model to what the read shows', async () => {
    const applied = world({ data: { updated: 1 } }, { id: ID, description: 'after', hours: 3 });
    await update.run(applied.w);
    expect(applied.record.fields).toMatchObject({ description: 'after', hours: 3 });
    expect(applied.sent).toEqual(['PATCH /batch/time-entries', `GET /time-entries/${ID}`]);

    const unchanged = world({ data: { updated: 0 } }, { id: ID, description: 'before', hours: 2 });
    await update.run(unchanged.w);
    expect(unchanged.record.fields).toMatchObject({ description: 'before', hours: 2 });
    expect(unchanged.w.observations.map((o) => o.value)).toContain('an item left unchanged');
  });

  it('fails an entry that shows the update only in part', async () => {
    const { w } = world({ data: { updated: 1 } }, { id: ID, description: 'after', hours: 2 });
    const error = await update.run(w).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(RuleBroken);
    expect((error as RuleBroken).rule).toBe('SEQ-READ-AFTER-WRITE');
    expect((error as RuleBroken).message).toContain('neither whole nor not at all');
  });
});
