import type { CheckContext } from '../check/check.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import { uniqueToken } from './unique-token.js';
import { setupCreated } from './setup-created.js';

/**
 * Creates a contact with the admin key and returns its id; fails the check unless 201 (a 4xx
 * leaves it inconclusive: steps/setup-created.ts). The name
 * gets a unique token: a server may keep contact names unique (the spec does not say).
 */
export async function createContact(t: CheckContext, body: Record<string, unknown>): Promise<string> {
  const name = `${typeof body['name'] === 'string' ? body['name'] : 'Conformance contact'} ${uniqueToken('')}`;
  const res = await t.api.post('/contacts', { tags: [runTag(t.run)], ...body, name });
  return setupCreated(res, 'create a contact');
}

/**
 * A contact body no unstated contactType rule can refuse (spec 2.1 ties no field to the type, yet
 * a server may): a company without jobTitle or parentContactId; an update (whose record's type
 * it may not know) without a type change, a job title or a parent, unless it clears them. An
 * update left empty so gets a note.
 */
export function contactRuleFree(body: Record<string, unknown>): Record<string, unknown> {
  const update = !('name' in body && 'contactType' in body);
  const typed = update || body['contactType'] !== 'individual';
  const out = Object.fromEntries(
    Object.entries(body).filter(
      ([field, value]) => !(typed && ['jobTitle', 'parentContactId'].includes(field) && value !== null) && !(update && field === 'contactType'),
    ),
  );
  return Object.keys(out).length > 0 ? out : { notes: 'Conformance update free of type rules' };
}

/** The contacts collection as the cross-cutting checks see it (spec 2.1, 4.1). */
export const contactsCollection: Collection = {
  path: '/contacts',
  noun: 'contact',
  createBody: (t) => ({ contactType: 'company', name: `Conformance ${t.run.runId} ${uniqueToken('')}`, tags: [runTag(t.run)] }),
  updateBody: () => ({ notes: 'updated by the conformance suite' }),
  // Children of a fresh parent: only this run can have created them.
  scope: async (t, count) => {
    const parent = await createContact(t, { contactType: 'company', name: 'Conformance paging parent' });
    const ids: string[] = [];
    for (let i = 0; i < count; i++) {
      ids.push(await createContact(t, { contactType: 'individual', name: `Conformance paging child ${i}`, parentContactId: parent }));
    }
    return { query: { parentContactId: parent }, ids };
  },
};

/** Contacts with known flags under one parent, for the filter checks (spec 4.1). */
export interface FilterFixture {
  readonly parent: string;
  /** company, active, billable; its name carries the search token. */
  readonly activeBillableCompany: string;
  /** individual, inactive, not billable. */
  readonly inactiveIndividual: string;
  /** company, inactive, billable. */
  readonly inactiveBillableCompany: string;
  /** individual, active, not billable. */
  readonly activeIndividual: string;
  /** no parent, company, active; its name also carries the search token. */
  readonly outsider: string;
  readonly searchToken: string;
}

export async function createFilterFixture(t: CheckContext): Promise<FilterFixture> {
  const searchToken = uniqueToken('zq');
  const parent = await createContact(t, { contactType: 'company', name: 'Conformance filter parent' });
  const child = (body: Record<string, unknown>) => createContact(t, { parentContactId: parent, ...body });
  return {
    parent,
    searchToken,
    activeBillableCompany: await child({ contactType: 'company', name: `Filter ${searchToken} one`, isActive: true, isBillable: true }),
    inactiveIndividual: await child({ contactType: 'individual', name: 'Filter two', isActive: false, isBillable: false }),
    inactiveBillableCompany: await child({ contactType: 'company', name: 'Filter three', isActive: false, isBillable: true }),
    activeIndividual: await child({ contactType: 'individual', name: 'Filter four', isActive: true, isBillable: false }),
    outsider: await createContact(t, { contactType: 'company', name: `Outsider ${searchToken}`, isActive: true }),
  };
}

export { once } from '../check/once.js';
