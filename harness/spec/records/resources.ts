import {
  LIST_SETTLES,
  ANY_4XX_STATUS_OBSERVED,
  SPEC_GET_UPDATE_200,
  SPEC_BODIES_INVALID,
  ENUM_VALUES_ONLY,
  RUN_TAG_UNCHANGED,
  DELETED_READ_STATUS_OBSERVED,
  BRIEF_LISTS_READ_BY_ID,
  SPEC_OMITTED_UNCHANGED,
  INACTIVE_IN_LIST_OBSERVED,
  ABSENT_FIELDS_OBSERVED,
  TEXT_WHITESPACE_NFC,
  UNIQUE_EMAILS,
  NULL_OR_MISSING_ACCEPTED,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Resources (spec 2.4, 4.4).
 *
 * Checks: suites/resources.test.ts, harness/steps/resources.ts, harness/generators/resources.ts.
 */
export const RESOURCE_RECORDS = {
  'RS-CREATE-VALID': {
    level: 'MUST',
    section: '2.4, 4.4',
    area: 'resources',
    statement: 'A resource create body that follows 2.4 is accepted (201) and the record carries the values sent.',
    units: [
      // phone | string | optional | optional, nullable
      '2.4#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.4#06ea58e7',
      // startDate | string | optional | optional, nullable
      '2.4#8214f878',
      // endDate | string | optional | optional, nullable
      '2.4#fad1a2de',
      // countryCode | string | optional | optional, nullable
      '2.4#9f5079af',
      // regionCode | string | optional | optional, nullable
      '2.4#fa14eb26',
      // externalUserId | string | optional | optional, nullable
      '2.4#65a7f0f6',
    ],
    audit: [
      { relies: 'a valid create answers exactly 201', basis: { spec: '4.4: "Body: resource create fields (2.4). Returns 201."' } },
      {
        relies: 'the created record sits in data and carries its uuid under `id`',
        basis: { spec: '4 Common rules: "Create success: 201 with the record in data" and 2: "Every identifier named id or ending in Id is a <uuid>"' },
      },
      {
        relies: 'the record is read back with GET /resources/{id}: 200, record in data',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'every field sent that the record carries comes back under its 2.4 name, in the create response and on GET',
        basis: ABSENT_FIELDS_OBSERVED,
      },
      {
        relies: 'name and jobTitle come back byte for byte',
        basis: TEXT_WHITESPACE_NFC,
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
        basis: UNIQUE_EMAILS,
      },
      {
        relies: 'tags come back as the same set',
        basis: { tolerant: 'compare.ts normalise(): order, repeats and case ignored', variant: 'normalised-values' },
      },
      {
        relies: 'the run tag conformance-run-<id> comes back with its colon',
        basis: RUN_TAG_UNCHANGED,
      },
      { relies: 'isActive is never sent on create', basis: { spec: '2.4: "isActive | boolean | not accepted | optional"' } },
    ],
  },
  'RS-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.4',
    area: 'resources',
    statement: 'A resource create without `name` is rejected.',
    units: [
      // name | string, min length 1 | required | optional
      '2.4#d3d55f65',
    ],
    audit: [
      { relies: 'a create without name is rejected', basis: { spec: '2.4: "name | string, min length 1 | required | optional"' } },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-NAME-MIN': {
    level: 'MUST',
    section: '2.4',
    area: 'resources',
    statement: '`name` has at least 1 character; an empty name is rejected.',
    units: [
      // name | string, min length 1 | required | optional
      '2.4#d3d55f65',
    ],
    audit: [
      { relies: 'an empty name is rejected on create and update', basis: { spec: '2.4: "name | string, min length 1 | required | optional"' } },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-EMAIL-FORMAT': {
    level: 'MUST',
    section: '2.4',
    area: 'resources',
    statement: '`email` must be an e-mail address; anything else is rejected.',
    units: [
      // email | string, e-mail format | optional | optional, nullable
      '2.4#a2b97d90',
    ],
    audit: [
      {
        relies: 'an email that is not an address is rejected on create and update',
        basis: { spec: '2.4: "email | string, e-mail format | optional | optional, nullable"' },
      },
      {
        relies: 'the values sent are invalid under every e-mail reading',
        basis: { tolerant: 'nonEmail() sends no @, an empty part, @@ or an unquoted space only' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-SALARY': {
    level: 'MUST',
    section: '2.4',
    area: 'resources',
    statement: '`salary` is a number >= 0 and `salaryPeriod` one of `hour`, `day`, `week`, `month`, `year`; other values are rejected.',
    units: [
      // salary | number >= 0 | optional | optional, nullable
      '2.4#5450fa49',
      // salaryPeriod | enum `hour`, `day`, `week`, `month`, `year` | optional | optional, nullable
      '2.4#0aeeb28f',
    ],
    audit: [
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
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-IDS-UUID': {
    level: 'MUST',
    section: '2, 2.4',
    area: 'resources',
    statement: '`roleId` and `homeOfficeId` are UUIDs; non-UUID values are rejected.',
    units: [
      // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
      '2#d069b468',
      // roleId | uuid | optional | optional, nullable
      '2.4#6cbcf72b',
      // homeOfficeId | uuid | optional | optional, nullable
      '2.4#2d8daa38',
    ],
    audit: [
      {
        relies: 'roleId or homeOfficeId that is not a UUID is rejected on create and update',
        basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid>" and 7: "non-UUID id"' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-FIELD-TYPES': {
    level: 'MUST',
    section: '2.4, 7',
    area: 'resources',
    statement: 'Every resource field has its stated type; null on a field that is not nullable (name, employmentType, tags, isActive) is rejected.',
    units: [
      // name | string, min length 1 | required | optional
      '2.4#d3d55f65',
      // phone | string | optional | optional, nullable
      '2.4#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.4#06ea58e7',
      // employmentType | string | optional | optional (not nullable)
      '2.4#2eb5bddb',
      // startDate | string | optional | optional, nullable
      '2.4#8214f878',
      // endDate | string | optional | optional, nullable
      '2.4#fad1a2de',
      // countryCode | string | optional | optional, nullable
      '2.4#9f5079af',
      // regionCode | string | optional | optional, nullable
      '2.4#fa14eb26',
      // tags | array of string | optional | optional
      '2.4#c89be0cf',
      // isActive | boolean | not accepted | optional
      '2.4#a50cb52a',
      // externalUserId | string | optional | optional, nullable
      '2.4#65a7f0f6',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'values of another JSON type are rejected (employmentType 1, salary "1000", phone {}, isActive "true" on update)',
        basis: SPEC_BODIES_INVALID,
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
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-UPDATE-VALID': {
    level: 'MUST',
    section: '2.4, 4.4',
    area: 'resources',
    statement: 'A resource update body that follows 2.4 (isActive included) is accepted (200) and its values are applied.',
    units: [
      // phone | string | optional | optional, nullable
      '2.4#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.4#06ea58e7',
      // startDate | string | optional | optional, nullable
      '2.4#8214f878',
      // endDate | string | optional | optional, nullable
      '2.4#fad1a2de',
      // countryCode | string | optional | optional, nullable
      '2.4#9f5079af',
      // regionCode | string | optional | optional, nullable
      '2.4#fa14eb26',
      // isActive | boolean | not accepted | optional
      '2.4#a50cb52a',
      // externalUserId | string | optional | optional, nullable
      '2.4#65a7f0f6',
    ],
    audit: [
      {
        relies: 'PATCH isActive false, then true, answers 200 each time',
        basis: { spec: '2.4: "isActive | boolean | not accepted | optional" and 4 Common rules: "Get and update success: 200 with the record in data"' },
      },
      { relies: 'GET then shows isActive as set', basis: { spec: '3.5: "carry an active flag (isActive) that can be set or filtered"' } },
      {
        relies: 'a generated valid update answers 200 and GET then answers 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'every field sent that the record carries comes back under its 2.4 name in the update response and on GET',
        basis: ABSENT_FIELDS_OBSERVED,
      },
      { relies: 'a field sent as null reads back null or absent', basis: NULL_OR_MISSING_ACCEPTED },
      {
        relies: 'text, phone and e-mail values are kept and never refused as taken',
        basis: UNIQUE_EMAILS,
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
  },
  'RS-UPDATE-OMITTED': {
    level: 'MUST',
    section: '2',
    area: 'resources',
    statement: 'Fields omitted from a resource update stay unchanged.',
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
        relies: 'the created values the record carries are compared as sent, under their 2.4 names; text up to white space and NFC',
        basis: ABSENT_FIELDS_OBSERVED,
      },
      {
        relies: 'an omitted field stays unchanged, except endDate when the update names isActive',
        basis: { tolerant: 'lifecycle linked [endDate] with inputs [isActive]: a server may end employment on deactivation', variant: 'record-rules' },
      },
    ],
  },
  'RS-UPDATE-NULL-CLEARS': {
    level: 'MUST',
    section: '2, 2.4',
    area: 'resources',
    statement: 'null on a nullable resource field clears it.',
    units: [
      // phone | string | optional | optional, nullable
      '2.4#a0d95eb2',
      // jobTitle | string | optional | optional, nullable
      '2.4#06ea58e7',
      // startDate | string | optional | optional, nullable
      '2.4#8214f878',
      // endDate | string | optional | optional, nullable
      '2.4#fad1a2de',
      // countryCode | string | optional | optional, nullable
      '2.4#9f5079af',
      // regionCode | string | optional | optional, nullable
      '2.4#fa14eb26',
      // externalUserId | string | optional | optional, nullable
      '2.4#65a7f0f6',
    ],
    audit: [
      {
        relies: 'null on any subset of the 2.4 nullable fields is accepted with 200',
        basis: { spec: 'Conventions: "on an update field means the value null is accepted and clears the field"' },
      },
      { relies: 'the nullable fields are exactly the 2.4 "optional, nullable" ones', basis: { spec: '2.4: "roleId | uuid | optional | optional, nullable"' } },
      { relies: 'a cleared field reads back null or absent', basis: NULL_OR_MISSING_ACCEPTED },
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
  },
  'RS-DELETE-SOFT': {
    level: 'MUST',
    section: '2, 4.4',
    area: 'resources',
    statement: 'DELETE /resources/{id} is a soft delete answered with 204 (what a later read returns is observed).',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
      // POST | /resources | Body: resource create fields (2.4). Returns 201.
      '4.4#7eb39948',
      // GET | /resources/{id} | Returns resource.
      '4.4#9df2f6d0',
      // PATCH | /resources/{id} | Body: resource update fields (2.4).
      '4.4#72fa5116',
      // DELETE | /resources/{id} | Soft delete, 204.
      '4.4#8a6ab75d',
    ],
    audit: [
      {
        relies: 'DELETE /resources/{id} answers exactly 204',
        basis: { spec: '4.4: "Soft delete, 204." and 2: "deleting resources and tasks is a soft delete"' },
      },
      { relies: 'what GET answers after the soft delete', basis: DELETED_READ_STATUS_OBSERVED },
      { relies: 'isActive of the soft-deleted resource and whether lists show it', basis: { observation: 'soft-deleted-resource' } },
      { relies: 'what a repeated DELETE answers', basis: { observation: 'repeated-delete-status' } },
    ],
  },
  'RS-QUERY-INVALID': {
    level: 'MUST',
    section: '4.4, 7',
    area: 'resources',
    statement: 'Malformed resource filters are rejected: non-UUID roleId or homeOfficeId.',
    units: [],
    audit: [
      {
        relies: 'roleId or homeOfficeId that is not a UUID (text, 30 characters, trailing x) is rejected',
        basis: { spec: '4.4: "roleId (uuid), homeOfficeId (uuid)" and 7: "non-UUID id"' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RS-FILTER-ACTIVE': {
    level: 'MUST',
    section: '4.4',
    area: 'resources',
    statement: 'The `isActive` filter returns only resources with that flag.',
    units: [
      // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
      '3.5#f475a83a',
      // GET | /resources | Query: isActive (boolean), roleId (uuid), homeOfficeId (uuid), search (string), limit, offs
      '4.4#7c501c9d',
    ],
    audit: [
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
        basis: LIST_SETTLES,
      },
    ],
  },
  'RS-FILTER-REFS': {
    level: 'MUST',
    section: '4.4',
    area: 'resources',
    statement: 'The `roleId` and `homeOfficeId` filters return only resources with that reference.',
    units: [
      // GET | /resources | Query: isActive (boolean), roleId (uuid), homeOfficeId (uuid), search (string), limit, offs
      '4.4#7c501c9d',
    ],
    audit: [
      { relies: 'the check runs only when the target takes roleId and homeOfficeId naming no record', basis: { observation: 'dangling-reference' } },
      {
        relies: 'roleId lists the resources with that role and leaves out others; homeOfficeId likewise',
        basis: { spec: '4.4: "Query: isActive (boolean), roleId (uuid), homeOfficeId (uuid)"' },
      },
      {
        relies: 'every listed record carries roleId / homeOfficeId equal to the filter, as a read by id shows it when the list shows it in brief',
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      { relies: 'whether the roleId list shows the resource deactivated with PATCH', basis: INACTIVE_IN_LIST_OBSERVED },
      {
        relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'RS-FILTER-SEARCH': {
    level: 'SHOULD',
    section: '4.4',
    area: 'resources',
    statement: 'The `search` filter finds a resource by a word of its name and leaves out resources without it (matching rules not shown).',
    units: [],
  },
} satisfies Records;
