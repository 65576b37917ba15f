import type { AuditTable, Reliance } from './types.js';

/** What every state rule of the exploration relies on besides its own text. */
const COMMON: readonly Reliance[] = [
  {
    relies: 'a write answered 4xx changed nothing: the model keeps the record as it was',
    basis: {
      tolerant:
        'any 4xx to any write is taken as the server refusing it (a business rule, a state it refuses to leave): observed, never failed, and the record judged as before it',
      variant: 'expense-rules',
    },
  },
  {
    relies: 'a list shows a write within CONFORMANCE_LIST_SETTLE_S',
    basis: { tolerant: 'every list judgement is read again until it holds or the bound passes (harness/steps/settle.ts)', variant: 'eventual-lists' },
  },
  {
    relies: 'values read back are compared as the domain suites compare them',
    basis: { tolerant: 'harness/steps/compare.ts mismatch(): normal forms, decimal strings, tag sets', variant: 'normalised-values' },
  },
];

/** The state rules of the exploration (harness/spec/sequences.ts), each with its reliances. */
export const AUDIT_SEQUENCES: AuditTable = {
  'SEQ-READ-AFTER-WRITE': [
    {
      relies: 'fields omitted from an update keep the value last written',
      basis: { spec: '2: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged."' },
    },
    {
      relies: 'null on a nullable field clears it',
      basis: { spec: '0: "\'Nullable\' on an update field means the value null is accepted and clears the field."' },
    },
    {
      relies: 'a read by id answers 200 with the record while it exists',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in `data`."' },
    },
    {
      relies: 'only fields the sequence wrote are judged, and only where the answer shows them',
      basis: { tolerant: 'record contents beyond the input fields are not shown (spec 2): an absent field is not judged', variant: 'sparse-records' },
    },
    {
      relies:
        'a field another written field may decide (contactType, endDate and isActive, hours and durationSeconds, taskId and rootTaskId) is not judged after that write',
      basis: { tolerant: 'the model forgets the linked field until it is written again', variant: 'record-rules' },
    },
    {
      relies: 'the status an approve or reject leaves is whatever the next read shows, then kept until a write',
      basis: { observation: 'sequence-action-state' },
    },
    ...COMMON,
  ],
  'SEQ-LIST-AFTER-WRITE': [
    { relies: 'each filter of 4.1 to 4.4 selects the records whose current value matches it', basis: { spec: '4.1-4.4: the Query column of each list' } },
    {
      relies: 'a record is judged against a filter only when the model knows every value the filter reads',
      basis: { tolerant: 'unknown values (never written, or forgotten after a linked write) leave the record unjudged' },
    },
    {
      relies: 'inactive records in a list without isActive',
      basis: { observation: 'inactive-in-list-without-isActive: whether they are listed is learned, then held to within the sequence' },
    },
    { relies: 'list items may carry only some fields', basis: { tolerant: 'lists are judged by id only', variant: 'brief-lists' } },
    ...COMMON,
  ],
  'SEQ-TOTAL-AFTER-WRITE': [
    { relies: 'pagination carries the number of matching records', basis: { spec: '4 Common rules: "paging totals ... in `pagination`"' } },
    {
      relies: 'every record under the scope filter was made by the sequence',
      basis: { tolerant: 'each sequence makes its own scope (a parent contact, a resource) so nothing else matches it' },
    },
    { relies: 'the total may be a decimal string', basis: { tolerant: 'harness/steps/lists.ts totalOf(), pagingNumber()', variant: 'string-paging' } },
    ...COMMON,
  ],
  'SEQ-DELETE-GONE': [
    {
      relies: 'a deleted contact, expense or time entry cannot be read again',
      basis: { spec: '2: "Deleting contacts, expenses, time entries ... is described as delete"; 4: "Delete success: 204"' },
    },
    ...COMMON,
  ],
  'SEQ-SOFT-DELETE-STAYS': [
    { relies: 'a resource delete is a soft delete', basis: { spec: '4.4: "DELETE | /resources/{id} | Soft delete, 204."' } },
    { relies: 'a task delete is a soft delete', basis: { spec: '4.7: "DELETE | /tasks/{id} | Soft delete, 204."' } },
    {
      relies: "what a soft delete leaves (read by id, isActive, listed) is the server's choice",
      basis: { observation: 'sequence-soft-delete: learned at the first read after the delete, then held to until isActive is written' },
    },
    { relies: 'an update not naming isActive does not undo the delete', basis: { spec: '2: "omitted fields stay unchanged"' } },
    ...COMMON,
  ],
  'SEQ-ISOLATION': [
    {
      relies: "another organisation's key sees none of org A's records",
      basis: { spec: '1: "All data is scoped to the organisation that owns the API key."; 5.4' },
    },
    {
      relies: "org B's refusal may be any status but 2xx",
      basis: { tolerant: 'any non-2xx answer passes (statuses not shown, spec 7)', variant: 'guarded-security' },
    },
    ...COMMON,
  ],
};
