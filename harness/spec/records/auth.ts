import {
  SPEC_GET_UPDATE_200,
  SPEC_KEY_ONE_ORGANISATION,
  SPEC_CREATE_201,
  ONLY_2XX_FAILS,
  SPEC_LIST_200,
  THROTTLED_REFUSALS,
  SPEC_KEY_TWO_FORMS,
  SPEC_ORGANISATION_SCOPE,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Authentication and organisation scope (spec 5).
 *
 * Checks (authentication): suites/auth.test.ts.
 */
export const AUTH_RECORDS = {
  'AUTH-X-API-KEY': {
    level: 'MUST',
    section: '5.1',
    area: 'auth',
    statement: 'A valid key sent as `X-API-Key: <key>` is accepted.',
    units: [
      // Every request carries an organisation API key, sent either as the header `X-API-Key: <API_KEY>` or as `Authori
      '5#d08e4a15',
    ],
    audit: [
      {
        relies: 'the admin key as X-API-Key is accepted on list, create, get and update of contacts',
        basis: SPEC_KEY_TWO_FORMS,
      },
      {
        relies: 'GET /contacts?limit=1 answers exactly 200 with data and pagination',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'the create answers any 2xx with the record and its id in data; the update any 2xx',
        basis: { tolerant: "the exact statuses are ENV-CREATE's and ENV-UPDATE's" },
      },
      { relies: 'GET of the new contact answers exactly 200', basis: SPEC_GET_UPDATE_200 },
      {
        relies: 'the contact is named Conformance x-api-key key, the same in every run (auth.test.ts:118)',
        basis: { tolerant: 'each contact the auth checks make carries a unique token in its name', variant: 'unique-names' },
      },
    ],
  },
  'AUTH-BEARER': {
    level: 'MUST',
    section: '5.1',
    area: 'auth',
    statement: 'A valid key sent as `Authorization: Bearer <key>` is accepted.',
    units: [
      // Every request carries an organisation API key, sent either as the header `X-API-Key: <API_KEY>` or as `Authori
      '5#d08e4a15',
    ],
    audit: [
      {
        relies: 'the admin key as Authorization: Bearer is accepted on list, create, get and update of contacts',
        basis: SPEC_KEY_TWO_FORMS,
      },
      {
        relies: 'GET /contacts?limit=1 answers exactly 200 with data and pagination',
        basis: SPEC_LIST_200,
      },
      {
        relies: 'the create answers any 2xx with the record and its id in data; the update any 2xx',
        basis: { tolerant: "the exact statuses are ENV-CREATE's and ENV-UPDATE's" },
      },
      { relies: 'GET of the new contact answers exactly 200', basis: SPEC_GET_UPDATE_200 },
      {
        relies: 'the contact is named Conformance bearer key, the same in every run (auth.test.ts:118)',
        basis: { tolerant: 'each contact the auth checks make carries a unique token in its name', variant: 'unique-names' },
      },
    ],
  },
  'AUTH-MISSING-REFUSED': {
    level: 'MUST',
    section: '5.1',
    area: 'auth',
    statement: 'A request without a key is refused (never 2xx).',
    units: [
      // Every request carries an organisation API key, sent either as the header `X-API-Key: <API_KEY>` or as `Authori
      '5#d08e4a15',
    ],
    audit: [
      {
        relies: 'a request with no key never answers 2xx, on 5 sample routes and on all 62 documented ones',
        basis: { spec: '5: "Every request carries an organisation API key" and 1: "All data is scoped to the organisation that owns the API key."' },
      },
      {
        relies: 'fixed lists (/webhooks/events, /reports/categories) refuse a keyless request too',
        basis: { spec: '5: "Every request carries an organisation API key"' },
      },
      { relies: 'any non-2xx passes (401, 403, 404, a redirect, even 5xx)', basis: ONLY_2XX_FAILS },
      { relies: 'the status given to a keyless request is recorded', basis: { observation: 'missing-key-status' } },
      { relies: 'ids are random UUIDs and writes carry {}', basis: { tolerant: 'a refusal for any reason passes' } },
      {
        relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
        basis: THROTTLED_REFUSALS,
      },
    ],
  },
  'AUTH-UNKNOWN-REFUSED': {
    level: 'MUST',
    section: '5.1, 5.4',
    area: 'auth',
    statement: 'A well-formed key that belongs to no organisation is refused (never 2xx).',
    units: [
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      {
        relies: '<prefix>_<32 random hex> never answers 2xx, as X-API-Key and as Bearer, on every documented route',
        basis: SPEC_KEY_ONE_ORGANISATION,
      },
      {
        relies: "the prefix is the admin key's part before its first underscore",
        basis: { tolerant: 'a key in another shape is malformed as well as unknown: refused either way' },
      },
      { relies: 'any non-2xx passes', basis: ONLY_2XX_FAILS },
      { relies: 'the status given to an unknown key is recorded', basis: { observation: 'unknown-key-status' } },
      {
        relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
        basis: THROTTLED_REFUSALS,
      },
    ],
  },
  'AUTH-MALFORMED-REFUSED': {
    level: 'MUST',
    section: '5.2',
    area: 'auth',
    statement: 'A key not of the form `<prefix>_<secret>` is refused (never 2xx).',
    units: [
      // A key has a fixed service prefix followed by an underscore and a secret part: `<prefix>_<secret>`.
      '5#7e21efc5',
    ],
    audit: [
      {
        relies: 'the admin key without underscores, not-a-key, <prefix>_ and _<hex> never answer 2xx',
        basis: { spec: '5: "A key has a fixed service prefix followed by an underscore and a secret part: <prefix>_<secret>."' },
      },
      { relies: 'any non-2xx passes', basis: ONLY_2XX_FAILS },
      { relies: 'the status given to a malformed key is recorded', basis: { observation: 'malformed-key-status' } },
      {
        relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
        basis: THROTTLED_REFUSALS,
      },
    ],
  },
  // SHOULD: spec 5 never says keys are case-sensitive (a hex or base32 secret may be decoded in any case, to the same bytes).
  'AUTH-CASE-EXACT': {
    level: 'SHOULD',
    section: '5.1, 5.2',
    area: 'auth',
    statement: 'A key is matched exactly: the same key in a different letter case is refused (never 2xx).',
    units: [
      // A key has a fixed service prefix followed by an underscore and a secret part: `<prefix>_<secret>`.
      '5#7e21efc5',
    ],
    audit: [
      {
        relies: 'the admin key upper-cased (lower-cased when it has no lower-case letter) never answers 2xx',
        basis: {
          tolerant:
            'the requirement is a SHOULD: spec 5 never says keys are case-sensitive (a hex or base32 secret may be decoded in any case, to the same bytes), so a 2xx is a warning, never a failed MUST',
        },
      },
      { relies: 'a key without letters makes the check not applicable', basis: { tolerant: 'skipped' } },
      { relies: 'the status given to the key in another case is recorded', basis: { observation: 'key-case-status' } },
      {
        relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
        basis: THROTTLED_REFUSALS,
      },
    ],
  },
  'AUTH-KEY-EXACT': {
    level: 'MUST',
    section: '5.1, 5.2',
    area: 'auth',
    statement: 'A key is matched by its fixed prefix: the secret part of a valid key under another prefix is refused (never 2xx).',
    units: [
      // A key has a fixed service prefix followed by an underscore and a secret part: `<prefix>_<secret>`.
      '5#7e21efc5',
    ],
    audit: [
      {
        relies: "the admin key's secret under another prefix of the same shape never answers 2xx",
        basis: { spec: '5: "A key has a fixed service prefix followed by an underscore and a secret part: <prefix>_<secret>."' },
      },
      { relies: 'a key whose prefix has no letter or digit to change makes the check not applicable', basis: { tolerant: 'skipped' } },
      { relies: 'any non-2xx passes', basis: ONLY_2XX_FAILS },
      { relies: 'the status given to a near miss is recorded', basis: { observation: 'near-miss-key-status' } },
      {
        relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
        basis: THROTTLED_REFUSALS,
      },
    ],
  },
  // SHOULD: spec 5 never says how a secret is compared; one decoded leniently (base64 padding, an odd hex nibble dropped) gives the same bytes.
  'AUTH-KEY-NEAR-MISS': {
    level: 'SHOULD',
    section: '5.1, 5.2',
    area: 'auth',
    statement: 'A key is matched exactly: a valid key with its last character removed or appended is refused (never 2xx).',
    units: [
      // A key has a fixed service prefix followed by an underscore and a secret part: `<prefix>_<secret>`.
      '5#7e21efc5',
    ],
    audit: [
      {
        relies: 'the admin key with its last character removed or repeated never answers 2xx',
        basis: {
          tolerant:
            'the requirement is a SHOULD: spec 5 never says how the secret is compared; a base64 secret (= padding) or hex decoded leniently (an odd trailing nibble dropped) maps key+char or key-char to the same secret bytes',
        },
      },
      { relies: 'the status given to a near miss is recorded', basis: { observation: 'near-miss-key-status' } },
    ],
  },
  'AUTH-REFUSED-401': {
    level: 'SHOULD',
    section: '5, 7',
    area: 'auth',
    statement: 'A missing, unknown or malformed key is answered with 401 (status not shown by the spec).',
    units: [],
  },
  'AUTH-ORG-SCOPE': {
    level: 'MUST',
    section: '5.4',
    area: 'auth',
    statement: "A key sees only its organisation's data: another organisation's record is neither readable by id nor listed.",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      { relies: "org A's contact is created with exactly 201", basis: SPEC_CREATE_201 },
      {
        relies: "org B's key never reads org A's contact by id with a 2xx",
        basis: SPEC_KEY_ONE_ORGANISATION,
      },
      { relies: 'any non-2xx passes (403 or 404)', basis: ONLY_2XX_FAILS },
      { relies: 'the status of the cross-organisation read is recorded', basis: { observation: 'cross-org-read-status' } },
      {
        relies: "org B's contact list, every page of 100 (up to 20), answers 200 and never holds it",
        basis: SPEC_ORGANISATION_SCOPE,
      },
      { relies: 'parentContactId=<org A contact> answers any status; a 200 lists nothing', basis: { tolerant: 'a 4xx for a parent it cannot see passes' } },
    ],
  },
} satisfies Records;
