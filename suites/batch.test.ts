import fc from 'fast-check';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { mapLimit } from '../harness/check/concurrency.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectNot2xx, expectRejected, expectStatus, isClass } from '../harness/check/expect.js';
import { once } from '../harness/check/once.js';
import { runTag } from '../harness/check/run-context.js';
import { expectInvalid } from '../harness/crosscutting/validation.js';
import { batchChange, batchEntries, batchEntry, ENTRY_ITEM_BREAKS, UPDATE_ITEM_BREAKS } from '../harness/generators/batch.js';
import type { TimeEntryConstraints } from '../harness/generators/time-entries.js';
import type { ApiResponse } from '../harness/http/client.js';
import { BATCH_MAX_ITEMS } from '../harness/spec/time-entries.js';
import { expectFields, mismatch } from '../harness/steps/compare.js';
import { listAll } from '../harness/steps/lists.js';
import { settled } from '../harness/steps/settle.js';
import { createResource, createTask } from '../harness/steps/prerequisites.js';
import { assignResource, createTimeEntry, freshPastDay } from '../harness/steps/time-entries.js';

/** Batch operations on time entries (spec 4.10, 8). Per-item outcome is not shown: observed. */
const check = checker('batch');
const PATH = '/batch/time-entries';

/** A fresh task and resource: every entry listed under either was made by this check (an item with a broken id may land under either). */
async function freshScope(t: CheckContext): Promise<TimeEntryConstraints> {
  return scopeOn(t, await createTask(t, 'Conformance batch task'));
}

/** A fresh resource on `taskId`, assigned to it: a server may let a resource log time only on a task it is assigned to. */
async function scopeOn(t: CheckContext, taskId: string): Promise<TimeEntryConstraints> {
  const scope = { taskIds: [taskId], resourceIds: [await createResource(t, 'Conformance batch resource')], runTag: runTag(t.run) };
  await assignResource(t, taskId, scope.resourceIds[0]);
  return scope;
}

/** The task and resource of the checks that find their entries by id (issue 42: shared, not one each). */
const sharedScope = once(freshScope);

/**
 * The shared task and a fresh resource: every entry listed under the resource was made by this
 * check, for the checks that find a batch's entries through GET /time-entries?resourceId= (a
 * batch answer need not name them, spec 4.10). Tasks are soft-deleted (spec 2): one, not one each.
 */
async function freshResource(t: CheckContext): Promise<TimeEntryConstraints> {
  return scopeOn(t, (await sharedScope(t)).taskIds[0]!);
}

/** The entries of a fresh resource, registered for cleanup (a batch create is not a tracked POST). */
async function entriesOf(t: CheckContext, resourceId: string): Promise<Array<Record<string, unknown>>> {
  const records = await listAll(t.api, '/time-entries', { resourceId });
  for (const r of records) t.track(`/time-entries/${String(r['id'])}`);
  return records;
}

/**
 * The entries of the resource once the list shows `count` of them: a batch answer need not name
 * the entries it made (spec 4.10), so they are found through the list, which may lag (settle.ts).
 */
async function entriesShown(t: CheckContext, resourceId: string, count: number, what: string): Promise<Array<Record<string, unknown>>> {
  return settled(
    async () => {
      const records = await entriesOf(t, resourceId);
      ensure(records.length === count, `expected ${count} ${what}, GET /time-entries?resourceId=${resourceId} listed ${records.length}`);
      return records;
    },
    { t, subject: 'GET /time-entries after a batch' },
  );
}

/** Entries under the scope's task or resource (an item with a broken id may land under either). */
async function scopeEntries(t: CheckContext, scope: TimeEntryConstraints): Promise<Array<Record<string, unknown>>> {
  const byResource = await entriesOf(t, scope.resourceIds[0]!);
  const byTask = await listAll(t.api, '/time-entries', { taskId: scope.taskIds[0]! });
  for (const r of byTask) t.track(`/time-entries/${String(r['id'])}`);
  return [...byResource, ...byTask.filter((r) => !byResource.some((b) => b['id'] === r['id']))];
}

/**
 * A batch create. Its answer need not name the entries it made (spec 4.10): every entry under a
 * task or resource of the items is found again at the file's end by the exact equality filter
 * (harness/check/cleanup.ts sweepAtEnd) and deleted by id. The items' ids are this file's fresh
 * scopes (freshScope) or broken values that are no UUID (ENTRY_ITEM_BREAKS): never a parent
 * another file's records sit under.
 */
async function create(t: CheckContext, entries: unknown): Promise<ApiResponse> {
  sweepParents(t, entries);
  try {
    return await t.api.post(PATH, { entries });
  } finally {
    // Again after the write: the sweep waits the list settle bound from the last one.
    sweepParents(t, entries);
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function sweepParents(t: CheckContext, entries: unknown): void {
  if (!Array.isArray(entries)) return;
  for (const entry of entries) {
    for (const field of ['resourceId', 'taskId'] as const) {
      const id = (entry as Record<string, unknown> | null)?.[field];
      if (typeof id === 'string' && UUID.test(id)) t.sweepAtEnd('/time-entries', { [field]: id });
    }
  }
}
const update = (t: CheckContext, updates: unknown) => t.api.patch(PATH, { updates });
const remove = (t: CheckContext, ids: unknown) => t.api.send({ method: 'DELETE', path: PATH, body: { ids } });

function sample<T>(t: CheckContext, arbitrary: fc.Arbitrary<T>, count: number): T[] {
  return fc.sample(arbitrary, { numRuns: count, seed: t.run.seed });
}

/**
 * `count` valid entries, each on a past day of its own (the spec sets no daily total, but a
 * server may cap a resource's day at 24 hours, and sampled dates may repeat).
 */
function sampleEntries(t: CheckContext, scope: TimeEntryConstraints, count: number): Array<Record<string, unknown>> {
  return sample(t, batchEntry(scope), count).map((item) => ({ ...item, date: freshPastDay() }));
}

/** Creates `count` entries one by one (so the batch update and delete checks stand on plain creates). */
async function plainEntries(t: CheckContext, scope: TimeEntryConstraints, count: number): Promise<string[]> {
  const ids: string[] = [];
  for (const item of sampleEntries(t, scope, count)) {
    // batch items may carry HH:MM:SS, plain entries only HH:MM
    const { startTime: _seconds, ...body } = item;
    ids.push(await createTimeEntry(t, body));
  }
  return ids;
}

/**
 * What became of a start time sent as `HH:MM:SS`: spec 4.10 accepts it in batch items, while the
 * entry's startTime is `HH:MM` (2.3), so keeping the seconds and cutting them are both correct.
 */
function observeStartTime(t: CheckContext, subject: string, sent: unknown, stored: unknown): void {
  if (typeof sent !== 'string' || !/^\d{2}:\d{2}:\d{2}$/.test(sent)) return;
  const kept =
    stored === sent
      ? 'kept as HH:MM:SS'
      : stored === sent.slice(0, 5)
        ? 'cut to HH:MM'
        : typeof stored === 'string' && stored.startsWith(sent)
          ? 'kept, with fractional seconds'
          : `other (${JSON.stringify(stored ?? null)})`;
  t.observe('batch-start-time-seconds', subject, kept);
}

function expectEnvelope(res: ApiResponse, what: string): void {
  expectStatus(res, 200, what);
  const body = res.json as Record<string, unknown> | undefined;
  ensure(body !== undefined && typeof body === 'object' && body !== null && 'data' in body, `expected a \`data\` envelope for ${what}`, res);
}

describe('batch: sizes', () => {
  check('BATCH-SIZE', 'reject an empty entries, updates or ids array', async (t) => {
    await expectInvalid(t, `POST ${PATH}`, 'entries empty', () => create(t, []));
    await expectInvalid(t, `PATCH ${PATH}`, 'updates empty', () => update(t, []));
    await expectInvalid(t, `DELETE ${PATH}`, 'ids empty', () => remove(t, []));
  });

  check('BATCH-SIZE', 'reject 101 items in a batch create, update or delete', async (t) => {
    const scope = await freshResource(t);
    const items = sampleEntries(t, scope, BATCH_MAX_ITEMS + 1);
    await expectInvalid(t, `POST ${PATH}`, '101 entries', () => create(t, items));
    ensure((await entriesOf(t, scope.resourceIds[0]!)).length === 0, 'a rejected batch of 101 entries still created entries');
    const ids = [...(await plainEntries(t, scope, 1))];
    const created = await create(t, items.slice(0, BATCH_MAX_ITEMS));
    expectStatus(created, 200, 'create a batch of exactly 100 entries');
    ids.push(
      ...(await entriesShown(t, scope.resourceIds[0]!, BATCH_MAX_ITEMS + 1, 'entries to update')).map((r) => String(r['id'])).filter((id) => !ids.includes(id)),
    );
    await expectInvalid(t, `PATCH ${PATH}`, '101 updates', () =>
      update(
        t,
        ids.map((id) => ({ id, isBillable: true })),
      ),
    );
    await expectInvalid(t, `DELETE ${PATH}`, '101 ids', () => remove(t, ids));
  });
});

describe('batch: create', () => {
  check('BATCH-CREATE-VALID', 'accept batches of valid entries, HH:MM and HH:MM:SS start times included', async (t) => {
    const scope = await sharedScope(t);
    // Each item on a day of its own: a server may cap a resource's day at 24 hours (the spec sets no daily total).
    await t.property(batchEntries(scope, 5), async (generated) => {
      const entries = generated.map((item) => ({ ...item, date: freshPastDay() }));
      const res = await create(t, entries);
      expectStatus(res, 200, `create a batch of ${entries.length} valid entries`);
    });
    await entriesOf(t, scope.resourceIds[0]!);
  });

  check('BATCH-ENVELOPE', 'answer a successful batch create, update and delete with 200 and a data envelope', async (t) => {
    const scope = await freshResource(t);
    expectEnvelope(await create(t, sampleEntries(t, scope, 2)), 'a batch create');
    const ids = (await entriesShown(t, scope.resourceIds[0]!, 2, 'entries of the batch')).map((r) => String(r['id']));
    expectEnvelope(
      await update(
        t,
        ids.map((id) => ({ id, description: 'batch update' })),
      ),
      'a batch update',
    );
    expectEnvelope(await remove(t, ids), 'a batch delete');
  });

  check('BATCH-CREATE-VISIBLE', 'make batch-created entries visible through GET /time-entries with the values sent', async (t) => {
    await t.property(
      fc.integer({ min: 1, max: 4 }),
      async (count) => {
        const scope = await freshResource(t);
        const items = sampleEntries(t, scope, count).map((item, i): Record<string, unknown> => ({ ...item, description: `batch item ${i}` }));
        expectStatus(await create(t, items), 200, `create a batch of ${count} entries`);
        const records = await entriesShown(t, scope.resourceIds[0]!, items.length, "entries for the batch's resource");
        // The values are read from each entry itself: a list may show records in brief (spec 4: contents not shown).
        const reads = [];
        for (const listed of records) {
          const read = await t.api.get(`/time-entries/${String(listed['id'])}`);
          expectStatus(read, 200, 'read an entry a batch created');
          reads.push(read);
        }
        for (const item of items) {
          const read = reads.find((r) => dataRecord(r)['description'] === item['description']);
          ensure(read, `no entry listed for the batch's resource carries ${JSON.stringify(item['description'])}`);
          const record = dataRecord(read);
          observeStartTime(t, `POST ${PATH}`, item['startTime'], record['startTime']);
          expectFields(record, item, `entry created by a batch`, read);
        }
      },
      { numRuns: Math.min(t.run.numRuns, 5) },
    );
  });

  check('BATCH-ITEM-RULES', 'never apply a batch entry that breaks an item rule', async (t) => {
    /** The cases on `scope`: the same values on any scope (one seed), but for its task and resource. */
    const casesOn = (scope: TimeEntryConstraints) =>
      ENTRY_ITEM_BREAKS.flatMap((broken) => sample(t, fc.tuple(batchEntry(scope), broken.value), 3).map(([item, value]) => ({ broken, item, value })));
    // Side by side on a fresh scope, each batch holding one invalid item: any entry listed there
    // afterwards was made by an invalid item. Only then, to name it, are the cases sent again one
    // after another on a fresh scope, each followed by a look at what it made.
    const scope = await freshScope(t);
    const cases = casesOn(scope);
    const answers = await mapLimit(cases, t.run.concurrency, ({ broken, item, value }) => t.ahead(() => create(t, [{ ...item, [broken.field]: value }])));
    for (const [i, { broken }] of cases.entries()) t.observe('batch-invalid-item-status', `POST ${PATH}: ${broken.rule}`, answers[i]!.status);
    const listed = await scopeEntries(t, scope);
    if (listed.length === 0) {
      for (const [i, { broken }] of cases.entries()) if (answers[i]!.status >= 500) expectRejected(answers[i]!, broken.rule);
      return;
    }
    const again = await freshScope(t);
    for (const { broken, item, value } of casesOn(again)) {
      const res = await create(t, [{ ...item, [broken.field]: value }]);
      if (res.status >= 500) expectRejected(res, broken.rule);
      const made = await scopeEntries(t, again);
      ensure(made.length === 0, `a batch entry with ${broken.rule} (${JSON.stringify(value)}) was created (answer ${res.status})`, res);
    }
    ensure(
      false,
      `${listed.length} entries were created by batches each holding one invalid entry, sent side by side (${[...new Set(cases.map((c) => c.broken.rule))].join(', ')}); sent again one at a time, none was`,
    );
  });

  check('BATCH-ITEM-RULES', 'never apply a batch update item that breaks an item rule', async (t) => {
    const cases = UPDATE_ITEM_BREAKS.flatMap((broken) => sample(t, broken.value, 3).map((value) => ({ broken, value })));
    /** The fields the cases break, as an entry holds them. */
    const fieldsOf = (record: Record<string, unknown>) => Object.fromEntries(UPDATE_ITEM_BREAKS.map((b) => [b.field, JSON.stringify(record[b.field])]));
    // Entries found by id: the shared scope.
    const scope = await sharedScope(t);
    const [id] = await plainEntries(t, scope, 1);
    const before = dataRecord(await t.api.get(`/time-entries/${id}`));
    // Side by side on one entry: an invalid value applied leaves its field changed (no case sends
    // a valid one that could change it back). Only then, to name it, are the cases sent again one
    // after another, on a fresh entry.
    const answers = await mapLimit(cases, t.run.concurrency, ({ broken, value }) => t.ahead(() => update(t, [{ id, [broken.field]: value }])));
    for (const [i, { broken }] of cases.entries()) t.observe('batch-invalid-item-status', `PATCH ${PATH}: ${broken.rule}`, answers[i]!.status);
    const after = await t.api.get(`/time-entries/${id}`);
    expectStatus(after, 200, 'read the entry back');
    const changed = Object.entries(fieldsOf(dataRecord(after))).filter(([field, value]) => value !== fieldsOf(before)[field]);
    if (changed.length === 0) {
      for (const [i, { broken }] of cases.entries()) if (answers[i]!.status >= 500) expectRejected(answers[i]!, broken.rule);
      return;
    }
    const [fresh] = await plainEntries(t, scope, 1);
    const original = dataRecord(await t.api.get(`/time-entries/${fresh}`));
    for (const { broken, value } of cases) {
      const res = await update(t, [{ id: fresh, [broken.field]: value }]);
      if (res.status >= 500) expectRejected(res, broken.rule);
      const read = await t.api.get(`/time-entries/${fresh}`);
      expectStatus(read, 200, 'read the entry back');
      ensure(
        JSON.stringify(dataRecord(read)[broken.field]) === JSON.stringify(original[broken.field]),
        `a batch update with ${broken.rule} (${JSON.stringify(value)}) changed ${broken.field} to ${JSON.stringify(dataRecord(read)[broken.field])}`,
        read,
      );
    }
    ensure(
      false,
      `batch updates each holding one invalid item, sent side by side, changed ${changed.map(([field]) => field).join(', ')} of the entry; sent again one at a time, none did`,
      after,
    );
  });

  check('BATCH-ITEM-RULES', 'never create the invalid entry of a mixed batch (partial-failure behaviour observed)', async (t) => {
    const scope = await freshResource(t);
    const [valid, invalid] = sampleEntries(t, scope, 2);
    const res = await create(t, [valid, { ...invalid, date: '2024-02-30' }]);
    const created = await entriesOf(t, scope.resourceIds[0]!);
    ensure(created.length <= 1, `the invalid entry of a mixed batch was created (${created.length} entries)`, res);
    const behaviour = isClass(res.status, '2xx')
      ? created.length === 1
        ? 'per item: the valid entry created'
        : 'nothing created, success answered'
      : 'all or nothing: rejected';
    t.observe('batch-partial-failure', `POST ${PATH}`, `${behaviour} (${res.status})`);
  });

  check('BATCH-CREATE-VALID', 'accept batch hours within 0.25..24 and observe the disputed values below 0.25', async (t) => {
    // Each entry on a day of its own; the entries are found under the resource only to be cleaned up.
    const scope = await sharedScope(t);
    const [item] = sample(t, batchEntry(scope), 1);
    for (const hours of [0.25, 24]) expectStatus(await create(t, [{ ...item, hours, date: freshPastDay() }]), 200, `create a batch entry of ${hours} hours`);
    // spec 4.10 says 0 to 24, part 8 says at least 0.25 for non-timer entries: both readings are accepted.
    for (const hours of [0, 0.1]) {
      const res = await create(t, [{ ...item, hours, date: freshPastDay() }]);
      t.observe('batch-hours-below-0.25', `POST ${PATH} hours ${hours}`, isClass(res.status, '2xx') ? `accepted (${res.status})` : `rejected (${res.status})`);
    }
    await entriesOf(t, scope.resourceIds[0]!);
  });
});

describe('batch: update and delete', () => {
  check('BATCH-UPDATE-APPLIED', 'apply each batch update item to its entry', async (t) => {
    const scope = await sharedScope(t);
    await t.property(fc.array(batchChange(scope), { minLength: 3, maxLength: 3 }), async (generated) => {
      // Fresh entries in every run: a server may lock an entry once markedBilled (an earlier run
      // may have set it) and refuse any later change (the spec does not say).
      const ids = await plainEntries(t, scope, 3);
      // A changed date is a day of its own: a server may cap a resource's day at 24 hours.
      const changes = generated.map((change) => (change['date'] === undefined ? change : { ...change, date: freshPastDay() }));
      const res = await update(
        t,
        changes.map((change, i) => ({ id: ids[i], ...change })),
      );
      expectStatus(res, 200, 'apply a batch update');
      for (const [i, change] of changes.entries()) {
        const read = await t.api.get(`/time-entries/${ids[i]}`);
        expectStatus(read, 200, 'read an updated entry back');
        observeStartTime(t, `PATCH ${PATH}`, change['startTime'], dataRecord(read)['startTime']);
        const problem = mismatch(dataRecord(read), change);
        ensure(problem === undefined, `batch update item ${i} was not applied: ${problem}`, read);
      }
      // Whether a billed entry still takes changes is not stated: observed.
      const billed = changes.findIndex((change) => change['markedBilled'] === true);
      if (billed >= 0) {
        const again = await t.api.patch(`/time-entries/${ids[billed]}`, { description: 'Conformance edit of a billed entry' });
        t.observe('time-entry-billed-edit', 'PATCH /time-entries/{id} of an entry marked billed', again.status);
      }
    });
  });

  check('BATCH-DELETE-APPLIED', 'remove every entry a batch delete lists', async (t) => {
    // Entries found by id: the shared scope.
    const scope = await sharedScope(t);
    const ids = await plainEntries(t, scope, 3);
    const res = await remove(t, ids.slice(0, 2));
    expectStatus(res, 200, 'delete two entries in a batch');
    for (const id of ids.slice(0, 2)) expectNot2xx(await t.api.get(`/time-entries/${id}`), 'read an entry the batch deleted');
    expectStatus(await t.api.get(`/time-entries/${ids[2]}`), 200, 'read the entry the batch did not list');
  });

  check('BODY-MALFORMED-JSON', `reject a malformed JSON body on every batch operation with 4xx`, async (t) => {
    for (const method of ['POST', 'PATCH', 'DELETE'] as const) {
      const res = await t.api.send({ method, path: PATH, rawBody: '{"entries": [' });
      t.observe('malformed-json-status', `${method} ${PATH}`, res.status);
      expectRejected(res, `${method} with a truncated JSON body`);
    }
  });
});

describe('batch: invalid input classes from the field table', () => {
  inputClassChecks(check, 'batch', inputTargets('batch'));
});
