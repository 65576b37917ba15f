import fc from 'fast-check';
import { contactCreate, contactUpdate } from '../../generators/contacts.js';
import { EXPENSE_TYPES, EXPENSE_STATUSES } from '../../spec/expenses.js';
import { expenseCreate, expenseUpdate } from '../../generators/expenses.js';
import { resourceCreate, resourceRuleFree, resourceUpdate } from '../../generators/resources.js';
import { taskCreate, taskUpdate } from '../../generators/tasks.js';
import { timeEntryCreate, timeEntryUpdate } from '../../generators/time-entries.js';
import { pastDate } from '../../generators/primitives.js';
import type { Condition, DomainName, ModelRecord } from './model.js';
import type { SequenceWorld } from './world.js';
import { Action } from './commands.js';
import { batchActions } from './batch.js';
import { allocations } from './domain-allocations.js';
import { milestones } from './domain-milestones.js';
import { rates } from './domain-rates.js';

/*
 * What the exploration knows of each domain it covers: where it lives, valid bodies (from the
 * domain generators), the query that holds only the sequence's own records (its scope), the
 * filters the spec defines for it, and the fields the spec leaves to the server.
 *
 * The records a sequence makes point at its scope (a parent contact, a resource, a home office it
 * made or drew for itself): bodies name them as placeholders, filled in when the sequence runs.
 */

/** Placeholders for the ids a sequence makes at its start (each sequence has its own). */
export const SCOPE_PLACEHOLDERS = {
  parent1: '@scope-parent-1',
  parent2: '@scope-parent-2',
  resource: '@scope-resource',
  office: '@scope-office',
  task: '@scope-task',
  staff1: '@scope-staff-1',
  staff2: '@scope-staff-2',
  rateTag: '@scope-rate-tag',
  rateTagB: '@scope-rate-tag-b',
  milestoneDay: '@scope-milestone-day',
} as const;

export type ScopeIds = Readonly<Record<keyof typeof SCOPE_PLACEHOLDERS, string>>;

/** A list query beyond the scope: its parameters and the conditions they mean. */
export interface ListFilter {
  readonly query: Readonly<Record<string, string>>;
  readonly conditions: readonly Condition[];
}

export type Body = Record<string, unknown>;

export interface SequenceDomain {
  readonly name: DomainName;
  readonly path: string;
  readonly noun: string;
  /** The letter of the shell variables its ids are bound to (C1, C2, ...). */
  readonly letter: string;
  readonly deletion: 'hard' | 'soft';
  /** The field every record of the sequence names its scope in, and the scope values it may hold. */
  readonly scopeField: string;
  readonly scopeValues: readonly (keyof typeof SCOPE_PLACEHOLDERS)[];
  readonly create: fc.Arbitrary<Body>;
  readonly update: fc.Arbitrary<Body>;
  /** Filters the spec defines for the list (spec 4.1 to 4.4), beyond the scope. */
  readonly filters: fc.Arbitrary<ListFilter>;
  /** Fields whose value the server chooses when a create leaves them out: learned at the first read. */
  readonly defaults: readonly string[];
  /** A write naming one of the inputs may decide the other fields too (a rule the spec neither states nor forbids). */
  readonly linked: ReadonlyArray<readonly [readonly string[], readonly string[]]>;
  /** The list has `isActive`: a list without it may leave inactive records out (spec 4.1, 4.4 do not say). */
  readonly activeFlag: boolean;
  /** The list has `search` (spec 4.1, 4.4): the field a search by the current value must find. */
  readonly searchField?: string;
  /** Filter fields the end of each sequence lists by, with each value its records hold then. */
  readonly auditFilters: readonly string[];
  /** The list query and conditions under a scope value and a filter, where the scope is more than `scopeField = value`. */
  readonly scoped?: (scopeValue: string, filter: ListFilter) => ListFilter;
  /** Records the sequence did not make may share the scope: the paging total is not judged. */
  readonly sharedScope?: boolean;
  /** Commands of the domain's own (actions, versions), beside the common ones. */
  readonly commands?: ReadonlyArray<fc.Arbitrary<fc.AsyncCommand<SequenceWorld, SequenceWorld>>>;
  /** Judges what a read by id shows beyond the written fields (before they are judged). */
  readonly judgeShown?: (record: ModelRecord, shown: Record<string, unknown>, what: string) => void;
  /** What the audit at the end of each sequence reads of each record beyond the record itself (a rate's versions). */
  readonly audit?: (world: SequenceWorld, record: ModelRecord) => Promise<void>;
  /** What a delete leaves that the spec decides (a rate's isActive false), after what it left is forgotten. */
  readonly afterDelete?: (record: ModelRecord) => void;
  /**
   * Fields of the update table the update generator never writes (a state field, whose
   * transitions the spec does not show), with the values the coverage phase writes them with
   * alone; a refusal is the server's choice (observed).
   */
  readonly stateFields?: Readonly<Record<string, readonly unknown[]>>;
  /** The domain's own operations on one record beyond read, update and delete (its actions, a rate's versions, a search of its own): the coverage phase runs each of them. */
  readonly actions?: readonly DomainAction[];
}

/** One of a domain's own operations on a record, as the coverage phase (harness/steps/coverage/) runs it. */
export interface DomainAction {
  /** How the coverage table and a failure name it: `approve`, `complete`, `add a version`. */
  readonly name: string;
  /** Whether it may change the record (a write), or only shows it (a read path). */
  readonly writes: boolean;
  /** The command on the `pick`-th record of the domain (world.pick), with the values drawn for it. */
  readonly command: fc.Arbitrary<(pick: number) => fc.AsyncCommand<SequenceWorld, SequenceWorld>>;
  /** It deletes the record (a batch delete): the coverage phase deletes with it instead of DELETE on every other record, never in its circuit. */
  readonly deletes?: boolean | undefined;
  /** Its request on a record's path (`POST {path}/{id}/approve`), as the isolation rows send it with the other organisation's key. */
  readonly request: { readonly method: 'GET' | 'POST'; readonly sub: string; readonly body?: Record<string, unknown> | undefined } | undefined;
}

export interface DomainConstraints {
  /** A task of the configured project the exploration made (time entries and expenses point at it). */
  readonly taskId: string;
  /** CONFORMANCE_VERSION_ID: tasks are created with it (spec 2.7). */
  readonly versionId: string;
  readonly runTag: string;
  /** CONFORMANCE_PROJECT_ID: milestones belong to it (spec 2.8). */
  readonly projectId: string;
}

const bool = fc.boolean();
const booleanFilter = (field: string): fc.Arbitrary<ListFilter> =>
  bool.map((value) => ({ query: { [field]: String(value) }, conditions: [{ field, op: 'eq', value }] }));
const enumFilter = (field: string, values: readonly string[]): fc.Arbitrary<ListFilter> =>
  fc.constantFrom(...values).map((value) => ({ query: { [field]: value }, conditions: [{ field, op: 'eq', value }] }));
const NO_FILTER: ListFilter = { query: {}, conditions: [] };

const P = SCOPE_PLACEHOLDERS;

/**
 * Contacts (spec 2.1, 4.1): individuals under one of the sequence's two parent contacts, so they
 * can move between parents. contactType is never changed: a server may tie other fields to it
 * (the domain suite covers the type rules); a company may hold no job title or parent.
 */
function contacts(c: DomainConstraints): SequenceDomain {
  const constraints = { parentContactIds: [P.parent1, P.parent2], runTag: c.runTag };
  return {
    name: 'contacts',
    path: '/contacts',
    noun: 'contact',
    letter: 'C',
    deletion: 'hard',
    scopeField: 'parentContactId',
    scopeValues: ['parent1', 'parent2'],
    create: fc
      .tuple(contactCreate(constraints), fc.constantFrom(P.parent1, P.parent2))
      .map(([body, parent]) => ({ ...body, contactType: 'individual', parentContactId: parent })),
    update: contactUpdate(constraints).map((body) => {
      const { contactType: _type, ...rest } = body as Body;
      return Object.keys(rest).length > 0 ? rest : { notes: 'changed by a conformance sequence' };
    }),
    filters: fc.oneof(fc.constant(NO_FILTER), booleanFilter('isActive'), booleanFilter('isBillable'), enumFilter('contactType', ['individual', 'company'])),
    defaults: ['isActive', 'isBillable'],
    linked: [],
    activeFlag: true,
    auditFilters: ['isActive'],
    searchField: 'name',
  };
}

/** Time entries (spec 2.3, 4.3): on the exploration's task, logged by the sequence's resource. */
function timeEntries(c: DomainConstraints): SequenceDomain {
  const constraints = { taskIds: [c.taskId], resourceIds: [P.resource], runTag: c.runTag };
  const domain: SequenceDomain = {
    name: 'time-entries',
    path: '/time-entries',
    noun: 'time entry',
    letter: 'T',
    deletion: 'hard',
    scopeField: 'resourceId',
    scopeValues: ['resource'],
    create: timeEntryCreate(constraints).map((body) => ({ ...body, resourceId: P.resource })),
    update: timeEntryUpdate(constraints),
    filters: fc.oneof(
      fc.constant(NO_FILTER),
      booleanFilter('isBillable'),
      fc.constant({ query: { taskId: c.taskId }, conditions: [{ field: 'taskId', op: 'eq', value: c.taskId }] } as ListFilter),
      pastDate().map((day): ListFilter => ({ query: { dateFrom: day }, conditions: [{ field: 'date', op: 'from', value: day }] })),
      pastDate().map((day): ListFilter => ({ query: { dateTo: day }, conditions: [{ field: 'date', op: 'to', value: day }] })),
    ),
    defaults: ['isBillable'],
    // A server may keep one of hours and durationSeconds derived from the other (spec 2.3 ties them by no rule).
    linked: [
      [['hours'], ['durationSeconds']],
      [['durationSeconds'], ['hours']],
    ],
    activeFlag: false,
    auditFilters: ['isBillable'],
    // spec 4.10: the batch operations on time entries.
    actions: batchActions(() => domain),
  };
  return domain;
}

/**
 * Expenses (spec 2.2, 3.1, 4.2): claimed by the sequence's resource. Statuses change by approve
 * and reject only (the transitions are not shown: what each leaves is learned).
 */
function expenses(c: DomainConstraints): SequenceDomain {
  const constraints = { resourceIds: [P.resource], taskIds: [c.taskId], runTag: c.runTag };
  const domain: SequenceDomain = {
    name: 'expenses',
    path: '/expenses',
    noun: 'expense',
    letter: 'E',
    deletion: 'hard',
    scopeField: 'claimedByResourceId',
    scopeValues: ['resource'],
    create: expenseCreate(constraints).map((body) => ({ ...body, claimedByResourceId: P.resource })),
    update: expenseUpdate(constraints),
    filters: fc.oneof(fc.constant(NO_FILTER), booleanFilter('isBillable'), enumFilter('status', EXPENSE_STATUSES), enumFilter('expenseType', EXPENSE_TYPES)),
    defaults: ['isBillable', 'status'],
    linked: [
      // a server may derive rootTaskId from taskId, and tie the claim's state to its type
      [['taskId'], ['rootTaskId']],
      [['expenseType'], ['reimbursementStatus', 'claimedByResourceId', 'supplierId']],
      // and the claim's reimbursement to the expense's status
      [['status'], ['reimbursementStatus']],
    ],
    stateFields: { status: ['pending', 'approved'] },
    activeFlag: false,
    auditFilters: ['status', 'expenseType'],
    // spec 3.1, 4.2: approve and reject.
    actions: (['approve', 'reject'] as const).map((action) => ({
      name: action,
      writes: true,
      command: fc.constant((pick: number) => new Action(domain, pick, action)),
      request: { method: 'POST' as const, sub: action, body: action === 'reject' ? { reason: 'rejected by a conformance sequence' } : undefined },
    })),
  };
  return domain;
}

/**
 * Resources (spec 2.4, 4.4): in the sequence's home office (an id drawn for it). A delete is a
 * soft delete: what it leaves is learned. A server may end a resource it deactivates and
 * deactivate one it ends (record-rules), so isActive and endDate decide each other.
 */
function resources(c: DomainConstraints): SequenceDomain {
  const constraints = { homeOfficeIds: [P.office], runTag: c.runTag };
  return {
    name: 'resources',
    path: '/resources',
    noun: 'resource',
    letter: 'S',
    deletion: 'soft',
    scopeField: 'homeOfficeId',
    scopeValues: ['office'],
    create: resourceCreate(constraints).map((body) => resourceRuleFree({ ...body, homeOfficeId: P.office })),
    // Half the updates leave isActive and endDate alone: only those show what a soft delete leaves.
    update: fc.tuple(resourceUpdate(constraints), fc.boolean()).map(([body, flags]) => {
      const { isActive: _active, endDate: _end, ...rest } = body as Body;
      return resourceRuleFree(flags ? body : Object.keys(rest).length > 0 ? rest : { jobTitle: 'changed by a conformance sequence' });
    }),
    filters: fc.oneof(fc.constant(NO_FILTER), booleanFilter('isActive')),
    defaults: ['isActive'],
    linked: [
      [['isActive'], ['endDate']],
      [['endDate'], ['isActive']],
    ],
    activeFlag: true,
    auditFilters: ['isActive'],
    searchField: 'name',
  };
}

/**
 * Tasks (spec 2.7, 4.7): children of the sequence's own parent task under the configured project.
 * A delete is a soft delete (what a read then answers is learned). Positions are not sent (a
 * server may renumber siblings), nor the legacy taskType (a server may keep it as a taskTypeId,
 * and derive that again when it is cleared). Which tasks `lifecycleScope=active` covers is not shown, so only
 * `all` (the default) is listed.
 */
function tasks(c: DomainConstraints): SequenceDomain {
  const constraints = { parentTaskIds: [P.task], versionIds: [c.versionId], runTag: c.runTag };
  return {
    name: 'tasks',
    path: '/tasks',
    noun: 'task',
    letter: 'K',
    deletion: 'soft',
    scopeField: 'parentTaskId',
    scopeValues: ['task'],
    create: taskCreate(constraints).map((body) => {
      const { position: _position, taskType: _taskType, ...rest } = body as Body;
      return { ...rest, parentTaskId: P.task };
    }),
    update: taskUpdate(constraints) as fc.Arbitrary<Body>,
    filters: fc.oneof(fc.constant(NO_FILTER), fc.constant({ query: { lifecycleScope: 'all' }, conditions: [] } as ListFilter)),
    defaults: [],
    linked: [],
    activeFlag: false,
    searchField: 'name',
    auditFilters: [],
    stateFields: { status: ['in_progress', 'completed'] },
  };
}

/** The domains the exploration covers. */
export function sequenceDomains(c: DomainConstraints): readonly SequenceDomain[] {
  return [contacts(c), timeEntries(c), expenses(c), resources(c), tasks(c), milestones(c), allocations(c), rates(c)];
}

/** A body with the scope placeholders replaced by the sequence's ids. */
export function filled(body: Body, scope: ScopeIds): Body {
  const ids = new Map<string, string>(Object.entries(SCOPE_PLACEHOLDERS).map(([key, placeholder]) => [placeholder, scope[key as keyof ScopeIds]]));
  const fill = (value: unknown): unknown => {
    if (typeof value === 'string') return ids.get(value) ?? dayFrom(value, ids) ?? value;
    if (Array.isArray(value)) return value.map(fill);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v)]));
    return value;
  };
  return fill(body) as Body;
}

/** `@scope-milestone-day+3`: the scope day moved by whole days (records dated around the sequence's own day). */
function dayFrom(value: string, ids: ReadonlyMap<string, string>): string | undefined {
  const match = /^(@scope-[a-z0-9-]+)([+-]\d+)$/.exec(value);
  const day = match === null ? undefined : ids.get(match[1]!);
  if (match === null || day === undefined || !/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  return new Date(Date.parse(`${day}T00:00:00Z`) + Number(match[2]) * 86_400_000).toISOString().slice(0, 10);
}
