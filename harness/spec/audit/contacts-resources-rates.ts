import type { AuditTable } from './types.js';

/** Issue 22 audit: areas contacts, resources, rates. */
export const AUDIT_CONTACTS_RESOURCES_RATES: AuditTable = {
  // --- Contacts (suites/contacts.test.ts, harness/crosscutting/lifecycle.ts, harness/generators/contacts.ts) ---
  'CT-CREATE-VALID': [
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
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'every field sent that the record carries comes back under its 2.1 name, in the create response and on GET',
      basis: {
        tolerant:
          'steps/shown-fields.ts (lifecycle absentFields: observe): a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null, reset or altered still fails',
        variant: 'sparse-records',
      },
    },
    {
      relies: 'free text (name, phone, jobTitle, billingAddress, notes, taxNumber) comes back byte for byte',
      basis: { tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in NFC', variant: 'normalised-values' },
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
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    {
      relies: 'no two bodies share a name or taxNumber',
      basis: { tolerant: 'identifier() adds the run salt and 8 seeded hex digits to every name and taxNumber', variant: 'unique-names' },
    },
    {
      relies: 'an e-mail or billingEmail sent by one body is not refused as taken by another',
      basis: {
        tolerant: 'generators/primitives.ts email(): eight hex digits in the local part that never shrink, so no e-mail repeats',
        variant: 'unique-names',
      },
    },
    { relies: 'parentContactId names an existing contact', basis: { tolerant: 'the generator only uses the parent the file created, never a dangling UUID' } },
  ],
  'CT-CREATE-REQUIRED': [
    {
      relies: 'a create without contactType or without name is rejected',
      basis: { spec: '2.1: "contactType | enum company, individual | required" and "name | string, min length 1 | required"' },
    },
    {
      relies: 'the rejection is a 4xx (never 2xx or 5xx)',
      basis: { tolerant: 'expectRejected() takes every 4xx (spec 7 shows no status); the status is observed as validation-status' },
    },
  ],
  'CT-TYPE-ENUM': [
    {
      relies: 'contactType supplier, person, empty or random text is rejected on create and update',
      basis: {
        spec: '2.1: "enum company, individual" and 7: "wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'contactType Company or INDIVIDUAL (another letter case) is rejected, under MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-NAME-MIN': [
    { relies: 'an empty name is rejected on create and update', basis: { spec: '2.1: "name | string, min length 1 | required | optional"' } },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-EMAIL-FORMAT': [
    {
      relies: 'email and billingEmail that are not addresses are rejected on create and update',
      basis: { spec: '2.1: "email | string, e-mail format" and "billingEmail | string, e-mail format"' },
    },
    {
      relies: 'the values sent are invalid under every e-mail reading',
      basis: { tolerant: 'nonEmail() sends no @, an empty local part or domain, @@ or an unquoted space only' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-WEBSITE-URL': [
    { relies: 'a website that is not a URL is rejected on create and update', basis: { spec: '2.1: "website | string, URL format"' } },
    {
      relies: 'the values sent are no absolute URL under any reading',
      basis: { tolerant: 'nonUrl() sends text with spaces, a missing scheme or colon, or a bare label without a dot' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-PAYMENT-TERMS': [
    {
      relies: 'negative and fractional (n + 0.5) paymentTermsDays are rejected on create and update',
      basis: { spec: '2.1: "paymentTermsDays | integer >= 0"' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-PARENT-UUID': [
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
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-FIELD-TYPES': [
    {
      relies: 'another JSON type is rejected: "true" or 1 for booleans, "30" for paymentTermsDays, a number for name or phone',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input" and 2.1: "isBillable | boolean"' },
    },
    { relies: 'tags as a string, an array of numbers or an object is rejected', basis: { spec: '2.1: "tags | array of string"' } },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-NULL-NOT-NULLABLE': [
    {
      relies: 'null for contactType, name, isBillable, isActive or tags is rejected on create and update',
      basis: {
        spec: 'Conventions: "on an update field means the value null is accepted and clears the field" (none of these is marked nullable) and 7: "Bodies that do not match the schemas in part 2 are invalid input"',
      },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'CT-UPDATE-VALID': [
    { relies: 'the record to update is created from a full body with 201', basis: { spec: '4 Common rules: "Create success: 201 with the record in data"' } },
    {
      relies: 'a valid update answers exactly 200, and GET then answers 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data" and 4.1: "Body: contact update fields (2.1). Returns 200."' },
    },
    {
      relies: 'every field sent that the record carries comes back under its 2.1 name in the update response and on GET',
      basis: {
        tolerant:
          'steps/shown-fields.ts (lifecycle absentFields: observe): a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null, reset or altered still fails',
        variant: 'sparse-records',
      },
    },
    { relies: 'a field sent as null reads back null or absent', basis: { tolerant: 'mismatch() accepts null or a missing field where null was sent' } },
    {
      relies: 'free text and phone values come back byte for byte',
      basis: { tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in NFC', variant: 'normalised-values' },
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
      basis: {
        tolerant: 'generators/primitives.ts email(): eight hex digits in the local part that never shrink, so no e-mail repeats',
        variant: 'unique-names',
      },
    },
    {
      relies: 'tags sent keep the run tag with its colon',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
  ],
  'CT-UPDATE-OMITTED': [
    { relies: 'a valid update answers 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' } },
    {
      relies: 'fields the update did not name read back as created',
      basis: { spec: '2: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged."' },
    },
    {
      relies: 'the created values are compared as sent: each under its 2.1 name, text byte for byte',
      basis: { tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in NFC', variant: 'normalised-values' },
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
  'CT-UPDATE-NULL-CLEARS': [
    {
      relies: 'null on any subset of the 2.1 nullable fields is accepted with 200',
      basis: { spec: 'Conventions: "on an update field means the value null is accepted and clears the field"' },
    },
    {
      relies: 'the nullable fields are exactly the 2.1 "optional, nullable" ones',
      basis: { spec: '2.1: "parentContactId | uuid | optional | optional, nullable"' },
    },
    { relies: 'a cleared field reads back null or absent', basis: { tolerant: 'mismatch() accepts null or a missing field where null was sent' } },
    {
      relies: 'a cleared text field does not read back as an empty string',
      basis: { tolerant: 'compare.ts: a field cleared with null may read back null, absent or an empty string' },
    },
  ],
  'CT-DELETE': [
    {
      relies: 'DELETE answers exactly 204',
      basis: { spec: '4 Common rules: "Delete success: 204 without body" and 4.1: "DELETE | /contacts/{id} | Returns 204."' },
    },
    {
      relies: 'a deleted contact is no longer readable (any non-2xx)',
      basis: { spec: '2: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    { relies: 'the status of the read after delete', basis: { observation: 'deleted-read-status' } },
    { relies: 'no rule refuses the delete', basis: { tolerant: 'the contact deleted has no children and nothing refers to it' } },
  ],
  'CT-QUERY-INVALID': [
    { relies: 'contactType=supplier is rejected', basis: { spec: '4.1: "Query: contactType (company/individual)" and 7: "wrong enum value"' } },
    {
      relies: 'contactType=COMPANY (another letter case) is rejected, under MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
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
  'CT-QUERY-TYPE-KEY': [
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
  'CT-FILTER-TYPE': [
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
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    {
      relies: 'inactive contacts are required only under isActive=false; the plain list choice is recorded',
      basis: { observation: 'inactive-in-list-without-isActive' },
    },
    { relies: 'contacts created with isActive false are accepted', basis: { spec: '2.1: "isActive | boolean | optional | optional"' } },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'CT-FILTER-PARENT': [
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
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    {
      relies: 'inactive children are required only under isActive=false; the plain list choice is recorded',
      basis: { observation: 'inactive-in-list-without-isActive' },
    },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'CT-FILTER-ACTIVE': [
    {
      relies: 'isActive=true lists the active children and not the inactive ones; isActive=false the reverse',
      basis: { spec: '4.1: "isActive, isBillable (booleans)" and 4 Common rules: "the value true means true, any other value means false"' },
    },
    { relies: 'parentContactId scopes the list to the fixture', basis: { spec: '4.1: "parentContactId (uuid)"' } },
    { relies: 'isActive sent on create is kept', basis: { spec: '2.1: "isActive | boolean | optional | optional"' } },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'CT-FILTER-BILLABLE': [
    {
      relies: 'isBillable=true lists the billable children and not the others; isBillable=false the reverse',
      basis: { spec: '4.1: "isActive, isBillable (booleans)" and 4 Common rules: "the value true means true, any other value means false"' },
    },
    {
      relies: 'inactive members are required only with isActive=false added',
      basis: { tolerant: 'BooleanSample.hidden: they must never be listed under the wrong value; the plain list choice is observed' },
    },
    { relies: 'whether the plain filtered list shows inactive contacts', basis: { observation: 'inactive-in-list-without-isActive' } },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],

  // --- Resources (suites/resources.test.ts, harness/steps/resources.ts, harness/generators/resources.ts) ---
  'RS-CREATE-VALID': [
    { relies: 'a valid create answers exactly 201', basis: { spec: '4.4: "Body: resource create fields (2.4). Returns 201."' } },
    {
      relies: 'the created record sits in data and carries its uuid under `id`',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in data" and 2: "Every identifier named id or ending in Id is a <uuid>"' },
    },
    {
      relies: 'the record is read back with GET /resources/{id}: 200, record in data',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'every field sent that the record carries comes back under its 2.4 name, in the create response and on GET',
      basis: {
        tolerant:
          'steps/shown-fields.ts (lifecycle absentFields: observe): a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null, reset or altered still fails',
        variant: 'sparse-records',
      },
    },
    {
      relies: 'name and jobTitle come back byte for byte',
      basis: { tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in NFC', variant: 'normalised-values' },
    },
    {
      relies: 'phone +<1-999> <digits> is accepted and comes back with the same digits',
      basis: {
        tolerant:
          'generators/resources.ts phone(): +<1-999> <6 to 10 digits>, an international number every reading accepts; compare.ts compares phone without spaces, dots, hyphens or brackets, so E.164 storage matches',
        variant: 'record-rules',
      },
    },
    {
      relies: 'countryCode and regionCode are drawn independently (US with IDF) and both accepted',
      basis: {
        tolerant:
          'lifecycle ruleFree (generators/resources.ts resourceRuleFree): a valid body refused with a 4xx is sent once more with regionCode matching its countryCode and salary beside salaryPeriod (a partner cleared alone clears the other); accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'salary without salaryPeriod (and the reverse) is accepted',
      basis: {
        tolerant:
          'lifecycle ruleFree (generators/resources.ts resourceRuleFree): a valid body refused with a 4xx is sent once more with regionCode matching its countryCode and salary beside salaryPeriod (a partner cleared alone clears the other); accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'startDate and endDate come back as sent',
      basis: { tolerant: 'sameValue() accepts a midnight date-time for a date; every generated start precedes every end (date-span.ts)' },
    },
    {
      relies: 'salary comes back as the number sent',
      basis: { tolerant: 'amount() has at most two decimals, so rounding to the cent or a decimal string still matches', variant: 'normalised-values' },
    },
    {
      relies: 'employmentType full_time, part_time, contractor, freelance, intern is accepted and kept',
      basis: { spec: '2.4: "employmentType | string | optional | optional (not nullable)"' },
    },
    {
      relies: 'roleId and homeOfficeId are sent only when the target takes ids naming no record',
      basis: { tolerant: 'referencePolicy probes once and leaves the fields out when refused (observed as dangling-reference)' },
    },
    {
      relies: 'no two bodies share a name or externalUserId',
      basis: { tolerant: 'identifier() adds the run salt and 8 seeded hex digits', variant: 'unique-names' },
    },
    {
      relies: 'an e-mail sent by one body is not refused as taken by another resource',
      basis: {
        tolerant: 'generators/primitives.ts email(): eight hex digits in the local part that never shrink, so no e-mail repeats',
        variant: 'unique-names',
      },
    },
    { relies: 'tags come back as the same set', basis: { tolerant: 'compare.ts normalise(): order, repeats and case ignored', variant: 'normalised-values' } },
    {
      relies: 'the run tag conformance-run-<id> comes back with its colon',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    { relies: 'isActive is never sent on create', basis: { spec: '2.4: "isActive | boolean | not accepted | optional"' } },
  ],
  'RS-CREATE-REQUIRED': [
    { relies: 'a create without name is rejected', basis: { spec: '2.4: "name | string, min length 1 | required | optional"' } },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-NAME-MIN': [
    { relies: 'an empty name is rejected on create and update', basis: { spec: '2.4: "name | string, min length 1 | required | optional"' } },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-EMAIL-FORMAT': [
    {
      relies: 'an email that is not an address is rejected on create and update',
      basis: { spec: '2.4: "email | string, e-mail format | optional | optional, nullable"' },
    },
    {
      relies: 'the values sent are invalid under every e-mail reading',
      basis: { tolerant: 'nonEmail() sends no @, an empty part, @@ or an unquoted space only' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-SALARY': [
    {
      relies: 'salary 0 per hour and 1234.5 per day, week, month, year are each created with 201',
      basis: { spec: '2.4: "salary | number >= 0" and "salaryPeriod | enum hour, day, week, month, year"' },
    },
    {
      relies: 'salaryPeriod, where the create response or else GET carries it, equals the value sent',
      basis: {
        tolerant:
          'a create answer without salaryPeriod is read back by id; a record without it on GET too is observed (field-not-returned), one carrying another value fails',
        variant: 'sparse-records',
      },
    },
    {
      relies: 'the names Conformance salary <period> are the same in every run',
      basis: { tolerant: 'each salary resource name carries a unique token', variant: 'unique-names' },
    },
    { relies: 'a negative salary is rejected', basis: { spec: '2.4: "salary | number >= 0"' } },
    { relies: 'salaryPeriod monthly, annual, weekly, fortnight or empty is rejected', basis: { spec: '7: "wrong enum value"' } },
    {
      relies: 'salaryPeriod Hour or MONTH (another letter case) is rejected, under MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-IDS-UUID': [
    {
      relies: 'roleId or homeOfficeId that is not a UUID is rejected on create and update',
      basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid>" and 7: "non-UUID id"' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-FIELD-TYPES': [
    {
      relies: 'values of another JSON type are rejected (employmentType 1, salary "1000", phone {}, isActive "true" on update)',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'null for name, employmentType or tags (and isActive on update) is rejected',
      basis: {
        spec: '2.4: "employmentType | string | optional | optional (not nullable)" and Conventions: "on an update field means the value null is accepted and clears the field"',
      },
    },
    { relies: 'after the refused null, employmentType still holds full_time', basis: { spec: '7: "must be rejected rather than accepted"' } },
    {
      relies: 'the resource read back, where it carries employmentType, holds full_time',
      basis: { tolerant: 'a record without employmentType is observed (field-not-returned); null or another value fails', variant: 'sparse-records' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-UPDATE-VALID': [
    {
      relies: 'PATCH isActive false, then true, answers 200 each time',
      basis: { spec: '2.4: "isActive | boolean | not accepted | optional" and 4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    { relies: 'GET then shows isActive as set', basis: { spec: '3.5: "carry an active flag (isActive) that can be set or filtered"' } },
    {
      relies: 'a generated valid update answers 200 and GET then answers 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'every field sent that the record carries comes back under its 2.4 name in the update response and on GET',
      basis: {
        tolerant:
          'steps/shown-fields.ts (lifecycle absentFields: observe): a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null, reset or altered still fails',
        variant: 'sparse-records',
      },
    },
    { relies: 'a field sent as null reads back null or absent', basis: { tolerant: 'mismatch() accepts null or a missing field where null was sent' } },
    {
      relies: 'text, phone and e-mail values are kept and never refused as taken',
      basis: {
        tolerant: 'generators/primitives.ts email(): eight hex digits in the local part that never shrink, so no e-mail repeats',
        variant: 'unique-names',
      },
    },
    {
      relies: 'isActive sent comes back as sent beside a generated endDate',
      basis: {
        tolerant:
          "generated endDates lie in 2035-2045, so no ended employment overrides a generated isActive; a deactivation that sets endDate is RS-UPDATE-OMITTED's (linked)",
        variant: 'record-rules',
      },
    },
    {
      relies: 'an update may set regionCode, salary or salaryPeriod alone, or clear one of a pair',
      basis: {
        tolerant:
          'lifecycle ruleFree (generators/resources.ts resourceRuleFree): a valid body refused with a 4xx is sent once more with regionCode matching its countryCode and salary beside salaryPeriod (a partner cleared alone clears the other); accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
  ],
  'RS-UPDATE-OMITTED': [
    { relies: 'a valid update answers 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' } },
    {
      relies: 'fields the update did not name read back as created',
      basis: { spec: '2: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged."' },
    },
    {
      relies: 'the created values the record carries are compared as sent, under their 2.4 names; text up to white space and NFC',
      basis: {
        tolerant:
          'steps/shown-fields.ts (lifecycle absentFields: observe): a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null, reset or altered still fails',
        variant: 'sparse-records',
      },
    },
    {
      relies: 'an omitted field stays unchanged, except endDate when the update names isActive',
      basis: { tolerant: 'lifecycle linked [endDate] with inputs [isActive]: a server may end employment on deactivation', variant: 'record-rules' },
    },
  ],
  'RS-UPDATE-NULL-CLEARS': [
    {
      relies: 'null on any subset of the 2.4 nullable fields is accepted with 200',
      basis: { spec: 'Conventions: "on an update field means the value null is accepted and clears the field"' },
    },
    { relies: 'the nullable fields are exactly the 2.4 "optional, nullable" ones', basis: { spec: '2.4: "roleId | uuid | optional | optional, nullable"' } },
    { relies: 'a cleared field reads back null or absent', basis: { tolerant: 'mismatch() accepts null or a missing field where null was sent' } },
    {
      relies: 'a cleared text field does not read back as an empty string',
      basis: { tolerant: 'compare.ts: a field cleared with null may read back null, absent or an empty string' },
    },
    {
      relies: 'a clear of one field of a pair is accepted, or accepted with its partner cleared too',
      basis: {
        tolerant:
          'lifecycle: a refused clear is sent once more through ruleFree (resourceRuleFree clears the partner too); accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
  ],
  'RS-DELETE-SOFT': [
    {
      relies: 'DELETE /resources/{id} answers exactly 204',
      basis: { spec: '4.4: "Soft delete, 204." and 2: "deleting resources and tasks is a soft delete"' },
    },
    { relies: 'what GET answers after the soft delete', basis: { observation: 'deleted-read-status' } },
    { relies: 'isActive of the soft-deleted resource and whether lists show it', basis: { observation: 'soft-deleted-resource' } },
    { relies: 'what a repeated DELETE answers', basis: { observation: 'repeated-delete-status' } },
  ],
  'RS-QUERY-INVALID': [
    {
      relies: 'roleId or homeOfficeId that is not a UUID (text, 30 characters, trailing x) is rejected',
      basis: { spec: '4.4: "roleId (uuid), homeOfficeId (uuid)" and 7: "non-UUID id"' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RS-FILTER-ACTIVE': [
    {
      relies: 'isActive=true lists the active fixture members and not the deactivated one; isActive=false the reverse',
      basis: { spec: '4.4: "Query: isActive (boolean)" and 4 Common rules: "the value true means true, any other value means false"' },
    },
    {
      relies: 'a query (homeOfficeId or a search word) lists exactly the fixture',
      basis: { tolerant: 'exactScope() skips the check as not applicable when no filter isolates the fixture' },
    },
    { relies: 'a deactivated member may be left out of the plain scope list', basis: { tolerant: 'exactScope() takes it as a maybe member' } },
    {
      relies: 'isActive changed with PATCH shows in the isActive filter',
      basis: { spec: '3.5: "carry an active flag (isActive) that can be set or filtered"' },
    },
    {
      relies: 'the PATCH re-sends the fields the scope uses',
      basis: { tolerant: 'setActive() keep: a server that resets omitted fields is reported by RS-UPDATE-OMITTED only' },
    },
    {
      relies: 'the filtered list reflects a create or PATCH made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'RS-FILTER-REFS': [
    { relies: 'the check runs only when the target takes roleId and homeOfficeId naming no record', basis: { observation: 'dangling-reference' } },
    {
      relies: 'roleId lists the resources with that role and leaves out others; homeOfficeId likewise',
      basis: { spec: '4.4: "Query: isActive (boolean), roleId (uuid), homeOfficeId (uuid)"' },
    },
    {
      relies: 'every listed record carries roleId / homeOfficeId equal to the filter, as a read by id shows it when the list shows it in brief',
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    { relies: 'whether the roleId list shows the resource deactivated with PATCH', basis: { observation: 'inactive-in-list-without-isActive' } },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],

  // --- Rates (suites/rates.test.ts, harness/steps/rates.ts, harness/generators/rates.ts) ---
  'RT-CREATE-VALID': [
    { relies: 'a valid rate create answers exactly 201', basis: { spec: '4.5: "creates the rate with its initial version. 201."' } },
    {
      relies: 'the created record sits in data and carries its uuid under `id`',
      basis: { spec: '4 Common rules: "Create success: 201 with the record in data" and 2: "Every identifier named id or ending in Id is a <uuid>"' },
    },
    { relies: 'GET /rates/{id} answers 200 with the record in data', basis: { spec: '4.5: "Returns rate with its current version."' } },
    {
      relies: 'every rate field sent but amount that the record carries comes back under its 2.5 name, in the create response and on GET',
      basis: {
        tolerant:
          'steps/shown-fields.ts: a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null or altered still fails',
        variant: 'sparse-records',
      },
    },
    {
      relies: 'the name comes back as sent',
      basis: {
        tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in another Unicode normal form (NFC)',
        variant: 'normalised-values',
      },
    },
    {
      relies: 'currency comes back as sent',
      basis: { tolerant: 'only upper-case ISO codes are sent, which upper-casing leaves unchanged', variant: 'normalised-values' },
    },
    {
      relies: 'hoursPerPeriod comes back as the number sent',
      basis: { tolerant: 'two decimals at most; sameValue() also accepts a decimal string', variant: 'normalised-values' },
    },
    { relies: 'tags come back as the same set', basis: { tolerant: 'compare.ts normalise(): order, repeats and case ignored', variant: 'normalised-values' } },
    {
      relies: 'the run tag conformance-run-<id> comes back with its colon',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
    { relies: 'no two bodies share a name', basis: { tolerant: 'identifier() adds the run salt and 8 seeded hex digits', variant: 'unique-names' } },
    {
      relies: 'isDefault true read back false is accepted only when another rate took the flag since',
      basis: { tolerant: 'takenAway(): the field is not compared then, and flag-displaced is observed', variant: 'business-rules' },
    },
    {
      relies: 'a body with isDefault true is created (201) while another rate is default',
      basis: {
        tolerant:
          'a rate read back without the default flag another rate took since is not compared on it (steps/displaced.ts); the boolean filter is judged again against the records as they are now',
        variant: 'business-rules',
      },
    },
    {
      relies: 'hoursPerPeriod 0 to 744 is accepted with any period, or at most the hours of its period',
      basis: {
        tolerant:
          'a body refused with a 4xx is sent once more with hoursPerPeriod at most the hours of its period (1 an hour, 24 a day, 168 a week; an hour without period) by steps/rates.ts rateRuleFree; accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'the amount (>= 0.01) is found somewhere in the create response or GET, not inside another sent field',
      basis: { tolerant: 'findAmount() searches any depth for the number or a decimal string (amount, currentVersion.amount, versions[].amount)' },
    },
    { relies: 'where the create response puts the amount', basis: { observation: 'rate-amount-in-create-response' } },
  ],
  'RT-CREATE-REQUIRED': [
    {
      relies: 'a rate create without name or without amount is rejected',
      basis: { spec: '2.5: "name | string, min length 1 | required" and "amount | number >= 0 | required | not accepted (use versions)"' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RT-STRICT': [
    {
      relies: 'an unlisted property (foo, conformanceUnknownField) is rejected on rate create, rate update and version create',
      basis: { spec: '2.5: "Bodies of rate create, rate update and version create reject properties that are not listed (strict objects)"' },
    },
    { relies: 'what PATCH /rates/{id} does with isActive (3.5 says it can be set; 2.5 does not list it)', basis: { observation: 'rate-update-isActive' } },
    {
      relies: 'isActive false sent on rate create is rejected, or accepted and applied',
      basis: {
        tolerant:
          'a 2xx passes only when the rate then reads inactive (by id, or listed under isActive=false when GET answers 404); accepted and ignored fails; observed as rate-create-isActive',
        variant: 'record-rules',
      },
    },
    {
      relies: 'the strict bodies repeat the name Conformance strict rate',
      basis: { tolerant: 'a correct server creates none of them, and a 409 for a taken name is a 4xx too' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RT-UPDATE-NOT-ACCEPTED': [
    {
      relies: 'amount, period or hoursPerPeriod on rate update is rejected, alone and beside a valid name',
      basis: { spec: '2.5: "amount | number >= 0 | required | not accepted (use versions)" and "reject properties that are not listed (strict objects)"' },
    },
    { relies: 'the amount is not changed through update', basis: { spec: '4.5: "the amount cannot be changed here"' } },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RT-FIELD-RULES': [
    { relies: 'an empty or non-string name is rejected on create and update', basis: { spec: '2.5: "name | string, min length 1 | required | optional"' } },
    { relies: 'rateType hourly, internal, empty or random text is rejected', basis: { spec: '2.5: "rateType | enum billable, cost, other"' } },
    {
      relies: 'period hours, fortnight, quarter, empty or random text is rejected on create',
      basis: { spec: '2.5: "period | enum hour, day, week, month, year | optional | not accepted"' },
    },
    {
      relies: 'rateType Billable or COST and period Hour or DAY (another letter case) are rejected, under MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'a currency that is not 3 characters is rejected', basis: { spec: '2.5: "currency | string of exactly 3 characters"' } },
    {
      relies: 'negative amount or hoursPerPeriod, and "12" or "12.50" for them, are rejected (no coercion)',
      basis: { spec: '2.5: "hoursPerPeriod | number >= 0" and 7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    {
      relies: 'a non-boolean isDefault and non-array tags are rejected',
      basis: { spec: '2.5: "isDefault | boolean | optional | optional" and "tags | array of string"' },
    },
    {
      relies: 'null for any rate field is rejected on create and update',
      basis: { spec: 'Conventions: "on an update field means the value null is accepted and clears the field" (no rate field is marked nullable)' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RT-UPDATE-VALID': [
    { relies: 'the rate to update is created from a full body with 201', basis: { spec: '4.5: "creates the rate with its initial version. 201."' } },
    {
      relies: 'a valid update answers exactly 200, and GET then answers 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'name, rateType, currency, isDefault and tags may all be changed',
      basis: { spec: '2.5: "currency | string of exactly 3 characters | optional | optional"' },
    },
    {
      relies: 'every field sent that the record carries comes back under its 2.5 name in the update response and on GET',
      basis: {
        tolerant:
          'steps/shown-fields.ts: a field the record leaves out altogether (no such key) is observed (field-not-returned) and not compared; a field it carries must hold the value sent, so a value dropped to null or altered still fails',
        variant: 'sparse-records',
      },
    },
    {
      relies: 'the new name comes back byte for byte',
      basis: { tolerant: 'compare.ts sameValue: text may come back with white space collapsed and trimmed, or in NFC', variant: 'normalised-values' },
    },
    {
      relies: 'isDefault true read back false is accepted only when another rate took the flag since',
      basis: { tolerant: 'takenAway() on the read back; flag-displaced observed', variant: 'business-rules' },
    },
    {
      relies: 'isDefault true is accepted while another rate is default, and isDefault false on the only default rate',
      basis: {
        tolerant:
          'a rate read back without the default flag another rate took since is not compared on it (steps/displaced.ts); the boolean filter is judged again against the records as they are now',
        variant: 'business-rules',
      },
    },
    {
      relies: 'the full create body pairs any period with hoursPerPeriod up to 744, or at most the hours of its period',
      basis: {
        tolerant:
          'createRate: a create refused with a 4xx is sent once more through rateRuleFree (hoursPerPeriod bounded by its period); business-rule observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'tags sent keep the run tag with its colon',
      basis: { tolerant: 'the run tag is conformance-run-<run id> in lower case, [a-z0-9-] only: no tag normaliser changes it', variant: 'normalised-values' },
    },
  ],
  'RT-GET-CURRENT': [
    { relies: 'a rate created with amount 187.35 (day, 8 hours) answers 201', basis: { spec: '4.5: "creates the rate with its initial version. 201."' } },
    {
      relies: 'GET /rates/{id} answers 200 and shows the amount of the current (initial) version',
      basis: {
        spec: '4.5: "Returns rate with its current version." and 2.5: "A rate is created together with its initial version; the amount lives in versions."',
      },
    },
    {
      relies: 'the amount may sit anywhere in the record, as a number or a decimal string',
      basis: { tolerant: 'findAmount() searches every depth; the place is observed' },
    },
    { relies: 'where GET puts the current amount', basis: { observation: 'rate-current-amount-path' } },
  ],
  'RT-VERSION-CREATE': [
    { relies: 'a valid version answers exactly 201', basis: { spec: '4.5: "Body: version create fields (2.5); used to change the amount. 201."' } },
    {
      relies: 'amount 0, a leap day and an omitted changeReason are accepted',
      basis: { spec: '2.5: "Create rate version body: amount number >= 0 (required); effectiveFrom <date> (required); changeReason string (optional)."' },
    },
    {
      relies: 'effectiveFrom anywhere in 2000-2030 is accepted, or, before today, accepted once dated after today',
      basis: {
        tolerant:
          'a version dated before today refused with a 4xx is sent once more dated after today (same amount and reason); accepted then, business-rule is observed',
        variant: 'record-rules',
      },
    },
    {
      relies: 'the edge versions (amount 0, a leap day, no reason) are accepted',
      basis: {
        tolerant: 'they fall on 29 February of the two leap years after today, in date order: no rule against back-dated or out-of-order versions applies',
        variant: 'record-rules',
      },
    },
    {
      relies: 'no version falls within a day of today (the initial one may lie there)',
      basis: { tolerant: 'such dates are filtered out: a same-day tie is not stated' },
    },
    { relies: 'what the version create answers in data', basis: { observation: 'rate-version-create-response' } },
  ],
  'RT-VERSION-INVALID': [
    {
      relies: 'a version without amount or without effectiveFrom is rejected',
      basis: { spec: '2.5: "amount number >= 0 (required); effectiveFrom <date> (required)"' },
    },
    { relies: 'a negative amount is rejected', basis: { spec: '2.5: "Create rate version body: amount number >= 0 (required)"' } },
    {
      relies: 'an impossible or non YYYY-MM-DD effectiveFrom (2023-02-29, 2024/03/01, 20240301, yesterday) is rejected',
      basis: { spec: 'Conventions: "<date> means a string in the form YYYY-MM-DD" and 7: "invalid date"' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RT-VERSIONS-LIST': [
    {
      relies: 'versions effective 2020-01-01 and 2021-06-15, or if refused 30 and 60 days after today, are added (201)',
      basis: {
        tolerant:
          'a 4xx to the first back-dated version switches both to dates after today, in order (business-rule observed); the list must then hold all three amounts',
        variant: 'record-rules',
      },
    },
    {
      relies: 'GET /rates/{id}/versions answers exactly 200 with the versions under data',
      basis: { spec: '4.5: "Lists all versions of the rate; 200, result in data."' },
    },
    { relies: 'the initial amount and both later amounts appear in the list', basis: { spec: '4.5: "Lists all versions of the rate"' } },
    {
      relies: 'the amounts may sit anywhere under data, list paged or not',
      basis: { tolerant: 'findAmount() searches every depth; array or object and paging are observed' },
    },
    { relies: 'the shape of the versions list', basis: { observation: 'rate-versions-list' } },
  ],
  'RT-DELETE-DEACTIVATES': [
    {
      relies: 'DELETE /rates/{id} answers exactly 204 with an empty body',
      basis: { spec: '4.5: "Deactivates the rate, 204." and 4 Common rules: "Delete success: 204 without body"' },
    },
    {
      relies: 'GET of the deactivated rate answers 200, or 404 with the rate listed under isActive=false',
      basis: {
        tolerant:
          'a 404 by id passes when tags=<tag>&isActive=false lists the rate, whose list record (if it carries isActive) must read false; a hard delete is listed nowhere and fails',
        variant: 'record-rules',
      },
    },
    { relies: 'what GET answers for the deactivated rate', basis: { observation: 'deleted-read-status' } },
    {
      relies: 'the rate then carries isActive false (by id, or in its list record when GET answers 404 and the record shows isActive)',
      basis: { spec: '3.5: "carry an active flag (isActive) that can be set or filtered; deleting a rate deactivates it"' },
    },
    {
      relies: 'tags=<tag>&isActive=false lists it, tags=<tag>&isActive=true does not',
      basis: { spec: '4.5: "Query: rateType (billable/cost/other), isActive, isDefault (booleans)"' },
    },
    {
      relies: 'the lists reflect the DELETE made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'RT-QUERY-INVALID': [
    { relies: 'rateType=hourly is rejected', basis: { spec: '4.5: "Query: rateType (billable/cost/other)" and 7: "wrong enum value"' } },
    {
      relies: 'rateType=Billable or COST (another letter case) is rejected, under MUST',
      basis: { tolerant: 'values outside the enum only; another case of a value is INPUT-FORMAT-STRICT (a SHOULD)' },
    },
    { relies: 'the rejection is a 4xx', basis: { tolerant: 'any 4xx passes; status observed as validation-status' } },
  ],
  'RT-FILTER-TYPE': [
    { relies: 'a fresh tag lists the three active fixture rates', basis: { spec: '4.5: "tags (one string, comma-separated, split into a list)"' } },
    { relies: 'rateType lists the rate of that type and leaves out the other two', basis: { spec: '4.5: "Query: rateType (billable/cost/other)"' } },
    {
      relies: 'every listed record carries rateType equal to the filter, as a read by id shows it when the list shows it in brief',
      basis: { tolerant: 'firstWithOther()/firstFailing() read a record listed without the field by id (harness/steps/lists.ts)', variant: 'brief-lists' },
    },
    { relies: 'whether the plain list shows the deactivated fixture rate', basis: { observation: 'rate-list-inactive' } },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'RT-FILTER-ACTIVE': [
    {
      relies: 'isActive=true lists the active fixture rates and not the one deactivated by DELETE; isActive=false the reverse',
      basis: { spec: '3.5: "deleting a rate deactivates it" and 4 Common rules: "the value true means true, any other value means false"' },
    },
    { relies: 'a fresh tag scopes the list to the fixture', basis: { spec: '4.5: "tags (one string, comma-separated, split into a list)"' } },
    {
      relies: 'the list reflects the fixture and its DELETE, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'RT-FILTER-DEFAULT': [
    {
      relies: 'isDefault=true lists the default fixture rate and not the other; isDefault=false the reverse',
      basis: { spec: '4.5: "isActive, isDefault (booleans)" and 4 Common rules: "the value true means true, any other value means false"' },
    },
    {
      relies: 'a rate created with isDefault true answers 201 while the organisation has a default rate',
      basis: {
        tolerant:
          'a rate read back without the default flag another rate took since is not compared on it (steps/displaced.ts); the boolean filter is judged again against the records as they are now',
        variant: 'business-rules',
      },
    },
    {
      relies: 'a fixture rate that lost the flag to another rate meanwhile is judged as it is now',
      basis: { tolerant: 'judgeNow() re-reads the flags and judges again; flag-displaced observed', variant: 'business-rules' },
    },
    {
      relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
  'RT-FILTER-TAGS': [
    {
      relies: 'tags=<one> lists the rates carrying it and leaves out those without it',
      basis: { spec: '4.5: "tags (one string, comma-separated, split into a list)"' },
    },
    {
      relies: 'every listed record carries a tags array holding the tag, as a read by id shows it when the list shows it in brief',
      basis: {
        tolerant: 'firstFailing() reads a record listed without tags by id (harness/steps/lists.ts); the tag itself is [a-z0-9] and survives normalising',
        variant: 'brief-lists',
      },
    },
    {
      relies: 'tags=<one>,<two> may mean any of or all of the tags, consistently',
      basis: { tolerant: 'only a rate with both is required; the two single-tag rates must be both listed or both left out' },
    },
    { relies: 'which reading of two tags the target takes', basis: { observation: 'rate-tags-filter' } },
    {
      relies: 'the list shows the rates made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
      basis: {
        tolerant:
          'settled() reads the list again until it shows the writes, for up to CONFORMANCE_LIST_SETTLE_S, 6 s by default (harness/steps/settle.ts); the wait is observed (list-consistency)',
        variant: 'eventual-lists',
      },
    },
  ],
};
