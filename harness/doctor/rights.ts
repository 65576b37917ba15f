import { answered, is2xx, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';
import { removeRecord } from './records.js';
import type { ApiResponse } from '../http/client.js';

/*
 * Spec 5.5: creating webhook subscriptions requires an admin key. A create with a body that is
 * wrong in every field changes nothing: an admin key gets the validation refusal, a key without
 * admin rights the permission refusal, on a server that checks rights first. A server that
 * validates first refuses both keys the same way: only then does the member key try a valid,
 * inactive subscription to an address that never resolves, deleted at once if it is created.
 */

/** Invalid in every field (spec 2.10: name 1 to 255 characters, url a URL, events at least one). */
export const INVALID_WEBHOOK = { name: '', url: 'not a url', events: [] } as const;

/** Statuses that say "not allowed" whatever the server's error model (spec 7: statuses not shown). */
export function isPermissionRefusal(status: number): boolean {
  return status === 401 || status === 403;
}

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
  const adminRes = await ctx.client(adminKey).post('/webhooks', INVALID_WEBHOOK);
  let admin: DoctorItem;
  const adminTitle = 'CONFORMANCE_ADMIN_KEY has admin rights';
  if (isPermissionRefusal(adminRes.status)) {
    admin = item('rights:admin', adminTitle, 'problem', `POST /webhooks answered ${answered(adminRes, ctx.redactor)}: a permission refusal (spec 5.5: webhook writes need an admin key)`, {
      fix: 'set CONFORMANCE_ADMIN_KEY to an admin key of org A',
      variables: ['CONFORMANCE_ADMIN_KEY'],
      blocksRun: true,
    });
  } else if (is2xx(adminRes.status)) {
    const what = await createdThenRemoved(ctx, adminRes, adminKey, 'an invalid webhook body was accepted');
    admin = item('rights:admin', adminTitle, 'warning', `POST /webhooks accepted a body invalid in every field (${adminRes.status}; ${what}): the key has the rights, the webhooks checks will report the validation`, {
      variables: ['CONFORMANCE_ADMIN_KEY'],
    });
  } else {
    admin = item('rights:admin', adminTitle, 'ok', `POST /webhooks with an invalid body answered ${adminRes.status}: refused for the body, not for the key's rights`, {
      variables: ['CONFORMANCE_ADMIN_KEY'],
    });
  }
  if (memberKey === undefined) {
    return {
      admin,
      member: item('rights:member', 'CONFORMANCE_MEMBER_KEY has no admin rights', 'not-configured', 'CONFORMANCE_MEMBER_KEY is not set: the member checks (security) are skipped', {
        variables: ['CONFORMANCE_MEMBER_KEY'],
      }),
    };
  }
  return { admin, member: await memberRights(ctx, memberKey, adminRes) };
}

async function memberRights(ctx: DoctorContext, memberKey: string, adminRes: ApiResponse): Promise<DoctorItem> {
  const title = 'CONFORMANCE_MEMBER_KEY has no admin rights';
  const variables = ['CONFORMANCE_MEMBER_KEY'];
  const invalid = await ctx.client(memberKey).post('/webhooks', INVALID_WEBHOOK);
  if (isPermissionRefusal(invalid.status)) {
    return item('rights:member', title, 'ok', `POST /webhooks answered ${invalid.status}: a permission refusal, before the body was looked at`, { variables });
  }
  // The server may validate before it checks rights: a valid body decides.
  const valid = await ctx.client(memberKey).post('/webhooks', validWebhook(ctx));
  if (isPermissionRefusal(valid.status)) {
    return item('rights:member', title, 'ok', `POST /webhooks answered ${valid.status} to a valid body: a permission refusal (an invalid one answered ${invalid.status}: the target validates first)`, { variables });
  }
  if (valid.status === 201 || is2xx(valid.status)) {
    const what = await createdThenRemoved(ctx, valid, memberKey, 'to tell whether CONFORMANCE_MEMBER_KEY has admin rights');
    const swapped = isPermissionRefusal(adminRes.status) ? ' The admin key was refused the same write: the two keys look swapped.' : '';
    return item('rights:member', title, 'problem', `the member key created a webhook subscription (${what}): it has admin rights (or the target lets any key write webhooks, spec 5.5).${swapped}`, {
      fix: swapped === '' ? 'set CONFORMANCE_MEMBER_KEY to a key of org A without admin rights' : 'exchange the values of CONFORMANCE_ADMIN_KEY and CONFORMANCE_MEMBER_KEY',
      variables,
      blocksRun: true,
    });
  }
  return item('rights:member', title, 'warning', `cannot tell: POST /webhooks answered ${answered(invalid, ctx.redactor)} to an invalid body and ${answered(valid, ctx.redactor)} to a valid one`, { variables });
}
