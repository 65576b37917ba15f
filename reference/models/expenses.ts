import { EXPENSE_FIELDS, type ExpenseCreateInput, type ExpenseUpdateInput, type FinancialModifier } from '../schemas/expenses.js';
import { applyPatch, DEFAULT_CURRENCY, pickFields, sameId, type PatchBehaviour } from './fields.js';

/**
 * A stored expense: every field of spec 2.2 (table order), unset optional fields as null,
 * plus `isInvoiced` (always false: nothing in the reference invoices) and
 * `rejectionReason` (set by the reject operation).
 */
export interface Expense {
  id: string;
  rootTaskId: string | null;
  taskId: string | null;
  supplierId: string | null;
  claimedByResourceId: string | null;
  purchaseOrderId: string | null;
  purchaseOrderLineId: string | null;
  expenseType: string;
  category: string | null;
  amount: number;
  currency: string;
  /** null only under the ex-date-not-required fault. */
  date: string | null;
  description: string | null;
  referenceNumber: string | null;
  reimbursementStatus: string | null;
  isBillable: boolean;
  markupPercentage: number | null;
  billableModifiers: FinancialModifier[];
  billableAmount: number | null;
  status: string;
  tags: string[];
  isInvoiced: boolean;
  rejectionReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/**
 * The spec gives no defaults. The reference chooses: currency DEFAULT_CURRENCY, status
 * `draft` (the first value of the 3.1 enum), reimbursementStatus null, isBillable false,
 * markupPercentage null.
 */
function defaults(): Omit<Expense, 'id' | 'expenseType' | 'amount' | 'createdAt' | 'updatedAt'> {
  return {
    rootTaskId: null,
    taskId: null,
    supplierId: null,
    claimedByResourceId: null,
    purchaseOrderId: null,
    purchaseOrderLineId: null,
    category: null,
    currency: DEFAULT_CURRENCY,
    date: null,
    description: null,
    referenceNumber: null,
    reimbursementStatus: null,
    isBillable: false,
    markupPercentage: null,
    billableModifiers: [],
    billableAmount: null,
    status: 'draft',
    tags: [],
    isInvoiced: false,
    rejectionReason: null,
  };
}

export function createExpense(input: ExpenseCreateInput, id: string, now: string): Expense {
  const { rootTaskId, taskId, supplierId, claimedByResourceId, purchaseOrderId, purchaseOrderLineId, ...rest } = {
    ...defaults(),
    ...pickFields(input, EXPENSE_FIELDS),
  } as Omit<Expense, 'id' | 'createdAt' | 'updatedAt'>;
  // field order follows spec 2.2 so that records read like the table
  return { id, rootTaskId, taskId, supplierId, claimedByResourceId, purchaseOrderId, purchaseOrderLineId, ...rest, createdAt: now, updatedAt: now };
}

export function patchExpense(existing: Expense, input: ExpenseUpdateInput, now: string, behaviour: PatchBehaviour = {}): Expense {
  // the reset fault resets optional fields only: not date (required on create), nor what
  // only operations set (isInvoiced, rejectionReason)
  const { date: _date, isInvoiced: _isInvoiced, rejectionReason: _reason, ...resettable } = defaults();
  return applyPatch(existing, pickFields(input, EXPENSE_FIELDS), now, resettable, behaviour);
}

/**
 * spec 3.1 leaves transitions open: approve and reject work from any status. Approve
 * clears an earlier rejectionReason; reject stores the reason (null without one).
 */
export function approveExpense(existing: Expense, now: string): Expense {
  return { ...existing, status: 'approved', rejectionReason: null, updatedAt: now };
}

export function rejectExpense(existing: Expense, reason: string | null, now: string): Expense {
  return { ...existing, status: 'rejected', rejectionReason: reason, updatedAt: now };
}

export interface ExpenseFilter {
  rootTaskId?: string;
  taskId?: string;
  supplierId?: string;
  claimedByResourceId?: string;
  expenseType?: string;
  category?: string;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
  isBillable?: boolean;
  isInvoiced?: boolean;
}

/**
 * spec 4.2 list filters. category is an exact (case-sensitive) match. dateFrom/dateTo are
 * plain strings (as the expense date is), compared as strings, bounds inclusive.
 */
export function filterExpenses(expenses: readonly Expense[], filter: ExpenseFilter): Expense[] {
  return expenses.filter(
    (e) =>
      sameId(filter.rootTaskId, e.rootTaskId) &&
      sameId(filter.taskId, e.taskId) &&
      sameId(filter.supplierId, e.supplierId) &&
      sameId(filter.claimedByResourceId, e.claimedByResourceId) &&
      (filter.expenseType === undefined || e.expenseType === filter.expenseType) &&
      (filter.category === undefined || e.category === filter.category) &&
      (filter.status === undefined || e.status === filter.status) &&
      (filter.dateFrom === undefined || (e.date !== null && e.date >= filter.dateFrom)) &&
      (filter.dateTo === undefined || (e.date !== null && e.date <= filter.dateTo)) &&
      (filter.isBillable === undefined || e.isBillable === filter.isBillable) &&
      (filter.isInvoiced === undefined || e.isInvoiced === filter.isInvoiced),
  );
}
