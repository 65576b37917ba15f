import {
  LIST_SETTLES,
  ANY_4XX_STATUS_OBSERVED,
  SPEC_GET_UPDATE_200,
  ENUM_VALUES_ONLY,
  RUN_TAG_UNCHANGED,
  DELETED_READ_STATUS_OBSERVED,
  BRIEF_LISTS_READ_BY_ID,
  TEXT_WHITESPACE_NFC,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Rates (spec 2.5, 3.5, 4.5).
 *
 * Checks: suites/rates.test.ts, harness/steps/rates.ts, harness/generators/rates.ts.
 */
export const RATE_RECORDS = {
  'RT-CREATE-VALID': {
    level: 'MUST',
    section: '2.5, 4.5',
    area: 'rates',
    statement: 'A rate create body that follows 2.5 is accepted (201) and the rate carries the values sent.',
    units: [
      // A rate is created together with its initial version; the amount lives in versions.
      '2.5#4e7b913d',
      // isDefault | boolean | optional | optional
      '2.5#1ce59afd',
      // tags | array of string | optional | optional
      '2.5#c89be0cf',
    ],
    audit: [
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
      {
        relies: 'tags come back as the same set',
        basis: { tolerant: 'compare.ts normalise(): order, repeats and case ignored', variant: 'normalised-values' },
      },
      {
        relies: 'the run tag conformance-run-<id> comes back with its colon',
        basis: RUN_TAG_UNCHANGED,
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
  },
  'RT-CREATE-REQUIRED': {
    level: 'MUST',
    section: '2.5',
    area: 'rates',
    statement: 'A rate create without `name` or without `amount` is rejected.',
    units: [
      // name | string, min length 1 | required | optional
      '2.5#d3d55f65',
      // amount | number >= 0 | required | not accepted (use versions)
      '2.5#1c627675',
    ],
    audit: [
      {
        relies: 'a rate create without name or without amount is rejected',
        basis: { spec: '2.5: "name | string, min length 1 | required" and "amount | number >= 0 | required | not accepted (use versions)"' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RT-STRICT': {
    level: 'MUST',
    section: '2.5',
    area: 'rates',
    statement: 'Rate create, rate update and version create reject any property the spec does not list.',
    units: [
      // Bodies of rate create, rate update and version create reject properties that are not listed (strict objects).
      '2.5#7fd28ab7',
      // Create rate version body: `amount` number >= 0 (required); `effectiveFrom` `<date>` (required); `changeReason`
      '2.5#e985da14',
    ],
    audit: [
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
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RT-UPDATE-NOT-ACCEPTED': {
    level: 'MUST',
    section: '2.5, 4.5',
    area: 'rates',
    statement: '`amount`, `period` and `hoursPerPeriod` are rejected on rate update (strict body).',
    units: [
      // A rate is created together with its initial version; the amount lives in versions.
      '2.5#4e7b913d',
      // period | enum `hour`, `day`, `week`, `month`, `year` | optional | not accepted
      '2.5#e2456ffa',
      // hoursPerPeriod | number >= 0 | optional | not accepted
      '2.5#cbeec367',
      // amount | number >= 0 | required | not accepted (use versions)
      '2.5#1c627675',
    ],
    audit: [
      {
        relies: 'amount, period or hoursPerPeriod on rate update is rejected, alone and beside a valid name',
        basis: { spec: '2.5: "amount | number >= 0 | required | not accepted (use versions)" and "reject properties that are not listed (strict objects)"' },
      },
      { relies: 'the amount is not changed through update', basis: { spec: '4.5: "the amount cannot be changed here"' } },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RT-FIELD-RULES': {
    level: 'MUST',
    section: '2.5',
    area: 'rates',
    statement:
      'Rate fields keep their rules: name at least 1 character, rateType and period enums, currency of 3 characters, amount and hoursPerPeriod >= 0, booleans and string arrays typed.',
    units: [
      // name | string, min length 1 | required | optional
      '2.5#d3d55f65',
      // rateType | enum `billable`, `cost`, `other` | optional | optional
      '2.5#0a4057d6',
      // currency | string of exactly 3 characters | optional | optional
      '2.5#27287c4b',
      // period | enum `hour`, `day`, `week`, `month`, `year` | optional | not accepted
      '2.5#e2456ffa',
      // hoursPerPeriod | number >= 0 | optional | not accepted
      '2.5#cbeec367',
      // isDefault | boolean | optional | optional
      '2.5#1ce59afd',
      // tags | array of string | optional | optional
      '2.5#c89be0cf',
      // amount | number >= 0 | required | not accepted (use versions)
      '2.5#1c627675',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      { relies: 'an empty or non-string name is rejected on create and update', basis: { spec: '2.5: "name | string, min length 1 | required | optional"' } },
      { relies: 'rateType hourly, internal, empty or random text is rejected', basis: { spec: '2.5: "rateType | enum billable, cost, other"' } },
      {
        relies: 'period hours, fortnight, quarter, empty or random text is rejected on create',
        basis: { spec: '2.5: "period | enum hour, day, week, month, year | optional | not accepted"' },
      },
      {
        relies: 'rateType Billable or COST and period Hour or DAY (another letter case) are rejected, under MUST',
        basis: ENUM_VALUES_ONLY,
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
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RT-UPDATE-VALID': {
    level: 'MUST',
    section: '2.5, 4.5',
    area: 'rates',
    statement: 'A rate update body that follows 2.5 is accepted (200) and its values are applied.',
    units: [
      // isDefault | boolean | optional | optional
      '2.5#1ce59afd',
      // tags | array of string | optional | optional
      '2.5#c89be0cf',
    ],
    audit: [
      { relies: 'the rate to update is created from a full body with 201', basis: { spec: '4.5: "creates the rate with its initial version. 201."' } },
      {
        relies: 'a valid update answers exactly 200, and GET then answers 200',
        basis: SPEC_GET_UPDATE_200,
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
        basis: TEXT_WHITESPACE_NFC,
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
        basis: RUN_TAG_UNCHANGED,
      },
    ],
  },
  'RT-GET-CURRENT': {
    level: 'MUST',
    section: '4.5',
    area: 'rates',
    statement: 'GET /rates/{id} returns the rate with its current version (the current amount appears in the record).',
    units: [
      // A rate is created together with its initial version; the amount lives in versions.
      '2.5#4e7b913d',
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
      // GET | /rates/{id} | Returns rate with its current version.
      '4.5#67b3b765',
      // PATCH | /rates/{id} | Body: rate update fields (2.5); the amount cannot be changed here.
      '4.5#cb9815bb',
      // GET | /rates/{id}/versions | Lists all versions of the rate; 200, result in `data`.
      '4.5#7934439d',
    ],
    audit: [
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
  },
  'RT-VERSION-CREATE': {
    level: 'MUST',
    section: '2.5, 4.5',
    area: 'rates',
    statement: 'POST /rates/{id}/versions with amount >= 0 and a real effectiveFrom date (changeReason optional) answers 201.',
    units: [
      // amount | number >= 0 | required | not accepted (use versions)
      '2.5#1c627675',
      // Create rate version body: `amount` number >= 0 (required); `effectiveFrom` `<date>` (required); `changeReason`
      '2.5#e985da14',
      // POST | /rates | Body: rate create fields (2.5); creates the rate with its initial version. 201.
      '4.5#c949fdba',
      // PATCH | /rates/{id} | Body: rate update fields (2.5); the amount cannot be changed here.
      '4.5#cb9815bb',
      // POST | /rates/{id}/versions | Body: version create fields (2.5); used to change the amount. 201.
      '4.5#d7cd4398',
      // Rates have their own versions (an amount valid from an `effectiveFrom` date); this is unrelated to the API ver
      '9#447fb756',
    ],
    audit: [
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
  },
  'RT-VERSION-INVALID': {
    level: 'MUST',
    section: '2.5',
    area: 'rates',
    statement: 'A version without amount or effectiveFrom, with a negative amount or an impossible effectiveFrom date is rejected.',
    units: [
      // amount | number >= 0 | required | not accepted (use versions)
      '2.5#1c627675',
      // Create rate version body: `amount` number >= 0 (required); `effectiveFrom` `<date>` (required); `changeReason`
      '2.5#e985da14',
    ],
    audit: [
      {
        relies: 'a version without amount or without effectiveFrom is rejected',
        basis: { spec: '2.5: "amount number >= 0 (required); effectiveFrom <date> (required)"' },
      },
      { relies: 'a negative amount is rejected', basis: { spec: '2.5: "Create rate version body: amount number >= 0 (required)"' } },
      {
        relies: 'an impossible or non YYYY-MM-DD effectiveFrom (2023-02-29, 2024/03/01, 20240301, yesterday) is rejected',
        basis: { spec: 'Conventions: "<date> means a string in the form YYYY-MM-DD" and 7: "invalid date"' },
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RT-VERSIONS-LIST': {
    level: 'MUST',
    section: '4.5',
    area: 'rates',
    statement: 'GET /rates/{id}/versions answers 200 and lists every version of the rate in `data`.',
    units: [
      // A rate is created together with its initial version; the amount lives in versions.
      '2.5#4e7b913d',
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
      // GET | /rates/{id} | Returns rate with its current version.
      '4.5#67b3b765',
      // PATCH | /rates/{id} | Body: rate update fields (2.5); the amount cannot be changed here.
      '4.5#cb9815bb',
      // GET | /rates/{id}/versions | Lists all versions of the rate; 200, result in `data`.
      '4.5#7934439d',
      // Rates have their own versions (an amount valid from an `effectiveFrom` date); this is unrelated to the API ver
      '9#447fb756',
    ],
    audit: [
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
  },
  'RT-CURRENT-AFTER-VERSION': {
    level: 'SHOULD',
    section: '4.5',
    area: 'rates',
    statement:
      'After a version effective later than the initial one and no later than today, GET /rates/{id} shows its amount as current; with a tie on the same day, one of the tied amounts (the choice of current version is not shown).',
    units: [
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
      // GET | /rates/{id} | Returns rate with its current version.
      '4.5#67b3b765',
      // PATCH | /rates/{id} | Body: rate update fields (2.5); the amount cannot be changed here.
      '4.5#cb9815bb',
      // GET | /rates/{id}/versions | Lists all versions of the rate; 200, result in `data`.
      '4.5#7934439d',
    ],
  },
  'RT-DELETE-DEACTIVATES': {
    level: 'MUST',
    section: '2, 3.5, 4.5',
    area: 'rates',
    statement: 'DELETE /rates/{id} answers 204 and deactivates: the rate then reads as inactive and the isActive filter reflects it.',
    units: [
      // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
      '2#a07079b9',
      // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
      '3.5#f475a83a',
      // PATCH | /rates/{id} | Body: rate update fields (2.5); the amount cannot be changed here.
      '4.5#cb9815bb',
      // DELETE | /rates/{id} | Deactivates the rate, 204.
      '4.5#bbca9723',
    ],
    audit: [
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
      { relies: 'what GET answers for the deactivated rate', basis: DELETED_READ_STATUS_OBSERVED },
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
        basis: LIST_SETTLES,
      },
    ],
  },
  'RT-QUERY-INVALID': {
    level: 'MUST',
    section: '4.5, 7',
    area: 'rates',
    statement: 'A rateType filter outside the enum is rejected.',
    units: [],
    audit: [
      { relies: 'rateType=hourly is rejected', basis: { spec: '4.5: "Query: rateType (billable/cost/other)" and 7: "wrong enum value"' } },
      {
        relies: 'rateType=Billable or COST (another letter case) is rejected, under MUST',
        basis: ENUM_VALUES_ONLY,
      },
      { relies: 'the rejection is a 4xx', basis: ANY_4XX_STATUS_OBSERVED },
    ],
  },
  'RT-FILTER-TYPE': {
    level: 'MUST',
    section: '4.5',
    area: 'rates',
    statement: 'The `rateType` filter returns only rates of that type.',
    units: [
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
    ],
    audit: [
      { relies: 'a fresh tag lists the three active fixture rates', basis: { spec: '4.5: "tags (one string, comma-separated, split into a list)"' } },
      { relies: 'rateType lists the rate of that type and leaves out the other two', basis: { spec: '4.5: "Query: rateType (billable/cost/other)"' } },
      {
        relies: 'every listed record carries rateType equal to the filter, as a read by id shows it when the list shows it in brief',
        basis: BRIEF_LISTS_READ_BY_ID,
      },
      { relies: 'whether the plain list shows the deactivated fixture rate', basis: { observation: 'rate-list-inactive' } },
      {
        relies: 'the list shows the fixture made just before, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'RT-FILTER-ACTIVE': {
    level: 'MUST',
    section: '4.5',
    area: 'rates',
    statement: 'The `isActive` filter returns only rates with that flag.',
    units: [
      // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
      '3.5#f475a83a',
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
    ],
    audit: [
      {
        relies: 'isActive=true lists the active fixture rates and not the one deactivated by DELETE; isActive=false the reverse',
        basis: { spec: '3.5: "deleting a rate deactivates it" and 4 Common rules: "the value true means true, any other value means false"' },
      },
      { relies: 'a fresh tag scopes the list to the fixture', basis: { spec: '4.5: "tags (one string, comma-separated, split into a list)"' } },
      {
        relies: 'the list reflects the fixture and its DELETE, within CONFORMANCE_LIST_SETTLE_S (6 s by default)',
        basis: LIST_SETTLES,
      },
    ],
  },
  'RT-FILTER-DEFAULT': {
    level: 'MUST',
    section: '4.5',
    area: 'rates',
    statement: 'The `isDefault` filter returns only rates with that flag.',
    units: [
      // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
      '4.5#c2c66489',
    ],
    audit: [
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
        basis: LIST_SETTLES,
      },
    ],
  },
  'RT-FILTER-SEARCH': {
    level: 'SHOULD',
    section: '4.5',
    area: 'rates',
    statement: 'The `search` filter finds a rate by a word of its name and leaves out rates without it (matching rules not shown).',
    units: [],
  },
  'RT-FILTER-TAGS': {
    level: 'MUST',
    section: '4.5',
    area: 'rates',
    statement: 'The `tags` filter (one comma-separated string) returns rates carrying the tag and leaves out rates without any of the tags.',
    units: [],
    audit: [
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
        basis: LIST_SETTLES,
      },
    ],
  },
} satisfies Records;
