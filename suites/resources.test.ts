import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectStatus } from '../harness/check/expect.js';
import { once } from '../harness/check/once.js';
import { runTag } from '../harness/check/run-context.js';
import { booleanFilterChecks } from '../harness/crosscutting/boolean-filter.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { lifecycleChecks } from '../harness/crosscutting/lifecycle.js';
import { expectNotApplied } from '../harness/crosscutting/not-accepted.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import {
  resourceCreate,
  resourceCreateFull,
  resourceCreateViolations,
  resourceRuleFree,
  resourceUpdate,
  resourceUpdateViolations,
  resourceViolationRequirements,
} from '../harness/generators/resources.js';
import type { ApiResponse } from '../harness/http/client.js';
import { RESOURCE_NULLABLE_FIELDS, SALARY_PERIODS } from '../harness/spec/resources.js';
import { expectFiltered, firstWithOther } from '../harness/steps/lists.js';
import { listedIn } from '../harness/steps/scope.js';
import { uniqueToken } from '../harness/steps/unique-token.js';
import {
  createResourceWith,
  referencePolicy,
  resourceConstraints,
  resourceFilterFixture,
  resourceFixtureScope,
  resourcesCollection,
  setActive,
} from '../harness/steps/resources.js';

/** Staff resources (spec 2.4, 3.5, 4.4): field rules both ways, isActive, soft delete, filters. */
const check = checker('resources');

/** Fresh role and office ids for generated bodies (only when the target takes them), once per file. */
const constraints = once(resourceConstraints);

async function readResource(t: CheckContext, id: string): Promise<{ res: ApiResponse; record: Record<string, unknown> }> {
  const res = await t.api.get(`/resources/${id}`);
  expectStatus(res, 200, 'read the resource back');
  return { res, record: dataRecord(res) };
}

describe('resources: responses and ids', () => {
  // DELETE is a soft delete for resources (spec 2), but the common rules still hold: 204, no body.
  crudChecks(check, resourcesCollection);
});

describe('resources: paging', () => {
  pagingChecks(check, resourcesCollection);
});

describe('resources: create', () => {
  invalidBodyChecks(check, {
    operation: 'POST /resources',
    requirementIds: resourceViolationRequirements('create'),
    cases: async (t) => resourceCreateViolations(await constraints(t)),
    send: (t, body) => t.api.post('/resources', body),
  });

  check('RS-SALARY', 'accept salary 0 and every salaryPeriod of the enum', async (t) => {
    for (const salaryPeriod of SALARY_PERIODS) {
      const salary = salaryPeriod === 'hour' ? 0 : 1234.5;
      const res = await t.api.post('/resources', {
        name: `Conformance salary ${salaryPeriod} ${uniqueToken('rs')}`,
        salary,
        salaryPeriod,
        tags: [runTag(t.run)],
      });
      expectStatus(res, 201, `create a resource with salary ${salary} per ${salaryPeriod}`);
      // spec 2: response fields are not shown. A create answer without salaryPeriod is read back
      // by id; a record that shows none either keeps it write-only (observed), one that shows it
      // must show the value sent.
      const created = dataRecord(res);
      const { res: shownIn, record } = 'salaryPeriod' in created ? { res, record: created } : await readResource(t, created.id);
      if (!('salaryPeriod' in record)) {
        t.observe('field-not-returned', '/resources salaryPeriod', 'left out of the create answer and of GET');
        continue;
      }
      ensure(record['salaryPeriod'] === salaryPeriod, `expected salaryPeriod ${salaryPeriod}, got ${JSON.stringify(record['salaryPeriod'])}`, shownIn);
    }
  });

  check('FIELD-NOT-ACCEPTED', 'never apply isActive sent on resource create', async (t) => {
    // A resource made without isActive shows what a new one starts as (not stated: observed).
    const plain = await createResourceWith(t, { name: 'Conformance default active' });
    const { record } = await readResource(t, plain);
    t.observe('resource-initial-active', 'GET /resources/{id} of a resource created without isActive', JSON.stringify(record['isActive'] ?? null));
    // The value a server that ignores the field does not start a resource with: false, unless
    // new resources start inactive (not stated), then true.
    const value = record['isActive'] !== false ? false : true;
    await expectNotApplied(t, {
      subject: 'POST /resources',
      field: 'isActive',
      value,
      send: () => t.api.post('/resources', { name: `Conformance isActive on create ${uniqueToken('')}`, isActive: value, tags: [runTag(t.run)] }),
      readBack: async (res) => (await readResource(t, dataRecord(res).id)).record,
    });
  });
});

describe('resources: update', () => {
  const existing = once((t) => createResourceWith(t, { name: 'Conformance update target' }));

  invalidBodyChecks(check, {
    operation: 'PATCH /resources/{id}',
    requirementIds: resourceViolationRequirements('update'),
    cases: async (t) => resourceUpdateViolations(await constraints(t)),
    send: async (t, body) => t.api.patch(`/resources/${await existing(t)}`, body),
  });

  check('RS-UPDATE-VALID', 'accept isActive false and true on resource update and apply it', async (t) => {
    const id = await createResourceWith(t, { name: 'Conformance isActive on update' });
    for (const isActive of [false, true]) {
      const res = await t.api.patch(`/resources/${id}`, { isActive });
      expectStatus(res, 200, `update isActive to ${isActive}`);
      const back = await readResource(t, id);
      ensure(back.record['isActive'] === isActive, `expected isActive ${isActive} after the update, got ${JSON.stringify(back.record['isActive'])}`, back.res);
    }
  });

  check('RS-FIELD-TYPES', 'reject null employmentType on update, which is not nullable', async (t) => {
    const id = await createResourceWith(t, { name: 'Conformance employment type', employmentType: 'full_time' });
    await expectInvalid(t, 'PATCH /resources/{id}', 'employmentType null (not nullable)', () => t.api.patch(`/resources/${id}`, { employmentType: null }));
    const back = await readResource(t, id);
    // spec 2: response fields are not shown; a record without employmentType cannot be judged on it.
    if (!('employmentType' in back.record)) return t.observe('field-not-returned', '/resources employmentType', 'left out of GET');
    ensure(
      back.record['employmentType'] === 'full_time',
      `expected employmentType to stay full_time, got ${JSON.stringify(back.record['employmentType'])}`,
      back.res,
    );
  });
});

describe('resources: lifecycle', () => {
  lifecycleChecks(check, {
    path: '/resources',
    noun: 'resource',
    // spec 2: resources are soft-deleted, so there is no "deleted is gone" check (RS-DELETE-SOFT below).
    ids: {
      createValid: 'RS-CREATE-VALID',
      updateValid: 'RS-UPDATE-VALID',
      omitted: 'RS-UPDATE-OMITTED',
      nullClears: 'RS-UPDATE-NULL-CLEARS',
    },
    nullableFields: RESOURCE_NULLABLE_FIELDS,
    // spec 2: response fields are not shown; a server may keep salary or externalUserId write-only.
    absentFields: 'observe',
    // spec 2.4 ties no field to another, yet a server may require a region's country or a
    // salary's period: such a refusal is retried with the pairs agreeing (business-rule observed).
    ruleFree: async (_t, body) => resourceRuleFree(body),
    // A server may end a resource's employment when it is deactivated (set endDate): an update
    // naming isActive leaves endDate uncompared as omitted.
    linked: [{ fields: ['endDate'], inputs: ['isActive'] }],
    // Soft-deleted, so the update properties reuse one resource each (issue 42), reset by an
    // update to each run's full body, active again (an earlier run's update may have deactivated it).
    reuse: { reset: (full) => ({ ...full, isActive: true }) },
    arbitraries: async (t) => {
      const c = await constraints(t);
      return { create: resourceCreate(c), full: resourceCreateFull(c), update: resourceUpdate(c) };
    },
  });

  check('RS-DELETE-SOFT', 'answer DELETE /resources/{id} with 204 (a soft delete; later reads are observed)', async (t) => {
    const word = uniqueToken('gone');
    const id = await createResourceWith(t, { name: `Conformance soft delete ${word}` });
    const res = await t.api.delete(`/resources/${id}`);
    expectStatus(res, 204, 'soft-delete a resource');
    // spec 2, 4.4: "soft delete" only; what the record then looks like is not shown.
    const back = await t.api.get(`/resources/${id}`);
    t.observe('deleted-read-status', 'GET /resources/{soft-deleted id}', back.status);
    if (back.status === 200) {
      const isActive = (back.json as { data?: { isActive?: unknown } } | undefined)?.data?.isActive;
      t.observe('soft-deleted-resource', 'isActive of a soft-deleted resource', JSON.stringify(isActive ?? null));
    }
    t.observe('soft-deleted-resource', 'GET /resources?search= (no isActive)', listedIn(await t.api.get('/resources', { search: word }), id));
    t.observe(
      'soft-deleted-resource',
      'GET /resources?search=&isActive=false',
      listedIn(await t.api.get('/resources', { search: word, isActive: 'false' }), id),
    );
    t.observe('repeated-delete-status', 'DELETE /resources/{soft-deleted id}', (await t.api.delete(`/resources/${id}`)).status);
  });
});

describe('resources: list filters', () => {
  check('RS-QUERY-INVALID', 'reject malformed resource list filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['roleId not a UUID', { roleId: 'not-a-uuid' }],
      ['roleId a truncated UUID', { roleId: randomUUID().slice(0, 30) }],
      ['homeOfficeId not a UUID', { homeOfficeId: '12345' }],
      ['homeOfficeId with a trailing character', { homeOfficeId: `${randomUUID()}x` }],
    ];
    for (const [rule, query] of cases) await expectInvalid(t, 'GET /resources', rule, () => t.api.get('/resources', query));
  });

  /** The roleId and homeOfficeId filters need ids the target took on create (see referencePolicy). */
  async function refsFixture(t: CheckContext) {
    const policy = await referencePolicy(t);
    if (!policy.accepted) t.skip(`not applicable: ${policy.reason}`);
    return resourceFilterFixture(t);
  }

  check('RS-FILTER-REFS', 'return only resources of the requested roleId', async (t) => {
    const f = await refsFixture(t);
    const roleId = f.roleA!;
    const records = await expectFiltered(
      t.api,
      '/resources',
      { roleId },
      {
        includes: [f.one, f.outsider],
        excludes: [f.two, f.noRole],
        what: 'has the requested roleId',
      },
    );
    const wrong = await firstWithOther(t.api, '/resources', records, 'roleId', roleId);
    ensure(!wrong, `roleId filter returned ${JSON.stringify(wrong?.['id'])} with roleId ${JSON.stringify(wrong?.['roleId'])}`);
    // Whether a list without isActive shows inactive resources is not stated (spec 4.4).
    t.observe(
      'inactive-in-list-without-isActive',
      'GET /resources?roleId= (a resource deactivated with PATCH)',
      records.some((r) => r['id'] === f.inactive) ? 'listed' : 'left out',
    );
  });

  check('RS-FILTER-REFS', 'return only resources of the requested homeOfficeId', async (t) => {
    const f = await refsFixture(t);
    const homeOfficeId = f.homeOffice!;
    const records = await expectFiltered(
      t.api,
      '/resources',
      { homeOfficeId },
      {
        includes: f.activeMembers,
        excludes: [f.outsider],
        what: 'has the requested homeOfficeId',
      },
    );
    const wrong = await firstWithOther(t.api, '/resources', records, 'homeOfficeId', homeOfficeId);
    ensure(!wrong, `homeOfficeId filter returned ${JSON.stringify(wrong?.['id'])} with homeOfficeId ${JSON.stringify(wrong?.['homeOfficeId'])}`);
  });

  booleanFilterChecks(check, {
    path: '/resources',
    filters: [
      {
        name: 'isActive',
        requirementId: 'RS-FILTER-ACTIVE',
        sample: async (t) => {
          const f = await resourceFilterFixture(t);
          return { scope: await resourceFixtureScope(t), trueIds: f.activeMembers, falseIds: [f.inactive] };
        },
      },
    ],
  });

  check('RS-FILTER-SEARCH', 'find resources by a word of their name with search', async (t) => {
    const f = await resourceFilterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/resources',
      { search: f.searchWord },
      {
        includes: [f.one, f.outsider],
        excludes: [f.two, f.inactive, f.noRole],
        what: `mentions ${f.searchWord}`,
      },
    );
    const unrelated = records.find((r) => !JSON.stringify(r).toLowerCase().includes(f.searchWord));
    ensure(!unrelated, `search=${f.searchWord} returned ${JSON.stringify(unrelated?.['id'])}, which does not mention it`);
    const upper = await t.api.get('/resources', { search: f.searchWord.toUpperCase() });
    if (upper.status === 200) t.observe('search-case', 'GET /resources?search=', listedIn(upper, f.one) === 'listed' ? 'case-insensitive' : 'case-sensitive');
  });

  check('RS-FILTER-ACTIVE', 'reflect isActive changes made with PATCH in the isActive filter', async (t) => {
    const f = await resourceFilterFixture(t);
    const scope = await resourceFixtureScope(t);
    const keep = { name: `Conformance filter ${f.scopeWord} toggled`, ...(f.homeOffice ? { homeOfficeId: f.homeOffice } : {}) };
    const id = await createResourceWith(t, keep);
    await setActive(t, id, false, keep);
    await expectFiltered(t.api, '/resources', { ...scope, isActive: 'false' }, { includes: [id], excludes: [], what: 'was deactivated with PATCH' });
    await setActive(t, id, true, keep);
    await expectFiltered(t.api, '/resources', { ...scope, isActive: 'true' }, { includes: [id], excludes: [], what: 'was reactivated with PATCH' });
    await expectFiltered(t.api, '/resources', { ...scope, isActive: 'false' }, { includes: [], excludes: [id], what: 'is active again' });
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('resources: invalid input classes from the field table', () => {
  inputClassChecks(check, 'resources', inputTargets('resources'));
});

describe.sequential('resources: validation status', () => {
  validationConsistencyCheck(check, 'resource');
});
