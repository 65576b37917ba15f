import { InternalError } from '../errors.js';
import { randomUUID } from 'node:crypto';
import type { checker, CheckContext } from '../check/check.js';
import { dataRecord, ensure, expectNot2xx, expectRejected, expectStatus, isClass } from '../check/expect.js';
import { once } from '../check/once.js';
import { withArticle, type Collection } from './collection.js';
import { setupCreated } from '../steps/setup-created.js';
import { jsonContentTypeChecks } from './json-content-type.js';

type Check = ReturnType<typeof checker>;

async function createOne(t: CheckContext, collection: Collection): Promise<string> {
  const body = await collection.createBody!(t);
  return setupCreated(await t.api.post(collection.path, body), `create ${withArticle(collection.noun)}`);
}

/** Spec 4 common rules and 7 for a collection with id routes: envelopes, statuses, unknown ids, bad JSON. */
export function crudChecks(check: Check, collection: Collection): void {
  const { path, noun } = collection;
  if (!collection.createBody || !collection.updateBody) throw new InternalError(`${path}: crudChecks needs create and update bodies`);
  const updateBody = collection.updateBody;
  // One record for the checks that only need one to exist (read, update, a bystander, malformed
  // bodies): made once per file (issue 42: tasks, resources and rates cannot be removed). None of
  // them deletes it or judges a field a side-by-side check changes.
  const shared = once((t: CheckContext) => createOne(t, collection));

  check('ENV-CREATE', `answer POST ${path} with 201 and the new ${noun} in data`, async (t) => {
    const res = await t.api.post(path, await collection.createBody!(t));
    expectStatus(res, 201, `create ${withArticle(noun)}`);
    dataRecord(res);
  });

  check('ENV-GET', `answer GET ${path}/{id} with 200 and the ${noun} in data`, async (t) => {
    const id = await shared(t);
    const res = await t.api.get(`${path}/${id}`);
    expectStatus(res, 200, `read ${withArticle(noun)}`);
    ensure(dataRecord(res).id === id, `expected data.id ${id}`, res);
  });

  check('ENV-UPDATE', `answer PATCH ${path}/{id} with 200 and the ${noun} in data`, async (t) => {
    const id = await shared(t);
    const res = await t.api.patch(`${path}/${id}`, updateBody(t));
    expectStatus(res, 200, `update ${withArticle(noun)}`);
    ensure(dataRecord(res).id === id, `expected data.id ${id}`, res);
  });

  check('ENV-DELETE', `answer DELETE ${path}/{id} with 204 and no body`, async (t) => {
    const id = await createOne(t, collection);
    const res = await t.api.delete(`${path}/${id}`);
    expectStatus(res, 204, `delete ${withArticle(noun)}`);
    ensure(res.text === '', `expected no body with 204, got ${res.text.length} bytes`, res);
  });

  jsonContentTypeChecks(check, collection);

  const unknownId = (t: CheckContext) => ({
    get: () => t.api.get(`${path}/${randomUUID()}`),
    patch: () => t.api.patch(`${path}/${randomUUID()}`, updateBody(t)),
    delete: () => t.api.delete(`${path}/${randomUUID()}`),
  });

  check('ID-UNKNOWN-REFUSED', `never answer 2xx for an unknown ${noun} id (GET, PATCH), and remove nothing on DELETE`, async (t) => {
    const { get, patch, delete: remove } = unknownId(t);
    for (const [method, send] of [
      ['GET', get],
      ['PATCH', patch],
    ] as const) {
      const res = await send();
      t.observe('unknown-id-status', `${method} ${path}/{unknown uuid}`, res.status);
      expectNot2xx(res, `${method} of an id that does not exist`);
    }
    // spec 7 does not show the status: an idempotent DELETE may answer 204 for an id it does not
    // hold (ID-UNKNOWN-404 asks for 404). What must hold is that it removes nothing.
    const bystander = await shared(t);
    const deleted = await remove();
    t.observe('unknown-id-status', `DELETE ${path}/{unknown uuid}`, deleted.status);
    const still = await t.api.get(`${path}/${bystander}`);
    ensure(
      isClass(still.status, '2xx'),
      `after DELETE ${path}/{unknown uuid} (answered ${deleted.status}), ${withArticle(noun)} made just before no longer reads back`,
      still,
    );
    const res = await t.api.get(`${path}/not-a-uuid`);
    t.observe('unknown-id-status', `GET ${path}/not-a-uuid`, res.status);
    expectNot2xx(res, 'GET of an id that is not a UUID');
  });

  check('ID-UNKNOWN-404', `answer 404 for an unknown ${noun} id`, async (t) => {
    for (const [method, send] of Object.entries(unknownId(t))) {
      const res = await send();
      expectStatus(res, 404, `${method.toUpperCase()} an id that does not exist`);
    }
  });

  check('BODY-MALFORMED-JSON', `reject a malformed JSON body on POST ${path} and PATCH ${path}/{id} with 4xx`, async (t) => {
    const id = await shared(t);
    for (const [method, target] of [
      ['POST', path],
      ['PATCH', `${path}/${id}`],
    ] as const) {
      for (const rawBody of ['{"name": ', '{name: "x"}', 'not json']) {
        const res = await t.api.send({ method, path: target, rawBody });
        t.observe('malformed-json-status', `${method} ${path}`, res.status);
        expectRejected(res, `${method} with body ${JSON.stringify(rawBody)}`);
      }
    }
  });
}
