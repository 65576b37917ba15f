import { InternalError } from '../../errors.js';
import { RECORDS } from '../records/index.js';
import type { RequirementId } from '../requirements.js';

/*
 * The traceability map: every unit of the shipped spec (harness/spec/traceability/units.ts), by
 * its key, mapped to the requirement ids whose checks verify it, or marked informative (it states
 * no rule: an introduction, a cross-reference, a choice the spec leaves open) or untestable from
 * outside (it happens outside the API), each with its reason. A changed sentence of the spec gets
 * a new key that no row maps: traceability.test.ts fails until it is traced, in the record of the
 * requirement that verifies it (harness/spec/records/) or below with its reason. The comment above
 * each row is the unit's text, for the reader (the key is what counts).
 */

export type Trace = { readonly ids: readonly RequirementId[] } | { readonly informative: string } | { readonly untestable: string };

export type Untraced = { readonly informative: string } | { readonly untestable: string };

/** The units that name no requirement, each with its reason. */
export const UNTRACED: Readonly<Record<string, Untraced>> = {
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
  // General rules:
  '2#0d461c71': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Response record fields: not shown (only the input fields below are given; responses carry records inside `data
  '2#5f6f9e9a': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Completion criterion item shape: not shown.
  '2.8#12b09b7d': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Milestone status values are listed in part 3.
  '2.8#445f5fd9': { informative: 'a cross-reference: the values are traced in 3.3' },
  // Definition fields beyond those filters: not shown.
  '2.9#6ddf2a95': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Delivery attempt statuses: see part 3.
  '2.10#ccac4416': { informative: 'a cross-reference: the values are traced in 3.4' },
  // Transitions: not shown (the status that each operation leaves is not stated).
  '3.1#fba856ac': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Transitions: not shown.
  '3.2#7a29a63c': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Other transitions, and which source states may be completed: not shown.
  '3.3#9df7c900': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Transitions between the four values: not shown.
  '3.4#8dc8a72c': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // Common rules:
  '4#c189823d': { informative: 'describes the document or introduces what follows; the rules it names are traced where they are stated' },
  // Contents of the records inside `data` beyond the request fields: not shown.
  '4#c7e7c3be': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Per-item outcome and partial-failure behaviour: not shown.
  '4.10#3064d7b5': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // The domains Projects, Invoices and Task Financials exist.
  '4.12#f7bd6ea9': {
    untestable: 'their endpoints are not shown: nothing to send (the report lists them as not testable), except GET /projects, traced in the next sentence',
  },
  // Their endpoints and schemas: not shown, except that `GET /projects` takes `limit` and `offset` and returns a p
  '4.12#28c20863': {
    informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it',
  },
  // An organisation admin creates keys in the application settings. The full secret is displayed only once, at cre
  '5#222bb44a': { untestable: 'keys are made in the application settings, outside the API: the suite is given them' },
  // Key permission levels other than admin, expiry and revocation: not shown.
  '5#2a1bbf25': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
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
  // Error body shape and error codes: not shown.
  '7#ab308726': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // Status codes for validation failure, missing or invalid key, insufficient permission and unknown id: not shown
  '7#970dea1d': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
  // The API version is part of the base address: `/api/v1`. All endpoints above belong to version 1.
  '9#9eeb3664': { untestable: 'the base address is given to the suite (CONFORMANCE_TARGET_URL must end with /api/v1); nothing else to observe' },
  // Deprecation and compatibility policy for future versions: not shown.
  '9#9dfa1aea': { informative: 'the spec leaves this open: every reasonable choice is accepted, and what the target chose is observed where a check meets it' },
};

/**
 * The map: each unit a record names, with the ids of the records that name it (in the catalogue's
 * order), and each unit of UNTRACED with its reason. A unit both named by a record and untraced is
 * a contradiction, refused.
 */
export function traceOf(
  records: Readonly<Record<string, { readonly units: readonly string[] }>>,
  untraced: Readonly<Record<string, Untraced>>,
): Record<string, Trace> {
  const ids = new Map<string, RequirementId[]>();
  for (const [id, record] of Object.entries(records)) {
    for (const unit of record.units) {
      if (Object.hasOwn(untraced, unit)) throw new InternalError(`unit ${unit} is named by requirement ${id} and also marked untraced: one or the other`);
      const list = ids.get(unit) ?? [];
      if (list.includes(id as RequirementId)) throw new InternalError(`requirement ${id} names unit ${unit} twice`);
      ids.set(unit, [...list, id as RequirementId]);
    }
  }
  return { ...untraced, ...Object.fromEntries([...ids].map(([unit, list]) => [unit, { ids: list }])) };
}

export const TRACE: Readonly<Record<string, Trace>> = traceOf(RECORDS, UNTRACED);
