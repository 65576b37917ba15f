import {
  VALIDATION_STATUS_OBSERVED,
  SPEC_BODIES_INVALID,
  SEND_CASE_4XX,
  CONTROL_REFUSED_UNDECIDED,
  SETUP_CREATED_PATCH_BATCH,
  BATCH_ITEM_NOTHING_APPLIED,
} from './bases.js';
import type { Records } from './record.js';

/**
 * Invalid input derived from one field table (spec 2, 4, 7, 8; harness/spec/inputs).
 *
 * Checks (invalid input from the field table): harness/crosscutting/input-classes.ts, harness/spec/inputs/.
 */
export const INVALID_INPUT_RECORDS = {
  'INPUT-TYPE': {
    level: 'MUST',
    section: '2, 4, 7',
    area: 'common',
    statement:
      'A body field sent with another JSON type than its own (a string for a number, a number for a string, an array or object for a scalar, a fraction for an integer, an item of the wrong type) is rejected, on every create, update, batch item and action body.',
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
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
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
      // notes | string | optional | optional, nullable
      '2.6#ecd6017a',
      // constraintAcknowledged | boolean | optional | optional
      '2.6#50058dbb',
      // name | string, min length 1 | required | optional
      '2.7#d3d55f65',
      // taskType | legacy enum `project`, `admin`, `template`, `phase`, `stage`, `task` | optional | not accepted
      '2.7#a26a8140',
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
      // position | integer >= 0 | optional | not accepted
      '2.7#258ad982',
      // name | string, min length 1 | required | optional
      '2.8#d3d55f65',
      // targetDate | `<date>` | required | optional
      '2.8#75402136',
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
      // triggersInvoice | boolean | optional | optional
      '2.8#5cd9bf2b',
      // completionCriteria | array of completion criterion | optional | optional
      '2.8#540d4921',
      // name | string, length 1 to 255 | required | optional
      '2.10#8d9d543c',
      // url | string, URL format, max length 500 | required | optional
      '2.10#1c4c9623',
      // events | array with at least 1 item, each one of the event names in part 6 | required | optional
      '2.10#f904c09d',
      // description | string | optional | optional, nullable
      '2.10#687e2dee',
      // isActive | boolean, default true | optional | optional
      '2.10#13075e93',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'a body field given another JSON type ("1", 1, true, ["1"], {value: "1"}) is rejected',
        basis: SPEC_BODIES_INVALID,
      },
      {
        relies: 'lax coercion ("1" read as 1, 1 read as true) is no choice',
        basis: { spec: '7: "malformed query or body values ... must be rejected rather than accepted"' },
      },
      {
        relies: 'a fraction (min + 1.5) for an integer field is rejected',
        basis: { spec: '2.1: "paymentTermsDays | integer >= 0" and 4.9: "page integer >= 1, default 1"' },
      },
      { relies: 'an array item of the wrong type ([1] for tags, ["1"] for billableModifiers) is rejected', basis: { spec: '2.1: "tags | array of string"' } },
      { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: SEND_CASE_4XX },
      { relies: 'the status and error body shape of each rejection are recorded', basis: VALIDATION_STATUS_OBSERVED },
      {
        relies: 'the valid base of each surface is accepted as it is',
        basis: CONTROL_REFUSED_UNDECIDED,
      },
      {
        relies: 'the record the PATCH and action cases go to is created (any 2xx)',
        basis: SETUP_CREATED_PATCH_BATCH,
      },
      {
        relies: 'a batch item (entries[0], updates[0], ids[]) with a wrong type is answered with a 4xx, or a 2xx that applies nothing of it',
        basis: BATCH_ITEM_NOTHING_APPLIED,
      },
    ],
  },
  'INPUT-NULL': {
    level: 'MUST',
    section: '2, 4, 7',
    area: 'common',
    statement: 'null for a body field the spec does not mark nullable is rejected, on create, update, batch items and action bodies.',
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
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
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
      // notes | string | optional | optional, nullable
      '2.6#ecd6017a',
      // constraintAcknowledged | boolean | optional | optional
      '2.6#50058dbb',
      // name | string, min length 1 | required | optional
      '2.7#d3d55f65',
      // taskType | legacy enum `project`, `admin`, `template`, `phase`, `stage`, `task` | optional | not accepted
      '2.7#a26a8140',
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
      // position | integer >= 0 | optional | not accepted
      '2.7#258ad982',
      // name | string, min length 1 | required | optional
      '2.8#d3d55f65',
      // targetDate | `<date>` | required | optional
      '2.8#75402136',
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
      // triggersInvoice | boolean | optional | optional
      '2.8#5cd9bf2b',
      // completionCriteria | array of completion criterion | optional | optional
      '2.8#540d4921',
      // name | string, length 1 to 255 | required | optional
      '2.10#8d9d543c',
      // url | string, URL format, max length 500 | required | optional
      '2.10#1c4c9623',
      // events | array with at least 1 item, each one of the event names in part 6 | required | optional
      '2.10#f904c09d',
      // description | string | optional | optional, nullable
      '2.10#687e2dee',
      // isActive | boolean, default true | optional | optional
      '2.10#13075e93',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'null for a field the table does not mark nullable is rejected on create, update, batch items and actions',
        basis: {
          spec: 'Conventions: "on an update field means the value null is accepted and clears the field" and 7: "Bodies that do not match the schemas in part 2 are invalid input"',
        },
      },
      {
        relies: 'null on create for a field nullable only on update (contact email, resource phone) is rejected',
        basis: { spec: '2.1: "email | string, e-mail format | optional | optional, nullable"' },
      },
      {
        relies: 'null for an optional action or execute field (reason, completedDate, scope, page) is rejected, not read as absent',
        basis: { spec: '4.2: "Body: reason string (optional). Returns 200." and 7: "Bodies that do not match the schemas in part 2 are invalid input"' },
      },
      {
        relies: "the nullable fields are the table's: optional, nullable; may be null; string or null",
        basis: { spec: '2.8: "typeId | uuid, may be null" and 4.10: "description string or null (opt)"' },
      },
      { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: SEND_CASE_4XX },
      { relies: 'the status and error body shape of each rejection are recorded', basis: VALIDATION_STATUS_OBSERVED },
      {
        relies: 'the valid base of each surface is accepted as it is',
        basis: CONTROL_REFUSED_UNDECIDED,
      },
      {
        relies: 'the record the PATCH and action cases go to is created (any 2xx)',
        basis: SETUP_CREATED_PATCH_BATCH,
      },
      {
        relies: 'a batch item with null for a non-nullable field is answered with a 4xx, or a 2xx that applies nothing of it',
        basis: BATCH_ITEM_NOTHING_APPLIED,
      },
    ],
  },
  'INPUT-BOUNDS': {
    level: 'MUST',
    section: '2, 4, 7, 8',
    area: 'common',
    statement: 'A value one smallest step past a stated bound (a number range, a length, an item count) is rejected, in bodies and in query parameters.',
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
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
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
      // notes | string | optional | optional, nullable
      '2.6#ecd6017a',
      // constraintAcknowledged | boolean | optional | optional
      '2.6#50058dbb',
      // name | string, min length 1 | required | optional
      '2.7#d3d55f65',
      // taskType | legacy enum `project`, `admin`, `template`, `phase`, `stage`, `task` | optional | not accepted
      '2.7#a26a8140',
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
      // position | integer >= 0 | optional | not accepted
      '2.7#258ad982',
      // name | string, min length 1 | required | optional
      '2.8#d3d55f65',
      // targetDate | `<date>` | required | optional
      '2.8#75402136',
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
      // triggersInvoice | boolean | optional | optional
      '2.8#5cd9bf2b',
      // completionCriteria | array of completion criterion | optional | optional
      '2.8#540d4921',
      // name | string, length 1 to 255 | required | optional
      '2.10#8d9d543c',
      // url | string, URL format, max length 500 | required | optional
      '2.10#1c4c9623',
      // events | array with at least 1 item, each one of the event names in part 6 | required | optional
      '2.10#f904c09d',
      // description | string | optional | optional, nullable
      '2.10#687e2dee',
      // isActive | boolean, default true | optional | optional
      '2.10#13075e93',
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'a number one cent past its bound is rejected: -0.01, 24.01, 0.24',
        basis: {
          tolerant:
            'pastBound(): one cent past, which a server keeping numbers to the cent or in a float32 still reads past the bound (harness/spec/inputs/classes.ts)',
          variant: 'lax-formats',
        },
      },
      {
        relies: 'an integer one past its bound (-1, 0 for page, 501 for pageSize, 86401 for durationSeconds) is rejected',
        basis: { spec: '2.3: "durationSeconds | integer > 0 and <= 86400" and 4.9: "pageSize integer 1 to 500, default 100"' },
      },
      {
        relies: 'an exclusive bound itself (hours 0 on create, durationSeconds 0) is rejected',
        basis: { spec: '2.3: "hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24" and "durationSeconds | integer > 0 and <= 86400"' },
      },
      {
        relies: 'a string one character short or long (name empty, currency 2 or 4, name 256, url 501, reason 1001) is rejected',
        basis: { spec: '2.2: "currency | string of exactly 3 characters" and 8: "Webhook name | 1 to 255 characters"' },
      },
      {
        relies: 'an empty events array and empty entries, updates and ids arrays are rejected',
        basis: { spec: '2.10: "events | array with at least 1 item" and 4.10: "Each body holds 1 to 100 items."' },
      },
      { relies: 'contactTypeKey of 31 characters is rejected', basis: { spec: '4.1: "contactTypeKey (string length 1 to 30)"' } },
      {
        relies: 'contactTypeKey= (an empty query value) is judged at SHOULD (INPUT-FORMAT-STRICT), not under INPUT-BOUNDS',
        basis: { tolerant: 'an empty query value is a lax reading (the parameter left out), judged at SHOULD', variant: 'lax-formats' },
      },
      {
        relies: '101 batch items and the paging parameters are left to BATCH-SIZE and PAGE-*',
        basis: { tolerant: 'coveredBy: those cases are not sent twice' },
      },
      { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: SEND_CASE_4XX },
      { relies: 'the status and error body shape of each rejection are recorded', basis: VALIDATION_STATUS_OBSERVED },
      {
        relies: 'the valid base of each surface is accepted as it is',
        basis: CONTROL_REFUSED_UNDECIDED,
      },
      {
        relies: 'the record the PATCH and action cases go to is created (any 2xx)',
        basis: SETUP_CREATED_PATCH_BATCH,
      },
      {
        relies: 'a batch item with hours or billableRate past its bound is answered with a 4xx, or a 2xx that applies nothing of it',
        basis: BATCH_ITEM_NOTHING_APPLIED,
      },
    ],
  },
  'INPUT-FORMAT': {
    level: 'MUST',
    section: '2, 4, 7',
    area: 'common',
    statement:
      'A formatted value from a neighbouring format (an impossible or unpadded date, a date-time for a date, a UUID one character short or with a non-hex character, an e-mail without @ or domain, a URL without scheme, 24:00 or 12:60 for a time, a colour without # or with 5 digits, an enum value that is none of its values, a property a strict object does not list) is rejected, in bodies and in query parameters.',
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
      // category | string | optional | optional, nullable
      '2.2#aed377ee',
      // description | string | optional | optional, nullable
      '2.2#687e2dee',
      // referenceNumber | string | optional | optional, nullable
      '2.2#a8480c25',
      // isBillable | boolean | optional | optional
      '2.2#560c8cc0',
      // billableAmount | number | optional | optional, nullable
      '2.2#7fa7c728',
      // tags | array of string | optional | optional
      '2.2#c89be0cf',
      // isBillable | boolean | optional | optional
      '2.3#560c8cc0',
      // tags | array of string | optional | optional
      '2.3#c89be0cf',
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
      // notes | string | optional | optional, nullable
      '2.6#ecd6017a',
      // constraintAcknowledged | boolean | optional | optional
      '2.6#50058dbb',
      // name | string, min length 1 | required | optional
      '2.7#d3d55f65',
      // taskType | legacy enum `project`, `admin`, `template`, `phase`, `stage`, `task` | optional | not accepted
      '2.7#a26a8140',
      // startDate | string | optional | optional, nullable
      '2.7#8214f878',
      // endDate | string | optional | optional, nullable
      '2.7#fad1a2de',
      // description | string | optional | optional, nullable
      '2.7#687e2dee',
      // position | integer >= 0 | optional | not accepted
      '2.7#258ad982',
      // name | string, min length 1 | required | optional
      '2.8#d3d55f65',
      // targetDate | `<date>` | required | optional
      '2.8#75402136',
      // description | string | optional | optional, nullable
      '2.8#687e2dee',
      // triggersInvoice | boolean | optional | optional
      '2.8#5cd9bf2b',
      // completionCriteria | array of completion criterion | optional | optional
      '2.8#540d4921',
      // name | string, length 1 to 255 | required | optional
      '2.10#8d9d543c',
      // url | string, URL format, max length 500 | required | optional
      '2.10#1c4c9623',
      // events | array with at least 1 item, each one of the event names in part 6 | required | optional
      '2.10#f904c09d',
      // description | string | optional | optional, nullable
      '2.10#687e2dee',
      // isActive | boolean, default true | optional | optional
      '2.10#13075e93',
      // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
      '4.7#8fbe572c',
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
    audit: [
      {
        relies: 'impossible, unpadded or slashed dates and date-times are rejected wherever a <date> is named (bodies, queries)',
        basis: { spec: 'Conventions: "<date> means a string in the form YYYY-MM-DD." and 2.3: "that must be a real calendar date"' },
      },
      {
        relies: 'a UUID one character short or with a non-hex character is rejected',
        basis: { spec: '2: "Every identifier named id or ending in Id is a <uuid>" and 7: "non-UUID id"' },
      },
      { relies: 'an e-mail without @ or without a domain is rejected', basis: { spec: '2.1: "email | string, e-mail format"' } },
      {
        relies: 'text with spaces (not a url) is rejected for website and url',
        basis: { spec: '2.1: "website | string, URL format" and 2.10: "url | string, URL format, max length 500"' },
      },
      {
        relies: 'a URL without a scheme (example.com/conformance) is judged at SHOULD (INPUT-FORMAT-STRICT), not under INPUT-FORMAT',
        basis: { tolerant: 'a lax URL validator takes it: judged at SHOULD', variant: 'lax-formats' },
      },
      {
        relies: 'time entry startTime 24:00, 12:60, 7:05 and 12:05:00 are rejected',
        basis: { spec: '2.3: "startTime | string HH:MM, 24-hour, hours 00-23, minutes 00-59"' },
      },
      {
        relies: 'batch startTime 24:00, 12:60 and 7:05 are rejected (the item makes a time entry)',
        basis: { spec: '4.10: "startTime string HH:MM or HH:MM:SS (opt)" and 2.3: "24-hour, hours 00-23, minutes 00-59"' },
      },
      {
        relies: 'batch startTime 12:05:60 (a leap second) is judged at SHOULD (INPUT-FORMAT-STRICT)',
        basis: { tolerant: 'RFC 3339 allows second 60: judged at SHOULD', variant: 'lax-formats' },
      },
      {
        relies: 'a colour without #, with 5 digits, a non-hex digit or #abc is rejected',
        basis: { spec: '2.7: "color | string matching # followed by 6 hex digits"' },
      },
      { relies: 'an enum value that is none of its values (<value>_conformance) is rejected, bodies and queries', basis: { spec: '7: "wrong enum value"' } },
      {
        relies: 'an extra scope property is rejected (sent as a scope without kind and id, so any reason passes)',
        basis: { spec: '4.9: "scope (optional, no extra properties) with kind enum project, person, contact and id uuid, both required inside scope."' },
      },
      { relies: 'the rejection is any 4xx; a 2xx or 5xx fails', basis: SEND_CASE_4XX },
      { relies: 'the status and error body shape of each rejection are recorded', basis: VALIDATION_STATUS_OBSERVED },
      {
        relies: 'the valid base of each surface is accepted as it is',
        basis: CONTROL_REFUSED_UNDECIDED,
      },
      {
        relies: 'the record the PATCH and action cases go to is created (any 2xx)',
        basis: SETUP_CREATED_PATCH_BATCH,
      },
      {
        relies: 'a batch item with a malformed id, date or startTime is answered with a 4xx, or a 2xx that applies nothing of it',
        basis: BATCH_ITEM_NOTHING_APPLIED,
      },
    ],
  },
  'INPUT-FORMAT-STRICT': {
    level: 'SHOULD',
    section: '2, 4, 7',
    area: 'common',
    statement:
      'A value a lax parser would only normalise (a UUID without hyphens or in braces, an enum value in another case) is rejected: the spec names the exact format; a target that normalises it is observed.',
    units: [
      // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
      '7#e3d41847',
    ],
  },
} satisfies Records;
