import { describe, expect, it } from 'vitest';
import type { ApiClient } from '../http/client.js';
import type { DoctorContext } from './context.js';
import { checkRights } from './rights.js';
import { fakeDoctorContext, jsonAnswer as answer } from './testing/fake-context.js';

/**
 * A target that validates a webhook body before it checks rights (spec 7 does not say which
 * comes first): `admins` may write; every invalid body gets 400 whoever sends it.
 */
function validatesFirst(admins: readonly string[]): { ctx: DoctorContext; deleted: string[] } {
  const deleted: string[] = [];
  let next = 0;
  const client = (key: string): ApiClient =>
    ({
      post: async (_path: string, body: { name?: string }) => {
        if (body.name === '') return answer(400, { error: 'invalid' });
        if (!admins.includes(key)) return answer(403, { error: 'forbidden' });
        return answer(201, { data: { id: `hook-${++next}` } });
      },
      delete: async (path: string) => {
        deleted.push(path);
        return answer(204, null);
      },
    }) as unknown as ApiClient;
  const ctx = fakeDoctorContext({ keys: { admin: 'wmk_admin', member: 'wmk_member' } }, client);
  return { ctx, deleted };
}

describe('checkRights against a target that validates before it checks rights', () => {
  it('proves the admin key by a valid create it deletes again, and the member key by its refusal', async () => {
    const { ctx, deleted } = validatesFirst(['wmk_admin']);
    const { admin, member } = await checkRights(ctx);
    expect(admin).toMatchObject({ status: 'ok', detail: 'the admin key created a webhook subscription (created webhook hook-1, deleted again)' });
    expect(member).toMatchObject({ status: 'ok', detail: expect.stringMatching(/answered 403 to a valid body/) });
    expect(admin?.leavesUnverified).toBeUndefined();
    expect(deleted).toEqual(['/webhooks/hook-1']);
  });

  it('names an admin key without rights, which the invalid body alone could not show', async () => {
    const { ctx } = validatesFirst([]);
    const { admin } = await checkRights(ctx);
    // Refused too, the member key shows nothing swapped: no admin rights, or a target refusing admins (spec 5.5).
    expect(admin).toMatchObject({
      status: 'warning',
      blocksRun: false,
      detail: expect.stringMatching(
        /^POST \/webhooks with a valid body answered 403.*: either CONFORMANCE_ADMIN_KEY has no admin rights, or the target refuses webhook writes to admin keys too/,
      ),
    });
    expect(admin?.fix).toBe('if the key has no admin rights, set CONFORMANCE_ADMIN_KEY to an admin key of org A');
    // The run's checks that need an admin key end unverified with this one line, never failed.
    expect(admin?.leavesUnverified).toBe(
      "POST /webhooks refused CONFORMANCE_ADMIN_KEY (403): either the key has no admin rights or the server refuses admins' webhook writes (spec 5.5); checks that need an admin key are not verified",
    );
  });

  it('names swapped keys', async () => {
    const { ctx, deleted } = validatesFirst(['wmk_member']);
    const { admin, member } = await checkRights(ctx);
    expect(admin).toMatchObject({ status: 'problem', blocksRun: true, fix: 'exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY' });
    expect(member).toMatchObject({ status: 'problem', fix: 'exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY' });
    expect(deleted).toHaveLength(1);
  });
});
