import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectRejected, expectStatus, isClass } from '../harness/check/expect.js';
import { once } from '../harness/check/once.js';
import { booleanFilterChecks } from '../harness/crosscutting/boolean-filter.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { lifecycleChecks } from '../harness/crosscutting/lifecycle.js';
import { expectNotApplied } from '../harness/crosscutting/not-accepted.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import { IMPOSSIBLE_DATES } from '../harness/generators/primitives.js';
import {
  timeEntryCreate,
  timeEntryCreateViolations,
  timeEntryUpdate,
  timeEntryUpdateViolations,
  timeEntryViolationRequirements,
  type TimeEntryConstraints,
} from '../harness/generators/time-entries.js';
import { runTag } from '../harness/check/run-context.js';
import { TIME_ENTRY_NULLABLE_FIELDS } from '../harness/spec/time-entries.js';
import { createResource, createTask } from '../harness/steps/prerequisites.js';
import { mismatch } from '../harness/steps/compare.js';
import { expectFiltered, expectFilteredUnlessRefused, firstWithOther } from '../harness/steps/lists.js';
import { assignResource, createTimeEntry, entryFilterFixture, minimalEntry, timeEntriesCollection } from '../harness/steps/time-entries.js';

/** Time entries (spec 2.3, 4.3, 8): every field rule both ways, the cross-field hours rule, filters. */
const check = checker('time-entries');

/** References for generated bodies: their own task and resources, apart from the filter fixture. */
const lifecycleReferences = once(
  async (t): Promise<TimeEntryConstraints> => ({
    taskIds: [await createTask(t, 'Conformance lifecycle task')],
    resourceIds: [await createResource(t, 'Conformance lifecycle resource')],
    runTag: runTag(t.run),
  }),
);

/** A body whose durationSeconds, sent beside hours, agrees with them (hours are multiples of 0.01). */
function agreeingDuration(body: Record<string, unknown>): Record<string, unknown> {
  if (typeof body['hours'] !== 'number' || typeof body['durationSeconds'] !== 'number') return body;
  return { ...body, durationSeconds: Math.round(body['hours'] * 3600) };
}

/** POSTs one entry and requires acceptance: the value the rule says is valid. */
async function expectAccepted(t: CheckContext, overrides: Record<string, unknown>, what: string): Promise<Record<string, unknown>> {
  const res = await t.api.post('/time-entries', await minimalEntry(t, overrides));
  expectStatus(res, 201, what);
  return dataRecord(res);
}

async function expectRefused(t: CheckContext, overrides: Record<string, unknown>, rule: string): Promise<void> {
  const body = await minimalEntry(t, overrides);
  await expectInvalid(t, 'POST /time-entries', `${rule}: ${JSON.stringify(overrides)}`, () => t.api.post('/time-entries', body));
}

describe('time entries: responses and ids', () => {
  crudChecks(check, timeEntriesCollection);
});

describe('time entries: paging', () => {
  pagingChecks(check, timeEntriesCollection);
});

describe('time entries: create rules', () => {
  invalidBodyChecks(check, {
    operation: 'POST /time-entries',
    requirementIds: timeEntryViolationRequirements('create'),
    cases: async (t) => timeEntryCreateViolations(await lifecycleReferences(t)),
    send: (t, body) => t.api.post('/time-entries', body),
  });

  check('TE-DATE-REAL', 'reject each impossible date the spec names and accept 29 February of a leap year', async (t) => {
    for (const date of IMPOSSIBLE_DATES) await expectRefused(t, { date }, 'date not a real calendar date');
    await expectAccepted(t, { date: '2024-02-29' }, 'create an entry dated 2024-02-29 (a leap day)');
  });

  check('TE-HOURS-CREATE-RANGE', 'accept 24 hours and reject 0 and 24.25 hours on create', async (t) => {
    await expectAccepted(t, { hours: 24 }, 'create an entry of 24 hours');
    await expectRefused(t, { hours: 0, entrySource: 'timer' }, 'hours 0 (must be > 0)');
    await expectRefused(t, { hours: 24.25 }, 'hours above 24');
  });

  check('TE-HOURS-MIN-NON-TIMER', 'reject a non-timer entry below 0.25 hours, entrySource absent or named', async (t) => {
    for (const entrySource of [undefined, 'manual', 'copied', 'suggested']) {
      await expectRefused(t, { hours: 0.2, ...(entrySource ? { entrySource } : {}) }, `a ${entrySource ?? 'default (manual)'} entry of 0.2 hours`);
    }
    await expectAccepted(t, { hours: 0.25 }, 'create a manual entry of exactly 0.25 hours');
  });

  check('TE-HOURS-MIN-ISSUE', 'name the field hours when refusing a manual entry below 0.25 hours', async (t) => {
    const res = await t.api.post('/time-entries', await minimalEntry(t, { hours: 0.1 }));
    expectRejected(res, 'a manual entry of 0.1 hours');
    // The error body's shape and wording are not shown (spec 7): `Hours` or `HOURS` names it too.
    ensure(/hours/i.test(res.text), 'expected the error body to name the field `hours`', res);
  });

  check('TE-HOURS-TIMER-ACCEPTED', 'accept a timer entry of 0.1 hours', async (t) => {
    const record = await expectAccepted(t, { hours: 0.1, entrySource: 'timer' }, 'create a timer entry of 0.1 hours');
    // 0.1 as a number or as a decimal string ("0.10"): response field types are not shown.
    const problem = mismatch(record, { hours: 0.1 });
    ensure(problem === undefined, `the created timer entry: ${problem}`);
  });

  check('TE-DURATION-RANGE', 'accept durationSeconds 1 and 86400, reject 0, 86401 and 1.5', async (t) => {
    for (const durationSeconds of [1, 86_400]) {
      // Beside hours 1 first. A server may require the two to agree, or derive hours from the
      // seconds (1 s is below the 0.25 h minimum of a manual entry): refused, the value is sent
      // again on a timer entry whose hours agree, and the rule is observed.
      const first = await t.api.post('/time-entries', await minimalEntry(t, { durationSeconds }));
      if (isClass(first.status, '4xx')) {
        const agreeing = await minimalEntry(t, { durationSeconds, hours: durationSeconds / 3600, entrySource: 'timer' });
        const again = await t.api.post('/time-entries', agreeing);
        expectStatus(again, 201, `create with durationSeconds ${durationSeconds} and hours that agree (beside hours 1: ${first.status})`);
        t.observe(
          'business-rule',
          'POST /time-entries',
          `durationSeconds ${durationSeconds} beside hours 1 was refused with ${first.status} and accepted with hours that agree`,
        );
        continue;
      }
      expectStatus(first, 201, `create with durationSeconds ${durationSeconds}`);
    }
    for (const durationSeconds of [0, 86_401, 1.5]) await expectRefused(t, { durationSeconds }, 'durationSeconds outside 1..86400');
  });

  check('TE-START-TIME-FORMAT', 'accept startTime 00:00 and 23:59, reject 24:00, 12:60 and 7:05', async (t) => {
    for (const startTime of ['00:00', '23:59']) await expectAccepted(t, { startTime }, `create with startTime ${startTime}`);
    for (const startTime of ['24:00', '12:60', '7:05']) await expectRefused(t, { startTime }, 'startTime not HH:MM');
  });

  check('TE-ENTRY-SOURCE-ENUM', 'accept every entrySource of the enum and reject other spellings', async (t) => {
    for (const entrySource of ['manual', 'timer', 'copied', 'suggested']) {
      const record = await expectAccepted(t, { entrySource }, `create with entrySource ${entrySource}`);
      ensure(record['entrySource'] === entrySource, `expected entrySource ${entrySource}, got ${JSON.stringify(record['entrySource'])}`);
    }
    // Values outside the enum; another case of a value (Timer) is a lax parser's normalisation,
    // judged at SHOULD by INPUT-FORMAT-STRICT.
    for (const entrySource of ['auto', 'import', '']) await expectRefused(t, { entrySource }, 'entrySource outside the enum');
  });

  check('FIELD-NOT-ACCEPTED', 'never apply markedBilled sent on time entry create', async (t) => {
    const body = await minimalEntry(t, { markedBilled: true });
    await expectNotApplied(t, {
      subject: 'POST /time-entries',
      field: 'markedBilled',
      value: true,
      send: () => t.api.post('/time-entries', body),
      readBack: async (res) => {
        const read = await t.api.get(`/time-entries/${dataRecord(res).id}`);
        expectStatus(read, 200, 'read the entry back');
        return dataRecord(read);
      },
    });
  });
});

describe('time entries: update rules', () => {
  const existing = once(async (t) => createTimeEntry(t, await minimalEntry(t)));

  invalidBodyChecks(check, {
    operation: 'PATCH /time-entries/{id}',
    requirementIds: timeEntryViolationRequirements('update'),
    cases: async (t) => timeEntryUpdateViolations(await lifecycleReferences(t)),
    send: async (t, body) => t.api.patch(`/time-entries/${await existing(t)}`, body),
  });

  check('TE-UPDATE-HOURS-RANGE', 'reject 0.2 hours on update even for a timer entry, accept 0.25 and 24', async (t) => {
    const id = await createTimeEntry(t, await minimalEntry(t, { hours: 0.1, entrySource: 'timer' }));
    await expectInvalid(t, 'PATCH /time-entries/{id}', 'hours 0.2 on a timer entry', () => t.api.patch(`/time-entries/${id}`, { hours: 0.2 }));
    for (const hours of [0.25, 24]) {
      const res = await t.api.patch(`/time-entries/${id}`, { hours });
      expectStatus(res, 200, `update hours to ${hours}`);
    }
  });

  check('FIELD-NOT-ACCEPTED', 'never apply entrySource sent on time entry update', async (t) => {
    const id = await createTimeEntry(t, await minimalEntry(t, { entrySource: 'manual' }));
    await expectNotApplied(t, {
      subject: 'PATCH /time-entries/{id}',
      field: 'entrySource',
      value: 'timer',
      send: () => t.api.patch(`/time-entries/${id}`, { entrySource: 'timer' }),
      readBack: async () => {
        const read = await t.api.get(`/time-entries/${id}`);
        expectStatus(read, 200, 'read the entry back');
        return dataRecord(read);
      },
    });
  });
});

describe('time entries: lifecycle', () => {
  lifecycleChecks(check, {
    path: '/time-entries',
    noun: 'time entry',
    ids: {
      createValid: 'TE-CREATE-VALID',
      updateValid: 'TE-UPDATE-VALID',
      omitted: 'TE-UPDATE-OMITTED',
      nullClears: 'TE-UPDATE-NULL-CLEARS',
      deleted: 'TE-DELETE',
    },
    nullableFields: TIME_ENTRY_NULLABLE_FIELDS,
    // spec 2.3 lists both as inputs; a server may derive one from the other.
    linked: [{ fields: ['hours', 'durationSeconds'] }],
    // A server may cap a resource's day (the spec bounds one entry): a fresh resource has no hours
    // yet. It may let a resource log time only on a task it is assigned to: the fresh resource is
    // assigned to the entry's task. It may also require hours and durationSeconds to agree.
    ruleFree: async (t, body) => {
      const resourceId = await createResource(t, 'Conformance fresh resource');
      await assignResource(t, body['taskId'] ?? (await lifecycleReferences(t)).taskIds[0], resourceId);
      return agreeingDuration({ ...body, resourceId });
    },
    arbitraries: async (t) => {
      const refs = await lifecycleReferences(t);
      return { create: timeEntryCreate(refs), full: timeEntryCreate(refs, { full: true }), update: timeEntryUpdate(refs) };
    },
  });
});

describe('time entries: list filters', () => {
  check('TE-QUERY-INVALID', 'reject malformed time entry filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['taskId not a UUID', { taskId: 'not-a-uuid' }],
      ['resourceId not a UUID', { resourceId: '12345' }],
      ['projectId not a UUID', { projectId: 'project-1' }],
      ...IMPOSSIBLE_DATES.map((date): [string, Record<string, string>] => [`dateFrom ${date}`, { dateFrom: date }]),
      ['dateTo 2023-02-29', { dateTo: '2023-02-29' }],
      ['dateTo 2024-04-31', { dateTo: '2024-04-31' }],
    ];
    for (const [rule, query] of cases) await expectInvalid(t, 'GET /time-entries', rule, () => t.api.get('/time-entries', query));
  });

  check('TE-FILTER-TASK', 'return only entries of the requested taskId', async (t) => {
    const f = await entryFilterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/time-entries',
      { taskId: f.tasks[0] },
      {
        includes: [f.early, f.late],
        excludes: [f.middle],
        what: 'belongs to the requested task',
      },
    );
    const wrong = await firstWithOther(t.api, '/time-entries', records, 'taskId', f.tasks[0]);
    ensure(!wrong, `taskId filter returned ${JSON.stringify(wrong?.['id'])} of task ${JSON.stringify(wrong?.['taskId'])}`);
  });

  check('TE-FILTER-RESOURCE', 'return only entries of the requested resourceId', async (t) => {
    const f = await entryFilterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/time-entries',
      { resourceId: f.resources[0] },
      {
        includes: [f.early, f.middle],
        excludes: [f.late],
        what: 'belongs to the requested resource',
      },
    );
    const wrong = await firstWithOther(t.api, '/time-entries', records, 'resourceId', f.resources[0]);
    ensure(!wrong, `resourceId filter returned ${JSON.stringify(wrong?.['id'])} of resource ${JSON.stringify(wrong?.['resourceId'])}`);
  });

  check('TE-FILTER-PROJECT', 'return entries of tasks in the requested project and none for another project', async (t) => {
    const f = await entryFilterFixture(t);
    const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
    for (const resourceId of f.resources) {
      await expectFiltered(
        t.api,
        '/time-entries',
        { projectId, resourceId },
        {
          includes: resourceId === f.resources[0] ? [f.early, f.middle] : [f.late],
          excludes: [],
          what: 'is on a task of the project',
        },
      );
      // A projectId naming no project may list nothing or be refused (spec 7: statuses not shown).
      await expectFilteredUnlessRefused(
        t,
        '/time-entries',
        { projectId: randomUUID(), resourceId },
        {
          includes: [],
          excludes: [f.early, f.middle, f.late],
          what: 'is on a task of another project',
        },
        { topic: 'unknown-reference-filter', subject: 'GET /time-entries?projectId=<unknown uuid>' },
      );
    }
  });

  check('TE-FILTER-DATE', 'return entries dated inside dateFrom..dateTo and leave out the others', async (t) => {
    const f = await entryFilterFixture(t);
    const resourceId = f.resources[0];
    await expectFiltered(
      t.api,
      '/time-entries',
      { resourceId, dateFrom: '2024-03-15' },
      { includes: [f.middle], excludes: [f.early], what: 'is dated on or after 2024-03-15' },
    );
    await expectFiltered(
      t.api,
      '/time-entries',
      { resourceId, dateTo: '2024-03-15' },
      { includes: [f.early], excludes: [f.middle], what: 'is dated on or before 2024-03-15' },
    );
    await expectFiltered(
      t.api,
      '/time-entries',
      { resourceId, dateFrom: '2024-03-01', dateTo: '2024-03-31' },
      {
        includes: [f.early, f.middle],
        excludes: [],
        what: 'is dated in March 2024',
      },
    );
    // Whether the bounds include the day itself is not shown: observed.
    const onBound = await t.api.get('/time-entries', { resourceId, dateFrom: '2024-03-10', dateTo: '2024-03-10' });
    if (onBound.status === 200) {
      t.observe('date-filter-bounds', 'GET /time-entries?dateFrom=&dateTo=', JSON.stringify(onBound.json).includes(f.early) ? 'inclusive' : 'exclusive');
    }
  });

  booleanFilterChecks(check, {
    path: '/time-entries',
    filters: [
      {
        name: 'isBillable',
        requirementId: 'TE-FILTER-BILLABLE',
        sample: async (t) => {
          const f = await entryFilterFixture(t);
          return { scope: { resourceId: f.resources[0] }, trueIds: [f.early], falseIds: [f.middle] };
        },
      },
    ],
  });

  check('TE-FILTER-INVOICED', 'leave out never-invoiced entries for isInvoiced=true and include them for false', async (t) => {
    const f = await entryFilterFixture(t);
    const resourceId = f.resources[0];
    await expectFiltered(t.api, '/time-entries', { resourceId, isInvoiced: 'true' }, { includes: [], excludes: [f.early, f.middle], what: 'is invoiced' });
    await expectFiltered(t.api, '/time-entries', { resourceId, isInvoiced: 'false' }, { includes: [f.early, f.middle], excludes: [], what: 'is not invoiced' });
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('time entries: invalid input classes from the field table', () => {
  inputClassChecks(check, 'time-entries', inputTargets('time-entries'));
});

describe.sequential('time entries: validation status', () => {
  validationConsistencyCheck(check, 'time entry');
});
