import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectNot2xx, expectStatus, fail, isClass } from '../harness/check/expect.js';
import { runTag } from '../harness/check/run-context.js';
import { booleanFilterChecks } from '../harness/crosscutting/boolean-filter.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import {
  rateCreate,
  rateCreateFull,
  rateCreateViolations,
  rateUpdate,
  rateUpdateViolations,
  rateVersionCreate,
  rateVersionViolations,
  rateViolationRequirements,
  UNLISTED_PROPERTIES,
} from '../harness/generators/rates.js';
import type { ApiResponse } from '../harness/http/client.js';
import { RATE_TYPES, type RateVersionCreate } from '../harness/spec/rates.js';
import { expectFields } from '../harness/steps/compare.js';
import { shownFields } from '../harness/steps/shown-fields.js';
import { once } from '../harness/check/once.js';
import { findAmount, findFieldValues, pathShape } from '../harness/steps/find-value.js';
import { expectFiltered, firstFailing, firstWithOther } from '../harness/steps/lists.js';
import { RecordPool } from '../harness/steps/record-pool.js';
import { createRate, createRateFilterFixture, ratePool, rateRuleFree, ratesCollection } from '../harness/steps/rates.js';
import { noteFlagsSent, takenAway } from '../harness/steps/displaced.js';
import { uniqueToken } from '../harness/steps/unique-token.js';

/** Rates and rate versions (spec 2.5, 3.5, 4.5): strict bodies, versions, soft delete, filters. */
const check = checker('rates');

const filterFixture = once(createRateFilterFixture);
/** A rate every invalid update or version body is sent to. */
const target = once((t) => createRate(t, { name: 'Conformance rate validation target', amount: 55.5 }));

type Body = Record<string, unknown>;

function without(body: Body, fields: readonly string[]): Body {
  return Object.fromEntries(Object.entries(body).filter(([k]) => !fields.includes(k)));
}

const todayUtc = (): string => new Date().toISOString().slice(0, 10);
const dayNumber = (date: string): number => Math.round(Date.parse(`${date}T00:00:00Z`) / 86_400_000);
const dayOf = (day: number): string => new Date(day * 86_400_000).toISOString().slice(0, 10);

/** 29 February of the first two leap years after the year of `today`. */
function leapDaysAfter(today: string): [string, string] {
  const years: number[] = [];
  for (let year = Number(today.slice(0, 4)) + 1; years.length < 2; year++) if ((year % 4 === 0 && year % 100 !== 0) || year % 400 === 0) years.push(year);
  return [`${years[0]}-02-29`, `${years[1]}-02-29`];
}

async function readRate(t: CheckContext, id: string): Promise<{ res: ApiResponse; record: Record<string, unknown> }> {
  const res = await t.api.get(`/rates/${id}`);
  expectStatus(res, 200, 'read the rate back');
  return { res, record: dataRecord(res) };
}

/** The JSON under `data` of a versions list (spec 4.5: "result in `data`"; paging not stated). */
function versionsData(res: ApiResponse): unknown {
  const body = res.json as { data?: unknown } | undefined;
  ensure(body !== null && typeof body === 'object' && body.data !== undefined, 'expected the versions in `data`', res);
  return body.data;
}

/** What a server does with `isActive`, which 3.5 lets be "set" but the 2.5 strict tables do not list. */
async function isActiveOutcome(t: CheckContext, res: ApiResponse, id: string, tag: string): Promise<string> {
  if (isClass(res.status, '4xx')) return `rejected (${res.status})`;
  if (!isClass(res.status, '2xx')) return `answered ${res.status}`;
  const back = await t.api.get(`/rates/${id}`);
  // A server may hide a deactivated rate from GET by id (RT-DELETE-DEACTIVATES): its list record tells.
  if (back.status === 404)
    return (await deactivatedListRecord(t, id, tag))?.['isActive'] === false ? 'accepted and applied (hidden from GET by id)' : `ignored, yet GET answered 404`;
  expectStatus(back, 200, 'read the rate back');
  return dataRecord(back)['isActive'] === false ? 'accepted and applied' : 'ignored';
}

/** The record of rate `id` in GET /rates?tags=<tag>&isActive=false, or undefined. */
async function deactivatedListRecord(t: CheckContext, id: string, tag: string): Promise<Record<string, unknown> | undefined> {
  const res = await t.api.get('/rates', { tags: tag, isActive: 'false', limit: '100' });
  const data = (res.json as { data?: unknown } | undefined)?.data;
  return res.status === 200 && Array.isArray(data) ? (data as Array<Record<string, unknown>>).find((r) => r['id'] === id) : undefined;
}

describe('rates: responses and ids', () => {
  // DELETE is a soft delete for rates (spec 2), but the common rules still hold: 204, no body.
  crudChecks(check, ratesCollection);

  check('ID-UNKNOWN-REFUSED', 'never answer 2xx to a version created for an unknown rate id', async (t) => {
    const res = await t.api.post(`/rates/${randomUUID()}/versions`, { amount: 10, effectiveFrom: '2024-01-01' });
    t.observe('unknown-id-status', 'POST /rates/{unknown uuid}/versions', res.status);
    expectNot2xx(res, 'create a version of a rate that does not exist');
    const list = await t.api.get(`/rates/${randomUUID()}/versions`);
    t.observe('unknown-id-status', 'GET /rates/{unknown uuid}/versions', list.status);
  });
});

describe('rates: paging', () => {
  pagingChecks(check, ratesCollection);
});

describe('rates: create', () => {
  check('RT-CREATE-VALID', 'accept every valid rate create body and return the values sent, the amount in its current version', async (t) => {
    let observed = false;
    // An amount of at least 0.01: it is looked for anywhere in the record, where a 0 would match any zero.
    await t.property(rateCreate({ runTag: runTag(t.run), minAmount: 0.01 }), async (generated) => {
      // Another record that gets the flag after this request went out may take it (noteFlagsSent).
      const setAt = Date.now();
      let body = generated;
      let res = await t.api.post('/rates', body);
      // A server may bound hoursPerPeriod by its period (spec 2.5 does not): a refusal is sent
      // once more with hours its period holds; accepted then, the rule is observed.
      if (isClass(res.status, '4xx') && rateRuleFree(body) !== body) {
        const refused = res.status;
        body = rateRuleFree(body);
        res = await t.api.post('/rates', body);
        if (res.status === 201) t.observe('business-rule', 'POST /rates', `hoursPerPeriod beyond the hours of its period was refused with ${refused}`);
      }
      expectStatus(res, 201, 'create a rate with a valid body');
      const record = dataRecord(res);
      noteFlagsSent('/rates', ['isDefault'], record.id, body);
      // spec 2.5: the amount lives in the rate's versions, so it is looked for anywhere in the record.
      const rateFields = without(body, ['amount']);
      // spec 2: response fields are not shown; a field a record leaves out altogether is observed.
      expectFields(record, shownFields(t, record, rateFields, '/rates create response'), 'create response', res);
      const back = await readRate(t, record.id);
      // One default rate per organisation is a server's choice: another rate may have taken the flag since.
      const kept = without(rateFields, await takenAway(t, '/rates', ['isDefault'], record.id, back.record, rateFields, setAt));
      expectFields(back.record, shownFields(t, back.record, kept, '/rates read back after create'), 'read back after create', back.res);
      // ...but not in another field of the body that happens to hold the same number (hoursPerPeriod, a tag "12").
      const amountAt = (json: Record<string, unknown>) => findAmount(json, body.amount).filter((path) => !(path.split(/[.[]/)[0]! in rateFields));
      const where = amountAt(back.record);
      const inCreate = amountAt(record);
      ensure(
        where.length > 0 || inCreate.length > 0,
        `expected the amount ${body.amount} sent on create in the rate (its current version), found it nowhere`,
        back.res,
      );
      if (!observed) {
        observed = true;
        t.observe('rate-amount-in-create-response', 'POST /rates', inCreate.length > 0 ? `at ${pathShape(inCreate[0]!)}` : 'not shown');
      }
    });
  });

  invalidBodyChecks(check, {
    operation: 'POST /rates',
    requirementIds: rateViolationRequirements('create'),
    cases: (t) => rateCreateViolations({ runTag: runTag(t.run) }),
    send: (t, body) => t.api.post('/rates', body),
  });
});

describe('rates: strict bodies', () => {
  check('RT-STRICT', 'reject an unlisted property on rate create, rate update and version create', async (t) => {
    // Observed first, so it is recorded whatever follows: spec 3.5 says a rate's isActive "can be
    // set", yet the 2.5 update table (a strict body) does not list it. Neither reading is required.
    const tag = uniqueToken('set-inactive');
    const active = await createRate(t, { name: 'Conformance isActive on update', tags: [tag] });
    const patched = await t.api.patch(`/rates/${active}`, { isActive: false });
    t.observe('rate-update-isActive', 'PATCH /rates/{id} with isActive false', await isActiveOutcome(t, patched, active, tag));

    const id = await target(t);
    for (const [name, value] of UNLISTED_PROPERTIES) {
      await expectInvalid(t, 'POST /rates', `unlisted property ${name}`, () =>
        t.api.post('/rates', { name: 'Conformance strict rate', amount: 10, tags: [runTag(t.run)], [name]: value }),
      );
      await expectInvalid(t, 'PATCH /rates/{id}', `unlisted property ${name}`, () =>
        t.api.patch(`/rates/${id}`, { name: 'Conformance strict rate', [name]: value }),
      );
      await expectInvalid(t, 'POST /rates/{id}/versions', `unlisted property ${name}`, () =>
        t.api.post(`/rates/${id}/versions`, { amount: 10, effectiveFrom: '2022-02-01', [name]: value }),
      );
    }
  });

  // 2.5 does not list isActive for rate create (a strict body), yet 3.5 says a rate's isActive
  // "can be set": a server may read that as allowing it on create. It must then apply it; one
  // that accepts and ignores it is neither strict nor setting it.
  check('RT-STRICT', 'reject isActive on rate create (not listed in 2.5), or apply it', async (t) => {
    const tag = uniqueToken('created-inactive');
    const res = await t.api.post('/rates', {
      name: `Conformance isActive on create ${uniqueToken('')}`,
      amount: 10,
      tags: [runTag(t.run), tag],
      isActive: false,
    });
    if (isClass(res.status, '2xx')) {
      const id = dataRecord(res).id;
      const outcome = await isActiveOutcome(t, res, id, tag);
      t.observe('rate-create-isActive', 'POST /rates with isActive false', outcome);
      ensure(
        outcome.startsWith('accepted and applied'),
        `isActive false on rate create was accepted (${res.status}) but not applied: the rate reads active; 2.5 rejects unlisted properties`,
        res,
      );
      return;
    }
    t.observe('rate-create-isActive', 'POST /rates with isActive false', `rejected (${res.status})`);
    await expectInvalid(t, 'POST /rates', 'isActive is not listed for rate create', async () => res);
  });

  check('RT-UPDATE-NOT-ACCEPTED', 'reject amount, period and hoursPerPeriod on rate update', async (t) => {
    const id = await target(t);
    for (const [field, value] of [
      ['amount', 77.7],
      ['period', 'day'],
      ['hoursPerPeriod', 8],
    ] as const) {
      await expectInvalid(t, 'PATCH /rates/{id}', `${field} is not accepted on update`, () => t.api.patch(`/rates/${id}`, { [field]: value }));
      await expectInvalid(t, 'PATCH /rates/{id}', `${field} is not accepted on update, beside a valid name`, () =>
        t.api.patch(`/rates/${id}`, { name: 'Conformance rate renamed', [field]: value }),
      );
    }
  });

  invalidBodyChecks(check, {
    operation: 'PATCH /rates/{id}',
    requirementIds: rateViolationRequirements('update'),
    cases: (t) => rateUpdateViolations({ runTag: runTag(t.run) }),
    send: async (t, body) => t.api.patch(`/rates/${await target(t)}`, body),
  });
});

describe('rates: update', () => {
  check('RT-UPDATE-VALID', 'accept every valid rate update body and apply its values', async (t) => {
    const tag = runTag(t.run);
    // createRate adds the run tag to the created rate; an update that sets tags keeps it.
    // A deleted rate stays, deactivated (spec 2): the runs take turns on a few rates, each brought to its created body first.
    const rates = ratePool();
    await t.property(fc.tuple(rateCreateFull(), rateUpdate({ runTag: tag })), ([created, changes]) =>
      rates(t, created, async (id) => {
        const setAt = Date.now();
        const res = await t.api.patch(`/rates/${id}`, changes);
        expectStatus(res, 200, 'update a rate with a valid body');
        noteFlagsSent('/rates', ['isDefault'], id, changes);
        // spec 2: response fields are not shown; a field a record leaves out altogether is observed.
        expectFields(dataRecord(res), shownFields(t, dataRecord(res), changes, '/rates update response'), 'update response', res);
        const back = await readRate(t, id);
        const kept = without(changes, await takenAway(t, '/rates', ['isDefault'], id, back.record, changes, setAt));
        expectFields(back.record, shownFields(t, back.record, kept, '/rates read back after update'), 'read back after update', back.res);
      }),
    );
  });
});

describe('rates: versions', () => {
  check('RT-GET-CURRENT', 'return the rate with its current version: the amount appears in GET /rates/{id}', async (t) => {
    // An amount no other field of the body can equal.
    const amount = 187.35;
    const id = await createRate(t, { name: 'Conformance current version', amount, rateType: 'billable', hoursPerPeriod: 8, period: 'day' });
    const { res, record } = await readRate(t, id);
    const where = findAmount(record, amount);
    ensure(where.length > 0, `expected the amount ${amount} of the current version in the rate, found it nowhere`, res);
    t.observe('rate-current-amount-path', 'GET /rates/{id}', where.map(pathShape).join(', '));
  });

  check('RT-VERSION-CREATE', 'answer 201 to a valid version (amount >= 0, real effectiveFrom, changeReason optional)', async (t) => {
    const today = dayNumber(todayUtc());
    // A day next to the initial version's (probably today) could collide with it; the spec does not say whether that is allowed.
    const bodies = rateVersionCreate().filter((v) => Math.abs(dayNumber(v.effectiveFrom) - today) > 1);
    let observed = false;
    const send = async (id: string, generated: RateVersionCreate): Promise<{ res: ApiResponse; body: RateVersionCreate }> => {
      let body = generated;
      let res = await t.api.post(`/rates/${id}/versions`, body);
      if (isClass(res.status, '4xx') && dayNumber(body.effectiveFrom) < today) {
        // A server may refuse a version dated before the initial one (history is not rewritten;
        // the spec does not say): the same version dated after it is sent once more.
        const refused = res.status;
        body = { ...body, effectiveFrom: dayOf(today + 2 + (dayNumber(body.effectiveFrom) % 300)) };
        res = await t.api.post(`/rates/${id}/versions`, body);
        if (res.status === 201) t.observe('business-rule', 'POST /rates/{id}/versions', `a version dated before the initial one was refused with ${refused}`);
      }
      return { res, body };
    };
    const fresh = () => createRate(t, { name: 'Conformance versioned rate', amount: 12.34 });
    // A deleted rate stays, deactivated (spec 2): the runs take turns on a few rates, one at a time each.
    const pool = new RecordPool<string>();
    await t.property(bodies, async (generated) => {
      const reused = await pool.take();
      let id: string;
      try {
        id = reused ?? (await fresh());
      } catch (error) {
        pool.release();
        throw error;
      }
      try {
        let { res, body } = await send(id, generated);
        if (reused !== undefined && isClass(res.status, '4xx')) {
          // A server may refuse a version beside the ones a rate holds already (same or earlier
          // dates: the spec does not say): the same version on a fresh rate decides.
          const refused = res.status;
          id = await fresh();
          ({ res, body } = await send(id, generated));
          if (res.status === 201) t.observe('business-rule', 'POST /rates/{id}/versions', `a version beside earlier ones was refused with ${refused}`);
        }
        expectStatus(res, 201, `create a rate version ${JSON.stringify(body)}`);
        if (!observed) {
          observed = true;
          const data = (res.json as { data?: Record<string, unknown> } | undefined)?.data;
          const shape =
            data === undefined || data === null
              ? 'no data'
              : findAmount(data, body.amount).length > 0
                ? data['id'] === id
                  ? 'the rate with the version'
                  : 'the version'
                : 'without the amount';
          t.observe('rate-version-create-response', 'POST /rates/{id}/versions', shape);
        }
      } finally {
        pool.give(id);
      }
    });
    // Edges every reading allows: a leap day, amount 0, changeReason left out; the two leap days
    // after today, in date order, so that no rule against back-dated or out-of-order versions applies.
    const id = await createRate(t, { name: 'Conformance versioned rate (edges)', amount: 12.34 });
    const [leap, nextLeap] = leapDaysAfter(todayUtc());
    for (const body of [
      { amount: 0, effectiveFrom: leap },
      { amount: 19.99, effectiveFrom: nextLeap, changeReason: 'Conformance leap day' },
    ]) {
      expectStatus(await t.api.post(`/rates/${id}/versions`, body), 201, `create a rate version ${JSON.stringify(body)}`);
    }
  });

  invalidBodyChecks(check, {
    operation: 'POST /rates/{id}/versions',
    requirementIds: rateViolationRequirements('version'),
    cases: () => rateVersionViolations(),
    send: async (t, body) => t.api.post(`/rates/${await target(t)}/versions`, body),
  });

  check('RT-VERSIONS-LIST', 'list every version of the rate, the initial one included, in data', async (t) => {
    const initial = 311.11;
    const id = await createRate(t, { name: 'Conformance version history', amount: initial });
    let later = [
      { amount: 322.22, effectiveFrom: '2020-01-01', changeReason: 'Conformance history one' },
      { amount: 333.33, effectiveFrom: '2021-06-15' },
    ];
    const first = await t.api.post(`/rates/${id}/versions`, later[0]);
    if (isClass(first.status, '4xx')) {
      // A server may refuse a version dated before the initial one (the spec does not say): the
      // history is built after it instead, in date order.
      t.observe('business-rule', 'POST /rates/{id}/versions', `a version dated before the initial one was refused with ${first.status}`);
      const today = dayNumber(todayUtc());
      later = [
        { ...later[0]!, effectiveFrom: dayOf(today + 30) },
        { ...later[1]!, effectiveFrom: dayOf(today + 60) },
      ];
      expectStatus(await t.api.post(`/rates/${id}/versions`, later[0]), 201, `create the version ${JSON.stringify(later[0])}`);
    } else {
      expectStatus(first, 201, `create the version ${JSON.stringify(later[0])}`);
    }
    expectStatus(await t.api.post(`/rates/${id}/versions`, later[1]), 201, `create the version ${JSON.stringify(later[1])}`);
    const res = await t.api.get(`/rates/${id}/versions`);
    expectStatus(res, 200, 'list the versions of a rate');
    const data = versionsData(res);
    for (const amount of [initial, ...later.map((v) => v.amount)]) {
      ensure(findAmount(data, amount).length > 0, `expected a version with amount ${amount} in the list, found none`, res);
    }
    const paged = (res.json as { pagination?: unknown }).pagination !== undefined;
    t.observe('rate-versions-list', 'GET /rates/{id}/versions', `${Array.isArray(data) ? 'array' : typeof data}${paged ? ', paged' : ', not paged'}`);
  });

  check('RT-CURRENT-AFTER-VERSION', 'show the amount of a version effective after the initial one, and by today, as the current amount', async (t) => {
    const [initial, current, future] = [401.01, 402.02, 403.03];
    const id = await createRate(t, { name: 'Conformance current after version', amount: initial });
    const today = todayUtc();
    const yesterday = dayOf(dayNumber(today) - 1);
    // The initial version's date is not stated (spec 2.5: a rate is created "with its initial version").
    const versions = await t.api.get(`/rates/${id}/versions`);
    const froms =
      versions.status === 200
        ? findFieldValues(versions.json, 'effectiveFrom').flatMap((v) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}/.test(v) ? [v.slice(0, 10)] : []))
        : [];
    const initialFrom = froms.sort().at(-1);
    const relative =
      initialFrom === undefined
        ? 'not shown'
        : initialFrom === today
          ? 'today (UTC)'
          : initialFrom === yesterday
            ? 'yesterday (UTC)'
            : initialFrom < today
              ? 'before yesterday'
              : 'after today (UTC)';
    t.observe('rate-initial-version-effectiveFrom', 'POST /rates', relative);
    const shows = (record: Record<string, unknown>, amount: number) => findAmount(record, amount).length > 0;

    if (initialFrom !== undefined && initialFrom < yesterday) {
      // Yesterday (UTC) is after the initial version and already past in every time zone: its version is current.
      const res = await t.api.post(`/rates/${id}/versions`, { amount: current, effectiveFrom: yesterday, changeReason: 'Conformance: effective yesterday' });
      expectStatus(res, 201, `create a version effective ${yesterday} (yesterday, UTC), after the initial one (${initialFrom})`);
      const { res: back, record } = await readRate(t, id);
      t.observe(
        'rate-current-after-version',
        'GET /rates/{id} after a later version effective yesterday',
        shows(record, current) ? (shows(record, initial) ? 'both amounts shown' : 'the new amount') : 'the initial amount',
      );
      ensure(
        shows(record, current),
        `expected the amount ${current} of the version effective ${yesterday} as current, GET shows ${shows(record, initial) ? `the initial ${initial}` : 'neither'}`,
        back,
      );
    } else {
      // No day lies between the initial version and yesterday: a version today may tie with the
      // initial one (which of two versions of one day is current is not stated), fall on a server's
      // tomorrow in another time zone, or be refused as a second version of the day.
      const res = await t.api.post(`/rates/${id}/versions`, { amount: current, effectiveFrom: today, changeReason: 'Conformance: effective today' });
      if (isClass(res.status, '4xx')) {
        t.observe('rate-same-day-version', `POST /rates/{id}/versions effective on the initial version's day (${relative})`, `refused (${res.status})`);
        const { res: back, record } = await readRate(t, id);
        ensure(
          shows(record, initial) && !shows(record, current),
          `a refused version (answered ${res.status}) still changed the current amount: GET shows ${shows(record, current) ? current : 'neither amount'}`,
          back,
        );
        return;
      }
      expectStatus(res, 201, `create a version effective today (${today}, UTC)`);
      const { res: back, record } = await readRate(t, id);
      const value = shows(record, current)
        ? shows(record, initial)
          ? 'both amounts shown'
          : 'the new amount'
        : shows(record, initial)
          ? 'the initial amount'
          : 'neither';
      t.observe('rate-same-day-version', `GET /rates/{id} after a version effective on the initial version's day (${relative})`, value);
      ensure(
        value !== 'neither',
        `expected the amount ${current} of the version effective today, or the initial ${initial} it ties with, as current; GET shows neither`,
        back,
      );
    }

    // A version effective in the future: which one is current is not stated, only observed.
    const later = await t.api.post(`/rates/${id}/versions`, { amount: future, effectiveFrom: '2099-01-01' });
    if (later.status === 201) {
      const { record: after } = await readRate(t, id);
      const value =
        findAmount(after, future).length > 0
          ? findAmount(after, current).length > 0
            ? 'both shown'
            : 'the future version (latest created)'
          : 'a version already effective';
      t.observe('rate-current-with-future-version', 'GET /rates/{id} after a version effective 2099-01-01', value);
    }
  });
});

describe('rates: delete', () => {
  check('RT-DELETE-DEACTIVATES', 'answer DELETE /rates/{id} with 204 and keep the rate as inactive', async (t) => {
    const tag = uniqueToken('deleted');
    const id = await createRate(t, { name: 'Conformance deactivated rate', tags: [tag] });
    const res = await t.api.delete(`/rates/${id}`);
    expectStatus(res, 204, 'deactivate a rate with DELETE');
    ensure(res.text === '', `expected no body with 204, got ${res.text.length} bytes`, res);
    const back = await t.api.get(`/rates/${id}`);
    t.observe('deleted-read-status', 'GET /rates/{deactivated id}', back.status);
    // A soft delete (spec 2) may hide the rate from GET by id (404) as long as it is still listed
    // under isActive=false, as inactive: that list record is then judged.
    const listed = await expectFiltered(t.api, '/rates', { tags: tag, isActive: 'false' }, { includes: [id], excludes: [], what: 'was deactivated' });
    if (back.status !== 404 && !isClass(back.status, '2xx')) {
      fail('spec 2, 3.5, 4.5: deleting a rate deactivates it (a soft delete), so the rate must still be readable by id or listed as inactive', back);
    }
    const record = back.status === 404 ? (listed.find((r) => r['id'] === id) ?? {}) : (expectStatus(back, 200, 'read a deactivated rate'), dataRecord(back));
    const isActive = record['isActive'];
    // A list record without isActive (a summary) is judged by the isActive=false filter alone.
    if (back.status !== 404 || 'isActive' in record) ensure(isActive === false, `expected isActive false after DELETE, got ${JSON.stringify(isActive)}`, back);
    await expectFiltered(t.api, '/rates', { tags: tag, isActive: 'true' }, { includes: [], excludes: [id], what: 'is active' });
  });
});

describe('rates: list filters', () => {
  check('RT-QUERY-INVALID', 'reject a rateType filter outside the enum', async (t) => {
    // Another case of a value (Billable) is INPUT-FORMAT-STRICT's (a SHOULD).
    for (const rateType of ['hourly', 'internal']) {
      await expectInvalid(t, 'GET /rates', `rateType=${rateType}`, () => t.api.get('/rates', { rateType }));
    }
  });

  check('RT-FILTER-TYPE', 'return only rates of the requested rateType', async (t) => {
    const f = await filterFixture(t);
    const all = await expectFiltered(
      t.api,
      '/rates',
      { tags: f.tag },
      { includes: [f.billable, f.cost, f.other], excludes: [], what: `carries the tag ${f.tag}` },
    );
    // Whether a plain list shows inactive rates is not stated.
    t.observe('rate-list-inactive', 'GET /rates without isActive', all.some((r) => r['id'] === f.deactivated) ? 'included' : 'left out');
    const byType = { billable: [f.billable], cost: [f.cost], other: [f.other] } as const;
    for (const rateType of RATE_TYPES) {
      const records = await expectFiltered(
        t.api,
        '/rates',
        { tags: f.tag, rateType },
        {
          includes: byType[rateType],
          excludes: RATE_TYPES.filter((other) => other !== rateType).flatMap((other) => byType[other]),
          what: `is a ${rateType} rate`,
        },
      );
      const wrong = await firstWithOther(t.api, '/rates', records, 'rateType', rateType);
      ensure(!wrong, `rateType=${rateType} returned ${JSON.stringify(wrong?.['id'])} of type ${JSON.stringify(wrong?.['rateType'])}`);
    }
  });

  const defaultFixture = once(async (t) => {
    const tag = uniqueToken('default');
    // Created together, just before use: a server may keep a single default rate.
    const isDefault = await createRate(t, { name: 'Conformance default rate', isDefault: true, tags: [tag] });
    const notDefault = await createRate(t, { name: 'Conformance non-default rate', isDefault: false, tags: [tag] });
    return { tag, isDefault, notDefault };
  });

  booleanFilterChecks(check, {
    path: '/rates',
    filters: [
      {
        name: 'isActive',
        requirementId: 'RT-FILTER-ACTIVE',
        sample: async (t) => {
          const f = await filterFixture(t);
          return { scope: { tags: f.tag }, trueIds: [f.billable, f.cost, f.other], falseIds: [f.deactivated] };
        },
      },
      {
        name: 'isDefault',
        requirementId: 'RT-FILTER-DEFAULT',
        sample: async (t) => {
          const f = await defaultFixture(t);
          return {
            scope: { tags: f.tag },
            trueIds: [f.isDefault],
            falseIds: [f.notDefault],
            current: async (t2, id) => (await readRate(t2, id)).record['isDefault'] as boolean | undefined,
          };
        },
      },
    ],
  });

  check('RT-FILTER-SEARCH', 'find rates by a word of their name with search', async (t) => {
    // The filter fixture's rates (issue 42: no rates of its own): only the billable one's name carries the word.
    const f = await filterFixture(t);
    const [token, named, unnamed] = [f.searchWord, f.billable, f.cost];
    const records = await expectFiltered(t.api, '/rates', { search: token }, { includes: [named], excludes: [unnamed], what: `mentions ${token}` });
    const unrelated = records.find((r) => !JSON.stringify(r).toLowerCase().includes(token));
    ensure(!unrelated, `search=${token} returned ${JSON.stringify(unrelated?.['id'])}, which does not mention it`);
  });

  check('RT-FILTER-TAGS', 'return rates carrying the requested tags and leave out rates without them', async (t) => {
    const [one, two] = [uniqueToken('tagone'), uniqueToken('tagtwo')];
    const onlyOne = await createRate(t, { name: 'Conformance tagged one', tags: [one] });
    const onlyTwo = await createRate(t, { name: 'Conformance tagged two', tags: [two] });
    const both = await createRate(t, { name: 'Conformance tagged both', tags: [one, two] });
    const neither = await createRate(t, { name: 'Conformance untagged', tags: [] });
    const records = await expectFiltered(
      t.api,
      '/rates',
      { tags: one },
      { includes: [onlyOne, both], excludes: [onlyTwo, neither], what: `carries the tag ${one}` },
    );
    const wrong = await firstFailing(t.api, '/rates', records, 'tags', (tags) => Array.isArray(tags) && tags.includes(one));
    ensure(!wrong, `tags=${one} returned ${JSON.stringify(wrong?.['id'])} with tags ${JSON.stringify(wrong?.['tags'])}`);

    // Two tags: any-of and all-of are both readings of "split into a list"; the target's is observed.
    const pair = await expectFiltered(t.api, '/rates', { tags: `${one},${two}` }, { includes: [both], excludes: [neither], what: `carries ${one} and ${two}` });
    const ids = new Set(pair.map((r) => String(r['id'])));
    const partial = [ids.has(onlyOne), ids.has(onlyTwo)];
    ensure(
      partial[0] === partial[1],
      `tags=${one},${two} returned ${partial[0] ? 'the rate with only the first tag' : 'the rate with only the second tag'} but not the other: neither any-of nor all-of`,
    );
    t.observe('rate-tags-filter', 'GET /rates?tags=a,b', partial[0] ? 'any of the tags' : 'all of the tags');
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('rates: invalid input classes from the field table', () => {
  inputClassChecks(check, 'rates', inputTargets('rates'));
});

describe.sequential('rates: validation status', () => {
  validationConsistencyCheck(check, 'rates');
});
