import type { ContactFilter } from '../models/contacts.js';
import type { BodyBend } from '../policy/bends.js';
import { defineFaults } from '../policy/declaration.js';
import type { DeleteRules, ForeignAnswer, PatchRules, Scope, UnknownIdAnswer } from '../policy/kinds.js';
import { CONTACT_TYPE_KEY_MAX, type ContactSchemaLoosening } from '../schemas/contacts.js';

/** What may bend in the contacts routes (spec 4.1): each field is one behaviour a fault can change. */
export interface ContactsPolicy {
  /** Body rules of spec 4.1 the validator leaves out. */
  readonly loosened: ContactSchemaLoosening;
  /** Changes made to a body before it is validated. */
  readonly bends: readonly BodyBend[];
  /** The status of a refused body (spec 4, 7: 400), per operation. */
  readonly refusedStatus: { readonly create: number; readonly update: number };
  /** The status of a create (spec 4.1: 201). */
  readonly createdStatus: number;
  /** Reads and updates answer {data: record} (spec 4), or the bare record. */
  readonly envelope: { readonly read: boolean; readonly update: boolean };
  readonly unknownId: UnknownIdAnswer;
  readonly readScope: Scope;
  readonly listScope: Scope;
  readonly foreignRead: ForeignAnswer;
  /** A parentContactId is looked up nowhere (spec 4.1 states no check), or in every organisation. */
  readonly parentLookup: 'none' | 'everywhere';
  /** The longest contactTypeKey filter accepted (spec 4.1: 30), or null for no bound. */
  readonly typeKeyMax: number | null;
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof ContactFilter)[];
  readonly patch: PatchRules;
  readonly delete: DeleteRules;
  /** Copies kept beside the store that a write forgets to refresh (reference/routes/sequences.faults.ts). */
  readonly interactions: {
    readonly readCache?: boolean;
    readonly searchIndex?: boolean;
    readonly parentIndex?: boolean;
    readonly childrenCache?: boolean;
    readonly billableFirstPatch?: boolean;
  };
}

/** The spec's behaviour. */
export const CONTACTS_POLICY: ContactsPolicy = {
  loosened: {},
  bends: [],
  refusedStatus: { create: 400, update: 400 },
  createdStatus: 201,
  envelope: { read: true, update: true },
  unknownId: 'not-found',
  readScope: 'organisation',
  listScope: 'organisation',
  foreignRead: 'not-found',
  parentLookup: 'none',
  typeKeyMax: CONTACT_TYPE_KEY_MAX,
  ignoredFilters: [],
  patch: { resetOmitted: false, ignoreNull: false },
  delete: { removes: true, answer: 'no-content' },
  interactions: {},
};

/** "true"/"false" and 1/0 become booleans. */
const booleanStrings: BodyBend = (body) => {
  for (const field of ['isActive', 'isBillable']) {
    if (body[field] === 'true' || body[field] === 1) body[field] = true;
    else if (body[field] === 'false' || body[field] === 0) body[field] = false;
  }
};

/** tags null becomes no tags. */
const nullTags: BodyBend = (body) => {
  if (body['tags'] === null) body['tags'] = [];
};

/** The faults of the contacts routes (spec 4.1) (policy slot `contacts`). */
export const CONTACT_FAULTS = defineFaults({
  'contacts-empty-name': {
    changes: 'contact create/update accept name ""',
    suite: 'contacts',
    breaks: 'CT-NAME-MIN',
    also: ['INPUT-BOUNDS'],
    policy: { contacts: { loosened: { emptyName: true } } },
  },
  'contacts-email-unchecked': {
    changes: 'contact email and billingEmail format is not checked',
    suite: 'contacts',
    breaks: 'CT-EMAIL-FORMAT',
    also: ['INPUT-FORMAT'],
    policy: { contacts: { loosened: { emailUnchecked: true } } },
  },
  'contacts-website-unchecked': {
    changes: 'contact website URL format is not checked',
    suite: 'contacts',
    breaks: 'CT-WEBSITE-URL',
    policy: { contacts: { loosened: { websiteUnchecked: true } } },
  },
  'contacts-fractional-payment-terms': {
    changes: 'contact paymentTermsDays accepts non-integers (still >= 0)',
    suite: 'contacts',
    breaks: 'CT-PAYMENT-TERMS',
    policy: { contacts: { loosened: { fractionalPaymentTerms: true } } },
  },
  'contacts-bad-enum': {
    changes: 'contact contactType accepts any string on create and update',
    suite: 'contacts',
    breaks: 'CT-TYPE-ENUM',
    policy: { contacts: { loosened: { anyContactType: true } } },
  },
  'contacts-parent-uuid-unchecked': {
    changes: 'contact parentContactId accepts non-UUID strings',
    suite: 'contacts',
    breaks: 'CT-PARENT-UUID',
    policy: { contacts: { loosened: { parentUuidUnchecked: true } } },
  },
  'contacts-patch-resets-omitted': {
    changes: 'contact PATCH replaces the record: omitted optional fields become null/default',
    suite: 'contacts',
    breaks: 'CT-UPDATE-OMITTED',
    policy: { contacts: { patch: { resetOmitted: true } } },
  },
  'contacts-null-ignored': {
    changes: 'contact PATCH with null on a nullable field keeps the old value',
    suite: 'contacts',
    breaks: 'CT-UPDATE-NULL-CLEARS',
    also: ['CT-UPDATE-VALID'],
    policy: { contacts: { patch: { ignoreNull: true } } },
  },
  'contacts-filter-type-ignored': {
    changes: 'GET /contacts ignores the contactType filter',
    suite: 'contacts',
    breaks: 'CT-FILTER-TYPE',
    policy: { contacts: { ignoredFilters: ['contactType'] } },
  },
  'contacts-filter-parent-ignored': {
    changes: 'GET /contacts ignores the parentContactId filter',
    suite: 'contacts',
    breaks: 'CT-FILTER-PARENT',
    policy: { contacts: { ignoredFilters: ['parentContactId'] } },
  },
  'contacts-search-ignored': {
    changes: 'GET /contacts ignores the search filter',
    suite: 'contacts',
    breaks: 'CT-FILTER-SEARCH',
    policy: { contacts: { ignoredFilters: ['search'] } },
  },
  'contacts-type-key-unbounded': {
    changes: 'GET /contacts does not check the contactTypeKey length',
    suite: 'contacts',
    breaks: 'CT-QUERY-INVALID',
    policy: { contacts: { typeKeyMax: null } },
  },
  'contacts-type-key-max-exclusive': {
    changes: 'GET /contacts rejects contactTypeKey of 30 characters (the maximum taken as exclusive)',
    suite: 'contacts',
    breaks: 'CT-QUERY-TYPE-KEY',
    policy: { contacts: { typeKeyMax: CONTACT_TYPE_KEY_MAX - 1 } },
  },
  'contacts-boolean-strings': {
    changes: 'contact isActive and isBillable accept "true"/"false" and 1/0, coerced to booleans',
    suite: 'contacts',
    breaks: 'CT-FIELD-TYPES',
    policy: { contacts: { bends: [booleanStrings] } },
  },
  'contacts-null-tags': {
    changes: 'contact create and update accept tags null (read as no tags)',
    suite: 'contacts',
    breaks: 'CT-NULL-NOT-NULLABLE',
    policy: { contacts: { bends: [nullTags] } },
  },
  'contacts-delete-kept': {
    changes: 'DELETE /contacts/{id} answers 204 but keeps the contact',
    suite: 'contacts',
    breaks: 'CT-DELETE',
    policy: { contacts: { delete: { removes: false } } },
  },
  'contacts-filter-active-ignored': {
    changes: 'GET /contacts ignores the isActive filter',
    suite: 'contacts',
    breaks: 'CT-FILTER-ACTIVE',
    policy: { contacts: { ignoredFilters: ['isActive'] } },
  },
  'contacts-filter-billable-ignored': {
    changes: 'GET /contacts ignores the isBillable filter',
    suite: 'contacts',
    breaks: 'CT-FILTER-BILLABLE',
    policy: { contacts: { ignoredFilters: ['isBillable'] } },
  },
  'create-returns-200': {
    changes: 'POST /contacts answers 200 instead of 201',
    suite: 'contacts',
    breaks: 'ENV-CREATE',
    also: ['CT-CREATE-VALID'],
    policy: { contacts: { createdStatus: 200 } },
  },
  'delete-returns-200-body': {
    changes: 'DELETE /contacts/{id} answers 200 with the record instead of 204',
    suite: 'contacts',
    breaks: 'ENV-DELETE',
    policy: { contacts: { delete: { answer: 'record' } } },
  },
  'no-data-envelope': {
    changes: 'GET /contacts/{id} returns the bare record without data',
    suite: 'contacts',
    breaks: 'ENV-GET',
    policy: { contacts: { envelope: { read: false } } },
  },
  'update-no-envelope': {
    changes: 'PATCH /contacts/{id} returns the bare updated record without data',
    suite: 'contacts',
    breaks: 'ENV-UPDATE',
    also: ['CT-UPDATE-VALID'],
    policy: { contacts: { envelope: { update: false } } },
  },
  'unknown-id-200': {
    changes: 'GET/PATCH/DELETE of an unknown contact id answers 200 with {data: null}',
    suite: 'contacts',
    breaks: 'ID-UNKNOWN-REFUSED',
    also: ['ID-UNKNOWN-404'],
    policy: { contacts: { unknownId: 'null-data' } },
  },
  'validation-500': {
    changes: 'contact body validation failures answer 500 instead of 400',
    suite: 'contacts',
    breaks: 'CT-CREATE-REQUIRED',
    policy: { contacts: { refusedStatus: { create: 500, update: 500 } } },
  },
  'validation-status-mixed': {
    changes: 'contact update body validation failures answer 422, everything else 400',
    suite: 'contacts',
    breaks: 'VALIDATION-STATUS-CONSISTENT',
    wholeSuite: true,
    policy: { contacts: { refusedStatus: { update: 422 } } },
  },
  'org-scope-leak': {
    changes: 'GET /contacts/{id} finds contacts of any organisation',
    suite: 'auth',
    breaks: 'AUTH-ORG-SCOPE',
    policy: { contacts: { readScope: 'everywhere' } },
  },
  'org-list-leak': {
    changes: 'GET /contacts lists contacts of every organisation',
    suite: 'auth',
    breaks: 'AUTH-ORG-SCOPE',
    policy: { contacts: { listScope: 'everywhere' } },
  },
  'sec-error-body-leak': {
    changes: "GET /contacts/{id} of another organisation's contact answers 404 with a message that names the contact",
    suite: 'security',
    breaks: 'SEC-ERROR-NO-LEAK',
    policy: { contacts: { foreignRead: 'named-not-found' } },
  },
  'sec-cross-org-403': {
    changes: "GET /contacts/{id} answers 403 for another organisation's contact and 404 for an unknown id",
    suite: 'security',
    breaks: 'SEC-ISOLATION-UNKNOWN-ALIKE',
    policy: { contacts: { foreignRead: 'forbidden' } },
  },
  'sec-parent-contact-any-org': {
    changes: "contact create refuses a parentContactId naming no contact but looks it up in every organisation: another organisation's contact is taken",
    suite: 'security',
    breaks: 'SEC-REFERENCE-REJECTED',
    also: ['SEC-ISOLATION-UNKNOWN-ALIKE'],
    policy: { contacts: { parentLookup: 'everywhere' } },
  },
});
