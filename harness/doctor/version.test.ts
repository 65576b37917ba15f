import { describe, expect, it } from 'vitest';
import type { Config } from '../config/schema.js';
import type { ApiClient } from '../http/client.js';
import type { DoctorContext } from './context.js';
import { fakeDoctorContext, jsonAnswer as answer } from './testing/fake-context.js';
import { checkVersion } from './version.js';

/** A target whose project record and tasks show no versionId, answering the task creates with `statuses` in turn. */
function scripted(statuses: readonly number[]): { ctx: DoctorContext; posts: () => number } {
  let posts = 0;
  const client = (): ApiClient =>
    ({
      get: async () => answer(200, { data: [], pagination: { limit: 100, offset: 0, total: 0 } }),
      post: async () => {
        const status = statuses[Math.min(posts++, statuses.length - 1)]!;
        return status < 300 ? answer(status, { data: { id: `task-${posts}` } }) : answer(status, { error: { code: 'echo', message: 'nonsense' } });
      },
      delete: async () => answer(204, null),
    }) as unknown as ApiClient;
  const ctx = fakeDoctorContext({ keys: { admin: 'wmk_admin' }, projectId: 'p1', versionId: 'v1' } as Partial<Config>, client);
  return { ctx, posts: () => posts };
}

const listing = { ids: new Set(['p1']), complete: true, records: [{ id: 'p1' }] };

describe('checkVersion', () => {
  it('blames CONFORMANCE_VERSION_ID, stopping the run, only when the create is refused twice', async () => {
    const { ctx, posts } = scripted([400, 400]);
    const found = await checkVersion(ctx, listing, true);
    expect(found).toMatchObject({ status: 'problem', blocksRun: true, detail: expect.stringMatching(/answered 400.*, twice$/) });
    expect(posts()).toBe(2);
  });

  it('takes one odd refusal for the target: a create accepted the second time proves the versionId', async () => {
    const { ctx, posts } = scripted([400, 201]);
    const found = await checkVersion(ctx, listing, true);
    expect(found).toMatchObject({ status: 'ok', detail: expect.stringMatching(/^a task created under the project with it was accepted \(task task-2/) });
    expect(posts()).toBe(2);
  });

  it('never blames the setting for a 5xx, and says so without stopping the run', async () => {
    const { ctx, posts } = scripted([500]);
    const found = await checkVersion(ctx, listing, true);
    expect(found).toMatchObject({ status: 'warning', detail: expect.stringMatching(/^could not tell: POST \/tasks under the project with it answered 500/) });
    expect(found.blocksRun ?? false).toBe(false);
    expect(posts()).toBe(1);
  });
});
