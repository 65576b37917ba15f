import { RecordPool } from '../steps/record-pool.js';
import fc from 'fast-check';
import type { checker, CheckContext } from '../check/check.js';
import { dataRecord, ensure, expectStatus } from '../check/expect.js';
import type { RequirementId } from '../spec/requirements.js';
import type { ApiResponse } from '../http/client.js';
import { expectFields, mismatch } from '../steps/compare.js';
import { shownFields } from '../steps/shown-fields.js';
import { withArticle } from './collection.js';

type Check = ReturnType<typeof checker>;
type Body = Record<string, unknown>;

/** Generators for one collection, built inside a check (they may point at records it creates). */
export interface LifecycleArbitraries {
  /** Valid create bodies (required fields, some optional ones). */
  readonly create: fc.Arbitrary<Body>;
  /** Valid create bodies with every field set: the base updates are compared against. */
  readonly full: fc.Arbitrary<Body>;
  /**
   * Valid update bodies, at least one field. A function receives the `full` body the record was
   * created from, so that its bodies can keep state fields as they are (spec 3: transitions are
   * not shown, so a valid update that changes a status may be refused).
   */
  readonly update: fc.Arbitrary<Body> | ((created: Body) => fc.Arbitrary<Body>);
}

export interface Lifecycle {
  readonly path: string;
  readonly noun: string;
  readonly ids: {
    readonly createValid: RequirementId;
    readonly updateValid: RequirementId;
    readonly omitted: RequirementId;
    readonly nullClears: RequirementId;
    /** For collections whose delete removes the record (spec 2: not the soft deletes). */
    readonly deleted?: RequirementId;
  };
  readonly arbitraries: (t: CheckContext) => Promise<LifecycleArbitraries>;
  /** Fields that are "optional, nullable" on update. */
  readonly nullableFields: readonly string[];
  /** Fields the update must not be compared on (for example values a body sets that another rule governs). */
  readonly ignoreOnCompare?: readonly string[];
  /**
   * Fields a server may compute from one another (spec 2.3 hours and durationSeconds; 2.6 hours,
   * hoursPerDay and the dates): the spec lists them as independent inputs and does not say
   * whether one is derived. When a body sends more than one of `fields`, one of them holding the
   * value sent is enough (what became of the others is observed); when an update names any of
   * `fields` or `inputs`, the `fields` it does not name are not compared as omitted.
   */
  readonly linked?: ReadonlyArray<{ readonly fields: readonly string[]; readonly inputs?: readonly string[] }>;
  /**
   * A valid body a server may refuse by a rule the spec neither states nor forbids (a day's total
   * of hours for one resource, say): the same body with values that cannot break such a rule (a
   * fresh resource). A refused valid create or update is sent once more so; accepted then, the
   * rule is observed (`business-rule`) and the check goes on with what was accepted.
   */
  readonly ruleFree?: (t: CheckContext, body: Body) => Promise<Body>;
  /**
   * 'observe': a field sent that a record answered leaves out altogether (no such key) is
   * observed, not failed (steps/shown-fields.ts: spec 2 shows no response fields, so a server may
   * keep write-only fields); a field the record carries is compared as usual. Default: it fails.
   */
  readonly absentFields?: 'observe';
  /**
   * For a collection whose delete leaves the record behind (spec 2: tasks and resources are
   * soft-deleted): the three update properties each work on one record of their own, brought back
   * before every run to that run's `full` body by an update, in place of a fresh record per run
   * (issue 42: what a run leaves on the target). `reset` is that update: the full body without the
   * fields the update column does not accept, with any state an earlier run's update changed set
   * back. A reset refused, or not read back as sent, is no verdict: that run gets a fresh record.
   */
  readonly reuse?: { readonly reset: (full: Body) => Body };
}

/** A record an update property works on, and the body it holds. */
interface Subject {
  readonly id: string;
  readonly created: Body;
}

function without(body: Body, fields: readonly string[] = []): Body {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));
}

/**
 * Whether a reset record holds every field of `expected` it shows (a field left out of the
 * record altogether is a write-only field, judged by the checks themselves, not here).
 */
function resetHolds(record: Body, expected: Body): boolean {
  const shown = Object.fromEntries(Object.entries(expected).filter(([field, value]) => field in record || value === null));
  return mismatch(record, shown) === undefined;
}

/** A created body and an update for the record made from it. */
function createdAndChanges(full: fc.Arbitrary<Body>, update: LifecycleArbitraries['update']): fc.Arbitrary<[Body, Body]> {
  if (typeof update !== 'function') return fc.tuple(full, update);
  return full.chain((created) => update(created).map((changes): [Body, Body] => [created, changes]));
}

/**
 * The stateful flow (create, read, update, read, delete, read) as one check per requirement:
 * valid input is accepted and kept, omitted fields stay, null clears, a deleted record is gone.
 */
export function lifecycleChecks(check: Check, spec: Lifecycle): void {
  const { path, noun, ids } = spec;
  const linked = spec.linked ?? [];

  /** `expectFields` for a body, with the linked fields it sends together compared as one group. */
  const expectSent = (t: CheckContext, record: Body, sent: Body, what: string, res: ApiResponse): void => {
    let rest = shown(t, record, without(sent, spec.ignoreOnCompare), what);
    for (const { fields } of linked) {
      const together = fields.filter((field) => field in rest);
      if (together.length < 2) continue;
      rest = without(rest, together);
      const kept = together.filter((field) => mismatch(record, { [field]: sent[field] }) === undefined);
      t.observe(
        'linked-fields',
        `${path}: ${together.join(' and ')} sent together`,
        kept.length === together.length ? 'all kept as sent' : `kept as sent: ${kept.join(', ') || 'none'}`,
      );
      ensure(
        kept.length > 0,
        `${what}: none of ${together.join(', ')} holds the value sent (${together.map((field) => mismatch(record, { [field]: sent[field] })).join('; ')})`,
        res,
      );
    }
    expectFields(record, rest, what, res);
  };

  /** The fields of `expected` to compare: all, or with `absentFields: 'observe'` those the record shows. */
  const shown = (t: CheckContext, record: Body, expected: Body, what: string): Body =>
    spec.absentFields === 'observe' ? shownFields(t, record, expected, `${path} ${what}`) : expected;

  /**
   * The fields of `created` an update did not name and that nothing it named may have recomputed,
   * with the values they must still hold: as sent, or for linked fields sent together, as the
   * record held them after the create (`held`), since one of them may have been derived then.
   */
  const omittedBy = (created: Body, changes: Body, held: Body): Body => {
    const named = (fields: readonly string[]) => fields.some((field) => field in changes);
    const derived = linked.flatMap(({ fields, inputs = [] }) => (named(fields) || named(inputs) ? fields : []));
    const together = linked.flatMap(({ fields }) => (fields.filter((field) => field in created).length > 1 ? fields : []));
    return without(
      Object.fromEntries(
        Object.entries(created)
          .filter(([field]) => !(field in changes) && !derived.includes(field))
          .map(([field, value]) => [field, together.includes(field) ? held[field] : value]),
      ),
      spec.ignoreOnCompare,
    );
  };

  /**
   * Sends a valid body; a 4xx that a rule the spec does not state may explain is retried once
   * with `ruleFree` values. What was sent last, and its answer.
   */
  const sendValid = async (
    t: CheckContext,
    operation: string,
    body: Body,
    send: (body: Body) => Promise<ApiResponse>,
    expected: number,
  ): Promise<{ res: ApiResponse; body: Body }> => {
    const res = await send(body);
    if (res.status === expected || spec.ruleFree === undefined || !(res.status >= 400 && res.status < 500)) return { res, body };
    const retried = await spec.ruleFree(t, body);
    const again = await send(retried);
    if (again.status !== expected) return { res, body };
    t.observe('business-rule', operation, `a valid body was refused with ${res.status} and accepted with values no unstated rule could refuse`);
    return { res: again, body: retried };
  };
  const create = async (t: CheckContext, body: Body): Promise<{ id: string; created: Body }> => {
    const sent = await sendValid(t, `POST ${path}`, body, (b) => t.api.post(path, b), 201);
    expectStatus(sent.res, 201, `create ${withArticle(noun)} with a valid body`);
    return { id: dataRecord(sent.res).id, created: sent.body };
  };
  /**
   * The record one run of an update property works on, with the body it holds: a fresh one, or
   * with `reuse` one of the records the three update properties share that no other run holds
   * (runs go side by side: at most REUSE_POOL_MAX records, harness/steps/record-pool.ts), reset to this run's body.
   * Fields it was created with that no update accepts stay as created. The file's cleanup deletes
   * them when it ends, as any record a check made.
   */
  const pool = new RecordPool<Subject>();
  const subjects = (): (<R>(t: CheckContext, generated: Body, use: (subject: Subject) => Promise<R>) => Promise<R>) => {
    const take = async (t: CheckContext, generated: Body): Promise<Subject> => {
      if (spec.reuse === undefined) return create(t, generated);
      const held = await pool.take();
      if (held !== undefined) {
        const reset = spec.reuse.reset(generated);
        const res = await t.api.patch(`${path}/${held.id}`, reset).catch((error: unknown) => {
          pool.give(held);
          throw error;
        });
        if (res.status === 200) {
          const back = await t.api.get(`${path}/${held.id}`).catch((error: unknown) => {
            pool.give(held);
            throw error;
          });
          const body = { ...held.created, ...reset };
          if (back.status === 200 && resetHolds(dataRecord(back), without(body, spec.ignoreOnCompare))) return { id: held.id, created: body };
        }
      }
      // None free and fewer than the pool's bound out, or the held one would not reset: a new one in its place.
      try {
        return await create(t, generated);
      } catch (error) {
        pool.release();
        throw error;
      }
    };
    return async (t, generated, use) => {
      const subject = await take(t, generated);
      try {
        return await use(subject);
      } finally {
        if (spec.reuse !== undefined) pool.give(subject);
      }
    };
  };
  const sendUpdate = (t: CheckContext, id: string, changes: Body) => sendValid(t, `PATCH ${path}/{id}`, changes, (b) => t.api.patch(`${path}/${id}`, b), 200);
  const read = async (t: CheckContext, id: string) => {
    const res = await t.api.get(`${path}/${id}`);
    expectStatus(res, 200, `read the ${noun} back`);
    return { res, record: dataRecord(res) };
  };

  check(ids.createValid, `accept every valid ${noun} create body and return the values sent`, async (t) => {
    const { create: bodies } = await spec.arbitraries(t);
    await t.property(bodies, async (generated) => {
      const { res, body } = await sendValid(t, `POST ${path}`, generated, (b) => t.api.post(path, b), 201);
      expectStatus(res, 201, `create ${withArticle(noun)} with a valid body`);
      const record = dataRecord(res);
      expectSent(t, record, body, 'create response', res);
      const back = await read(t, record.id);
      expectSent(t, back.record, body, 'read back after create', back.res);
    });
  });

  check(ids.updateValid, `accept every valid ${noun} update body and apply its values`, async (t) => {
    const { full, update } = await spec.arbitraries(t);
    const subject = subjects();
    await t.property(createdAndChanges(full, update), ([generated, proposed]) =>
      subject(t, generated, async ({ id }) => {
        const { res, body: changes } = await sendValid(t, `PATCH ${path}/{id}`, proposed, (b) => t.api.patch(`${path}/${id}`, b), 200);
        expectStatus(res, 200, `update ${withArticle(noun)} with a valid body`);
        expectSent(t, dataRecord(res), changes, 'update response', res);
        const back = await read(t, id);
        expectSent(t, back.record, changes, 'read back after update', back.res);
      }),
    );
  });

  check(ids.omitted, `leave fields omitted from ${withArticle(noun)} update unchanged`, async (t) => {
    const { full, update } = await spec.arbitraries(t);
    const subject = subjects();
    await t.property(createdAndChanges(full, update), ([generated, proposed]) =>
      subject(t, generated, async ({ id, created }) => {
        // What the record held before the update (only needed when linked fields may have been derived).
        const held = linked.length > 0 ? (await read(t, id)).record : {};
        const { res, body: changes } = await sendUpdate(t, id, proposed);
        expectStatus(res, 200, `update ${withArticle(noun)}`);
        const back = await read(t, id);
        const omitted = omittedBy(created, changes, held);
        expectFields(back.record, shown(t, back.record, omitted, 'read back after update'), 'a field the update did not name', back.res);
      }),
    );
  });

  check(ids.nullClears, `clear a nullable ${noun} field sent as null`, async (t) => {
    const { full } = await spec.arbitraries(t);
    const nulls = fc.subarray([...spec.nullableFields], { minLength: 1 });
    const subject = subjects();
    await t.property(fc.tuple(full, nulls), ([created, fields]) =>
      subject(t, created, async ({ id }) => {
        const cleared = Object.fromEntries(fields.map((field) => [field, null]));
        // A clear a rule may refuse (one of two fields that go together) is sent again with ruleFree values.
        const { res, body: changes } = await sendUpdate(t, id, cleared);
        expectStatus(res, 200, `set ${fields.join(', ')} to null`);
        const back = await read(t, id);
        expectFields(back.record, changes, 'a field cleared with null', back.res);
      }),
    );
  });

  if (ids.deleted) {
    check(ids.deleted, `no longer return a deleted ${noun}`, async (t) => {
      const { create: bodies } = await spec.arbitraries(t);
      const [body] = fc.sample(bodies, { numRuns: 1, seed: t.run.seed });
      const { id } = await create(t, body!);
      await read(t, id);
      expectStatus(await t.api.delete(`${path}/${id}`), 204, `delete the ${noun}`);
      const gone = await t.api.get(`${path}/${id}`);
      t.observe('deleted-read-status', `GET ${path}/{deleted id}`, gone.status);
      ensure(!(gone.status >= 200 && gone.status < 300), `expected a deleted ${noun} to be gone, GET answered ${gone.status}`, gone);
    });
  }
}
