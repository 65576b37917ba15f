import fc from 'fast-check';
import type { checker, CheckContext } from '../check/check.js';
import { dataRecord, ensure, expectStatus } from '../check/expect.js';
import type { RequirementId } from '../spec/requirements.js';
import { expectFields } from '../steps/compare.js';
import { withArticle } from './collection.js';

type Check = ReturnType<typeof checker>;
type Body = Record<string, unknown>;

/** Generators for one collection, built inside a check (they may point at records it creates). */
export interface LifecycleArbitraries {
  /** Valid create bodies (required fields, some optional ones). */
  readonly create: fc.Arbitrary<Body>;
  /** Valid create bodies with every field set: the base updates are compared against. */
  readonly full: fc.Arbitrary<Body>;
  /** Valid update bodies, at least one field. */
  readonly update: fc.Arbitrary<Body>;
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
}

function without(body: Body, fields: readonly string[] = []): Body {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));
}

/**
 * The stateful flow (create, read, update, read, delete, read) as one check per requirement:
 * valid input is accepted and kept, omitted fields stay, null clears, a deleted record is gone.
 */
export function lifecycleChecks(check: Check, spec: Lifecycle): void {
  const { path, noun, ids } = spec;

  const create = async (t: CheckContext, body: Body): Promise<string> => {
    const res = await t.api.post(path, body);
    expectStatus(res, 201, `create ${withArticle(noun)} with a valid body`);
    return dataRecord(res).id;
  };
  const read = async (t: CheckContext, id: string) => {
    const res = await t.api.get(`${path}/${id}`);
    expectStatus(res, 200, `read the ${noun} back`);
    return { res, record: dataRecord(res) };
  };

  check(ids.createValid, `accept every valid ${noun} create body and return the values sent`, async (t) => {
    const { create: bodies } = await spec.arbitraries(t);
    await t.property(bodies, async (body) => {
      const res = await t.api.post(path, body);
      expectStatus(res, 201, `create ${withArticle(noun)} with a valid body`);
      const record = dataRecord(res);
      expectFields(record, without(body, spec.ignoreOnCompare), 'create response', res);
      const back = await read(t, record.id);
      expectFields(back.record, without(body, spec.ignoreOnCompare), 'read back after create', back.res);
    });
  });

  check(ids.updateValid, `accept every valid ${noun} update body and apply its values`, async (t) => {
    const { full, update } = await spec.arbitraries(t);
    await t.property(fc.tuple(full, update), async ([created, changes]) => {
      const id = await create(t, created);
      const res = await t.api.patch(`${path}/${id}`, changes);
      expectStatus(res, 200, `update ${withArticle(noun)} with a valid body`);
      expectFields(dataRecord(res), without(changes, spec.ignoreOnCompare), 'update response', res);
      const back = await read(t, id);
      expectFields(back.record, without(changes, spec.ignoreOnCompare), 'read back after update', back.res);
    });
  });

  check(ids.omitted, `leave fields omitted from ${withArticle(noun)} update unchanged`, async (t) => {
    const { full, update } = await spec.arbitraries(t);
    await t.property(fc.tuple(full, update), async ([created, changes]) => {
      const id = await create(t, created);
      expectStatus(await t.api.patch(`${path}/${id}`, changes), 200, `update ${withArticle(noun)}`);
      const back = await read(t, id);
      const omitted = without(
        Object.fromEntries(Object.entries(created).filter(([field]) => !(field in changes))),
        spec.ignoreOnCompare,
      );
      expectFields(back.record, omitted, 'a field the update did not name', back.res);
    });
  });

  check(ids.nullClears, `clear a nullable ${noun} field sent as null`, async (t) => {
    const { full } = await spec.arbitraries(t);
    const nulls = fc.subarray([...spec.nullableFields], { minLength: 1 });
    await t.property(fc.tuple(full, nulls), async ([created, fields]) => {
      const id = await create(t, created);
      const changes = Object.fromEntries(fields.map((field) => [field, null]));
      expectStatus(await t.api.patch(`${path}/${id}`, changes), 200, `set ${fields.join(', ')} to null`);
      const back = await read(t, id);
      expectFields(back.record, changes, 'a field cleared with null', back.res);
    });
  });

  if (ids.deleted) {
    check(ids.deleted, `no longer return a deleted ${noun}`, async (t) => {
      const { create: bodies } = await spec.arbitraries(t);
      const [body] = fc.sample(bodies, { numRuns: 1, seed: t.run.seed });
      const id = await create(t, body!);
      await read(t, id);
      expectStatus(await t.api.delete(`${path}/${id}`), 204, `delete the ${noun}`);
      const gone = await t.api.get(`${path}/${id}`);
      t.observe('deleted-read-status', `GET ${path}/{deleted id}`, gone.status);
      ensure(!(gone.status >= 200 && gone.status < 300), `expected a deleted ${noun} to be gone, GET answered ${gone.status}`, gone);
    });
  }
}
