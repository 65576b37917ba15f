import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectStatus } from '../harness/check/expect.js';
import { once } from '../harness/check/once.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { lifecycleChecks } from '../harness/crosscutting/lifecycle.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import {
  allocationCreate,
  allocationCreateViolations,
  allocationUpdate,
  allocationUpdateViolations,
  allocationViolationRequirements,
  paddedReason,
} from '../harness/generators/allocations.js';
import { IMPOSSIBLE_DATES } from '../harness/generators/primitives.js';
import type { ApiResponse } from '../harness/http/client.js';
import { ALLOCATION_NULLABLE_FIELDS, CONSTRAINT_REASON_MAX } from '../harness/spec/allocations.js';
import {
  allocationReferences,
  allocationsCollection,
  createAllocation,
  createAllocationFilterFixture,
  minimalAllocation,
} from '../harness/steps/allocations.js';
import { expectFiltered, expectFilteredUnlessRefused, firstWithOther } from '../harness/steps/lists.js';
import { createResource } from '../harness/steps/prerequisites.js';

/** Allocations (spec 2.6, 4.6, 8): every field rule both ways, the trimmed reason, filters, the lifecycle. */
const check = checker('allocations');

const filterFixture = once(createAllocationFilterFixture);
/** An allocation every invalid update body is sent to. */
const existing = once(async (t) => createAllocation(t, await minimalAllocation(t, { notes: 'Conformance update target' })));

async function readAllocation(t: CheckContext, id: string): Promise<{ res: ApiResponse; record: Record<string, unknown> }> {
  const res = await t.api.get(`/allocations/${id}`);
  expectStatus(res, 200, 'read the allocation back');
  return { res, record: dataRecord(res) };
}

/** POSTs a minimal allocation with `overrides` and requires acceptance: the value the rule says is valid. */
async function expectAccepted(t: CheckContext, overrides: Record<string, unknown>, what: string): Promise<string> {
  const res = await t.api.post('/allocations', await minimalAllocation(t, overrides));
  expectStatus(res, 201, what);
  return dataRecord(res).id;
}

async function expectRefused(t: CheckContext, overrides: Record<string, unknown>, rule: string): Promise<void> {
  const body = await minimalAllocation(t, overrides);
  await expectInvalid(t, 'POST /allocations', `${rule}: ${JSON.stringify(overrides).slice(0, 120)}`, () => t.api.post('/allocations', body));
}

/**
 * Dates no cap on an allocation's length or horizon can refuse (spec 2.6 sets none): five days
 * from two weeks after today, for a body that names either date; nothing for one that names none.
 */
function nearSpan(body: Record<string, unknown>): Record<string, string> {
  if (!('startDate' in body) && !('endDate' in body)) return {};
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  return { startDate: day(14), endDate: day(18) };
}

/** What a server kept of a reason sent with surrounding spaces (spec 2.6 says "trimmed"; storage is observed). */
function reasonKept(sent: string, stored: unknown): string {
  if (stored === sent.trim()) return 'trimmed';
  if (stored === sent) return 'kept as sent (untrimmed)';
  return typeof stored === 'string' ? `changed otherwise (length ${stored.length})` : `not shown (${JSON.stringify(stored ?? null)})`;
}

describe('allocations: responses and ids', () => {
  crudChecks(check, allocationsCollection);
});

describe('allocations: paging', () => {
  pagingChecks(check, allocationsCollection);
});

describe('allocations: create rules', () => {
  invalidBodyChecks(check, {
    operation: 'POST /allocations',
    requirementIds: allocationViolationRequirements('create'),
    cases: async (t) => allocationCreateViolations(await allocationReferences(t)),
    send: (t, body) => t.api.post('/allocations', body),
  });

  check('AL-DATES-REAL', 'reject each impossible startDate and endDate and accept 29 February of a leap year', async (t) => {
    for (const date of IMPOSSIBLE_DATES) {
      await expectRefused(t, { startDate: date }, 'startDate not a real calendar date');
      await expectRefused(t, { endDate: date }, 'endDate not a real calendar date');
    }
    // Spans of two days: a server may require the end after the start (the spec does not say).
    await expectAccepted(t, { startDate: '2024-02-28', endDate: '2024-02-29' }, 'create an allocation ending on 2024-02-29 (a leap day)');
    await expectAccepted(t, { startDate: '2024-02-29', endDate: '2024-03-01' }, 'create an allocation starting on 2024-02-29 (a leap day)');
  });

  check('AL-HOURS', 'accept hoursPerDay 0 and 24 and hours 0; reject hoursPerDay -0.5 and 24.5 and hours -1', async (t) => {
    for (const hoursPerDay of [0, 24]) await expectAccepted(t, { hoursPerDay }, `create with hoursPerDay ${hoursPerDay}`);
    await expectAccepted(t, { hours: 0 }, 'create with hours 0');
    for (const hoursPerDay of [-0.5, 24.5]) await expectRefused(t, { hoursPerDay }, 'hoursPerDay outside 0..24');
    await expectRefused(t, { hours: -1 }, 'hours below 0');
  });

  check('AL-IDS-UUID', 'accept resourceId and groupId sent as null on create', async (t) => {
    const body = await minimalAllocation(t, { resourceId: null, groupId: null });
    let res = await t.api.post('/allocations', body);
    let cleared = ['resourceId', 'groupId'];
    if (res.status >= 400 && res.status < 500) {
      // A server may require an assignee, a resource or a group (the spec does not say). No API
      // creates groups, so the same body with a resource shows whether that is why: groupId null
      // alone is then judged.
      const refused = res.status;
      res = await t.api.post('/allocations', { ...body, resourceId: await createResource(t, 'Conformance assignee') });
      if (res.status === 201) {
        t.observe('business-rule', 'POST /allocations', `resourceId and groupId both null were refused with ${refused}; accepted with a resource`);
        cleared = ['groupId'];
      }
    }
    expectStatus(res, 201, 'create with resourceId and groupId null');
    const { record } = await readAllocation(t, dataRecord(res).id);
    for (const field of cleared) {
      ensure(record[field] === null || record[field] === undefined, `expected ${field} empty after create with null, got ${JSON.stringify(record[field])}`);
    }
  });

  check('AL-CONSTRAINT-REASON', `accept ${CONSTRAINT_REASON_MAX} characters between spaces and reject ${CONSTRAINT_REASON_MAX + 1} on create`, async (t) => {
    const [padded, tooLong, tooLongPadded] = fc.sample(
      fc.tuple(paddedReason(CONSTRAINT_REASON_MAX), paddedReason(CONSTRAINT_REASON_MAX + 1), paddedReason(CONSTRAINT_REASON_MAX + 1)),
      { numRuns: 1, seed: t.run.seed },
    )[0]!;
    const id = await expectAccepted(
      t,
      { constraintReason: padded },
      `create with a constraintReason of ${CONSTRAINT_REASON_MAX} characters after trimming (${padded.length} with the spaces)`,
    );
    const { record } = await readAllocation(t, id);
    t.observe('constraint-reason-stored', 'POST /allocations with surrounding spaces', reasonKept(padded, record['constraintReason']));
    await expectRefused(t, { constraintReason: tooLong.trim() }, `constraintReason of ${CONSTRAINT_REASON_MAX + 1} characters`);
    await expectRefused(t, { constraintReason: tooLongPadded }, `constraintReason of ${CONSTRAINT_REASON_MAX + 1} characters after trimming`);
  });
});

describe('allocations: update rules', () => {
  invalidBodyChecks(check, {
    operation: 'PATCH /allocations/{id}',
    requirementIds: allocationViolationRequirements('update'),
    cases: async (t) => allocationUpdateViolations(await allocationReferences(t)),
    send: async (t, body) => t.api.patch(`/allocations/${await existing(t)}`, body),
  });

  check('AL-CONSTRAINT-REASON', `accept ${CONSTRAINT_REASON_MAX} characters between spaces and reject ${CONSTRAINT_REASON_MAX + 1} on update`, async (t) => {
    const [padded, tooLong] = fc.sample(fc.tuple(paddedReason(CONSTRAINT_REASON_MAX), paddedReason(CONSTRAINT_REASON_MAX + 1)), {
      numRuns: 1,
      seed: t.run.seed,
    })[0]!;
    const id = await createAllocation(t, await minimalAllocation(t));
    const res = await t.api.patch(`/allocations/${id}`, { constraintReason: padded });
    expectStatus(res, 200, `update constraintReason to ${CONSTRAINT_REASON_MAX} characters after trimming (${padded.length} with the spaces)`);
    const { record } = await readAllocation(t, id);
    t.observe('constraint-reason-stored', 'PATCH /allocations/{id} with surrounding spaces', reasonKept(padded, record['constraintReason']));
    await expectInvalid(t, 'PATCH /allocations/{id}', `constraintReason of ${CONSTRAINT_REASON_MAX + 1} characters after trimming`, () =>
      t.api.patch(`/allocations/${id}`, { constraintReason: tooLong }),
    );
  });
});

describe('allocations: lifecycle', () => {
  lifecycleChecks(check, {
    path: '/allocations',
    noun: 'allocation',
    ids: {
      createValid: 'AL-CREATE-VALID',
      updateValid: 'AL-UPDATE-VALID',
      omitted: 'AL-UPDATE-OMITTED',
      nullClears: 'AL-UPDATE-NULL-CLEARS',
      deleted: 'AL-DELETE',
    },
    // Generated reasons have no surrounding spaces, so a trimming server returns them unchanged.
    nullableFields: ALLOCATION_NULLABLE_FIELDS,
    // spec 2.6 lists hours and hoursPerDay as independent inputs; a server may derive one from
    // the other over the allocation's days, so a date change may recompute them too.
    linked: [{ fields: ['hours', 'hoursPerDay'], inputs: ['startDate', 'endDate'] }],
    // A server may enforce a resource's capacity or refuse overlaps (the spec does not say): a fresh resource has no allocations yet.
    // An update that names no resource moves the allocation to the fresh one too. A server may also
    // require an assignee (a resource or a group): resourceId null becomes the fresh resource.
    // A server may also cap the length or horizon of an allocation: a body naming a date gets a
    // week-long span two weeks from today instead.
    ruleFree: async (t, body) => ({ ...body, ...nearSpan(body), resourceId: await createResource(t, 'Conformance fresh resource') }),
    arbitraries: async (t) => {
      const refs = await allocationReferences(t);
      return { create: allocationCreate(refs), full: allocationCreate(refs, { full: true }), update: allocationUpdate(refs) };
    },
  });
});

describe('allocations: list filters', () => {
  check('AL-QUERY-INVALID', 'reject malformed allocation filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['resourceId not a UUID', { resourceId: 'not-a-uuid' }],
      ['taskId not a UUID', { taskId: '12345' }],
      ['projectId not a UUID', { projectId: `${randomUUID()}x` }],
      ...IMPOSSIBLE_DATES.map((date): [string, Record<string, string>] => [`dateFrom ${date}`, { dateFrom: date }]),
      ...IMPOSSIBLE_DATES.map((date): [string, Record<string, string>] => [`dateTo ${date}`, { dateTo: date }]),
    ];
    for (const [rule, query] of cases) await expectInvalid(t, 'GET /allocations', rule, () => t.api.get('/allocations', query));
  });

  check('AL-FILTER-REFS', 'return only allocations of the requested resourceId', async (t) => {
    const f = await filterFixture(t);
    const mine = [f.inside, f.before, f.after, f.overlapStart, f.overlapEnd];
    for (const [resourceId, includes, excludes] of [
      [f.resources[0], mine, [f.other]],
      [f.resources[1], [f.other], mine],
    ] as const) {
      const records = await expectFiltered(t.api, '/allocations', { resourceId }, { includes, excludes, what: 'belongs to the requested resource' });
      const wrong = await firstWithOther(t.api, '/allocations', records, 'resourceId', resourceId);
      ensure(!wrong, `resourceId filter returned ${JSON.stringify(wrong?.['id'])} of resource ${JSON.stringify(wrong?.['resourceId'])}`);
    }
  });

  check('AL-FILTER-REFS', 'return only allocations of the requested taskId', async (t) => {
    const f = await filterFixture(t);
    const onFirst = [f.inside, f.before, f.overlapStart, f.other];
    const onSecond = [f.after, f.overlapEnd];
    for (const [taskId, includes, excludes] of [
      [f.tasks[0], onFirst, onSecond],
      [f.tasks[1], onSecond, onFirst],
    ] as const) {
      const records = await expectFiltered(t.api, '/allocations', { taskId }, { includes, excludes, what: 'is on the requested task' });
      const wrong = await firstWithOther(t.api, '/allocations', records, 'taskId', taskId);
      ensure(!wrong, `taskId filter returned ${JSON.stringify(wrong?.['id'])} of task ${JSON.stringify(wrong?.['taskId'])}`);
    }
  });

  check('AL-FILTER-REFS', 'return allocations of tasks in the requested projectId and none for another project', async (t) => {
    const f = await filterFixture(t);
    const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
    const all = [f.inside, f.before, f.after, f.overlapStart, f.overlapEnd, f.other];
    for (const resourceId of f.resources) {
      const own = resourceId === f.resources[0] ? all.filter((id) => id !== f.other) : [f.other];
      await expectFiltered(t.api, '/allocations', { projectId, resourceId }, { includes: own, excludes: [], what: 'is on a task of the project' });
      // A projectId naming no project may list nothing or be refused (spec 7: statuses not shown).
      await expectFilteredUnlessRefused(
        t,
        '/allocations',
        { projectId: randomUUID(), resourceId },
        {
          includes: [],
          excludes: all,
          what: 'is on a task of another project',
        },
        { topic: 'unknown-reference-filter', subject: 'GET /allocations?projectId=<unknown uuid>' },
      );
    }
  });

  check('AL-FILTER-DATE', 'keep allocations inside dateFrom..dateTo and leave out those entirely outside', async (t) => {
    const f = await filterFixture(t);
    const resourceId = f.resources[0];
    const march = { resourceId, dateFrom: '2024-03-01', dateTo: '2024-03-31' };
    await expectFiltered(t.api, '/allocations', march, { includes: [f.inside], excludes: [f.before, f.after], what: 'lies in March 2024' });
    await expectFiltered(
      t.api,
      '/allocations',
      { resourceId, dateFrom: '2024-03-01' },
      {
        includes: [f.inside, f.after],
        excludes: [f.before],
        what: 'lies on or after 2024-03-01',
      },
    );
    await expectFiltered(
      t.api,
      '/allocations',
      { resourceId, dateTo: '2024-03-31' },
      {
        includes: [f.inside, f.before],
        excludes: [f.after],
        what: 'lies on or before 2024-03-31',
      },
    );

    // Allocations that only overlap the range: which rule applies is not shown (spec 4.6).
    const res = await t.api.get('/allocations', { ...march, limit: 100 });
    expectStatus(res, 200, 'list allocations in March 2024');
    const shown = JSON.stringify(res.json);
    const [start, end] = [shown.includes(f.overlapStart), shown.includes(f.overlapEnd)];
    const rule = start && end ? 'overlap' : !start && !end ? 'containment' : start ? 'end date in range' : 'start date in range';
    t.observe('allocation-date-filter', 'GET /allocations?dateFrom=&dateTo= (allocations overlapping the range)', rule);
    // Bounds: `inside` runs 2024-03-04..2024-03-08.
    const exact = await t.api.get('/allocations', { resourceId, dateFrom: '2024-03-04', dateTo: '2024-03-08', limit: 100 });
    expectStatus(exact, 200, 'list allocations with the range of one allocation');
    t.observe(
      'date-filter-bounds',
      'GET /allocations (an allocation spanning exactly dateFrom..dateTo)',
      JSON.stringify(exact.json).includes(f.inside) ? 'inclusive' : 'exclusive',
    );
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('allocations: invalid input classes from the field table', () => {
  inputClassChecks(check, 'allocations', inputTargets('allocations'));
});

describe.sequential('allocations: validation status', () => {
  validationConsistencyCheck(check, 'allocation');
});
