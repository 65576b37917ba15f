import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectStatus, isClass } from '../harness/check/expect.js';
import { once } from '../harness/check/once.js';
import { runTag } from '../harness/check/run-context.js';
import type { Collection } from '../harness/crosscutting/collection.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { lifecycleChecks } from '../harness/crosscutting/lifecycle.js';
import { expectNotApplied } from '../harness/crosscutting/not-accepted.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import {
  taskCreate,
  taskCreateFull,
  taskCreateViolations,
  taskUpdate,
  taskUpdateViolations,
  taskViolationRequirements,
  type TaskConstraints,
} from '../harness/generators/tasks.js';
import type { ApiResponse, QueryValue } from '../harness/http/client.js';
import { TASK_NULLABLE_FIELDS, TASK_STATUSES, TASK_TYPES, TASK_UPDATE_NOT_ACCEPTED } from '../harness/spec/tasks.js';
import { expectFields } from '../harness/steps/compare.js';
import { expectFiltered, listAll } from '../harness/steps/lists.js';
import { settled } from '../harness/steps/settle.js';
import { CheckInconclusive } from '../harness/check/outcomes.js';
import { listedIn } from '../harness/steps/scope.js';
import { createParent, createTaskUnder, projectRefs, reachTaskStatus, taskFilterFixture, taskLabel, tasksCollection } from '../harness/steps/tasks.js';
import { exploreTaskStatuses } from '../harness/steps/task-statuses.js';
import { expectTransition } from '../harness/steps/transitions.js';

/** Tasks (spec 2.7, 3.2, 4.7) and the project list (spec 4.12). */
const check = checker('tasks');

/** Parents for generated bodies: the configured project and a fresh task under it (spec 2.7). */
const references = once(async (t): Promise<TaskConstraints> => {
  const { projectId, versionId } = projectRefs(t);
  return { parentTaskIds: [projectId, await createParent(t, 'Conformance lifecycle parent')], versionIds: [versionId], runTag: runTag(t.run) };
});

/**
 * Parents for the lifecycle bodies: the fresh task only. A task directly under the project may
 * show parentTaskId null with the project under another field (spec 2.7 does not say how a
 * top-level task reads back); TK-CREATE-VALID judges that case on its own.
 */
const lifecycleReferences = once(async (t): Promise<TaskConstraints> => {
  const refs = await references(t);
  return { ...refs, parentTaskIds: refs.parentTaskIds.slice(1) };
});

/** Task types a server may refuse for a task inside a project: projects are root tasks, templates may live outside projects. */
const ROOT_TYPES: readonly string[] = ['project', 'template'];

/**
 * A valid task body no rule the spec leaves open can refuse: a server may bound a task's dates
 * by its project's or parent's span, and refuse a child of type project or template. The same
 * body without dates and without such a taskType; an update left with nothing else to change
 * sets a description.
 */
async function ruleFreeTask(_t: CheckContext, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const free = Object.fromEntries(
    Object.entries(body).filter(
      ([field, value]) => !(['startDate', 'endDate'].includes(field) && value !== null) && !(field === 'taskType' && ROOT_TYPES.includes(String(value))),
    ),
  );
  return Object.keys(free).length > 0 ? free : { description: 'changed by the conformance suite' };
}

/**
 * Spec 2.7 names the parent of a task directly under a project parentTaskId; a server may show
 * such a top-level task with parentTaskId null (or absent) and the project under another field
 * (projectId, say). Either way the project must be there.
 */
function expectTopLevelParent(t: CheckContext, record: Record<string, unknown>, projectId: string, what: string, res: ApiResponse): void {
  if (sameId(record['parentTaskId'], projectId)) return;
  const holder = Object.entries(record).find(([, value]) => sameId(value, projectId))?.[0];
  ensure(
    (record['parentTaskId'] === null || record['parentTaskId'] === undefined) && holder !== undefined,
    `${what}: a task created under project ${projectId} shows parentTaskId ${JSON.stringify(record['parentTaskId'])} and no field holds the project`,
    res,
  );
  t.observe(
    'top-level-task-parent',
    'a task created with parentTaskId = the project',
    `parentTaskId ${JSON.stringify(record['parentTaskId'] ?? null)}, the project as ${holder}`,
  );
}

async function readTask(t: CheckContext, id: string): Promise<{ res: ApiResponse; record: Record<string, unknown> }> {
  const res = await t.api.get(`/tasks/${id}`);
  expectStatus(res, 200, 'read the task back');
  return { res, record: dataRecord(res) };
}

const isUpdateNotAccepted = (field: string): boolean => (TASK_UPDATE_NOT_ACCEPTED as readonly string[]).includes(field);

/** The fields FIELD-NOT-ACCEPTED sends on task update, with what each task is created with. */
const NOT_ACCEPTED_ON_UPDATE: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['parentTaskId', {}],
  ['versionId', {}],
  ['taskType', { taskType: 'task' }],
  ['position', { position: 1 }],
];

const sameId = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

describe('tasks: responses and ids', () => {
  // DELETE is a soft delete for tasks (spec 2), but the common rules still hold: 204, no body.
  crudChecks(check, tasksCollection);
});

describe('tasks: paging', () => {
  pagingChecks(check, tasksCollection);
});

describe('tasks: create', () => {
  invalidBodyChecks(check, {
    operation: 'POST /tasks',
    requirementIds: taskViolationRequirements('create'),
    cases: async (t) => taskCreateViolations(await references(t)),
    send: (t, body) => t.api.post('/tasks', body),
  });

  check('TK-CREATE-VALID', 'accept a task under the configured project and a task under that task', async (t) => {
    const { projectId, versionId } = projectRefs(t);
    let parentTaskId = projectId;
    for (const level of ['under the project', 'under another task']) {
      const body = { parentTaskId, versionId, name: taskLabel(t, `Conformance task ${level}`) };
      const res = await t.api.post('/tasks', body);
      expectStatus(res, 201, `create a task ${level}`);
      const record = dataRecord(res);
      const back = await readTask(t, record.id);
      if (parentTaskId === projectId) {
        const { parentTaskId: _project, ...rest } = body;
        expectFields(record, rest, `create response (${level})`, res);
        expectFields(back.record, rest, `read back (${level})`, back.res);
        expectTopLevelParent(t, record, projectId, `create response (${level})`, res);
        expectTopLevelParent(t, back.record, projectId, `read back (${level})`, back.res);
      } else {
        expectFields(record, body, `create response (${level})`, res);
        expectFields(back.record, body, `read back (${level})`, back.res);
      }
      parentTaskId = record.id;
    }
    // spec 2.7 types taskTypeId as a UUID and shows no endpoint for task types: whether an id
    // naming no known type is taken is not stated (observed; generated bodies send null).
    const dangling = await t.api.post('/tasks', {
      parentTaskId: projectId,
      versionId,
      name: taskLabel(t, 'Conformance task type probe'),
      taskTypeId: randomUUID(),
    });
    t.observe(
      'dangling-reference',
      'POST /tasks with a taskTypeId naming no known type',
      isClass(dangling.status, '2xx') ? `accepted (${dangling.status})` : `refused (${dangling.status})`,
    );
  });

  check('TK-FIELD-RULES', 'accept position 0 and every taskType of the legacy enum', async (t) => {
    const { projectId, versionId } = projectRefs(t);
    /** The taskTypeId each legacy taskType was mapped onto, where the server does not echo taskType. */
    const mapped = new Map<string, string>();
    for (const [index, taskType] of TASK_TYPES.entries()) {
      const position = index === 0 ? 0 : index;
      const created = await t.api.post('/tasks', { parentTaskId: projectId, versionId, name: taskLabel(t, `Conformance ${taskType}`), taskType, position });
      // A task inside a project may not be of type project (projects are root tasks) or template
      // (spec 2.7 lists the values, not where each may stand): such a refusal is observed.
      if (ROOT_TYPES.includes(taskType) && isClass(created.status, '4xx')) {
        t.observe('business-rule', 'POST /tasks under the project', `taskType ${taskType} refused with ${created.status}`);
        continue;
      }
      expectStatus(created, 201, `create a task with taskType ${taskType}`);
      const { res, record } = await readTask(t, dataRecord(created).id);
      // The legacy taskType may be stored as a taskTypeId (a uuid) and not echoed: then each type
      // must have been kept as a taskTypeId of its own (below), never dropped.
      const typeId = record['taskTypeId'];
      if ((record['taskType'] === undefined || record['taskType'] === null) && typeof typeId === 'string' && typeId !== '') {
        mapped.set(taskType, typeId);
      } else {
        expectFields(record, { taskType }, `read back a task created with taskType ${taskType}`, res);
      }
      // Siblings under the project may be renumbered (ordering rules are not shown, as in the
      // lifecycle checks): the position read back is observed, not compared.
      if (index === 0)
        t.observe(
          'task-position',
          'GET /tasks/{id} of a task created with position 0 under the project',
          record['position'] === 0 ? 'as sent' : JSON.stringify(record['position'] ?? null),
        );
    }
    if (mapped.size > 0) {
      t.observe('legacy-task-type', 'GET /tasks/{id} of a task created with a legacy taskType', 'mapped onto taskTypeId, taskType not shown');
      const ids = [...mapped.values()];
      ensure(
        new Set(ids).size === ids.length,
        `legacy taskTypes were mapped onto taskTypeIds that do not tell them apart: ${[...mapped].map(([type, id]) => `${type} ${id}`).join(', ')}`,
      );
    }
  });

  /** A status a fresh task does not start with, so that "ignored" cannot look like "applied". */
  const unusualStatus = once(async (t): Promise<string> => {
    const { record } = await readTask(t, await createTaskUnder(t, projectRefs(t).projectId, { name: taskLabel(t, 'Conformance default status') }));
    t.observe('task-initial-status', 'GET /tasks/{id} of a new task', JSON.stringify(record['status'] ?? null));
    return ['blocked', 'cancelled', 'completed'].find((s) => s !== record['status'])!;
  });

  check('FIELD-NOT-ACCEPTED', 'never apply status sent on task create', async (t) => {
    const { projectId, versionId } = projectRefs(t);
    const status = await unusualStatus(t);
    await expectNotApplied(t, {
      subject: 'POST /tasks',
      field: 'status',
      value: status,
      send: () => t.api.post('/tasks', { parentTaskId: projectId, versionId, name: taskLabel(t, 'Conformance status on create'), status }),
      readBack: async (res) => (await readTask(t, dataRecord(res).id)).record,
    });
  });

  check('FIELD-NOT-ACCEPTED', 'never apply color sent on task create', async (t) => {
    const { projectId, versionId } = projectRefs(t);
    await expectNotApplied(t, {
      subject: 'POST /tasks',
      field: 'color',
      value: '#13579B',
      send: () => t.api.post('/tasks', { parentTaskId: projectId, versionId, name: taskLabel(t, 'Conformance color on create'), color: '#13579B' }),
      readBack: async (res) => (await readTask(t, dataRecord(res).id)).record,
    });
  });
});

describe('tasks: update', () => {
  const existing = once((t) => createParent(t, 'Conformance update target'));

  invalidBodyChecks(check, {
    operation: 'PATCH /tasks/{id}',
    requirementIds: taskViolationRequirements('update'),
    cases: (t) => taskUpdateViolations({ runTag: runTag(t.run) }),
    send: async (t, body) => t.api.patch(`/tasks/${await existing(t)}`, body),
  });

  /** Every status change tried from the statuses a new task can reach (spec 3.2), shared by the two checks below. */
  const statusMap = once(exploreTaskStatuses);

  check('TK-STATUS-ENUM', 'accept every status of the enum on update from some status a new task can reach, and apply it', async (t) => {
    // spec 3.2: status is "set through the task update operation" and transitions are not shown.
    // So a server may refuse any one move (pending → completed without in_progress, say), but a
    // listed value it refuses from every status a task can reach could never be set at all.
    const { attempts, paths } = await statusMap(t);
    for (const status of TASK_STATUSES) {
      const tried = attempts.filter((a) => a.to === status);
      const accepted = tried.filter((a) => isClass(a.answer.status, '2xx'));
      const tries = tried.map((a) => `${a.from} (${a.answer.status})`).join(', ') || 'nowhere: no status a new task reached allowed a try';
      ensure(
        accepted.length > 0,
        `status ${status} was refused on update from every status a new task can reach, tried from ${tries}; reached: ${[...paths.keys()].join(', ')}`,
      );
      const applied = accepted.find((a) => a.after.record['status'] === status);
      const shown = accepted[0]!;
      ensure(
        applied !== undefined,
        `status ${status} was accepted (from ${shown.from}) but the task shows ${JSON.stringify(shown.after.record['status'])}`,
        shown.after.res,
      );
    }
  });

  check(
    'TRANSITION-REFUSED-UNCHANGED',
    'answer each task status change with 2xx and apply it, or refuse it with a 4xx and leave the task as it was',
    async (t) => {
      // spec 3.2: which changes a server allows is not shown: observed. Each one carries a description.
      for (const a of (await statusMap(t)).attempts) {
        expectTransition(t, { record: 'task', field: 'status', from: a.from, to: a.to }, a.answer, { after: a.after, applied: a.body, before: a.before });
      }
    },
  );

  check('TK-COLOR-FORMAT', 'accept color # and 6 hex digits in either letter case, and null, on update', async (t) => {
    const id = await createParent(t, 'Conformance color');
    for (const color of ['#a1b2c3', '#A1B2C3', '#000000', null]) {
      const res = await t.api.patch(`/tasks/${id}`, { color });
      expectStatus(res, 200, `update color to ${JSON.stringify(color)}`);
      const back = await readTask(t, id);
      if (color === null) {
        // A cleared colour may be stored as an empty string (compare.ts reads "" as empty too).
        ensure(
          back.record['color'] === null || back.record['color'] === undefined || back.record['color'] === '',
          `expected color cleared by null, got ${JSON.stringify(back.record['color'])}`,
          back.res,
        );
      } else {
        ensure(
          typeof back.record['color'] === 'string' && back.record['color'].toLowerCase() === color.toLowerCase(),
          `expected color ${color} after the update, got ${JSON.stringify(back.record['color'])}`,
          back.res,
        );
        // The case a server keeps hex letters in is not stated: observed.
        if (color === '#a1b2c3')
          t.observe('color-case', 'GET /tasks/{id} after color #a1b2c3', back.record['color'] === color ? 'as sent' : String(back.record['color']));
      }
    }
  });

  /**
   * The parent of the tasks the not-accepted update checks send to, made once with all of them
   * (issue 42: one parent, not one each): no sibling comes or goes after, so a server renumbering
   * positions (ordering rules are not shown) has no reason to move one.
   */
  const notAcceptedTasks = once(async (t) => {
    const parent = await createParent(t, 'Conformance fields on update parent');
    const ids = new Map<string, string>();
    for (const [field, createBody] of NOT_ACCEPTED_ON_UPDATE) {
      ids.set(field, await createTaskUnder(t, parent, { name: taskLabel(t, `Conformance ${field} on update`), ...createBody }));
    }
    return ids;
  });

  /** Sends `field: value` on update of a task of its own and requires it to be rejected or ignored (spec 2.7). */
  function notAcceptedOnUpdate(field: string, value: (t: CheckContext) => Promise<unknown>): void {
    check('FIELD-NOT-ACCEPTED', `never apply ${field} sent on task update`, async (t) => {
      const id = (await notAcceptedTasks(t)).get(field)!;
      const sent = await value(t);
      await expectNotApplied(t, {
        subject: 'PATCH /tasks/{id}',
        field,
        value: sent,
        send: () => t.api.patch(`/tasks/${id}`, { [field]: sent }),
        readBack: async () => (await readTask(t, id)).record,
      });
    });
  }

  // Another live task: a parent the server could move the task to, were the field applied (the
  // generated bodies' parent, under the project: no check counts its children).
  notAcceptedOnUpdate('parentTaskId', async (t) => (await references(t)).parentTaskIds[1]!);
  notAcceptedOnUpdate('versionId', async () => randomUUID());
  notAcceptedOnUpdate('taskType', async () => 'phase');
  notAcceptedOnUpdate('position', async () => 7);
});

describe('tasks: lifecycle', () => {
  lifecycleChecks(check, {
    path: '/tasks',
    noun: 'task',
    // spec 2: tasks are soft-deleted, so there is no "deleted is gone" check (TK-DELETE-SOFT below).
    ids: {
      createValid: 'TK-CREATE-VALID',
      updateValid: 'TK-UPDATE-VALID',
      omitted: 'TK-UPDATE-OMITTED',
      nullClears: 'TK-UPDATE-NULL-CLEARS',
    },
    nullableFields: TASK_NULLABLE_FIELDS,
    // A server may renumber sibling positions (ordering rules are not shown): position is not
    // compared. A legacy taskType may be stored as a taskTypeId and not echoed: TK-FIELD-RULES
    // judges it (full bodies never send it).
    ignoreOnCompare: ['position', 'taskType'],
    ruleFree: ruleFreeTask,
    // Soft-deleted, so the update properties reuse one task each (issue 42), reset by an update
    // to each run's full body: parentTaskId, versionId and position are not accepted on update
    // and stay as created (one parent, one version; position is not compared).
    reuse: { reset: (full) => Object.fromEntries(Object.entries(full).filter(([field]) => !isUpdateNotAccepted(field))) },
    arbitraries: async (t) => {
      const c = await lifecycleReferences(t);
      // taskUpdate leaves status out: a status change may be refused (spec 3.2); TK-STATUS-ENUM covers it.
      return { create: taskCreate(c), full: taskCreateFull(c), update: taskUpdate(c) };
    },
  });

  check('TK-DELETE-SOFT', 'answer DELETE /tasks/{id} with 204 (a soft delete; later reads are observed)', async (t) => {
    const parent = await createParent(t, 'Conformance soft delete parent');
    const id = await createTaskUnder(t, parent, { name: taskLabel(t, 'Conformance soft-deleted task') });
    const res = await t.api.delete(`/tasks/${id}`);
    expectStatus(res, 204, 'soft-delete a task');
    // spec 2, 4.7: "soft delete" only; what the record then looks like is not shown.
    const back = await t.api.get(`/tasks/${id}`);
    t.observe('deleted-read-status', 'GET /tasks/{soft-deleted id}', back.status);
    if (back.status === 200) {
      const record = (back.json as { data?: Record<string, unknown> } | undefined)?.data ?? {};
      const marks = Object.entries(record)
        .filter(([key]) => /delet|archiv|active|removed/i.test(key))
        .map(([key, value]) => `${key}=${value === null ? 'null' : typeof value === 'string' ? 'set' : JSON.stringify(value)}`);
      t.observe('soft-deleted-task', 'GET /tasks/{soft-deleted id}: fields that mark it', marks.join(', ') || 'none');
    }
    t.observe('soft-deleted-task', 'GET /tasks?parentTaskId= (no lifecycleScope)', listedIn(await t.api.get('/tasks', { parentTaskId: parent }), id));
    t.observe('repeated-delete-status', 'DELETE /tasks/{soft-deleted id}', (await t.api.delete(`/tasks/${id}`)).status);
  });
});

describe('tasks: list filters', () => {
  check('TK-QUERY-INVALID', 'reject malformed task list filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['projectId not a UUID', { projectId: 'not-a-uuid' }],
      ['projectId with a trailing character', { projectId: `${randomUUID()}x` }],
      ['parentTaskId not a UUID', { parentTaskId: '12345' }],
      ['parentTaskId a truncated UUID', { parentTaskId: randomUUID().slice(0, 30) }],
    ];
    for (const [rule, query] of cases) await expectInvalid(t, 'GET /tasks', rule, () => t.api.get('/tasks', query));
  });

  check('TK-QUERY-INVALID', 'reject a lifecycleScope other than active or all', async (t) => {
    // Another case of a value (ACTIVE) is INPUT-FORMAT-STRICT's (a SHOULD).
    for (const lifecycleScope of ['deleted', 'archived', 'none', 'true']) {
      await expectInvalid(t, 'GET /tasks?lifecycleScope=', `lifecycleScope ${lifecycleScope}`, () => t.api.get('/tasks', { lifecycleScope }));
    }
  });

  /**
   * A fresh parent with a live and a soft-deleted child (and one under it), shared by the two
   * scope checks (issue 42); the delete's answer is the checks' to judge.
   */
  const scopeBase = once(async (t) => {
    const parent = await createParent(t, 'Conformance lifecycle scope parent');
    const child = (label: string) => createTaskUnder(t, parent, { name: taskLabel(t, `Conformance scope ${label}`) });
    const live = await child('live');
    const deleted = await child('deleted');
    const underDeleted = await createTaskUnder(t, deleted, { name: taskLabel(t, 'Conformance scope under deleted') });
    const del = await t.api.delete(`/tasks/${deleted}`);
    return { parent, live, deleted, underDeleted, del, child };
  });

  /** The base and a completed and a cancelled child. */
  const scopeFixture = once(async (t) => {
    const { parent, live, deleted, underDeleted, del, child } = await scopeBase(t);
    const completed = await child('completed');
    const cancelled = await child('cancelled');
    // Spec 3.2 shows no transitions: a server may need an intermediate status first.
    for (const [id, status] of [
      [completed, 'completed'],
      [cancelled, 'cancelled'],
    ] as const) {
      if ((await reachTaskStatus(t, id, status)) === undefined) {
        t.skip(`not applicable: could not bring a new task to ${status} by updates, directly or through another status; see TK-STATUS-ENUM`);
      }
    }
    if (!isClass(del.status, '2xx')) t.skip(`not applicable: could not soft-delete a task (answered ${del.status}); see TK-DELETE-SOFT`);
    return { parent, live, completed, cancelled, deleted, underDeleted };
  });

  check('TK-LIFECYCLE-SCOPE', 'accept lifecycleScope active and all, and list the same tasks without it as with all', async (t) => {
    const f = await scopeFixture(t);
    const list = async (query: Record<string, QueryValue>) => new Set((await listAll(t.api, '/tasks', query)).map((r) => String(r['id'])));
    const shown = (ids: Set<string>) => JSON.stringify([...ids].sort());
    // The fixture was made and changed just before: the lists may show it a moment later (settle.ts).
    const { all, active } = await settled(
      async () => {
        const byDefault = await list({ parentTaskId: f.parent });
        const all = await list({ parentTaskId: f.parent, lifecycleScope: 'all' });
        const active = await list({ parentTaskId: f.parent, lifecycleScope: 'active' });
        ensure(
          shown(byDefault) === shown(all),
          `expected the same tasks without lifecycleScope as with lifecycleScope=all (the default), got ${shown(byDefault)} and ${shown(all)}`,
        );
        for (const [label, id] of [
          ['live', f.live],
          ['completed', f.completed],
          ['cancelled', f.cancelled],
        ] as const) {
          ensure(all.has(id), `lifecycleScope=all left out a ${label} child ${id} of the parent`);
        }
        return { all, active };
      },
      { t, subject: 'GET /tasks?lifecycleScope=' },
    );
    // What each scope does with soft-deleted or finished tasks is not stated (spec 4.7): observed.
    const mark = (ids: Set<string>, id: string) => (ids.has(id) ? 'listed' : 'left out');
    t.observe('lifecycle-scope', 'lifecycleScope=all: a soft-deleted task', mark(all, f.deleted));
    t.observe('lifecycle-scope', 'lifecycleScope=active: a soft-deleted task', mark(active, f.deleted));
    t.observe('lifecycle-scope', 'lifecycleScope=active: a live pending task', mark(active, f.live));
    t.observe('lifecycle-scope', 'lifecycleScope=active: a completed task', mark(active, f.completed));
    t.observe('lifecycle-scope', 'lifecycleScope=active: a cancelled task', mark(active, f.cancelled));
    const under = await t.api.get('/tasks', { parentTaskId: f.deleted, lifecycleScope: 'active' });
    t.observe('lifecycle-scope', 'lifecycleScope=active: a live child of a soft-deleted task', listedIn(under, f.underDeleted));
    const { projectId } = projectRefs(t);
    const inProject = await t.api.get('/tasks', { projectId, parentTaskId: f.parent, lifecycleScope: 'active' });
    t.observe('lifecycle-scope', 'lifecycleScope=active with projectId: a soft-deleted task', listedIn(inProject, f.deleted));
  });

  check('TK-LIFECYCLE-ACTIVE', 'leave a soft-deleted task out of lifecycleScope=active', async (t) => {
    // The scope base (no status changes needed): only a soft delete is needed here.
    const { parent, live, deleted, del } = await scopeBase(t);
    expectStatus(del, '2xx', 'soft-delete a task');
    // A scope check needs a working parentTaskId filter (TK-FILTER-PARENT): the live child must show under all (settle.ts: soon).
    const shows = await settled(async () => {
      const all = await listAll(t.api, '/tasks', { parentTaskId: parent, lifecycleScope: 'all' });
      ensure(
        all.some((r) => sameId(r['id'], live)),
        'the live child is not listed',
      );
      return true;
    }).catch(() => false);
    if (!shows) t.skip('not applicable: lifecycleScope=all with parentTaskId does not list a live child (see TK-FILTER-PARENT, TK-LIFECYCLE-SCOPE)');
    // spec 4.7 does not say what `active` covers; soft-deleted is not active under any reading.
    await expectFiltered(
      t.api,
      '/tasks',
      { parentTaskId: parent, lifecycleScope: 'active' },
      {
        includes: [],
        excludes: [deleted],
        what: 'is active (it was soft-deleted)',
      },
    );
  });

  check('TK-FILTER-PARENT', 'return children of the requested parentTaskId and leave out tasks under other parents', async (t) => {
    const f = await taskFilterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/tasks',
      { parentTaskId: f.parent },
      {
        includes: [f.childA, f.childB],
        excludes: [f.parent, f.sibling, f.cousin],
        what: 'is a child of the requested parent',
      },
    );
    // Whether grandchildren count is not stated beyond the name of the filter: observed.
    t.observe(
      'parent-filter-depth',
      'GET /tasks?parentTaskId= (a grandchild)',
      records.some((r) => r['id'] === f.grandchild) ? 'descendants' : 'direct children only',
    );
    await expectFiltered(
      t.api,
      '/tasks',
      { parentTaskId: f.childA },
      {
        includes: [f.grandchild],
        excludes: [f.childA, f.childB, f.cousin],
        what: `is a child of ${f.childA}`,
      },
    );
  });

  check('TK-FILTER-PROJECT', 'return tasks of the requested projectId and none for another project', async (t) => {
    const f = await taskFilterFixture(t);
    const { projectId } = projectRefs(t);
    // Scoped by parentTaskId too: the configured project may hold many tasks from earlier runs.
    await expectFiltered(t.api, '/tasks', { projectId, parentTaskId: f.parent }, { includes: [f.childA, f.childB], excludes: [], what: 'is in the project' });
    await expectFiltered(
      t.api,
      '/tasks',
      { projectId, parentTaskId: f.childA },
      { includes: [f.grandchild], excludes: [], what: 'is in the project (a grandchild)' },
    );
    const others = [randomUUID(), ...(t.run.otherProjectId === undefined ? [] : [t.run.otherProjectId])];
    for (const other of others) {
      const res = await t.api.get('/tasks', { projectId: other, parentTaskId: f.parent, limit: 100 });
      // A project id the key cannot see may be refused outright (not stated); a list must leave the tasks out.
      if (isClass(res.status, '4xx')) {
        t.observe('unknown-project-filter', 'GET /tasks?projectId={project of no/another organisation}', res.status);
        continue;
      }
      await expectFiltered(
        t.api,
        '/tasks',
        { projectId: other, parentTaskId: f.parent },
        {
          includes: [],
          excludes: [f.childA, f.childB],
          what: `is in project ${other}`,
        },
      );
    }
  });

  check('TK-FILTER-SEARCH', 'find tasks by a word of their name with search', async (t) => {
    const f = await taskFilterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/tasks',
      { search: f.searchWord },
      {
        includes: [f.childA, f.cousin],
        excludes: [f.parent, f.childB, f.grandchild, f.sibling],
        what: `mentions ${f.searchWord}`,
      },
    );
    const unrelated = records.find((r) => !JSON.stringify(r).toLowerCase().includes(f.searchWord));
    ensure(!unrelated, `search=${f.searchWord} returned ${JSON.stringify(unrelated?.['id'])}, which does not mention it`);
    const upper = await t.api.get('/tasks', { search: f.searchWord.toUpperCase(), parentTaskId: f.parent });
    if (upper.status === 200) t.observe('search-case', 'GET /tasks?search=', listedIn(upper, f.childA) === 'listed' ? 'case-insensitive' : 'case-sensitive');
  });
});

/** spec 4.12: GET /projects takes limit and offset; no other projects endpoint is shown. */
const projectsCollection: Collection = { path: '/projects', noun: 'project' };

describe('projects: list', () => {
  pagingChecks(check, projectsCollection);

  /** Pages of 100 walked on GET /projects: an organisation may hold thousands of projects (spec 4.12 sets no bound). */
  const PROJECT_PAGES = 100;

  check('PJ-LIST', 'list the configured project on GET /projects', async (t) => {
    const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
    const records = await listAll(t.api, '/projects', {}, PROJECT_PAGES);
    if (!records.some((r) => sameId(r['id'], projectId)) && records.length >= PROJECT_PAGES * 100) {
      throw new CheckInconclusive(
        `GET /projects lists ${records.length} projects or more without the configured project ${projectId} in them; the walk stops there`,
      );
    }
    ensure(
      records.some((r) => sameId(r['id'], projectId)),
      `GET /projects (every page) did not list the configured project ${projectId}; it listed ${records.length} projects`,
    );
  });

  check('PJ-LIST-ISOLATED', "never list another organisation's project (CONFORMANCE_OTHER_PROJECT_ID) on GET /projects", async (t) => {
    const other = t.need(t.run.otherProjectId, 'CONFORMANCE_OTHER_PROJECT_ID');
    const records = await listAll(t.api, '/projects', {}, PROJECT_PAGES);
    ensure(!records.some((r) => sameId(r['id'], other)), `GET /projects listed ${other}, a project of another organisation`);
    if (records.length >= PROJECT_PAGES * 100)
      throw new CheckInconclusive(`GET /projects lists ${records.length} projects or more; the walk stops there, before the end of the list`);
  });

  check('PJ-LIST-ISOLATED', "never list this organisation's project to another organisation's key", async (t) => {
    const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
    const records = await listAll(t.as('otherOrg'), '/projects', {}, PROJECT_PAGES);
    ensure(
      !records.some((r) => sameId(r['id'], projectId)),
      `GET /projects with CONFORMANCE_OTHER_ORG_KEY listed ${projectId}, a project of the admin key's organisation`,
    );
    if (records.length >= PROJECT_PAGES * 100)
      throw new CheckInconclusive(
        `GET /projects lists ${records.length} projects or more to the other organisation's key; the walk stops there, before the end of the list`,
      );
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('tasks: invalid input classes from the field table', () => {
  inputClassChecks(check, 'tasks', inputTargets('tasks'));
});

describe.sequential('tasks: validation status', () => {
  validationConsistencyCheck(check, 'task and project');
});
