import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { isClass } from '../check/expect.js';
import { once } from '../check/once.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { ResourceConstraints } from '../generators/resources.js';
import { uniqueToken as token } from './unique-token.js';
import { exactScope } from './scope.js';
import { expectSetup, setupCreated } from './setup-created.js';

/**
 * Creates a resource with the admin key (run tag added to its tags) and returns its id; fails
 * unless 201 (a 4xx leaves it inconclusive). The name gets a unique token: a server may keep names unique (the spec does not
 * say), and a soft-deleted resource keeps its name.
 */
export async function createResourceWith(t: CheckContext, body: Record<string, unknown>): Promise<string> {
  const tags = [...((body['tags'] as string[] | undefined) ?? []), runTag(t.run)];
  const name = `${typeof body['name'] === 'string' ? body['name'] : 'Conformance resource'} ${token('')}`;
  const res = await t.api.post('/resources', { ...body, name, tags });
  return setupCreated(res, 'create a resource');
}

/**
 * Sets isActive with PATCH (spec 2.4: isActive is accepted on update only); fails unless 200.
 * `keep` re-sends the fields a fixture is scoped by, so that only RS-UPDATE-OMITTED, not a
 * filter check, reports a server that resets omitted fields.
 */
export async function setActive(t: CheckContext, id: string, isActive: boolean, keep: Record<string, unknown> = {}): Promise<void> {
  expectSetup(await t.api.patch(`/resources/${id}`, { ...keep, isActive }), 200, `set isActive ${isActive} on a resource`);
}

export interface ReferencePolicy {
  /** Whether the target accepts roleId and homeOfficeId values that name no record it knows. */
  readonly accepted: boolean;
  /** Why not, for skip messages. */
  readonly reason: string;
}

/**
 * spec 2.4 types roleId and homeOfficeId as UUIDs and shows no endpoint that creates roles or
 * offices. Whether a target takes an id it cannot resolve is not stated: probed once per file
 * with fresh random UUIDs and observed. When it does, fresh UUIDs are scopes only this run
 * shares; when it does not, checks that need them are not applicable.
 */
export const referencePolicy = once(async (t): Promise<ReferencePolicy> => {
  const res = await t.api.post('/resources', {
    name: `Conformance reference probe ${token('')}`,
    roleId: randomUUID(),
    homeOfficeId: randomUUID(),
    tags: [runTag(t.run)],
  });
  if (isClass(res.status, '2xx')) {
    t.observe('dangling-reference', 'POST /resources with a roleId and homeOfficeId naming no known record', `accepted (${res.status})`);
    return { accepted: true, reason: '' };
  }
  t.observe('dangling-reference', 'POST /resources with a roleId and homeOfficeId naming no known record', `refused (${res.status})`);
  return {
    accepted: false,
    reason: `the target refuses a roleId/homeOfficeId naming no record it knows (answered ${res.status}), and the API has no endpoint to create roles or offices`,
  };
});

/** Constraints for generated bodies: fresh role and office ids when the target takes them. */
export async function resourceConstraints(t: CheckContext): Promise<ResourceConstraints> {
  const policy = await referencePolicy(t);
  return {
    roleIds: policy.accepted ? [randomUUID(), randomUUID()] : [],
    homeOfficeIds: policy.accepted ? [randomUUID()] : [],
    runTag: runTag(t.run),
  };
}

/**
 * Candidate queries that select one fixture only this run made: a fresh homeOfficeId (when the
 * target takes one), then a fresh word of the names (spec 4.4 search, a SHOULD).
 */
function scopeCandidates(homeOfficeId: string | undefined, word: string): Array<Record<string, string>> {
  return [...(homeOfficeId === undefined ? [] : [{ homeOfficeId }]), { search: word }];
}

/** The resources collection as the cross-cutting checks see it (spec 2.4, 4.4). */
export const resourcesCollection: Collection = {
  path: '/resources',
  noun: 'resource',
  createBody: (t) => ({ name: `Conformance ${t.run.runId} ${token('')}`, tags: [runTag(t.run)] }),
  updateBody: () => ({ jobTitle: 'updated by the conformance suite' }),
  scope: async (t, count) => {
    const policy = await referencePolicy(t);
    const homeOfficeId = policy.accepted ? randomUUID() : undefined;
    const word = token('page');
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(await createResourceWith(t, { name: `Conformance paging ${word} ${i}`, ...(homeOfficeId ? { homeOfficeId } : {}) }));
    }
    return { query: await exactScope(t, '/resources', scopeCandidates(homeOfficeId, word), ids), ids };
  },
};

/** Resources with known references and flags, for the filter checks (spec 4.4). */
export interface ResourceFilterFixture {
  /** Fresh ids, set only when the target takes ids naming no known record. */
  readonly roleA?: string;
  readonly homeOffice?: string;
  /** Every fixture name but the outsider's carries it (a fallback scope). */
  readonly scopeWord: string;
  /** In the names of `one` and `outsider` only. */
  readonly searchWord: string;
  /** office, roleA, active. */
  readonly one: string;
  /** office, roleB, active. */
  readonly two: string;
  /** office, roleA, deactivated with PATCH isActive false. */
  readonly inactive: string;
  /** office, no role, active. */
  readonly noRole: string;
  /** no office, roleA, active; outside the scope. */
  readonly outsider: string;
  /** The active scoped members: one, two, noRole (inactive is a member too). */
  readonly activeMembers: readonly string[];
}

function definedOnly(fields: Record<string, string | undefined>): Record<string, string> {
  return Object.fromEntries(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));
}

export const resourceFilterFixture = once(async (t): Promise<ResourceFilterFixture> => {
  const policy = await referencePolicy(t);
  const [roleA, roleB, homeOffice] = policy.accepted ? [randomUUID(), randomUUID(), randomUUID()] : [];
  const scopeWord = token('scope');
  const searchWord = token('find');
  const make = (label: string, refs: Record<string, string | undefined>) =>
    createResourceWith(t, { name: `Conformance filter ${label}`, ...definedOnly(refs) });
  const one = await make(`${scopeWord} ${searchWord} one`, { roleId: roleA, homeOfficeId: homeOffice });
  const two = await make(`${scopeWord} two`, { roleId: roleB, homeOfficeId: homeOffice });
  const inactiveRefs = { roleId: roleA, homeOfficeId: homeOffice };
  const inactive = await make(`${scopeWord} three`, inactiveRefs);
  await setActive(t, inactive, false, { name: `Conformance filter ${scopeWord} three`, ...definedOnly(inactiveRefs) });
  const noRole = await make(`${scopeWord} four`, { homeOfficeId: homeOffice });
  const outsider = await make(`outsider ${searchWord}`, { roleId: roleA });
  return {
    ...(roleA ? { roleA } : {}),
    ...(homeOffice ? { homeOffice } : {}),
    scopeWord,
    searchWord,
    one,
    two,
    inactive,
    noRole,
    outsider,
    activeMembers: [one, two, noRole],
  };
});

/**
 * A query selecting exactly the fixture members, or a skip when no filter does. Whether a list
 * without isActive shows inactive resources is not stated (spec 4.4): the inactive member may
 * be listed or not.
 */
export const resourceFixtureScope = once(async (t): Promise<Record<string, string>> => {
  const f = await resourceFilterFixture(t);
  return exactScope(t, '/resources', scopeCandidates(f.homeOffice, f.scopeWord), f.activeMembers, [f.inactive]);
});
