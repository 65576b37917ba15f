import type { RequirementId } from '../requirements.js';
import { withSequenceTraces } from './sequences.js';

/*
 * The traceability map: every unit of the shipped spec (harness/spec/traceability/units.ts), by
 * its key, mapped to the requirement ids whose checks verify it, or marked informative (it states
 * no rule: an introduction, a cross-reference, a choice the spec leaves open) or untestable from
 * outside (it happens outside the API), each with its reason. A changed sentence of the spec gets
 * a new key that no row maps: traceability.test.ts fails until it is traced here. The comment above
 * each row is the unit's text, for the reader (the key is what counts).
 */

export type Trace = { readonly ids: readonly RequirementId[] } | { readonly informative: string } | { readonly untestable: string };

export const TRACE: Readonly<Record<string, Trace>> = withSequenceTraces<Trace>({
  // This document covers the whole service: purpose, records and fields, states, endpoints, authentication, webhoo
  '0#ebc4a2ae': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // One document is enough.
  '0#27ea39a4': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Conventions used below:
  '0#6ae6e429': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // {base_url} is the service base address. It ends with `/api/v1`. All paths below are written relative to it (fo
  '0#12a64530': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // `<API_KEY>` stands for an organisation API key. `<uuid>` means a string in UUID format. `<date>` means a strin
  '0#9aa75c34': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // 'Nullable' on an update field means the value null is accepted and clears the field.
  '0#512e43d0': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // The service is a project-operations API for an organisation.
  '1#4950103c': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // It exposes JSON REST endpoints for these domains (14 domains, 84 endpoints in total):
  '1#8c3b4617': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Allocations | Resource allocations to tasks and assignment progress
  '1#e4bdf086': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Batch Operations | Create, update or remove many time entries in one request
  '1#09ec35d2': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Contacts | Client, consultant and supplier contacts
  '1#323fc1c2': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Expenses | Operational and project expense records
  '1#08fbb19b': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Invoices | Invoices and their lifecycle
  '1#6cb06e57': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Milestones | Project milestones and milestone status
  '1#35c1054a': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Projects | Projects, represented by root tasks
  '1#8ce0edec': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Rates | Organisation rates and effective rate versions
  '1#96e3d9e4': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Reports | Report definitions and report execution
  '1#407395f9': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Resources | Staff resources, capacity and organisation membership records
  '1#d0b150bb': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Task Financials | Task financial summaries, revenue and expenses
  '1#01f281df': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Tasks | Tasks within projects and task hierarchies
  '1#77487d33': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Time Entries | Organisation time entries
  '1#12994629': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Webhooks | Subscriptions that push events to a customer server
  '1#17b01d43': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // All data is scoped to the organisation that owns the API key.
  '1#381cc4b0': {
    ids: [
      'AUTH-ORG-SCOPE',
      'SEC-ISOLATION-READ',
      'SEC-ISOLATION-WRITE',
      'SEC-LIST-ISOLATED',
      'SEC-REFERENCE-NO-LEAK',
      'PJ-LIST-ISOLATED',
      'SEC-EVENTS-ISOLATED',
      'SEC-ERROR-NO-LEAK',
    ],
  },
  // Transport is standard HTTP methods with JSON request and response bodies.
  '1#e6c21566': { ids: ['ENV-LIST', 'ENV-CREATE', 'ENV-GET', 'BODY-MALFORMED-JSON'] },
  // General rules:
  '2#0d461c71': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Every identifier named `id` or ending in `Id` is a `<uuid>` unless stated otherwise. The path parameter `id` i
  '2#d069b468': { ids: ['CT-PARENT-UUID', 'TE-IDS-UUID', 'EX-IDS-UUID', 'RS-IDS-UUID', 'AL-IDS-UUID', 'TK-IDS-UUID', 'MS-IDS-UUID', 'ID-UNKNOWN-REFUSED'] },
  // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
  '2#3af1f222': {
    ids: ['CT-UPDATE-OMITTED', 'TE-UPDATE-OMITTED', 'EX-UPDATE-OMITTED', 'RS-UPDATE-OMITTED', 'AL-UPDATE-OMITTED', 'TK-UPDATE-OMITTED', 'MS-UPDATE-OMITTED'],
  },
  // Response record fields: not shown (only the input fields below are given; responses carry records inside `data
  '2#5f6f9e9a': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; deleti
  '2#a07079b9': {
    ids: ['CT-DELETE', 'EX-DELETE', 'TE-DELETE', 'AL-DELETE', 'MS-DELETE', 'WH-DELETE', 'RS-DELETE-SOFT', 'TK-DELETE-SOFT', 'RT-DELETE-DEACTIVATES'],
  },
  // contactType | enum `company`, `individual` | required | optional
  '2.1#1fd1e728': { ids: ['CT-CREATE-REQUIRED', 'CT-TYPE-ENUM', 'CT-NULL-NOT-NULLABLE'] },
  // parentContactId | uuid | optional | optional, nullable
  '2.1#04fe9ece': { ids: ['CT-PARENT-UUID'] },
  // name | string, min length 1 | required | optional
  '2.1#d3d55f65': { ids: ['CT-CREATE-REQUIRED', 'CT-NAME-MIN', 'CT-NULL-NOT-NULLABLE'] },
  // email | string, e-mail format | optional | optional, nullable
  '2.1#a2b97d90': { ids: ['CT-EMAIL-FORMAT'] },
  // phone | string | optional | optional, nullable
  '2.1#a0d95eb2': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // jobTitle | string | optional | optional, nullable
  '2.1#06ea58e7': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // billingEmail | string, e-mail format | optional | optional, nullable
  '2.1#d236d866': { ids: ['CT-EMAIL-FORMAT'] },
  // billingAddress | string | optional | optional, nullable
  '2.1#944515a1': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // paymentTermsDays | integer >= 0 | optional | optional, nullable
  '2.1#1a6775ed': { ids: ['CT-PAYMENT-TERMS'] },
  // isBillable | boolean | optional | optional
  '2.1#560c8cc0': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-NULL-NOT-NULLABLE', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // isActive | boolean | optional | optional
  '2.1#1831caf2': { ids: ['CT-NULL-NOT-NULLABLE'] },
  // website | string, URL format | optional | optional, nullable
  '2.1#7c8d1b11': { ids: ['CT-WEBSITE-URL'] },
  // taxNumber | string | optional | optional, nullable
  '2.1#a790b5ca': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // notes | string | optional | optional, nullable
  '2.1#ecd6017a': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // tags | array of string | optional | optional
  '2.1#c89be0cf': {
    ids: ['CT-CREATE-VALID', 'CT-UPDATE-VALID', 'CT-FIELD-TYPES', 'CT-NULL-NOT-NULLABLE', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // rootTaskId | uuid | optional | optional, nullable
  '2.2#1856bc01': { ids: ['EX-IDS-UUID'] },
  // taskId | uuid | optional | optional, nullable
  '2.2#6019b44c': { ids: ['EX-IDS-UUID'] },
  // supplierId | uuid | optional | optional, nullable
  '2.2#7c45b40c': { ids: ['EX-IDS-UUID'] },
  // claimedByResourceId | uuid | optional | optional, nullable
  '2.2#1fdbb574': { ids: ['EX-IDS-UUID'] },
  // purchaseOrderId | uuid | optional | optional, nullable
  '2.2#506f9584': { ids: ['EX-IDS-UUID'] },
  // purchaseOrderLineId | uuid | optional | optional, nullable
  '2.2#b7817d64': { ids: ['EX-IDS-UUID'] },
  // expenseType | enum `supplier_invoice`, `staff_claim`, `direct_cost` | required | optional
  '2.2#1119404d': { ids: ['EX-CREATE-REQUIRED', 'EX-TYPE-ENUM', 'EX-NULL-NOT-NULLABLE'] },
  // category | string | optional | optional, nullable
  '2.2#aed377ee': {
    ids: ['EX-CREATE-VALID', 'EX-UPDATE-VALID', 'EX-FIELD-TYPES', 'EX-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // amount | number >= 0 | required | optional
  '2.2#96a115e8': { ids: ['EX-CREATE-REQUIRED', 'EX-AMOUNT-MIN', 'EX-MODIFIERS', 'EX-NULL-NOT-NULLABLE'] },
  // currency | string of exactly 3 characters | optional | optional
  '2.2#27287c4b': { ids: ['EX-CURRENCY-LENGTH', 'EX-NULL-NOT-NULLABLE'] },
  // date | string (no format constraint stated) | required | optional
  '2.2#4a26c820': { ids: ['EX-CREATE-REQUIRED', 'EX-NULL-NOT-NULLABLE'] },
  // description | string | optional | optional, nullable
  '2.2#687e2dee': {
    ids: ['EX-CREATE-VALID', 'EX-UPDATE-VALID', 'EX-FIELD-TYPES', 'EX-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // referenceNumber | string | optional | optional, nullable
  '2.2#a8480c25': {
    ids: ['EX-CREATE-VALID', 'EX-UPDATE-VALID', 'EX-FIELD-TYPES', 'EX-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // reimbursementStatus | expense status enum (see part 3) | optional | optional, nullable
  '2.2#44a51d03': { ids: ['EX-STATUS-ENUM', 'EX-UPDATE-VALID', 'EX-UPDATE-NULL-CLEARS'] },
  // isBillable | boolean | optional | optional
  '2.2#560c8cc0': {
    ids: ['EX-CREATE-VALID', 'EX-UPDATE-VALID', 'EX-FIELD-TYPES', 'EX-NULL-NOT-NULLABLE', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // markupPercentage | number | optional | optional
  '2.2#e1d668a3': { ids: ['EX-NULL-NOT-NULLABLE'] },
  // billableModifiers | array of financial modifier | optional | optional
  '2.2#b68dc621': { ids: ['EX-NULL-NOT-NULLABLE'] },
  // billableAmount | number | optional | optional, nullable
  '2.2#7fa7c728': {
    ids: ['EX-CREATE-VALID', 'EX-UPDATE-VALID', 'EX-FIELD-TYPES', 'EX-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // status | expense status enum | optional | optional
  '2.2#a23cc3ce': { ids: ['EX-STATUS-ENUM', 'EX-NULL-NOT-NULLABLE', 'EX-UPDATE-VALID', 'EX-UPDATE-NULL-CLEARS'] },
  // tags | array of string | optional | optional
  '2.2#c89be0cf': {
    ids: ['EX-CREATE-VALID', 'EX-UPDATE-VALID', 'EX-FIELD-TYPES', 'EX-NULL-NOT-NULLABLE', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // Financial modifier object (all four fields required): `id` uuid; `name` string; `type` enum `percentage`, `amo
  '2.2#693f0280': { ids: ['EX-AMOUNT-MIN', 'EX-MODIFIERS'] },
  // taskId | uuid | required | optional
  '2.3#32b4fd1b': { ids: ['TE-CREATE-REQUIRED', 'TE-IDS-UUID'] },
  // resourceId | uuid | required | optional
  '2.3#98819294': { ids: ['TE-CREATE-REQUIRED', 'TE-IDS-UUID'] },
  // date | `<date>` that must be a real calendar date (for example a non-existent day is rejected) | required | op
  '2.3#389d8140': { ids: ['TE-CREATE-REQUIRED', 'TE-DATE-REAL'] },
  // hours | number; create: > 0 and <= 24; update: >= 0.25 and <= 24 | required | optional
  '2.3#5f6e96ed': {
    ids: [
      'TE-CREATE-REQUIRED',
      'TE-HOURS-CREATE-RANGE',
      'TE-HOURS-MIN-NON-TIMER',
      'TE-HOURS-MIN-ISSUE',
      'TE-HOURS-TIMER-ACCEPTED',
      'TE-START-TIME-FORMAT',
      'TE-UPDATE-HOURS-RANGE',
    ],
  },
  // durationSeconds | integer > 0 and <= 86400 | optional | optional
  '2.3#75e9f2d1': { ids: ['TE-DURATION-RANGE'] },
  // startTime | string `HH:MM`, 24-hour, hours 00-23, minutes 00-59 | optional | optional, nullable
  '2.3#1884bea3': { ids: ['TE-START-TIME-FORMAT', 'TE-UPDATE-NULL-CLEARS'] },
  // entrySource | enum `manual`, `timer`, `copied`, `suggested` (default `manual`) | optional | not accepted
  '2.3#f470a8c2': { ids: ['TE-HOURS-MIN-NON-TIMER', 'TE-HOURS-TIMER-ACCEPTED', 'TE-ENTRY-SOURCE-ENUM'] },
  // description | string | optional, nullable | optional, nullable
  '2.3#36256fa4': { ids: ['TE-UPDATE-NULL-CLEARS'] },
  // isBillable | boolean | optional | optional
  '2.3#560c8cc0': { ids: ['TE-CREATE-VALID', 'TE-UPDATE-VALID', 'TE-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // billableRate | number | optional | optional, nullable
  '2.3#fb8d0a8e': { ids: ['TE-UPDATE-NULL-CLEARS'] },
  // markedBilled | boolean | not accepted | optional
  '2.3#29052d41': { ids: ['TE-UPDATE-VALID'] },
  // tags | array of string | optional | optional
  '2.3#c89be0cf': { ids: ['TE-CREATE-VALID', 'TE-UPDATE-VALID', 'TE-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // Cross-field rule on create: when entrySource (default `manual`) is anything other than `timer`, hours must be
  '2.3#9a35192b': {
    ids: ['TE-HOURS-CREATE-RANGE', 'TE-HOURS-MIN-NON-TIMER', 'TE-HOURS-MIN-ISSUE', 'TE-HOURS-TIMER-ACCEPTED', 'TE-ENTRY-SOURCE-ENUM', 'TE-UPDATE-HOURS-RANGE'],
  },
  // name | string, min length 1 | required | optional
  '2.4#d3d55f65': { ids: ['RS-CREATE-REQUIRED', 'RS-NAME-MIN', 'RS-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // email | string, e-mail format | optional | optional, nullable
  '2.4#a2b97d90': { ids: ['RS-EMAIL-FORMAT'] },
  // phone | string | optional | optional, nullable
  '2.4#a0d95eb2': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // jobTitle | string | optional | optional, nullable
  '2.4#06ea58e7': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // roleId | uuid | optional | optional, nullable
  '2.4#6cbcf72b': { ids: ['RS-IDS-UUID'] },
  // employmentType | string | optional | optional (not nullable)
  '2.4#2eb5bddb': { ids: ['RS-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // startDate | string | optional | optional, nullable
  '2.4#8214f878': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // endDate | string | optional | optional, nullable
  '2.4#fad1a2de': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // countryCode | string | optional | optional, nullable
  '2.4#9f5079af': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // regionCode | string | optional | optional, nullable
  '2.4#fa14eb26': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // homeOfficeId | uuid | optional | optional, nullable
  '2.4#2d8daa38': { ids: ['RS-IDS-UUID'] },
  // tags | array of string | optional | optional
  '2.4#c89be0cf': { ids: ['RS-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // isActive | boolean | not accepted | optional
  '2.4#a50cb52a': { ids: ['RS-FIELD-TYPES', 'RS-UPDATE-VALID', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // salary | number >= 0 | optional | optional, nullable
  '2.4#5450fa49': { ids: ['RS-SALARY'] },
  // salaryPeriod | enum `hour`, `day`, `week`, `month`, `year` | optional | optional, nullable
  '2.4#0aeeb28f': { ids: ['RS-SALARY'] },
  // externalUserId | string | optional | optional, nullable
  '2.4#65a7f0f6': {
    ids: ['RS-CREATE-VALID', 'RS-UPDATE-VALID', 'RS-FIELD-TYPES', 'RS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // A rate is created together with its initial version; the amount lives in versions.
  '2.5#4e7b913d': { ids: ['RT-CREATE-VALID', 'RT-GET-CURRENT', 'RT-VERSIONS-LIST', 'RT-UPDATE-NOT-ACCEPTED'] },
  // Bodies of rate create, rate update and version create reject properties that are not listed (strict objects).
  '2.5#7fd28ab7': { ids: ['RT-STRICT'] },
  // name | string, min length 1 | required | optional
  '2.5#d3d55f65': { ids: ['RT-CREATE-REQUIRED', 'RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // rateType | enum `billable`, `cost`, `other` | optional | optional
  '2.5#0a4057d6': { ids: ['RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // currency | string of exactly 3 characters | optional | optional
  '2.5#27287c4b': { ids: ['RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // period | enum `hour`, `day`, `week`, `month`, `year` | optional | not accepted
  '2.5#e2456ffa': { ids: ['RT-UPDATE-NOT-ACCEPTED', 'RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // hoursPerPeriod | number >= 0 | optional | not accepted
  '2.5#cbeec367': { ids: ['RT-UPDATE-NOT-ACCEPTED', 'RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // isDefault | boolean | optional | optional
  '2.5#1ce59afd': { ids: ['RT-CREATE-VALID', 'RT-UPDATE-VALID', 'RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // tags | array of string | optional | optional
  '2.5#c89be0cf': { ids: ['RT-CREATE-VALID', 'RT-UPDATE-VALID', 'RT-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // amount | number >= 0 | required | not accepted (use versions)
  '2.5#1c627675': {
    ids: [
      'RT-CREATE-REQUIRED',
      'RT-UPDATE-NOT-ACCEPTED',
      'RT-FIELD-RULES',
      'RT-VERSION-CREATE',
      'RT-VERSION-INVALID',
      'INPUT-TYPE',
      'INPUT-NULL',
      'INPUT-BOUNDS',
      'INPUT-FORMAT',
    ],
  },
  // Create rate version body: `amount` number >= 0 (required); `effectiveFrom` `<date>` (required); `changeReason`
  '2.5#e985da14': { ids: ['RT-VERSION-CREATE', 'RT-VERSION-INVALID', 'RT-STRICT'] },
  // taskId | uuid | required | optional
  '2.6#32b4fd1b': { ids: ['AL-CREATE-REQUIRED', 'AL-IDS-UUID'] },
  // resourceId | uuid | optional, nullable | optional, nullable
  '2.6#c0bedd5b': { ids: ['AL-IDS-UUID'] },
  // groupId | uuid | optional, nullable | optional, nullable
  '2.6#20585967': { ids: ['AL-IDS-UUID'] },
  // startDate | `<date>` | required | optional
  '2.6#b120fa5a': { ids: ['AL-CREATE-REQUIRED', 'AL-DATES-REAL'] },
  // endDate | `<date>` | required | optional
  '2.6#e7889b1d': { ids: ['AL-CREATE-REQUIRED', 'AL-DATES-REAL'] },
  // hoursPerDay | number, 0 to 24 | optional | optional
  '2.6#3643abee': { ids: ['AL-HOURS'] },
  // hours | number >= 0 | optional | optional
  '2.6#e189ad49': { ids: ['AL-HOURS'] },
  // notes | string | optional | optional, nullable
  '2.6#ecd6017a': { ids: ['AL-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // constraintAcknowledged | boolean | optional | optional
  '2.6#50058dbb': { ids: ['AL-FIELD-TYPES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // constraintReason | string, trimmed, max length 1000 | optional, nullable | optional, nullable
  '2.6#87f4fc26': { ids: ['AL-CONSTRAINT-REASON'] },
  // parentTaskId | uuid (a project or another task) | required | not accepted
  '2.7#1884809a': { ids: ['TK-CREATE-REQUIRED', 'TK-IDS-UUID'] },
  // versionId | uuid | required | not accepted
  '2.7#c79af2df': { ids: ['TK-CREATE-REQUIRED', 'TK-IDS-UUID'] },
  // name | string, min length 1 | required | optional
  '2.7#d3d55f65': { ids: ['TK-CREATE-REQUIRED', 'TK-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // taskTypeId | uuid | optional, nullable | optional, nullable
  '2.7#087b08cf': { ids: ['TK-IDS-UUID'] },
  // taskType | legacy enum `project`, `admin`, `template`, `phase`, `stage`, `task` | optional | not accepted
  '2.7#a26a8140': { ids: ['TK-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // startDate | string | optional | optional, nullable
  '2.7#8214f878': {
    ids: ['TK-CREATE-VALID', 'TK-UPDATE-VALID', 'TK-FIELD-RULES', 'TK-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // endDate | string | optional | optional, nullable
  '2.7#fad1a2de': {
    ids: ['TK-CREATE-VALID', 'TK-UPDATE-VALID', 'TK-FIELD-RULES', 'TK-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // description | string | optional | optional, nullable
  '2.7#687e2dee': {
    ids: ['TK-CREATE-VALID', 'TK-UPDATE-VALID', 'TK-FIELD-RULES', 'TK-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // position | integer >= 0 | optional | not accepted
  '2.7#258ad982': { ids: ['TK-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // status | enum `pending`, `in_progress`, `completed`, `blocked`, `cancelled` | not accepted | optional
  '2.7#c2321058': { ids: ['TK-STATUS-ENUM', 'TK-UPDATE-VALID'] },
  // color | string matching `#` followed by 6 hex digits | not accepted | optional, nullable
  '2.7#7c157d5c': { ids: ['TK-COLOR-FORMAT'] },
  // projectId | uuid | required | not accepted
  '2.8#98a2b5b4': { ids: ['MS-CREATE-REQUIRED', 'MS-IDS-UUID'] },
  // name | string, min length 1 | required | optional
  '2.8#d3d55f65': { ids: ['MS-CREATE-REQUIRED', 'MS-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // targetDate | `<date>` | required | optional
  '2.8#75402136': { ids: ['MS-CREATE-REQUIRED', 'MS-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // description | string | optional | optional, nullable
  '2.8#687e2dee': {
    ids: ['MS-CREATE-VALID', 'MS-UPDATE-VALID', 'MS-FIELD-RULES', 'MS-UPDATE-NULL-CLEARS', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // triggersInvoice | boolean | optional | optional
  '2.8#5cd9bf2b': { ids: ['MS-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // completionCriteria | array of completion criterion | optional | optional
  '2.8#540d4921': { ids: ['MS-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // typeId | uuid, may be null | optional | optional
  '2.8#ac9973b6': { ids: ['MS-IDS-UUID'] },
  // Completion criterion item shape: not shown.
  '2.8#12b09b7d': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Milestone status values are listed in part 3.
  '2.8#445f5fd9': { informative: 'a cross-reference: the values are traced in 3.3' },
  // A report definition has a category and a source (`system` or `user`).
  '2.9#333da4df': { ids: ['RP-FILTER-SOURCE'] },
  // Definition fields beyond those filters: not shown.
  '2.9#6ddf2a95': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // name | string, length 1 to 255 | required | optional
  '2.10#8d9d543c': { ids: ['WH-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // url | string, URL format, max length 500 | required | optional
  '2.10#1c4c9623': { ids: ['WH-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // events | array with at least 1 item, each one of the event names in part 6 | required | optional
  '2.10#f904c09d': { ids: ['WH-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // description | string | optional | optional, nullable
  '2.10#687e2dee': { ids: ['WH-FIELD-RULES', 'WH-UPDATE-VALID', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // isActive | boolean, default true | optional | optional
  '2.10#13075e93': { ids: ['WH-CREATE-VALID', 'WH-FIELD-RULES', 'INPUT-TYPE', 'INPUT-NULL', 'INPUT-BOUNDS', 'INPUT-FORMAT'] },
  // A subscription record returned on creation carries a signing secret starting with `whsec_`; reading one subscr
  '2.10#2fe881ea': { ids: ['WH-SECRET'] },
  // Creation returns it so that it can be stored for signature verification.
  '2.10#3f02d1bd': { ids: ['WH-SECRET', 'WH-SIGNATURE'] },
  // Delivery attempt statuses: see part 3.
  '2.10#ccac4416': { informative: 'a cross-reference: the values are traced in 3.4' },
  // Values: `draft`, `pending`, `approved`, `rejected`, `paid` (the same enum also types reimbursementStatus).
  '3.1#7e9309cf': { ids: ['EX-STATUS-ENUM', 'EX-APPROVE-STATUS', 'EX-REJECT-STATUS'] },
  // Operations `POST /expenses/{id}/approve` and `POST /expenses/{id}/reject` exist, and status may also be set di
  '3.1#9ea31eca': { ids: ['EX-APPROVE', 'EX-REJECT', 'EX-STATUS-ENUM', 'EX-CREATE-VALID', 'EX-UPDATE-VALID'] },
  // Transitions: not shown (the status that each operation leaves is not stated).
  '3.1#fba856ac': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Values: `pending`, `in_progress`, `completed`, `blocked`, `cancelled`.
  '3.2#b37a51c5': { ids: ['TK-STATUS-ENUM'] },
  // Set through the task update operation.
  '3.2#805c3a3e': { ids: ['TK-STATUS-ENUM', 'TK-UPDATE-VALID'] },
  // Transitions: not shown.
  '3.2#7a29a63c': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Values: `upcoming`, `at_risk`, `completed`, `missed`.
  '3.3#48602858': { ids: ['MS-FILTER-STATUS', 'MS-COMPLETE'] },
  // any state from which completion is allowed | `POST /milestones/{id}/complete` | optional `completedDate` `<dat
  '3.3#ce712eb0': { ids: ['MS-COMPLETE', 'MS-COMPLETE-DATE', 'MS-COMPLETE-DATE-KEPT'] },
  // Other transitions, and which source states may be completed: not shown.
  '3.3#9df7c900': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Values: `pending`, `delivered`, `failed`, `retrying`.
  '3.4#695a3425': { ids: ['WH-DELIVERIES-LIST'] },
  // A delivery answered with a 2xx status is successful; a non-2xx answer or a timeout is retried, up to five atte
  '3.4#e8ab247e': { ids: ['WH-2XX-SUCCESS', 'WH-RETRY-SUCCESS', 'WH-RETRY-LIMIT', 'WH-RETRY-TIMEOUT'] },
  // Transitions between the four values: not shown.
  '3.4#8dc8a72c': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Contacts, resources, rates and webhooks carry an active flag (`isActive`) that can be set or filtered; deletin
  '3.5#f475a83a': { ids: ['CT-FILTER-ACTIVE', 'RS-FILTER-ACTIVE', 'RT-FILTER-ACTIVE', 'WH-FILTER-ACTIVE', 'RT-DELETE-DEACTIVATES'] },
  // Common rules:
  '4#c189823d': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` in `pagi
  '4#1e10c135': { ids: ['ENV-LIST', 'ENV-CREATE', 'ENV-GET', 'ENV-UPDATE', 'PAGE-LIMIT-RANGE', 'PAGE-OFFSET-RANGE', 'PAGE-DEFAULTS', 'PAGE-ECHO'] },
  // Create success: 201 with the record in `data`. Get and update success: 200 with the record in `data`. Delete s
  '4#99bf1ce4': { ids: ['ENV-CREATE', 'ENV-GET', 'ENV-UPDATE', 'ENV-DELETE'] },
  // Path parameter `id` is a string.
  '4#da20d686': { ids: ['ID-UNKNOWN-REFUSED'] },
  // Boolean query filters are sent as strings: the value `true` means true, any other value means false.
  '4#cf61cf58': { ids: ['BOOL-FILTER-TRUE'] },
  // Paging parameters on every list: `limit` integer 1 to 100, default 50; `offset` integer >= 0, default 0.
  '4#5d432e76': { ids: ['PAGE-LIMIT-RANGE', 'PAGE-OFFSET-RANGE', 'PAGE-DEFAULTS', 'PAGE-ECHO', 'PAGE-LIMIT-APPLIED', 'PAGE-OFFSET-APPLIED'] },
  // Contents of the records inside `data` beyond the request fields: not shown.
  '4#c7e7c3be': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // GET | /contacts | Query: contactType (`company`/`individual`), contactTypeKey (string length 1 to 30), parentC
  '4.1#c63d07ff': { ids: ['CT-QUERY-TYPE-KEY', 'CT-FILTER-TYPE', 'CT-FILTER-PARENT', 'CT-FILTER-ACTIVE', 'CT-FILTER-BILLABLE'] },
  // POST | /contacts | Body: contact create fields (2.1). Returns 201.
  '4.1#359723a0': { ids: ['CT-CREATE-VALID', 'ENV-CREATE'] },
  // GET | /contacts/{id} | Returns contact.
  '4.1#f014cee8': { ids: ['ENV-GET', 'ID-UNKNOWN-REFUSED'] },
  // PATCH | /contacts/{id} | Body: contact update fields (2.1). Returns 200.
  '4.1#648dc37b': { ids: ['CT-UPDATE-VALID', 'ENV-UPDATE'] },
  // DELETE | /contacts/{id} | Returns 204.
  '4.1#58b3cf20': { ids: ['CT-DELETE', 'ENV-DELETE'] },
  // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId (uuids), expenseType (enum), cate
  '4.2#c2c08b23': { ids: ['EX-FILTER-TYPE', 'EX-FILTER-DATE', 'EX-FILTER-BILLABLE', 'EX-FILTER-INVOICED'] },
  // POST | /expenses | Body: expense create fields (2.2). Returns 201.
  '4.2#c8e19087': { ids: ['EX-APPROVE', 'EX-REJECT'] },
  // GET | /expenses/{id} | Returns expense.
  '4.2#bfd7f0fd': { ids: ['EX-APPROVE', 'EX-REJECT'] },
  // PATCH | /expenses/{id} | Body: expense update fields (2.2).
  '4.2#758fcaa2': { ids: ['EX-APPROVE', 'EX-REJECT'] },
  // DELETE | /expenses/{id} | 204.
  '4.2#3a5a858c': { ids: ['EX-APPROVE', 'EX-REJECT'] },
  // POST | /expenses/{id}/approve | No body. Returns 200 with the expense.
  '4.2#fededbbb': { ids: ['EX-APPROVE', 'EX-REJECT'] },
  // POST | /expenses/{id}/reject | Body: `reason` string (optional). Returns 200.
  '4.2#054f7274': { ids: ['EX-APPROVE', 'EX-REJECT'] },
  // GET | /time-entries | Query: taskId, resourceId, projectId (uuids), dateFrom, dateTo (`<date>`, must be real d
  '4.3#f7547a2f': { ids: ['TE-FILTER-TASK', 'TE-FILTER-RESOURCE', 'TE-FILTER-PROJECT', 'TE-FILTER-DATE', 'TE-FILTER-BILLABLE', 'TE-FILTER-INVOICED'] },
  // POST | /time-entries | Body: time entry create fields (2.3). Returns 201.
  '4.3#8eafb20e': { ids: ['TE-CREATE-VALID'] },
  // GET | /time-entries/{id} | Returns entry.
  '4.3#0f2bfefc': { ids: ['TE-CREATE-VALID', 'TE-UPDATE-VALID'] },
  // PATCH | /time-entries/{id} | Body: time entry update fields (2.3).
  '4.3#e79538a4': { ids: ['TE-UPDATE-VALID'] },
  // DELETE | /time-entries/{id} | 204.
  '4.3#becc1bca': { ids: ['TE-DELETE'] },
  // GET | /resources | Query: isActive (boolean), roleId (uuid), homeOfficeId (uuid), search (string), limit, offs
  '4.4#7c501c9d': { ids: ['RS-FILTER-ACTIVE', 'RS-FILTER-REFS'] },
  // POST | /resources | Body: resource create fields (2.4). Returns 201.
  '4.4#7eb39948': { ids: ['RS-DELETE-SOFT'] },
  // GET | /resources/{id} | Returns resource.
  '4.4#9df2f6d0': { ids: ['RS-DELETE-SOFT'] },
  // PATCH | /resources/{id} | Body: resource update fields (2.4).
  '4.4#72fa5116': { ids: ['RS-DELETE-SOFT'] },
  // DELETE | /resources/{id} | Soft delete, 204.
  '4.4#8a6ab75d': { ids: ['RS-DELETE-SOFT'] },
  // GET | /rates | Query: rateType (`billable`/`cost`/`other`), isActive, isDefault (booleans), search (string), t
  '4.5#c2c66489': { ids: ['RT-GET-CURRENT', 'RT-VERSIONS-LIST', 'RT-CURRENT-AFTER-VERSION', 'RT-FILTER-TYPE', 'RT-FILTER-ACTIVE', 'RT-FILTER-DEFAULT'] },
  // POST | /rates | Body: rate create fields (2.5); creates the rate with its initial version. 201.
  '4.5#c949fdba': { ids: ['RT-VERSION-CREATE'] },
  // GET | /rates/{id} | Returns rate with its current version.
  '4.5#67b3b765': { ids: ['RT-GET-CURRENT', 'RT-VERSIONS-LIST', 'RT-CURRENT-AFTER-VERSION'] },
  // PATCH | /rates/{id} | Body: rate update fields (2.5); the amount cannot be changed here.
  '4.5#cb9815bb': { ids: ['RT-GET-CURRENT', 'RT-VERSION-CREATE', 'RT-VERSIONS-LIST', 'RT-CURRENT-AFTER-VERSION', 'RT-DELETE-DEACTIVATES'] },
  // DELETE | /rates/{id} | Deactivates the rate, 204.
  '4.5#bbca9723': { ids: ['RT-DELETE-DEACTIVATES'] },
  // GET | /rates/{id}/versions | Lists all versions of the rate; 200, result in `data`.
  '4.5#7934439d': { ids: ['RT-GET-CURRENT', 'RT-VERSIONS-LIST', 'RT-CURRENT-AFTER-VERSION'] },
  // POST | /rates/{id}/versions | Body: version create fields (2.5); used to change the amount. 201.
  '4.5#d7cd4398': { ids: ['RT-VERSION-CREATE'] },
  // GET | /allocations | Query: resourceId, taskId, projectId (uuids), dateFrom, dateTo (`<date>`), limit, offset.
  '4.6#815f00e5': { ids: ['AL-FILTER-DATE'] },
  // POST | /allocations | Body: allocation create fields (2.6). 201.
  '4.6#98e83d91': { ids: ['AL-CREATE-VALID'] },
  // GET | /allocations/{id} | Returns allocation.
  '4.6#0edab504': { ids: ['AL-CREATE-VALID', 'AL-UPDATE-VALID'] },
  // PATCH | /allocations/{id} | Body: allocation update fields (2.6).
  '4.6#866ac504': { ids: ['AL-UPDATE-VALID'] },
  // DELETE | /allocations/{id} | 204.
  '4.6#14014b99': { ids: ['AL-DELETE'] },
  // GET | /tasks | Query: projectId (uuid), parentTaskId (uuid), search (string), lifecycleScope (`active`/`all`,
  '4.7#8fbe572c': {
    ids: ['TK-QUERY-INVALID', 'TK-LIFECYCLE-SCOPE', 'TK-LIFECYCLE-ACTIVE', 'TK-FILTER-PROJECT', 'TK-FILTER-PARENT', 'INPUT-BOUNDS', 'INPUT-FORMAT'],
  },
  // POST | /tasks | Body: task create fields (2.7); the task is a child of a project or another task. 201.
  '4.7#53c64b98': { ids: ['TK-DELETE-SOFT'] },
  // GET | /tasks/{id} | Returns task.
  '4.7#c9394003': { ids: ['TK-DELETE-SOFT'] },
  // PATCH | /tasks/{id} | Body: task update fields (2.7).
  '4.7#a372ca82': { ids: ['TK-DELETE-SOFT'] },
  // DELETE | /tasks/{id} | Soft delete, 204.
  '4.7#0bb38e94': { ids: ['TK-DELETE-SOFT'] },
  // GET | /milestones | Query: projectId (uuid), status (`upcoming`/`at_risk`/`completed`/`missed`), dateFrom, dat
  '4.8#96180096': { ids: ['MS-COMPLETE', 'MS-FILTER-PROJECT', 'MS-FILTER-DATE'] },
  // POST | /milestones | Body: milestone create fields (2.8). 201.
  '4.8#7b3fa7df': { ids: ['MS-COMPLETE'] },
  // GET | /milestones/{id} | Returns milestone.
  '4.8#5942b70f': { ids: ['MS-COMPLETE'] },
  // PATCH | /milestones/{id} | Body: milestone update fields (2.8).
  '4.8#dc113e14': { ids: ['MS-COMPLETE'] },
  // DELETE | /milestones/{id} | 204.
  '4.8#c536b563': { ids: ['MS-COMPLETE'] },
  // POST | /milestones/{id}/complete | Body: `completedDate` `<date>` (optional). 200.
  '4.8#67a76c4d': { ids: ['MS-COMPLETE', 'MS-COMPLETE-DATE', 'MS-COMPLETE-DATE-KEPT'] },
  // GET | /reports | Query: category (string), source (`system`/`user`), limit, offset. Lists report definitions.
  '4.9#c1d807af': { ids: ['RP-LIST', 'RP-FILTER-SOURCE', 'RP-GET', 'RP-CATEGORIES'] },
  // GET | /reports/{id} | Returns one report definition.
  '4.9#6872a65b': { ids: ['RP-LIST', 'RP-GET', 'RP-CATEGORIES'] },
  // POST | /reports/{id}/execute | Body below. Returns 200 with results in `data`.
  '4.9#a3622614': { ids: ['RP-GET', 'RP-EXECUTE'] },
  // GET | /reports/categories | Lists report categories; 200.
  '4.9#3d2e2f7a': { ids: ['RP-LIST', 'RP-GET', 'RP-CATEGORIES'] },
  // Execute body: `filterValues` (object with arbitrary keys, optional); `page` integer >= 1, default 1; `pageSize
  '4.9#1fbe98cd': { ids: ['RP-EXECUTE-PAGING', 'RP-EXECUTE-PAGE-ROWS', 'RP-EXECUTE-SCOPE', 'RP-EXECUTE-FILTER-VALUES'] },
  // Each body holds 1 to 100 items.
  '4.10#a760343f': { ids: ['BATCH-SIZE'] },
  // Success is 200 with a `data` envelope.
  '4.10#8a2a7458': { ids: ['BATCH-ENVELOPE'] },
  // Per-item outcome and partial-failure behaviour: not shown.
  '4.10#3064d7b5': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // POST | /batch/time-entries | `entries`: array (1 to 100) of: taskId uuid (req), resourceId uuid (req), date `<
  '4.10#d44cfd6c': { ids: ['BATCH-SIZE', 'BATCH-CREATE-VALID'] },
  // PATCH | /batch/time-entries | `updates`: array (1 to 100) of: id uuid (req); optional taskId, resourceId (uuid
  '4.10#30fe62a6': { ids: ['BATCH-SIZE', 'BATCH-CREATE-VALID'] },
  // DELETE | /batch/time-entries | `ids`: array (1 to 100) of uuid.
  '4.10#0731df57': { ids: ['BATCH-SIZE'] },
  // GET | /webhooks | Query: isActive (boolean), limit, offset.
  '4.11#804d8b7d': { ids: ['WH-FILTER-ACTIVE', 'WH-EVENTS-LIST', 'WH-DELIVERIES-LIST'] },
  // POST | /webhooks | Body: webhook create fields (2.10). 201. Admin key required.
  '4.11#d0be3c5c': { ids: ['WH-TEST-DELIVERY', 'WH-ROTATE'] },
  // GET | /webhooks/{id} | Returns the subscription including its secret.
  '4.11#ce3a4502': { ids: ['WH-FILTER-ACTIVE', 'WH-EVENTS-LIST', 'WH-DELIVERIES-LIST'] },
  // PATCH | /webhooks/{id} | Body: webhook update fields (2.10). Admin key required.
  '4.11#b504ebd5': { ids: ['WH-DELIVERIES-LIST', 'WH-TEST-DELIVERY', 'WH-ROTATE'] },
  // DELETE | /webhooks/{id} | 204. Admin key required.
  '4.11#f198ebed': { ids: ['WH-DELIVERIES-LIST', 'WH-TEST-DELIVERY', 'WH-ROTATE'] },
  // GET | /webhooks/{id}/deliveries | Query: status (`pending`/`delivered`/`failed`/`retrying`), limit, offset. Li
  '4.11#a35b7e8b': { ids: ['WH-FILTER-ACTIVE', 'WH-EVENTS-LIST', 'WH-DELIVERIES-LIST'] },
  // POST | /webhooks/{id}/rotate-secret | No body; 200, result in `data`.
  '4.11#da0eb4c2': { ids: ['WH-TEST-DELIVERY', 'WH-ROTATE'] },
  // POST | /webhooks/{id}/test | No body; sends a test event to the subscription; 200.
  '4.11#f0f4b25c': { ids: ['WH-TEST-DELIVERY', 'WH-ROTATE'] },
  // GET | /webhooks/events | Lists the available event types; 200.
  '4.11#bcac45df': { ids: ['WH-FILTER-ACTIVE', 'WH-EVENTS-LIST', 'WH-DELIVERIES-LIST'] },
  // The fixed paths `/webhooks/events`, `/reports/categories` coexist with the `{id}` routes of the same collectio
  '4.11#346a55b5': { ids: ['WH-EVENTS-LIST', 'RP-CATEGORIES', 'RP-GET'] },
  // The domains Projects, Invoices and Task Financials exist.
  '4.12#f7bd6ea9': {
    untestable: 'their endpoints are not shown: nothing to send (the report lists them as not testable), except GET /projects, traced in the next sentence',
  },
  // Their endpoints and schemas: not shown, except that `GET /projects` takes `limit` and `offset` and returns a p
  '4.12#28c20863': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Every request carries an organisation API key, sent either as the header `X-API-Key: <API_KEY>` or as `Authori
  '5#d08e4a15': { ids: ['AUTH-X-API-KEY', 'AUTH-BEARER', 'AUTH-MISSING-REFUSED', 'AUTH-EMPTY-BEARER'] },
  // A key has a fixed service prefix followed by an underscore and a secret part: `<prefix>_<secret>`.
  '5#7e21efc5': { ids: ['AUTH-MALFORMED-REFUSED', 'AUTH-KEY-EXACT', 'AUTH-KEY-NEAR-MISS', 'AUTH-CASE-EXACT'] },
  // An organisation admin creates keys in the application settings. The full secret is displayed only once, at cre
  '5#222bb44a': { untestable: 'keys are made in the application settings, outside the API: the suite is given them' },
  // A key belongs to one organisation; requests see that organisation's data.
  '5#aeba56cb': {
    ids: ['AUTH-ORG-SCOPE', 'AUTH-UNKNOWN-REFUSED', 'SEC-ISOLATION-READ', 'SEC-LIST-ISOLATED', 'PJ-LIST-ISOLATED', 'SEC-EVENTS-ISOLATED', 'SEC-ERROR-NO-LEAK'],
  },
  // Creating, updating and deleting webhook subscriptions requires an admin key.
  '5#58a3f3d3': { ids: ['SEC-ADMIN-WEBHOOK-WRITE', 'SEC-ADMIN-403', 'SEC-MEMBER-READ'] },
  // Each key has a per-minute request limit (see part 8).
  '5#eceaa071': { ids: ['RL-LIMIT-DEFAULT', 'RL-LIMIT-CUSTOM', 'RL-PER-KEY'] },
  // Key permission levels other than admin, expiry and revocation: not shown.
  '5#2a1bbf25': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Subscriptions deliver events as signed JSON POST requests to the subscription `url`.
  '6#20d76b4a': { ids: ['WH-DELIVERY-FORMAT', 'WH-SIGNATURE', 'WH-TRIGGERS'] },
  // Invoices | `invoice.created`, `invoice.sent`, `invoice.paid`, `invoice.overdue`
  '6.1#3cc5a7fe': { ids: ['WH-EVENTS-LIST', 'WH-FIELD-RULES'] },
  // Quotes | `quote.created`, `quote.sent`, `quote.accepted`, `quote.rejected`
  '6.1#2d4f3051': { ids: ['WH-EVENTS-LIST', 'WH-FIELD-RULES'] },
  // Projects and tasks | `project.created`, `project.completed`, `task.created`, `task.completed`
  '6.1#c9a2cc0a': { ids: ['WH-EVENTS-LIST', 'WH-FIELD-RULES', 'WH-TRIGGERS'] },
  // Time and expenses | `time_entry.created`, `expense.created`, `expense.approved`
  '6.1#aebb24e2': { ids: ['WH-EVENTS-LIST', 'WH-FIELD-RULES', 'WH-TRIGGERS'] },
  // Milestones | `milestone.completed`
  '6.1#df36da00': { ids: ['WH-EVENTS-LIST', 'WH-FIELD-RULES', 'WH-TRIGGERS'] },
  // The list is also returned by `GET /webhooks/events`.
  '6.1#924afe11': { ids: ['WH-EVENTS-LIST'] },
  // A subscription must list at least one of these names.
  '6.1#8acbef63': { ids: ['WH-FIELD-RULES'] },
  // Method POST, body is JSON: `event` (string, one of the names above), `timestamp` (string, ISO 8601 date-time i
  '6.2#08c65c5f': { ids: ['WH-DELIVERY-FORMAT'] },
  // Headers: `X-Service-Event` (event name), `X-Service-Signature` (`sha256=<hex>`), `X-Service-Delivery` (deliver
  '6.2#2ad5e374': { ids: ['WH-DELIVERY-HEADERS', 'WH-SIGNATURE'] },
  // Signature: the hex digest of HMAC-SHA256 over the raw request body bytes (not a re-serialised object), keyed w
  '6.2#c231b84b': { ids: ['WH-SIGNATURE'] },
  // A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts; every attempt is r
  '6.2#5710d005': { ids: ['WH-2XX-SUCCESS', 'WH-RETRY-SUCCESS', 'WH-RETRY-LIMIT', 'WH-RETRY-TIMEOUT', 'WH-DELIVERIES-LIST'] },
  // A test delivery can be requested with `POST /webhooks/{id}/test`; the secret can be replaced with `POST /webho
  '6.2#de7917ff': { ids: ['WH-TEST-DELIVERY', 'WH-ROTATE'] },
  // Content of `data` for each event: not shown.
  '6.2#d4354def': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Delivery timeout and spacing between retries: not shown.
  '6.2#bd5cc6e6': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Which operation triggers each event, beyond what the event name implies: not shown.
  '6.2#287e1663': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Request limit of the key exceeded | HTTP 429 with header `Retry-After`
  '7#aa24aae1': { ids: ['RL-RETRY-AFTER', 'RL-RECOVERY'] },
  // Successful delete | 204 with no body
  '7#5fa8f2d8': { ids: ['ENV-DELETE'] },
  // Bodies that do not match the schemas in part 2 are invalid input; malformed query or body values (wrong enum v
  '7#e3d41847': {
    ids: [
      'CT-FIELD-TYPES',
      'TE-FIELD-TYPES',
      'EX-FIELD-TYPES',
      'RS-FIELD-TYPES',
      'AL-FIELD-TYPES',
      'TK-FIELD-RULES',
      'MS-FIELD-RULES',
      'RT-FIELD-RULES',
      'WH-FIELD-RULES',
      'BATCH-ITEM-RULES',
      'PAGE-LIMIT-RANGE',
      'CT-QUERY-INVALID',
      'TE-QUERY-INVALID',
      'EX-QUERY-INVALID',
      'INPUT-TYPE',
      'INPUT-NULL',
      'INPUT-BOUNDS',
      'INPUT-FORMAT',
      'INPUT-FORMAT-STRICT',
    ],
  },
  // Error body shape and error codes: not shown.
  '7#ab308726': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Status codes for validation failure, missing or invalid key, insufficient permission and unknown id: not shown
  '7#970dea1d': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
  '8#2eb0bcd8': { ids: ['RL-LIMIT-DEFAULT', 'RL-LIMIT-CUSTOM', 'RL-EXACT-SEQUENTIAL', 'RL-EXACT-CONCURRENT', 'RL-ALL-ENDPOINTS'] },
  // Rate headers | `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on responses | all endpoints
  '8#403cc633': { ids: ['RL-HEADERS-SUCCESS', 'RL-LIMIT-DEFAULT', 'RL-LIMIT-CUSTOM', 'RL-REMAINING', 'RL-PER-KEY-COUNTERS'] },
  // Over-limit response | 429 with `Retry-After` | all endpoints
  '8#93f60aba': { ids: ['RL-RETRY-AFTER', 'RL-RECOVERY'] },
  // Page size `limit` | 1 to 100, default 50 | all lists
  '8#df5dc793': { ids: ['PAGE-LIMIT-RANGE', 'PAGE-DEFAULTS', 'PAGE-LIMIT-APPLIED'] },
  // `offset` | >= 0, default 0 | all lists
  '8#38e2e034': { ids: ['PAGE-OFFSET-RANGE', 'PAGE-DEFAULTS', 'PAGE-OFFSET-APPLIED'] },
  // Report `pageSize` | 1 to 500, default 100; `page` >= 1, default 1 | report execute
  '8#0c97136e': { ids: ['RP-EXECUTE-PAGING', 'RP-EXECUTE-PAGE-ROWS'] },
  // Batch size | 1 to 100 items | batch create, update, delete
  '8#d8737f88': { ids: ['BATCH-SIZE'] },
  // Time entry hours | <= 24; at least 0.25 for non-timer entries on create and on update | time entries
  '8#becc5df1': { ids: ['TE-HOURS-CREATE-RANGE', 'TE-HOURS-MIN-NON-TIMER', 'TE-UPDATE-HOURS-RANGE'] },
  // durationSeconds | > 0 and <= 86400 | time entry create and update
  '8#7b0ed558': { ids: ['TE-DURATION-RANGE'] },
  // contactTypeKey | length 1 to 30 | contact list filter
  '8#2b276a2b': { ids: ['CT-QUERY-TYPE-KEY'] },
  // constraintReason | max 1000 characters after trimming | allocations
  '8#fd5eb1ee': { ids: ['AL-CONSTRAINT-REASON'] },
  // Webhook name | 1 to 255 characters | webhooks
  '8#11290cbf': { ids: ['WH-FIELD-RULES'] },
  // Webhook url | max 500 characters | webhooks
  '8#5643d567': { ids: ['WH-FIELD-RULES'] },
  // Delivery attempts | up to 5 | webhook deliveries
  '8#d01643a6': { ids: ['WH-RETRY-LIMIT'] },
  // The API version is part of the base address: `/api/v1`. All endpoints above belong to version 1.
  '9#9eeb3664': { untestable: 'the base address is given to the suite (CONFORMANCE_TARGET_URL must end with /api/v1); nothing else to observe' },
  // Rates have their own versions (an amount valid from an `effectiveFrom` date); this is unrelated to the API ver
  '9#447fb756': { ids: ['RT-VERSION-CREATE', 'RT-VERSIONS-LIST', 'TK-CREATE-REQUIRED'] },
  // Deprecation and compatibility policy for future versions: not shown.
  '9#9dfa1aea': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
});
