import type { ApiResponse } from '../http/client.js';
import { adminWebhookRefusal, isPermissionRefusal } from '../spec/admin-writes.js';
import { answered, is2xx, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';
import { removeRecord } from './records.js';

/*
 * Spec 5.5: creating webhook subscriptions requires an admin key. A create with a body that is
 * wrong in every field changes nothing: an admin key gets the validation refusal, a key without
 * admin rights the permission refusal, on a server that checks rights first. A server that
 * validates first refuses both keys the same way: only then does each key try a valid, inactive
 * subscription to an address that never resolves, deleted at once if it is created.
 */

/** Invalid in every field (spec 2.10: name 1 to 255 characters, url a URL, events at least one). */
export const INVALID_WEBHOOK = { name: '', url: 'not a url', events: [] } as const;

export { isPermissionRefusal };

export interface RightsFinding {
  readonly admin?: DoctorItem;
  readonly member?: DoctorItem;
}

function validWebhook(ctx: DoctorContext): Record<string, unknown> {
  return {
    name: `Conformance doctor rights check ${ctx.tag}`,
    // .invalid never resolves (RFC 6761): nothing is ever delivered anywhere.
    url: 'https://conformance-doctor.invalid/hook',
    events: ['quote.rejected'],
    isActive: false,
    description: ctx.tag,
  };
}

async function createdThenRemoved(ctx: DoctorContext, res: ApiResponse, key: string, why: string): Promise<string> {
  const id = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (typeof id !== 'string') return 'it answered 201 without a record id, so nothing could be deleted: remove it by hand';
  const deleted = await removeRecord(ctx, `/webhooks/${id}`, [ctx.config.keys.admin!, key], why);
  return deleted ? `created webhook ${id}, deleted again` : `created webhook ${id}; deleting it failed: remove it by hand`;
}

export async function checkRights(ctx: DoctorContext): Promise<RightsFinding> {
  const adminKey = ctx.config.keys.admin!;
  const memberKey = ctx.config.keys.member;
  const adminRes = await ctx.client(adminKey, { creates: true }).post('/webhooks', INVALID_WEBHOOK);
  const memberRes = memberKey === undefined ? undefined : await ctx.client(memberKey, { creates: true }).post('/webhooks', INVALID_WEBHOOK);
  // The member key refused for its rights on a body it was never judged on: this target checks
  // rights first, so the admin key's validation refusal proves its rights.
  const rightsFirst = memberRes !== undefined && isPermissionRefusal(memberRes.status);
  const admin = await adminRights(ctx, adminKey, adminRes, rightsFirst);
  if (memberKey === undefined || memberRes === undefined) {
    return {
      admin: admin.status === 'problem' ? undecidedAdmin(admin) : admin,
      member: item(
        'rights:member',
        'CONFORMANCE_MEMBER_KEY has no admin rights',
        'not-configured',
        'CONFORMANCE_MEMBER_KEY is not set: the member checks (security) are skipped',
        {
          variables: ['CONFORMANCE_MEMBER_KEY'],
        },
      ),
    };
  }
  const member = await memberRights(ctx, memberKey, memberRes, admin.status === 'problem');
  if (admin.status !== 'problem') return { admin, member };
  // Swapped keys are the one certainty: the member key may write what the admin key may not.
  if (member.blocksRun)
    return { admin: { ...admin, detail: `${admin.detail}; the member key's write was accepted: the two keys look swapped`, fix: member.fix }, member };
  return { admin: undecidedAdmin(admin), member };
}

/**
 * The admin key refused a webhook write for its rights, and nothing shows the keys swapped (the
 * member key was refused too): a key without admin rights, or a target that refuses even admin
 * keys (spec 5.5). Both are said; the run goes on, and the checks that need an admin key's
 * webhook write end unverified with the refusal's one line (`leavesUnverified`), never failed.
 */
function undecidedAdmin(refused: DoctorItem): DoctorItem {
  return {
    ...item(
      refused.id,
      refused.title,
      'warning',
      `${refused.detail.replace(/: a permission refusal \(spec 5\.5: webhook writes need an admin key\)$/, '')}: either CONFORMANCE_ADMIN_KEY has no admin rights, or the target refuses webhook writes to admin keys too (spec 5.5); the run goes on, and the checks that need an admin key are not verified`,
      {
        fix: `if the key has no admin rights, ${refused.fix ?? 'set CONFORMANCE_ADMIN_KEY to an admin key of org A'}`,
        variables: refused.variables,
      },
    ),
    ...(refused.leavesUnverified === undefined ? {} : { leavesUnverified: refused.leavesUnverified }),
  };
}

async function adminRights(ctx: DoctorContext, adminKey: string, invalid: ApiResponse, rightsFirst: boolean): Promise<DoctorItem> {
  const title = 'CONFORMANCE_ADMIN_KEY has admin rights';
  const variables = ['CONFORMANCE_ADMIN_KEY'];
  const refused = (res: ApiResponse, what: string): DoctorItem => ({
    ...item(
      'rights:admin',
      title,
      'problem',
      `POST /webhooks ${what} answered ${answered(res, ctx.redactor)}: a permission refusal (spec 5.5: webhook writes need an admin key)`,
      {
        fix: 'set CONFORMANCE_ADMIN_KEY to an admin key of org A',
        variables,
        blocksRun: true,
      },
    ),
    leavesUnverified: adminWebhookRefusal('POST /webhooks', res.status),
  });
  if (isPermissionRefusal(invalid.status)) return refused(invalid, 'with an invalid body');
  if (is2xx(invalid.status)) {
    const what = await createdThenRemoved(ctx, invalid, adminKey, 'an invalid webhook body was accepted');
    return item(
      'rights:admin',
      title,
      'warning',
      `POST /webhooks accepted a body invalid in every field (${invalid.status}; ${what}): the key has the rights, the webhooks checks will report the validation`,
      { variables },
    );
  }
  if (rightsFirst) {
    return item(
      'rights:admin',
      title,
      'ok',
      `POST /webhooks with an invalid body answered ${invalid.status}: refused for the body, not for the key's rights (the member key's was refused for its rights)`,
      { variables },
    );
  }
  // The target may validate before it checks rights: only a valid body decides.
  const valid = await ctx.client(adminKey, { creates: true }).post('/webhooks', validWebhook(ctx));
  if (isPermissionRefusal(valid.status)) return refused(valid, 'with a valid body');
  if (is2xx(valid.status)) {
    const what = await createdThenRemoved(ctx, valid, adminKey, 'to tell whether CONFORMANCE_ADMIN_KEY has admin rights');
    return item('rights:admin', title, 'ok', `the admin key created a webhook subscription (${what})`, { variables });
  }
  return item(
    'rights:admin',
    title,
    'warning',
    `cannot tell: POST /webhooks answered ${answered(invalid, ctx.redactor)} to an invalid body and ${answered(valid, ctx.redactor)} to a valid one`,
    { variables },
  );
}

async function memberRights(ctx: DoctorContext, memberKey: string, invalid: ApiResponse, adminRefused: boolean): Promise<DoctorItem> {
  const title = 'CONFORMANCE_MEMBER_KEY has no admin rights';
  const variables = ['CONFORMANCE_MEMBER_KEY'];
  if (isPermissionRefusal(invalid.status)) {
    return item('rights:member', title, 'ok', `POST /webhooks answered ${invalid.status}: a permission refusal, before the body was looked at`, { variables });
  }
  // The server may validate before it checks rights: a valid body decides.
  const valid = await ctx.client(memberKey, { creates: true }).post('/webhooks', validWebhook(ctx));
  if (isPermissionRefusal(valid.status)) {
    return item(
      'rights:member',
      title,
      'ok',
      `POST /webhooks answered ${valid.status} to a valid body: a permission refusal (an invalid one answered ${invalid.status}: the target validates first)`,
      { variables },
    );
  }
  if (is2xx(valid.status)) {
    const what = await createdThenRemoved(ctx, valid, memberKey, 'to tell whether CONFORMANCE_MEMBER_KEY has admin rights');
    // Only the admin key refused the same write for its rights proves a configuration mistake
    // (the two keys swapped): the spec gives no other way to ask a key's rights, and a target
    // that lets any key write webhooks (spec 5.5) looks exactly like a member key with admin rights.
    if (adminRefused) {
      return item(
        'rights:member',
        title,
        'problem',
        `the member key created a webhook subscription (${what}), and the admin key was refused the same write for its rights: the two keys look swapped`,
        {
          fix: 'exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY',
          variables,
          blocksRun: true,
        },
      );
    }
    return item(
      'rights:member',
      title,
      'warning',
      `the member key created a webhook subscription (${what}): either CONFORMANCE_MEMBER_KEY has admin rights, or the target lets a key without admin rights write webhooks (spec 5.5); the run goes on and the security checks decide`,
      {
        fix: 'if the key is an admin key, set CONFORMANCE_MEMBER_KEY to a key of org A without admin rights',
        variables,
      },
    );
  }
  return item(
    'rights:member',
    title,
    'warning',
    `cannot tell: POST /webhooks answered ${answered(invalid, ctx.redactor)} to an invalid body and ${answered(valid, ctx.redactor)} to a valid one`,
    { variables },
  );
}
