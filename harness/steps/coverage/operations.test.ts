import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { allocationUpdateSchema } from '../../spec/allocations.js';
import { contactUpdateSchema } from '../../spec/contacts.js';
import { expenseUpdateSchema } from '../../spec/expenses.js';
import { milestoneUpdateSchema } from '../../spec/milestones.js';
import { resourceUpdateSchema } from '../../spec/resources.js';
import { taskUpdateSchema } from '../../spec/tasks.js';
import { timeEntryUpdateSchema } from '../../spec/time-entries.js';
import { sequenceDomains } from '../exploration/domains.js';
import { chainOf } from './run.js';
import { coverageOperations, currentFilter, listAfter } from './operations.js';
import type { ModelRecord } from '../exploration/model.js';

const domains = sequenceDomains({
  taskId: '11111111-1111-4111-8111-111111111111',
  versionId: '22222222-2222-4222-8222-222222222222',
  runTag: 'coverage-unit',
  projectId: '33333333-3333-4333-8333-333333333333',
});
const domain = (name: string) => domains.find((d) => d.name === name)!;

/**
 * The update fields of the spec's tables (harness/spec/) the exploration's domains leave out on
 * purpose (domains.ts says why): every other one gets a PATCH of its own.
 */
const LEFT_OUT: Readonly<Record<string, readonly string[]>> = {
  contacts: ['contactType'],
  // The reimbursement follows the status (a server may tie them: spec 3.1 does not say); the generator fits the references to the expense type, and these it never writes alone.
  expenses: ['reimbursementStatus', 'rootTaskId', 'supplierId', 'purchaseOrderId', 'purchaseOrderLineId'],
  'time-entries': [],
  // No role ids are configured for the sequences (a server may check that a role exists).
  resources: ['roleId'],
  tasks: [],
  milestones: ['completionCriteria'],
  allocations: ['hours', 'taskId'],
};
const SCHEMAS: Readonly<Record<string, z.ZodObject>> = {
  contacts: contactUpdateSchema,
  expenses: expenseUpdateSchema,
  'time-entries': timeEntryUpdateSchema,
  resources: resourceUpdateSchema,
  tasks: taskUpdateSchema,
  milestones: milestoneUpdateSchema,
  allocations: allocationUpdateSchema,
};

describe('coverageOperations', () => {
  it("gives every update field of the spec's table a PATCH of its own, but those the domain leaves out", () => {
    for (const [name, schema] of Object.entries(SCHEMAS)) {
      const patched = coverageOperations(domain(name), 7)
        .filter((op) => op.name.startsWith('PATCH '))
        .map((op) => op.field);
      const expected = Object.keys(schema.shape).filter((f) => !LEFT_OUT[name]!.includes(f));
      expect([...patched].sort(), name).toEqual([...expected].sort());
    }
  });

  it("holds the domain's own operations and every read path, the same for every seed", () => {
    const names = (seed: number) => coverageOperations(domain('expenses'), seed).map((op) => op.name);
    expect(names(1)).toEqual(names(99));
    expect(names(1)).toEqual(expect.arrayContaining(['approve', 'reject', 'read by id', 'list', 'list ?status', 'list ?isBillable', 'pages of 1']));
    expect(coverageOperations(domain('rates'), 1).map((op) => op.name)).toEqual(expect.arrayContaining(['add a version', 'list the versions', 'search']));
    expect(coverageOperations(domain('time-entries'), 1).map((op) => op.name)).toContain('batch update');
    expect(coverageOperations(domain('time-entries'), 1).map((op) => op.name)).not.toContain('batch delete');
  });

  it('reads the list filtered by the field a PATCH wrote, where the domain defines one', () => {
    const ops = coverageOperations(domain('contacts'), 1);
    expect(listAfter(ops, 'isBillable')?.name).toBe('list ?isBillable');
    expect(listAfter(ops, 'notes')).toBeUndefined();
  });

  it("lists by the record's current value of the filter's field", () => {
    const record = { fields: { isActive: false }, learned: {} } as unknown as ModelRecord;
    const filter = currentFilter({ query: { isActive: 'true' }, conditions: [{ field: 'isActive', op: 'eq', value: true }] }, record);
    expect(filter).toEqual({ query: { isActive: 'false' }, conditions: [{ field: 'isActive', op: 'eq', value: false }] });
  });
});

describe('chainOf', () => {
  it('runs every ordered pair of the operations once, and each before and after a delete', () => {
    const steps = chainOf(5);
    const ops = steps.filter((s) => s.kind === 'op');
    expect(ops).toHaveLength(5 * 5 + 1 + 2 * 5);
    expect(steps.filter((s) => s.kind === 'delete')).toHaveLength(5);
    expect(steps.filter((s) => s.kind === 'isolation')).toHaveLength(1);
    expect(steps.at(-1)?.kind).toBe('audit');
  });
});
