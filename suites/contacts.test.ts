import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { ensure, expectStatus } from '../harness/check/expect.js';
import { runTag } from '../harness/check/run-context.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { lifecycleChecks } from '../harness/crosscutting/lifecycle.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import { booleanFilterChecks } from '../harness/crosscutting/boolean-filter.js';
import {
  contactCreate,
  contactCreateFull,
  contactCreateViolations,
  contactUpdate,
  contactUpdateViolations,
  violationRequirements,
} from '../harness/generators/contacts.js';
import { CONTACT_NULLABLE_FIELDS } from '../harness/spec/contacts.js';
import { contactRuleFree, contactsCollection, createContact, createFilterFixture, once } from '../harness/steps/contacts.js';
import { expectFiltered, firstWithOther } from '../harness/steps/lists.js';

/** Contacts (spec 2.1, 4.1): every field rule both ways, filters, and the lifecycle. */
const check = checker('contacts');

/** A parent every generated body may point at, so parentContactId is exercised without dangling ids. */
const parentContact = once((t) => createContact(t, { contactType: 'company', name: 'Conformance parent' }));
const filterFixture = once(createFilterFixture);

describe('contacts: responses and ids', () => {
  crudChecks(check, contactsCollection);
});

describe('contacts: paging', () => {
  pagingChecks(check, contactsCollection);
});

describe('contacts: create', () => {
  invalidBodyChecks(check, {
    operation: 'POST /contacts',
    requirementIds: violationRequirements('create'),
    cases: async (t) => contactCreateViolations({ parentContactIds: [await parentContact(t)], runTag: runTag(t.run) }),
    send: (t, body) => t.api.post('/contacts', body),
  });
});

describe('contacts: update', () => {
  const existing = once((t) => createContact(t, { contactType: 'company', name: 'Conformance update target' }));

  invalidBodyChecks(check, {
    operation: 'PATCH /contacts/{id}',
    requirementIds: violationRequirements('update'),
    cases: async (t) => contactUpdateViolations({ parentContactIds: [await parentContact(t)], runTag: runTag(t.run) }),
    send: async (t, body) => t.api.patch(`/contacts/${await existing(t)}`, body),
  });
});

describe('contacts: lifecycle', () => {
  lifecycleChecks(check, {
    path: '/contacts',
    noun: 'contact',
    ids: {
      createValid: 'CT-CREATE-VALID',
      updateValid: 'CT-UPDATE-VALID',
      omitted: 'CT-UPDATE-OMITTED',
      nullClears: 'CT-UPDATE-NULL-CLEARS',
      deleted: 'CT-DELETE',
    },
    nullableFields: CONTACT_NULLABLE_FIELDS,
    // spec 2: response fields are not shown; a server may keep notes or taxNumber write-only.
    absentFields: 'observe',
    // spec 2.1 ties no field to contactType, yet a server may refuse a job title or a parent on a
    // company, or a type change: such a refusal is retried without them (business-rule observed).
    ruleFree: async (_t, body) => contactRuleFree(body),
    // ...and a type change may clear the fields that do not fit the new type: an update naming
    // contactType leaves them uncompared as omitted.
    linked: [
      { fields: ['jobTitle'], inputs: ['contactType'] },
      { fields: ['taxNumber'], inputs: ['contactType'] },
      { fields: ['website'], inputs: ['contactType'] },
      { fields: ['parentContactId'], inputs: ['contactType'] },
    ],
    arbitraries: async (t) => {
      const constraints = { parentContactIds: [await parentContact(t)], runTag: runTag(t.run) };
      return { create: contactCreate(constraints), full: contactCreateFull(constraints), update: contactUpdate(constraints) };
    },
  });
});

/**
 * Whether a list without `isActive` shows inactive contacts is not stated (spec 4.1), so the
 * inactive contacts a filter selects are required only when `isActive=false` asks for them; what
 * the list without it did (`listed`) is observed.
 */
async function expectInactiveFiltered(
  t: CheckContext,
  query: Readonly<Record<string, string>>,
  inactive: readonly string[],
  excludes: readonly string[],
  what: string,
  listed: ReadonlyArray<Record<string, unknown>>,
): Promise<void> {
  const shown = inactive.filter((id) => listed.some((r) => r['id'] === id)).length;
  const subject = `GET /contacts?${Object.keys(query)
    .map((k) => `${k}=`)
    .join('&')}`;
  t.observe('inactive-in-list-without-isActive', subject, shown === inactive.length ? 'listed' : shown === 0 ? 'left out' : 'some listed');
  await expectFiltered(t.api, '/contacts', { ...query, isActive: 'false' }, { includes: inactive, excludes, what: `${what} (inactive)` });
}

describe('contacts: list filters', () => {
  check('CT-QUERY-INVALID', 'reject malformed contact list filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['contactType outside the enum', { contactType: 'supplier' }],
      ['parentContactId not a UUID', { parentContactId: 'not-a-uuid' }],
      ['contactTypeKey of 31 characters', { contactTypeKey: 'k'.repeat(31) }],
    ];
    for (const [rule, query] of cases) {
      await expectInvalid(t, 'GET /contacts', rule, () => t.api.get('/contacts', query));
    }
    // An empty query value: many servers read `contactTypeKey=` as the parameter left out. That
    // reading (the list as without it, observed) passes; one that applies an empty key, or 5xx, fails.
    const f = await filterFixture(t);
    const empty = await t.api.get('/contacts', { parentContactId: f.parent, contactTypeKey: '', limit: 100 });
    if (empty.status >= 400 && empty.status < 500) {
      await expectInvalid(t, 'GET /contacts', 'contactTypeKey empty', async () => empty);
      return;
    }
    expectStatus(empty, 200, 'list with an empty contactTypeKey (rejected, or read as left out)');
    const listed = JSON.stringify(empty.json);
    const missing = [f.activeBillableCompany, f.activeIndividual].filter((id) => !listed.includes(id));
    ensure(
      missing.length === 0,
      `contactTypeKey= was accepted (200) but not read as left out: the list under the parent leaves out ${missing.join(', ')}; 4.1 bounds the key to 1 to 30 characters`,
      empty,
    );
    t.observe('empty-query-value', 'GET /contacts?contactTypeKey=', 'read as the parameter left out');
  });

  check('CT-QUERY-TYPE-KEY', 'accept contactTypeKey of 1 to 30 characters', async (t) => {
    // Neither key names a contact type the target has: a server may refuse a key naming no
    // configured type (4xx), as it may an unknown reference id. It must then refuse both alike;
    // one accepted and the other refused is a length bound, which 4.1 sets at 1 to 30.
    const [one, thirty] = [await t.api.get('/contacts', { contactTypeKey: 'k' }), await t.api.get('/contacts', { contactTypeKey: 'k'.repeat(30) })];
    const refused = (status: number) => status >= 400 && status < 500;
    if (refused(one.status) && refused(thirty.status)) {
      t.observe('unknown-reference-filter', 'GET /contacts?contactTypeKey=<no configured type>', `refused (${one.status}, ${thirty.status})`);
      return;
    }
    expectStatus(one, 200, 'list with contactTypeKey of 1 character');
    expectStatus(thirty, 200, 'list with contactTypeKey of 30 characters');
  });

  check('CT-FILTER-TYPE', 'return only contacts of the requested contactType', async (t) => {
    const f = await filterFixture(t);
    for (const [contactType, active, inactive, excludes] of [
      ['company', [f.activeBillableCompany], [f.inactiveBillableCompany], [f.inactiveIndividual, f.activeIndividual]],
      ['individual', [f.activeIndividual], [f.inactiveIndividual], [f.activeBillableCompany, f.inactiveBillableCompany]],
    ] as const) {
      const query = { parentContactId: f.parent, contactType };
      const records = await expectFiltered(t.api, '/contacts', query, { includes: active, excludes, what: `is a ${contactType}` });
      const wrong = await firstWithOther(t.api, '/contacts', records, 'contactType', contactType);
      ensure(!wrong, `contactType=${contactType} returned ${JSON.stringify(wrong?.['id'])} of type ${JSON.stringify(wrong?.['contactType'])}`);
      await expectInactiveFiltered(t, query, inactive, excludes, `is a ${contactType}`, records);
    }
  });

  check('CT-FILTER-PARENT', 'return only children of the requested parentContactId', async (t) => {
    const f = await filterFixture(t);
    const query = { parentContactId: f.parent };
    const records = await expectFiltered(t.api, '/contacts', query, {
      includes: [f.activeBillableCompany, f.activeIndividual],
      excludes: [f.outsider, f.parent],
      what: 'is a child of the requested parent',
    });
    const wrong = await firstWithOther(t.api, '/contacts', records, 'parentContactId', f.parent);
    ensure(!wrong, `parentContactId filter returned ${JSON.stringify(wrong?.['id'])} with parent ${JSON.stringify(wrong?.['parentContactId'])}`);
    await expectInactiveFiltered(
      t,
      query,
      [f.inactiveIndividual, f.inactiveBillableCompany],
      [f.outsider, f.parent],
      'is a child of the requested parent',
      records,
    );
  });

  booleanFilterChecks(check, {
    path: '/contacts',
    filters: [
      {
        name: 'isActive',
        requirementId: 'CT-FILTER-ACTIVE',
        sample: async (t) => {
          const f = await filterFixture(t);
          return {
            scope: { parentContactId: f.parent },
            trueIds: [f.activeBillableCompany, f.activeIndividual],
            falseIds: [f.inactiveIndividual, f.inactiveBillableCompany],
          };
        },
      },
      {
        name: 'isBillable',
        requirementId: 'CT-FILTER-BILLABLE',
        sample: async (t) => {
          const f = await filterFixture(t);
          return {
            scope: { parentContactId: f.parent },
            trueIds: [f.activeBillableCompany, f.inactiveBillableCompany],
            falseIds: [f.inactiveIndividual, f.activeIndividual],
            // Whether a list without isActive shows inactive contacts is not stated (spec 4.1).
            hidden: { ids: [f.inactiveBillableCompany, f.inactiveIndividual], query: { isActive: 'false' } },
          };
        },
      },
    ],
  });

  check('CT-FILTER-SEARCH', 'find contacts by a word of their name with search', async (t) => {
    const f = await filterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/contacts',
      { search: f.searchToken },
      {
        includes: [f.activeBillableCompany, f.outsider],
        excludes: [f.inactiveIndividual, f.inactiveBillableCompany, f.activeIndividual, f.parent],
        what: `mentions ${f.searchToken}`,
      },
    );
    const unrelated = records.find((r) => !JSON.stringify(r).toLowerCase().includes(f.searchToken));
    ensure(!unrelated, `search=${f.searchToken} returned ${JSON.stringify(unrelated?.['id'])}, which does not mention it`);
    const upper = await t.api.get('/contacts', { search: f.searchToken.toUpperCase(), parentContactId: f.parent });
    if (upper.status === 200) {
      const found = JSON.stringify(upper.json).includes(f.activeBillableCompany);
      t.observe('search-case', 'GET /contacts?search=', found ? 'case-insensitive' : 'case-sensitive');
    }
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('contacts: invalid input classes from the field table', () => {
  inputClassChecks(check, 'contacts', inputTargets('contacts'));
});

describe.sequential('contacts: validation status', () => {
  validationConsistencyCheck(check, 'contacts');
});
