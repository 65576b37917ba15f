import {
  LIST_SETTLES,
  ANY_4XX_STATUS_OBSERVED,
  SPEC_GET_UPDATE_200,
  ENUM_VALUES_ONLY,
  RUN_TAG_UNCHANGED,
  DELETED_READ_STATUS_OBSERVED,
  BRIEF_LISTS_READ_BY_ID,
  SPEC_CREATE_201,
  SPEC_OMITTED_UNCHANGED,
  INACTIVE_IN_LIST_OBSERVED,
  ABSENT_FIELDS_OBSERVED,
  TEXT_WHITESPACE_NFC,
  UNIQUE_EMAILS,
  NULL_OR_MISSING_ACCEPTED,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Contacts (spec 2.1, 4.1).
 *
 * Checks: suites/contacts.test.ts, harness/crosscutting/lifecycle.ts, harness/generators/contacts.ts.
 */
export const CONTACT_RECORDS = {
  'CT-CREATE-VALID': {
    level: 'MUST',
    section: '2.1, 4.1',
    area: 'contacts',
    statement: 'A contact create body that follows 2.1 is accepted (201) and the record carries the values sent.',
    units: [
      // phone | string | optional | optional, nullable
      '2.1#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.1#06ea58e7',
      // billingAddress | string | optional | optional, nullable
      '2.1#944515a1',
      // isBillable | boolean | optional | optional
      '2.1#560c8cc0',
      // taxNumber | string | optional | optional, nullable
      '2.1#a790b5ca',
      // notes | string | optional | optional, nullable
      '2.1#ecd6017a',
      // tags | array of string | optional | optional
      '2.1#c89be0cf',
      // POST | /contacts | Body: contact create fields (2.1). Returns 201.
      '4.1#359723a0',
    ],
    audit: [
      {
        relies: 'a valid create answers exactly 201',
        basis: { spec: '4 Common rules: "Create success: 201 with the record in data" and 4.1: "Body: contact create fields (2.1). Returns 201."' },
      },
      {
        relies: 'the created record sits in data and carries its uuid under `id`',
        basis: { spec: '4 Common rules: "Create success: 201 with the record in data" and 2: "Every identifier named id or ending in Id is a <uuid>"' },
      },
      {
        relies: 'the record is read back with GET /contacts/{id}: 200, record in data',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'every field sent that the record carries comes back under its 2.1 name, in the create response and on GET',
        basis: ABSENT_FIELDS_OBSERVED,
      },
      {
        relies: 'free text (name, phone, jobTitle, billingAddress, notes, taxNumber) comes back byte for byte',
        basis: TEXT_WHITESPACE_NFC,
      },
      {
        relies: 'phone is sent as +<country> <number> and comes back with the same digits',
        basis: {
          tolerant:
            'generators/resources.ts phone(): +<1-999> <6 to 10 digits>, an international number every reading accepts; compare.ts compares phone without spaces, dots, hyphens or brackets, so E.164 storage matches',
          variant: 'record-rules',
        },
      },
      {
        relies: 'a body tying no field to contactType is accepted; jobTitle on a company or a company under a parent may be refused',
        basis: {
          tolerant:
            'lifecycle ruleFree (steps/contacts.ts contactRuleFree): a valid body refused with a 4xx is sent once more as a company without jobTitle or parentContactId, an update without type change, job title or parent; accepted then, the rule is observed (business-rule)',
          variant: 'record-rules',
        },
      },
      {
        relies: 'email, billingEmail and website come back equal to what was sent',
        basis: {
          tolerant: 'generated in normal form (lower-case local@label.tld, https URL with a path), so lower-casing and URL serialisation leave them unchanged',
          variant: 'normalised-values',
        },
      },
      {
        relies: 'paymentTermsDays comes back as the number sent',
        basis: { tolerant: 'sameValue() also accepts the number as a decimal string', variant: 'normalised-values' },
      },
      {
        relies: 'tags come back as the same set',
        basis: { tolerant: 'compare.ts normalise(): order, repeats and case ignored; generated tags are [a-z0-9-] labels', variant: 'normalised-values' },
      },
      {
        relies: 'the run tag conformance-run-<id> comes back with its colon',
        basis: RUN_TAG_UNCHANGED,
      },
      {
        relies: 'no two bodies share a name or taxNumber',
        basis: { tolerant: 'identifier() adds the run salt and 8 seeded hex digits to every name and taxNumber', variant: 'unique-names' },
      },
      {
        relies: 'an e-mail or billingEmail sent by one body is not refused as taken by another',
        basis: UNIQUE_EMAILS,
      },
      {
        relies: 'parentContactId names an existing contact',
        basis: { tolerant: 'the generator only uses the parent the file created, never a dangling UUID' },
      },
    ],
  },
  'CT-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: 'A contact create without `contactType` or without `name` is rejected.',
    units: [
      // contactType | enum `company`, `individual` | required | optional
      '2.1#1fd1e728',
      // name | string, min length 1 | required | optional
      '2.1#d3d55f65',
    ],
    audit: [
      {
        relies: 'a create without contactType or without name is rejected',
        basis: { spec: '2.1: "contactType | enum company, individual | required" and "name | string, min length 1 | required"' },
      },
      {
        relies: 'the rejection is a 4xx (never 2xx or 5xx)',
        basis: { tolerant: 'expectRejected() takes every 4xx (spec 7 shows no status); the status is observed as validation-status' },
      },
    ],
  },
  'CT-TYPE-ENUM': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: '`contactType` is one of `company`, `individual`; any other value is rejected.',
    units: [
      // contactType | enum `company`, `individual` | required | optional
      '2.1#1fd1e728',
    ],
    audit: [
      {
        relies: 'contactType supplier, person, empty or random text is rejected on create and update',
        basis: {
          spec: '2.1: "enum company, individual" and 7: "wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
        },
      },
      {
        relies: 'contactType Company or INDIVIDUAL (another letter case) is rejected, under MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-NAME-MIN': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: '`name` has at least 1 character; an empty name is rejected.',
    units: [
      // name | string, min length 1 | required | optional
      '2.1#d3d55f65',
    ],
    audit: [
      { relies: 'an empty name is rejected on create and update', basis: { spec: '2.1: "name | string, min length 1 | required | optional"' } },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-EMAIL-FORMAT': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: '`email` and `billingEmail` must be e-mail addresses; anything else is rejected.',
    units: [
      // email | string, e-mail format | optional | optional, nullable
      '2.1#a2b97d90',
      // billingEmail | string, e-mail format | optional | optional, nullable
      '2.1#d236d866',
    ],
    audit: [
      {
        relies: 'email and billingEmail that are not addresses are rejected on create and update',
        basis: { spec: '2.1: "email | string, e-mail format" and "billingEmail | string, e-mail format"' },
      },
      {
        relies: 'the values sent are invalid under every e-mail reading',
        basis: { tolerant: 'nonEmail() sends no @, an empty local part or domain, @@ or an unquoted space only' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-WEBSITE-URL': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: '`website` must be a URL; anything else is rejected.',
    units: [
      // website | string, URL format | optional | optional, nullable
      '2.1#7c8d1b11',
    ],
    audit: [
      { relies: 'a website that is not a URL is rejected on create and update', basis: { spec: '2.1: "website | string, URL format"' } },
      {
        relies: 'the values sent are no absolute URL under any reading',
        basis: { tolerant: 'nonUrl() sends text with spaces, a missing scheme or colon, or a bare label without a dot' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-PAYMENT-TERMS': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: '`paymentTermsDays` is an integer >= 0; negative or fractional values are rejected.',
    units: [
      // paymentTermsDays | integer >= 0 | optional | optional, nullable
      '2.1#1a6775ed',
    ],
    audit: [
      {
        relies: 'negative and fractional (n + 0.5) paymentTermsDays are rejected on create and update',
        basis: { spec: '2.1: "paymentTermsDays | integer >= 0"' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-PARENT-UUID': {
    level: 'MUST',
    section: '2, 2.1',
    area: 'contacts',
    statement: '`parentContactId` is a UUID; a non-UUID value is rejected.',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // parentContactId | uuid | optional | optional, nullable
      '2.1#04fe9ece',
    ],
    audit: [
      {
        relies: 'a parentContactId that is not a UUID is rejected on create and update',
        basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid>" and 7: "non-UUID id"' },
      },
      {
        relies: 'the values sent are no UUID a lax parser could read',
        basis: {
          tolerant: 'nonUuid() sends text, 20 hex digits, a 35-character or a trailing-x UUID; braces and hyphen-free forms are left to INPUT-FORMAT-STRICT',
        },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-FIELD-TYPES': {
    level: 'MUST',
    section: '2.1, 7',
    area: 'contacts',
    statement: 'Every contact field has its stated type (string, boolean, integer, array of string); a value of another type is rejected.',
    units: [
      // phone | string | optional | optional, nullable
      '2.1#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.1#06ea58e7',
      // billingAddress | string | optional | optional, nullable
      '2.1#944515a1',
      // isBillable | boolean | optional | optional
      '2.1#560c8cc0',
      // taxNumber | string | optional | optional, nullable
      '2.1#a790b5ca',
      // notes | string | optional | optional, nullable
      '2.1#ecd6017a',
      // tags | array of string | optional | optional
      '2.1#c89be0cf',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'another JSON type is rejected: "true" or 1 for booleans, "30" for paymentTermsDays, a number for name or phone',
        basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input" and 2.1: "isBillable | boolean"' },
      },
      { relies: 'tags as a string, an array of numbers or an object is rejected', basis: { spec: '2.1: "tags | array of string"' } },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-NULL-NOT-NULLABLE': {
    level: 'MUST',
    section: '2.1',
    area: 'contacts',
    statement: 'null is rejected for fields that are not nullable (contactType, name, isBillable, isActive, tags).',
    units: [
      // contactType | enum `company`, `individual` | required | optional
      '2.1#1fd1e728',
      // name | string, min length 1 | required | optional
      '2.1#d3d55f65',
      // isBillable | boolean | optional | optional
      '2.1#560c8cc0',
      // isActive | boolean | optional | optional
      '2.1#1831caf2',
      // tags | array of string | optional | optional
      '2.1#c89be0cf',
    ],
    audit: [
      {
        relies: 'null for contactType, name, isBillable, isActive or tags is rejected on create and update',
        basis: {
          spec: 'Conventions: "on an update field means the value null is accepted and clears the field" (none of these is marked nullable) and 7: "Bodies that do not match the schemas in part 2 are invalid input"',
        },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'CT-UPDATE-VALID': {
    level: 'MUST',
    section: '2.1, 4.1',
    area: 'contacts',
    statement: 'A contact update body that follows 2.1 is accepted (200) and its values are applied.',
    units: [
      // phone | string | optional | optional, nullable
      '2.1#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.1#06ea58e7',
      // billingAddress | string | optional | optional, nullable
      '2.1#944515a1',
      // isBillable | boolean | optional | optional
      '2.1#560c8cc0',
      // taxNumber | string | optional | optional, nullable
      '2.1#a790b5ca',
      // notes | string | optional | optional, nullable
      '2.1#ecd6017a',
      // tags | array of string | optional | optional
      '2.1#c89be0cf',
      // PATCH | /contacts/{id} | Body: contact update fields (2.1). Returns 200.
      '4.1#648dc37b',
    ],
    audit: [
      { relies: 'the record to update is created from a full body with 201', basis: SPEC_CREATE_201 },
      {
        relies: 'a valid update answers exactly 200, and GET then answers 200',
        basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data" and 4.1: "Body: contact update fields (2.1). Returns 200."' },
      },
      {
        relies: 'every field sent that the record carries comes back under its 2.1 name in the update response and on GET',
        basis: ABSENT_FIELDS_OBSERVED,
      },
      { relies: 'a field sent as null reads back null or absent', basis: NULL_OR_MISSING_ACCEPTED },
      {
        relies: 'free text and phone values come back byte for byte',
        basis: TEXT_WHITESPACE_NFC,
      },
      {
        relies: 'an update without type change, job title or parent is accepted; a type change or type-specific field may be refused',
        basis: {
          tolerant:
            'lifecycle ruleFree (steps/contacts.ts contactRuleFree): a valid body refused with a 4xx is sent once more as a company without jobTitle or parentContactId, an update without type change, job title or parent; accepted then, the rule is observed (business-rule)',
          variant: 'record-rules',
        },
      },
      {
        relies: 'an e-mail sent by the update is not refused as taken',
        basis: UNIQUE_EMAILS,
      },
      {
        relies: 'tags sent keep the run tag with its colon',
        basis: RUN_TAG_UNCHANGED,
      },
    ],
  },
  'CT-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'contacts',
    statement: 'Fields omitted from a contact update stay unchanged.',
    units: [
      // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
      '2#3af1f222',
    ],
    audit: [
      { relies: 'a valid update answers 200', basis: SPEC_GET_UPDATE_200 },
      {
        relies: 'fields the update did not name read back as created',
        basis: SPEC_OMITTED_UNCHANGED,
      },
      {
        relies: 'the created values are compared as sent: each under its 2.1 name, text byte for byte',
        basis: TEXT_WHITESPACE_NFC,
      },
      {
        relies: 'an omitted field stays unchanged unless the update names contactType (jobTitle, taxNumber, website, parentContactId may not fit the new type)',
        basis: {
          tolerant:
            'lifecycle linked [jobTitle], [taxNumber], [website], [parentContactId] with inputs [contactType]: an update naming contactType leaves them uncompared as omitted',
          variant: 'record-rules',
        },
      },
    ],
  },
  'CT-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.1',
    area: 'contacts',
    statement: 'null on a nullable contact field clears it.',
    units: [
      // phone | string | optional | optional, nullable
      '2.1#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.1#06ea58e7',
      // billingAddress | string | optional | optional, nullable
      '2.1#944515a1',
      // taxNumber | string | optional | optional, nullable
      '2.1#a790b5ca',
      // notes | string | optional | optional, nullable
      '2.1#ecd6017a',
    ],
    audit: [
      {
        relies: 'null on any subset of the 2.1 nullable fields is accepted with 200',
        basis: { spec: 'Conventions: "on an update field means the value null is accepted and clears the field"' },
      },
      {
        relies: 'the nullable fields are exactly the 2.1 "optional, nullable" ones',
        basis: { spec: '2.1: "parentContactId | uuid | optional | optional, nullable"' },
      },
      { relies: 'a cleared field reads back null or absent', basis: NULL_OR_MISSING_ACCEPTED },
      {
        relies: 'a cleared text field does not read back as an empty string',
        basis: { tolerant: 'compare.ts: a field cleared with null may read back null, absent or an empty string' },
      },
    ],
  },
  'CT-DELETE': {
    level: 'MUST',
    section: '4.1',
    area: 'contacts',
    statement: 'A deleted contact can no longer be read (never 2xx).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
      // DELETE | /contacts/{id} | Returns 204.
      '4.1#58b3cf20',
    ],
    audit: [
      {
        relies: 'DELETE answers exactly 204',
        basis: { spec: '4 Common rules: "Delete success: 204 without body" and 4.1: "DELETE | /contacts/{id} | Returns 204."' },
      },
      {
        relies: 'a deleted contact is no longer readable (any non-2xx)',
        basis: { spec: '2: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
      },
      { relies: 'the status of the read after delete', basis: DELETED_READ_STATUS_OBSERVED },
      { relies: 'no rule refuses the delete', basis: { tolerant: 'the contact deleted has no children and nothing refers to it' } },
    ],
  },
  'CT-QUERY-INVALID': {
    level: 'MUST',
    section: '4.1, 7',
    area: 'contacts',
    statement:
      'Malformed contact list filters are rejected: contactType outside the enum, non-UUID parentContactId, contactTypeKey shorter than 1 or longer than 30.',
    units: [
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      { relies: 'contactType=supplier is rejected', basis: { spec: '4.1: "Query: contactType (company/individual)" and 7: "wrong enum value"' } },
      {
        relies: 'contactType=COMPANY (another letter case) is rejected, under MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'parentContactId=not-a-uuid is rejected', basis: { spec: '4.1: "parentContactId (uuid)" and 7: "non-UUID id"' } },
      {
        relies: 'an empty contactTypeKey= is rejected, or read as the parameter left out',
        basis: {
          tolerant:
            "a 4xx passes; a 200 passes when the list under the filter fixture's parent shows its active children, as without the parameter (empty-query-value observed); a 200 applying the empty key fails; no variant reads it so, since INPUT-BOUNDS (common) still requires the empty value rejected",
        },
      },
      { relies: 'a contactTypeKey of 31 characters is rejected', basis: { spec: '4.1: "contactTypeKey (string length 1 to 30)"' } },
      {
        relies: 'the rejection is a 4xx',
        basis: { tolerant: 'any 4xx passes; queries are left out of the one-status check; status observed as validation-status' },
      },
    ],
  },
  'CT-QUERY-TYPE-KEY': {
    level: 'MUST',
    section: '4.1, 8',
    area: 'contacts',
    statement: '`contactTypeKey` of length 1 to 30 is accepted.',
    units: [
      // GET | /contacts | Query: contactType (`company`/`individual`), contactTypeKey (string length 1 to 30), parentC
      '4.1#c63d07ff',
      // contactTypeKey | length 1 to 30 | contact list filter
      '8#2b276a2b',
    ],
    audit: [
      {
        relies: 'contactTypeKey of 1 and of 30 characters is not refused as out of bounds: 200 unless both are refused alike',
        basis: { spec: '4.1: "contactTypeKey (string length 1 to 30)" and 4 Common rules: "List (GET collection) success: 200 with the records in data"' },
      },
      {
        relies: 'keys of 1 and 30 characters (k, 30 times k, naming no type) are both answered alike: 200, or both refused',
        basis: {
          tolerant:
            'both refused with a 4xx passes as a key naming no configured type (unknown-reference-filter observed); one accepted and the other refused fails as a length bound',
          variant: 'record-rules',
        },
      },
    ],
  },
  'CT-FILTER-TYPE': {
    level: 'MUST',
    section: '4.1',
    area: 'contacts',
    statement: 'The `contactType` filter returns only contacts of that type.',
    units: [
      // GET | /contacts | Query: contactType (`company`/`individual`), contactTypeKey (string length 1 to 30), parentC
      '4.1#c63d07ff',
    ],
    audit: [
      {
        relies: 'the fixture (companies and individuals under one parent) is created',
        basis: {
          tolerant:
            'steps/setup-created.ts: a setup create refused with a 4xx (a server may refuse a company under a parent) leaves the check inconclusive, never failed',
        },
      },
      {
        relies: 'the filtered list answers 200 with a data array, walked with limit 100',
        basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data" and 8: "Page size limit | 1 to 100"' },
      },
      {
        relies: 'contactType lists the active contacts of that type and leaves out the other type',
        basis: { spec: '4.1: "Query: contactType (company/individual)"' },
      },
      { relies: 'parentContactId scopes the list to the fixture (combined with contactType)', basis: { spec: '4.1: "parentContactId (uuid)"' } },
      {
        relies: 'every listed record carries contactType equal to the filter, as a read by id shows it when the list shows it in brief',
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      {
        relies: 'inactive contacts are required only under isActive=false; the plain list choice is recorded',
        basis: INACTIVE_IN_LIST_OBSERVED,
      },
      { relies: 'contacts created with isActive false are accepted', basis: { spec: '2.1: "isActive | boolean | optional | optional"' } },
      {
        relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'CT-FILTER-PARENT': {
    level: 'MUST',
    section: '4.1',
    area: 'contacts',
    statement: 'The `parentContactId` filter returns only children of that contact.',
    units: [
      // GET | /contacts | Query: contactType (`company`/`individual`), contactTypeKey (string length 1 to 30), parentC
      '4.1#c63d07ff',
    ],
    audit: [
      {
        relies: 'the fixture (companies and individuals under one parent) is created',
        basis: {
          tolerant:
            'steps/setup-created.ts: a setup create refused with a 4xx (a server may refuse a company under a parent) leaves the check inconclusive, never failed',
        },
      },
      { relies: 'parentContactId lists the active children and leaves out the parent and an outsider', basis: { spec: '4.1: "parentContactId (uuid)"' } },
      {
        relies: 'every listed record carries parentContactId equal to the filter, as a read by id shows it when the list shows it in brief',
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      {
        relies: 'inactive children are required only under isActive=false; the plain list choice is recorded',
        basis: INACTIVE_IN_LIST_OBSERVED,
      },
      {
        relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'CT-FILTER-ACTIVE': {
    level: 'MUST',
    section: '4.1',
    area: 'contacts',
    statement: 'The `isActive` filter returns only contacts with that flag.',
    units: [
      // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
      '3.5#f475a83a',
      // GET | /contacts | Query: contactType (`company`/`individual`), contactTypeKey (string length 1 to 30), parentC
      '4.1#c63d07ff',
    ],
    audit: [
      {
        relies: 'isActive=true lists the active children and not the inactive ones; isActive=false the reverse',
        basis: { spec: '4.1: "isActive, isBillable (booleans)" and 4 Common rules: "the value true means true, any other value means false"' },
      },
      { relies: 'parentContactId scopes the list to the fixture', basis: { spec: '4.1: "parentContactId (uuid)"' } },
      { relies: 'isActive sent on create is kept', basis: { spec: '2.1: "isActive | boolean | optional | optional"' } },
      {
        relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'CT-FILTER-BILLABLE': {
    level: 'MUST',
    section: '4.1',
    area: 'contacts',
    statement: 'The `isBillable` filter returns only contacts with that flag.',
    units: [
      // GET | /contacts | Query: contactType (`company`/`individual`), contactTypeKey (string length 1 to 30), parentC
      '4.1#c63d07ff',
    ],
    audit: [
      {
        relies: 'isBillable=true lists the billable children and not the others; isBillable=false the reverse',
        basis: { spec: '4.1: "isActive, isBillable (booleans)" and 4 Common rules: "the value true means true, any other value means false"' },
      },
      {
        relies: 'inactive members are required only with isActive=false added',
        basis: { tolerant: 'BooleanSample.hidden: they must never be listed under the wrong value; the plain list choice is observed' },
      },
      { relies: 'whether the plain filtered list shows inactive contacts', basis: INACTIVE_IN_LIST_OBSERVED },
      {
        relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'CT-FILTER-SEARCH': {
    level: 'SHOULD',
    section: '4.1',
    area: 'contacts',
    statement: 'The `search` filter finds a contact by a word of its name and leaves out contacts without it (matching rules not shown).',
    units: [],
  },
} satisfies Records;
