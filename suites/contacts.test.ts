import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { dataRecord, ensure, expectStatus } from '../harness/check/expect.js';
import { runTag } from '../harness/check/run-context.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
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
import { expectFields } from '../harness/steps/compare.js';
import { contactsCollection, createContact, createFilterFixture, once } from '../harness/steps/contacts.js';
import { expectFiltered } from '../harness/steps/lists.js';
import fc from 'fast-check';

/** Contacts (spec 2.1, 4.1): every field rule both ways, filters, and the lifecycle. */
const check = checker('contacts');

/** A parent every generated body may point at, so parentContactId is exercised without dangling ids. */
const parentContact = once((t) => createContact(t, { contactType: 'company', name: 'Conformance parent' }));
const filterFixture = once(createFilterFixture);

async function createdFrom(t: CheckContext, body: Record<string, unknown>): Promise<string> {
  const res = await t.api.post('/contacts', body);
  expectStatus(res, 201, 'create a contact');
  return dataRecord(res).id;
}

describe('contacts: responses and ids', () => {
  crudChecks(check, contactsCollection);
});

describe('contacts: paging', () => {
  pagingChecks(check, contactsCollection);
});

describe('contacts: create', () => {
  check('CT-CREATE-VALID', 'accept every valid contact create body and return the values sent', async (t) => {
    const parent = await parentContact(t);
    await t.property(contactCreate({ parentContactIds: [parent], runTag: runTag(t.run) }), async (body) => {
      const res = await t.api.post('/contacts', body);
      expectStatus(res, 201, 'create a valid contact');
      const record = dataRecord(res);
      expectFields(record, body, 'create response', res);
      const read = await t.api.get(`/contacts/${record.id}`);
      expectStatus(read, 200, 'read the contact back');
      expectFields(dataRecord(read), body, 'read back after create', read);
    });
  });

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

  const lifecycle = (t: CheckContext) =>
    parentContact(t).then((parent) => ({
      full: contactCreateFull({ parentContactIds: [parent], runTag: runTag(t.run) }),
      update: contactUpdate({ parentContactIds: [parent], runTag: runTag(t.run) }),
    }));

  check('CT-UPDATE-VALID', 'accept every valid contact update body and apply its values', async (t) => {
    const { full, update } = await lifecycle(t);
    await t.property(fc.tuple(full, update), async ([created, changes]) => {
      const id = await createdFrom(t, created);
      const res = await t.api.patch(`/contacts/${id}`, changes);
      expectStatus(res, 200, 'update a contact with a valid body');
      expectFields(dataRecord(res), changes, 'update response', res);
      const read = await t.api.get(`/contacts/${id}`);
      expectStatus(read, 200, 'read the contact back');
      expectFields(dataRecord(read), changes, 'read back after update', read);
    });
  });

  check('CT-UPDATE-OMITTED', 'leave fields omitted from a contact update unchanged', async (t) => {
    const { full, update } = await lifecycle(t);
    await t.property(fc.tuple(full, update), async ([created, changes]) => {
      const id = await createdFrom(t, created);
      expectStatus(await t.api.patch(`/contacts/${id}`, changes), 200, 'update a contact');
      const read = await t.api.get(`/contacts/${id}`);
      expectStatus(read, 200, 'read the contact back');
      const omitted = Object.fromEntries(Object.entries(created).filter(([field]) => !(field in changes)));
      expectFields(dataRecord(read), omitted, 'a field the update did not name', read);
    });
  });

  check('CT-UPDATE-NULL-CLEARS', 'clear a nullable contact field sent as null', async (t) => {
    const { full } = await lifecycle(t);
    const nulls = fc.subarray([...CONTACT_NULLABLE_FIELDS], { minLength: 1 });
    await t.property(fc.tuple(full, nulls), async ([created, fields]) => {
      const id = await createdFrom(t, created);
      const changes = Object.fromEntries(fields.map((field) => [field, null]));
      expectStatus(await t.api.patch(`/contacts/${id}`, changes), 200, `set ${fields.join(', ')} to null`);
      const read = await t.api.get(`/contacts/${id}`);
      expectStatus(read, 200, 'read the contact back');
      expectFields(dataRecord(read), changes, 'a field cleared with null', read);
    });
  });

  check('CT-DELETE', 'no longer return a deleted contact', async (t) => {
    const id = await createContact(t, { contactType: 'individual', name: 'Conformance delete me' });
    expectStatus(await t.api.get(`/contacts/${id}`), 200, 'read the contact before deleting it');
    expectStatus(await t.api.delete(`/contacts/${id}`), 204, 'delete the contact');
    const read = await t.api.get(`/contacts/${id}`);
    t.observe('deleted-read-status', 'GET /contacts/{deleted id}', read.status);
    ensure(!(read.status >= 200 && read.status < 300), `expected a deleted contact to be gone, GET answered ${read.status}`, read);
  });
});

describe('contacts: list filters', () => {
  check('CT-QUERY-INVALID', 'reject malformed contact list filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['contactType outside the enum', { contactType: 'supplier' }],
      ['contactType in another case', { contactType: 'COMPANY' }],
      ['parentContactId not a UUID', { parentContactId: 'not-a-uuid' }],
      ['contactTypeKey empty', { contactTypeKey: '' }],
      ['contactTypeKey of 31 characters', { contactTypeKey: 'k'.repeat(31) }],
    ];
    for (const [rule, query] of cases) {
      await expectInvalid(t, 'GET /contacts', rule, () => t.api.get('/contacts', query));
    }
  });

  check('CT-QUERY-TYPE-KEY', 'accept contactTypeKey of 1 to 30 characters', async (t) => {
    for (const key of ['k', 'k'.repeat(30)]) {
      expectStatus(await t.api.get('/contacts', { contactTypeKey: key }), 200, `list with contactTypeKey of ${key.length} characters`);
    }
  });

  check('CT-FILTER-TYPE', 'return only contacts of the requested contactType', async (t) => {
    const f = await filterFixture(t);
    for (const [contactType, includes, excludes] of [
      ['company', [f.activeBillableCompany, f.inactiveBillableCompany], [f.inactiveIndividual, f.activeIndividual]],
      ['individual', [f.inactiveIndividual, f.activeIndividual], [f.activeBillableCompany, f.inactiveBillableCompany]],
    ] as const) {
      const records = await expectFiltered(t.api, '/contacts', { parentContactId: f.parent, contactType }, {
        includes,
        excludes,
        what: `is a ${contactType}`,
      });
      const wrong = records.find((r) => r['contactType'] !== contactType);
      ensure(!wrong, `contactType=${contactType} returned ${JSON.stringify(wrong?.['id'])} of type ${JSON.stringify(wrong?.['contactType'])}`);
    }
  });

  check('CT-FILTER-PARENT', 'return only children of the requested parentContactId', async (t) => {
    const f = await filterFixture(t);
    const records = await expectFiltered(t.api, '/contacts', { parentContactId: f.parent }, {
      includes: [f.activeBillableCompany, f.inactiveIndividual, f.inactiveBillableCompany, f.activeIndividual],
      excludes: [f.outsider, f.parent],
      what: 'is a child of the requested parent',
    });
    const wrong = records.find((r) => r['parentContactId'] !== f.parent);
    ensure(!wrong, `parentContactId filter returned ${JSON.stringify(wrong?.['id'])} with parent ${JSON.stringify(wrong?.['parentContactId'])}`);
  });

  booleanFilterChecks(check, {
    path: '/contacts',
    filters: [
      {
        name: 'isActive',
        requirementId: 'CT-FILTER-ACTIVE',
        sample: async (t) => {
          const f = await filterFixture(t);
          return { scope: { parentContactId: f.parent }, trueIds: [f.activeBillableCompany, f.activeIndividual], falseIds: [f.inactiveIndividual, f.inactiveBillableCompany] };
        },
      },
      {
        name: 'isBillable',
        requirementId: 'CT-FILTER-BILLABLE',
        sample: async (t) => {
          const f = await filterFixture(t);
          return { scope: { parentContactId: f.parent }, trueIds: [f.activeBillableCompany, f.inactiveBillableCompany], falseIds: [f.inactiveIndividual, f.activeIndividual] };
        },
      },
    ],
  });

  check('CT-FILTER-SEARCH', 'find contacts by a word of their name with search', async (t) => {
    const f = await filterFixture(t);
    const records = await expectFiltered(t.api, '/contacts', { search: f.searchToken }, {
      includes: [f.activeBillableCompany, f.outsider],
      excludes: [f.inactiveIndividual, f.inactiveBillableCompany, f.activeIndividual, f.parent],
      what: `mentions ${f.searchToken}`,
    });
    const unrelated = records.find((r) => !JSON.stringify(r).toLowerCase().includes(f.searchToken));
    ensure(!unrelated, `search=${f.searchToken} returned ${JSON.stringify(unrelated?.['id'])}, which does not mention it`);
    const upper = await t.api.get('/contacts', { search: f.searchToken.toUpperCase(), parentContactId: f.parent });
    if (upper.status === 200) {
      const found = JSON.stringify(upper.json).includes(f.activeBillableCompany);
      t.observe('search-case', 'GET /contacts?search=', found ? 'case-insensitive' : 'case-sensitive');
    }
  });
});

describe('contacts: validation status', () => {
  validationConsistencyCheck(check, 'contacts');
});
