import type { Domain } from '../../config/schema.js';

/*
 * Issue 21 §3, "invalid input from one field table": every field of every request body (create,
 * update, batch items, action bodies) and every query parameter of the spec, with its JSON type,
 * nullability, format and bounds, as the spec states them. The invalid classes a check sends
 * (harness/spec/inputs/classes.ts) are derived from this table alone; a self-test derives the
 * field names from the spec text and fails on one missing here (table.test.ts).
 * Fields "not accepted" by an operation are not listed for it (harness/crosscutting/not-accepted.ts
 * covers them).
 */

/** The JSON type of a field (`integer`: a number without a fraction). */
export type Kind = 'string' | 'integer' | 'number' | 'boolean' | 'array' | 'object';

/** Formats of strings the spec names. */
export type Format = 'uuid' | 'date' | 'email' | 'url' | 'hh:mm' | 'hh:mm[:ss]' | 'hex-color';

export interface FieldSpec {
  readonly name: string;
  readonly kind: Kind;
  /** null is accepted (spec: "nullable", "may be null", "string or null"). */
  readonly nullable?: boolean;
  readonly format?: Format;
  readonly enum?: readonly string[];
  /** Numbers: inclusive or exclusive range. */
  readonly min?: number;
  readonly max?: number;
  readonly exclusiveMin?: boolean;
  readonly exclusiveMax?: boolean;
  /** Strings: length (after trimming when `trimmed`). */
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly trimmed?: boolean;
  /** Arrays: item count and the type of one item. */
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly items?: FieldSpec;
  /** Objects: their fields (the classes of those are listed on a surface of their own). */
  readonly strict?: boolean;
  /** The value that applies when the field is left out, where the spec states one. */
  readonly default?: string | number;
}

/** One place input enters: a body (or an object inside it) or the query of one operation. */
export interface InputSurface {
  /** `POST /contacts`, `PATCH /contacts/{id}`, `GET /contacts`. */
  readonly operation: string;
  readonly domain: Domain;
  /** Spec section whose table or text lists the fields. */
  readonly section: string;
  readonly container: 'body' | 'query';
  /** Where the fields sit inside the body: [] top level; ['entries', 0] the first batch item; ['scope'] the execute scope. */
  readonly at: readonly (string | number)[];
  readonly fields: readonly FieldSpec[];
}

const EXPENSE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paid'] as const;
const PERIODS = ['hour', 'day', 'week', 'month', 'year'] as const;
const TASK_STATUSES = ['pending', 'in_progress', 'completed', 'blocked', 'cancelled'] as const;
const MILESTONE_STATUSES = ['upcoming', 'at_risk', 'completed', 'missed'] as const;
const DELIVERY_STATUSES = ['pending', 'delivered', 'failed', 'retrying'] as const;
export const EVENT_NAMES = [
  'invoice.created',
  'invoice.sent',
  'invoice.paid',
  'invoice.overdue',
  'quote.created',
  'quote.sent',
  'quote.accepted',
  'quote.rejected',
  'project.created',
  'project.completed',
  'task.created',
  'task.completed',
  'time_entry.created',
  'expense.created',
  'expense.approved',
  'milestone.completed',
] as const;

// Field builders: the spec's wording, one call each.
const str = (name: string, more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'string', ...more });
const uuid = (name: string, more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'string', format: 'uuid', ...more });
const date = (name: string, more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'string', format: 'date', ...more });
const oneOf = (name: string, values: readonly string[], more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'string', enum: values, ...more });
const bool = (name: string): FieldSpec => ({ name, kind: 'boolean' });
const num = (name: string, more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'number', ...more });
const int = (name: string, more: Partial<FieldSpec> = {}): FieldSpec => ({ name, kind: 'integer', ...more });
const tags = (): FieldSpec => ({ name: 'tags', kind: 'array', items: { name: 'tags[]', kind: 'string' } });
const nullable = { nullable: true } as const;

/** Create and update surfaces of one record from one field list: `update` lists the nullable fields on update. */
function createAndUpdate(domain: Domain, section: string, path: string, create: readonly FieldSpec[], update: readonly FieldSpec[]): InputSurface[] {
  return [
    { operation: `POST ${path}`, domain, section, container: 'body', at: [], fields: create },
    { operation: `PATCH ${path}/{id}`, domain, section, container: 'body', at: [], fields: update },
  ];
}

/** The same fields on create and update, with the update's nullable ones. */
function same(fields: readonly FieldSpec[], nullableOnUpdate: readonly string[], nullableOnCreate: readonly string[] = []): [FieldSpec[], FieldSpec[]] {
  const create = fields.map((f) => (nullableOnCreate.includes(f.name) ? { ...f, nullable: true } : f));
  const update = fields.map((f) => (nullableOnUpdate.includes(f.name) ? { ...f, nullable: true } : f));
  return [create, update];
}

const contact = same(
  [
    oneOf('contactType', ['company', 'individual']),
    uuid('parentContactId'),
    str('name', { minLength: 1 }),
    str('email', { format: 'email' }),
    str('phone'),
    str('jobTitle'),
    str('billingEmail', { format: 'email' }),
    str('billingAddress'),
    int('paymentTermsDays', { min: 0 }),
    bool('isBillable'),
    bool('isActive'),
    str('website', { format: 'url' }),
    str('taxNumber'),
    str('notes'),
    tags(),
  ],
  ['parentContactId', 'email', 'phone', 'jobTitle', 'billingEmail', 'billingAddress', 'paymentTermsDays', 'website', 'taxNumber', 'notes'],
);

const expense = same(
  [
    uuid('rootTaskId'),
    uuid('taskId'),
    uuid('supplierId'),
    uuid('claimedByResourceId'),
    uuid('purchaseOrderId'),
    uuid('purchaseOrderLineId'),
    oneOf('expenseType', ['supplier_invoice', 'staff_claim', 'direct_cost']),
    str('category'),
    num('amount', { min: 0 }),
    str('currency', { minLength: 3, maxLength: 3 }),
    str('date'),
    str('description'),
    str('referenceNumber'),
    oneOf('reimbursementStatus', EXPENSE_STATUSES),
    bool('isBillable'),
    num('markupPercentage'),
    { name: 'billableModifiers', kind: 'array', items: { name: 'billableModifiers[]', kind: 'object' } },
    num('billableAmount'),
    oneOf('status', EXPENSE_STATUSES),
    tags(),
  ],
  [
    'rootTaskId',
    'taskId',
    'supplierId',
    'claimedByResourceId',
    'purchaseOrderId',
    'purchaseOrderLineId',
    'category',
    'description',
    'referenceNumber',
    'reimbursementStatus',
    'billableAmount',
  ],
);

const HOURS_CREATE = num('hours', { min: 0, exclusiveMin: true, max: 24 });
const timeEntryCommon = [
  uuid('taskId'),
  uuid('resourceId'),
  date('date'),
  int('durationSeconds', { min: 0, exclusiveMin: true, max: 86400 }),
  str('startTime', { format: 'hh:mm' }),
  str('description'),
  bool('isBillable'),
  num('billableRate'),
  tags(),
];

const resource = same(
  [
    str('name', { minLength: 1 }),
    str('email', { format: 'email' }),
    str('phone'),
    str('jobTitle'),
    uuid('roleId'),
    str('employmentType'),
    str('startDate'),
    str('endDate'),
    str('countryCode'),
    str('regionCode'),
    uuid('homeOfficeId'),
    tags(),
    num('salary', { min: 0 }),
    oneOf('salaryPeriod', PERIODS),
    str('externalUserId'),
  ],
  ['email', 'phone', 'jobTitle', 'roleId', 'startDate', 'endDate', 'countryCode', 'regionCode', 'homeOfficeId', 'salary', 'salaryPeriod', 'externalUserId'],
);

const allocation = same(
  [
    uuid('taskId'),
    uuid('resourceId'),
    uuid('groupId'),
    date('startDate'),
    date('endDate'),
    num('hoursPerDay', { min: 0, max: 24 }),
    num('hours', { min: 0 }),
    str('notes'),
    bool('constraintAcknowledged'),
    str('constraintReason', { maxLength: 1000, trimmed: true }),
  ],
  ['resourceId', 'groupId', 'notes', 'constraintReason'],
  ['resourceId', 'groupId', 'constraintReason'],
);

const webhook = same(
  [
    str('name', { minLength: 1, maxLength: 255 }),
    str('url', { format: 'url', maxLength: 500 }),
    { name: 'events', kind: 'array', minItems: 1, items: oneOf('events[]', EVENT_NAMES) },
    str('description'),
    bool('isActive'),
  ],
  ['description'],
);

const BATCH_ITEM_COMMON = [uuid('taskId'), uuid('resourceId'), date('date'), num('hours', { min: 0, max: 24 })];

const SURFACES: readonly InputSurface[] = [
  // --- 2.1, 4.1 contacts ---
  ...createAndUpdate('contacts', '2.1', '/contacts', ...contact),
  {
    operation: 'GET /contacts',
    domain: 'contacts',
    section: '4.1',
    container: 'query',
    at: [],
    fields: [
      oneOf('contactType', ['company', 'individual']),
      str('contactTypeKey', { minLength: 1, maxLength: 30 }),
      uuid('parentContactId'),
      bool('isActive'),
      bool('isBillable'),
      str('search'),
    ],
  },
  // --- 2.2, 4.2 expenses ---
  ...createAndUpdate('expenses', '2.2', '/expenses', ...expense),
  {
    operation: 'POST /expenses',
    domain: 'expenses',
    section: '2.2',
    container: 'body',
    at: ['billableModifiers', 0],
    fields: [uuid('id'), str('name'), oneOf('type', ['percentage', 'amount', 'multiplier']), str('value')],
  },
  { operation: 'POST /expenses/{id}/reject', domain: 'expenses', section: '4.2', container: 'body', at: [], fields: [str('reason')] },
  {
    operation: 'GET /expenses',
    domain: 'expenses',
    section: '4.2',
    container: 'query',
    at: [],
    fields: [
      uuid('rootTaskId'),
      uuid('taskId'),
      uuid('supplierId'),
      uuid('claimedByResourceId'),
      oneOf('expenseType', ['supplier_invoice', 'staff_claim', 'direct_cost']),
      str('category'),
      oneOf('status', EXPENSE_STATUSES),
      str('dateFrom'),
      str('dateTo'),
      bool('isBillable'),
      bool('isInvoiced'),
    ],
  },
  // --- 2.3, 4.3 time entries ---
  {
    operation: 'POST /time-entries',
    domain: 'time-entries',
    section: '2.3',
    container: 'body',
    at: [],
    fields: [
      ...timeEntryCommon.map((f) => (f.name === 'description' ? { ...f, nullable: true } : f)),
      HOURS_CREATE,
      oneOf('entrySource', ['manual', 'timer', 'copied', 'suggested']),
    ],
  },
  {
    operation: 'PATCH /time-entries/{id}',
    domain: 'time-entries',
    section: '2.3',
    container: 'body',
    at: [],
    fields: [
      ...timeEntryCommon.map((f) => (['startTime', 'description', 'billableRate'].includes(f.name) ? { ...f, nullable: true } : f)),
      num('hours', { min: 0.25, max: 24 }),
      bool('markedBilled'),
    ],
  },
  {
    operation: 'GET /time-entries',
    domain: 'time-entries',
    section: '4.3',
    container: 'query',
    at: [],
    fields: [uuid('taskId'), uuid('resourceId'), uuid('projectId'), date('dateFrom'), date('dateTo'), bool('isBillable'), bool('isInvoiced')],
  },
  // --- 2.4, 4.4 resources ---
  ...createAndUpdate('resources', '2.4', '/resources', resource[0], [...resource[1], bool('isActive')]),
  {
    operation: 'GET /resources',
    domain: 'resources',
    section: '4.4',
    container: 'query',
    at: [],
    fields: [bool('isActive'), uuid('roleId'), uuid('homeOfficeId'), str('search')],
  },
  // --- 2.5, 4.5 rates ---
  {
    operation: 'POST /rates',
    domain: 'rates',
    section: '2.5',
    container: 'body',
    at: [],
    fields: [
      str('name', { minLength: 1 }),
      oneOf('rateType', ['billable', 'cost', 'other']),
      str('currency', { minLength: 3, maxLength: 3 }),
      oneOf('period', PERIODS),
      num('hoursPerPeriod', { min: 0 }),
      bool('isDefault'),
      tags(),
      num('amount', { min: 0 }),
    ],
  },
  {
    operation: 'PATCH /rates/{id}',
    domain: 'rates',
    section: '2.5',
    container: 'body',
    at: [],
    fields: [
      str('name', { minLength: 1 }),
      oneOf('rateType', ['billable', 'cost', 'other']),
      str('currency', { minLength: 3, maxLength: 3 }),
      bool('isDefault'),
      tags(),
    ],
  },
  {
    operation: 'POST /rates/{id}/versions',
    domain: 'rates',
    section: '2.5',
    container: 'body',
    at: [],
    fields: [num('amount', { min: 0 }), date('effectiveFrom'), str('changeReason')],
  },
  {
    operation: 'GET /rates',
    domain: 'rates',
    section: '4.5',
    container: 'query',
    at: [],
    fields: [oneOf('rateType', ['billable', 'cost', 'other']), bool('isActive'), bool('isDefault'), str('search'), str('tags')],
  },
  // --- 2.6, 4.6 allocations ---
  ...createAndUpdate('allocations', '2.6', '/allocations', ...allocation),
  {
    operation: 'GET /allocations',
    domain: 'allocations',
    section: '4.6',
    container: 'query',
    at: [],
    fields: [uuid('resourceId'), uuid('taskId'), uuid('projectId'), date('dateFrom'), date('dateTo')],
  },
  // --- 2.7, 4.7 tasks ---
  {
    operation: 'POST /tasks',
    domain: 'tasks',
    section: '2.7',
    container: 'body',
    at: [],
    fields: [
      uuid('parentTaskId'),
      uuid('versionId'),
      str('name', { minLength: 1 }),
      uuid('taskTypeId', nullable),
      oneOf('taskType', ['project', 'admin', 'template', 'phase', 'stage', 'task']),
      str('startDate'),
      str('endDate'),
      str('description'),
      int('position', { min: 0 }),
    ],
  },
  {
    operation: 'PATCH /tasks/{id}',
    domain: 'tasks',
    section: '2.7',
    container: 'body',
    at: [],
    fields: [
      str('name', { minLength: 1 }),
      uuid('taskTypeId', nullable),
      str('startDate', nullable),
      str('endDate', nullable),
      str('description', nullable),
      oneOf('status', TASK_STATUSES),
      str('color', { format: 'hex-color', nullable: true }),
    ],
  },
  {
    operation: 'GET /tasks',
    domain: 'tasks',
    section: '4.7',
    container: 'query',
    at: [],
    fields: [uuid('projectId'), uuid('parentTaskId'), str('search'), oneOf('lifecycleScope', ['active', 'all'], { default: 'all' })],
  },
  // --- 2.8, 3.3, 4.8 milestones ---
  {
    operation: 'POST /milestones',
    domain: 'milestones',
    section: '2.8',
    container: 'body',
    at: [],
    fields: [
      uuid('projectId'),
      str('name', { minLength: 1 }),
      date('targetDate'),
      str('description'),
      bool('triggersInvoice'),
      { name: 'completionCriteria', kind: 'array' },
      uuid('typeId', nullable),
    ],
  },
  {
    operation: 'PATCH /milestones/{id}',
    domain: 'milestones',
    section: '2.8',
    container: 'body',
    at: [],
    fields: [
      str('name', { minLength: 1 }),
      date('targetDate'),
      str('description', nullable),
      bool('triggersInvoice'),
      { name: 'completionCriteria', kind: 'array' },
      uuid('typeId', nullable),
    ],
  },
  { operation: 'POST /milestones/{id}/complete', domain: 'milestones', section: '4.8', container: 'body', at: [], fields: [date('completedDate')] },
  {
    operation: 'GET /milestones',
    domain: 'milestones',
    section: '4.8',
    container: 'query',
    at: [],
    fields: [uuid('projectId'), oneOf('status', MILESTONE_STATUSES), date('dateFrom'), date('dateTo')],
  },
  // --- 4.9 reports ---
  {
    operation: 'POST /reports/{id}/execute',
    domain: 'reports',
    section: '4.9',
    container: 'body',
    at: [],
    fields: [
      { name: 'filterValues', kind: 'object' },
      int('page', { min: 1 }),
      int('pageSize', { min: 1, max: 500 }),
      { name: 'scope', kind: 'object', strict: true },
    ],
  },
  {
    operation: 'POST /reports/{id}/execute',
    domain: 'reports',
    section: '4.9',
    container: 'body',
    at: ['scope'],
    fields: [oneOf('kind', ['project', 'person', 'contact']), uuid('id')],
  },
  { operation: 'GET /reports', domain: 'reports', section: '4.9', container: 'query', at: [], fields: [str('category'), oneOf('source', ['system', 'user'])] },
  // --- 4.10 batch ---
  {
    operation: 'POST /batch/time-entries',
    domain: 'batch',
    section: '4.10',
    container: 'body',
    at: [],
    fields: [{ name: 'entries', kind: 'array', minItems: 1, maxItems: 100, items: { name: 'entries[]', kind: 'object' } }],
  },
  {
    operation: 'POST /batch/time-entries',
    domain: 'batch',
    section: '4.10',
    container: 'body',
    at: ['entries', 0],
    fields: [
      ...BATCH_ITEM_COMMON,
      str('startTime', { format: 'hh:mm[:ss]' }),
      str('description', nullable),
      bool('isBillable'),
      num('billableRate', { min: 0 }),
      tags(),
    ],
  },
  {
    operation: 'PATCH /batch/time-entries',
    domain: 'batch',
    section: '4.10',
    container: 'body',
    at: [],
    fields: [{ name: 'updates', kind: 'array', minItems: 1, maxItems: 100, items: { name: 'updates[]', kind: 'object' } }],
  },
  {
    operation: 'PATCH /batch/time-entries',
    domain: 'batch',
    section: '4.10',
    container: 'body',
    at: ['updates', 0],
    fields: [
      uuid('id'),
      ...BATCH_ITEM_COMMON,
      str('startTime', { format: 'hh:mm[:ss]', nullable: true }),
      str('description', nullable),
      bool('isBillable'),
      bool('markedBilled'),
      num('billableRate', { min: 0, nullable: true }),
      tags(),
    ],
  },
  {
    operation: 'DELETE /batch/time-entries',
    domain: 'batch',
    section: '4.10',
    container: 'body',
    at: [],
    fields: [{ name: 'ids', kind: 'array', minItems: 1, maxItems: 100, items: uuid('ids[]') }],
  },
  // --- 2.10, 4.11 webhooks ---
  ...createAndUpdate('webhooks', '2.10', '/webhooks', ...webhook),
  { operation: 'GET /webhooks', domain: 'webhooks', section: '4.11', container: 'query', at: [], fields: [bool('isActive')] },
  { operation: 'GET /webhooks/{id}/deliveries', domain: 'webhooks', section: '4.11', container: 'query', at: [], fields: [oneOf('status', DELIVERY_STATUSES)] },
];

/** Paging parameters of every list (spec 4 common rules, 8). */
const PAGING: readonly FieldSpec[] = [int('limit', { min: 1, max: 100, default: 50 }), int('offset', { min: 0, default: 0 })];

/** Every surface; each list's query carries the paging parameters too (and `GET /projects` has only those, 4.12). */
export const INPUT_SURFACES: readonly InputSurface[] = [
  ...SURFACES.map((s) => (s.container === 'query' ? { ...s, fields: [...s.fields, ...PAGING] } : s)),
  { operation: 'GET /projects', domain: 'tasks', section: '4.12', container: 'query', at: [], fields: PAGING },
];

/** `POST /contacts` or `POST /expenses billableModifiers[0]`: a surface as the report names it. */
export function surfaceName(surface: InputSurface): string {
  if (surface.at.length === 0) return surface.operation;
  const path = surface.at.map((p, i) => (typeof p === 'number' ? `[${p}]` : i === 0 ? p : `.${p}`)).join('');
  return `${surface.operation} ${path}`;
}
