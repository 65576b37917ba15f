import { ApiError } from '../errors.js';
import type { Expense, ExpenseFilter } from '../models/expenses.js';
import { defineFaults } from '../policy/declaration.js';
import type { DeleteRules, InputBend, PatchRules, Scope } from '../policy/kinds.js';
import type { ExpenseCreateInput, ExpenseSchemaLoosening, ExpenseUpdateInput } from '../schemas/expenses.js';

/** A check of a PATCH against the stored expense, before anything is written: throws to refuse it. */
export type UpdateCheck = (existing: Expense, input: ExpenseUpdateInput) => void;

/** What may bend in the expense routes (spec 4.2): each field is one behaviour a fault or variant can change. */
export interface ExpensesPolicy {
  /** Body rules of spec 2.2 and 4.2 the validator leaves out. */
  readonly loosened: ExpenseSchemaLoosening;
  /** The expenseType filter takes only the types of spec 3.1 (else 400), or any string. */
  readonly typeFilterChecked: boolean;
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof ExpenseFilter)[];
  /** Changes made to a valid create before it is stored. */
  readonly createBends: readonly InputBend<ExpenseCreateInput>[];
  /** Changes made to a valid update before it is applied. */
  readonly updateBends: readonly InputBend<ExpenseUpdateInput>[];
  /** Checks of a PATCH against the stored expense after the final-state rule (none in the spec). */
  readonly updateChecks: readonly UpdateCheck[];
  /** Where GET /expenses/{id} finds expenses. */
  readonly readScope: Scope;
  readonly patch: PatchRules;
  readonly delete: DeleteRules;
  /** Approve needs no body (spec 4.2: "No body"), or refuses a request without one with 400. */
  readonly approveNeedsBody: boolean;
  /** Approve sets the status approved (spec 4.2), or answers the expense as it was. */
  readonly approveSetsStatus: boolean;
  /** Reject answers 200 with {data: expense} (spec 4.2), or 204 without a body. */
  readonly rejectAnswer: 'record' | 'no-content';
  /**
   * Statuses (and reimbursement statuses) that are final: an expense in one refuses a change of
   * that field, and approve and reject, with 409 (spec 3.1 shows no transitions: none is final).
   */
  readonly finalStates: readonly string[];
  /** Copies kept beside the store that a write forgets to refresh (reference/routes/sequences.faults.ts). */
  readonly interactions: { readonly statusIndex?: boolean; readonly patchUndeletes?: boolean };
}

/** The spec's behaviour. */
export const EXPENSES_POLICY: ExpensesPolicy = {
  loosened: {},
  typeFilterChecked: true,
  ignoredFilters: [],
  createBends: [],
  updateBends: [],
  updateChecks: [],
  readScope: 'organisation',
  patch: { resetOmitted: false, ignoreNull: false },
  delete: { removes: true, answer: 'no-content' },
  approveNeedsBody: false,
  approveSetsStatus: true,
  rejectAnswer: 'record',
  finalStates: [],
  interactions: {},
};

/** Variant transitions-terminal-409: the states an expense does not leave. */
export const FINAL_EXPENSE_STATES: readonly string[] = ['paid', 'rejected'];

/** The amount is stored rounded to a whole number. */
const roundedAmount: InputBend<ExpenseCreateInput> = (input) => ({ ...input, amount: Math.round(input.amount) });

/** The amount sent is dropped: the stored one stays. */
const amountDropped: InputBend<ExpenseUpdateInput> = (input) => ({ ...input, amount: undefined });

/** The server breaks (nothing written) on a status change out of paid. */
const paidStatusChangeBreaks: UpdateCheck = (existing, input) => {
  if (existing.status === 'paid' && input.status !== undefined && input.status !== 'paid') {
    throw new ApiError(500, 'INTERNAL_ERROR', 'internal error');
  }
};

/** The faults of the expense routes (spec 4.3) (policy slot `expenses`). */
export const EXPENSE_FAULTS = defineFaults({
  'ex-negative-amount': {
    changes: 'expense amount accepts negative numbers',
    suite: 'expenses',
    breaks: 'EX-AMOUNT-MIN',
    policy: { expenses: { loosened: { negativeAmount: true } } },
  },
  'ex-currency-length-unchecked': {
    changes: 'expense currency accepts any length',
    suite: 'expenses',
    breaks: 'EX-CURRENCY-LENGTH',
    policy: { expenses: { loosened: { currencyUnchecked: true } } },
  },
  'ex-modifier-type-unchecked': {
    changes: 'expense billableModifiers type accepts any string',
    suite: 'expenses',
    breaks: 'EX-MODIFIERS',
    policy: { expenses: { loosened: { modifierTypeUnchecked: true } } },
  },
  'ex-status-enum-unchecked': {
    changes: 'expense status accepts any string on create and update',
    suite: 'expenses',
    breaks: 'EX-STATUS-ENUM',
    policy: { expenses: { loosened: { statusUnchecked: true } } },
  },
  'ex-approve-status-unchanged': {
    changes: 'POST /expenses/{id}/approve answers 200 but leaves the status',
    suite: 'expenses',
    breaks: 'EX-APPROVE-STATUS',
    policy: { expenses: { approveSetsStatus: false } },
  },
  'ex-reject-returns-204': {
    changes: 'POST /expenses/{id}/reject answers 204 without body',
    suite: 'expenses',
    breaks: 'EX-REJECT',
    also: ['EX-REJECT-STATUS'],
    policy: { expenses: { rejectAnswer: 'no-content' } },
  },
  'ex-filter-status-ignored': {
    changes: 'GET /expenses ignores the status filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-STATUS',
    policy: { expenses: { ignoredFilters: ['status'] } },
  },
  'ex-date-not-required': {
    changes: 'expense create without date is accepted',
    suite: 'expenses',
    breaks: 'EX-CREATE-REQUIRED',
    policy: { expenses: { loosened: { dateNotRequired: true } } },
  },
  'ex-patch-resets-omitted': {
    changes: 'expense PATCH replaces the record: omitted optional fields become null/default',
    suite: 'expenses',
    breaks: 'EX-UPDATE-OMITTED',
    policy: { expenses: { patch: { resetOmitted: true } } },
  },
  'ex-create-amount-rounded': {
    changes: 'expense create stores amount rounded to a whole number',
    suite: 'expenses',
    breaks: 'EX-CREATE-VALID',
    policy: { expenses: { createBends: [roundedAmount] } },
  },
  'ex-update-amount-ignored': {
    changes: 'expense PATCH answers 200 but leaves amount unchanged',
    suite: 'expenses',
    breaks: 'EX-UPDATE-VALID',
    policy: { expenses: { updateBends: [amountDropped] } },
  },
  'ex-type-enum-unchecked': {
    changes: 'expense expenseType accepts any string on create and update',
    suite: 'expenses',
    breaks: 'EX-TYPE-ENUM',
    policy: { expenses: { loosened: { typeUnchecked: true } } },
  },
  'ex-po-line-uuid-unchecked': {
    changes: 'expense purchaseOrderLineId accepts non-UUID strings',
    suite: 'expenses',
    breaks: 'EX-IDS-UUID',
    policy: { expenses: { loosened: { purchaseOrderLineIdUnchecked: true } } },
  },
  'ex-date-type-unchecked': {
    changes: 'expense date accepts any non-null JSON value (numbers, booleans, arrays, objects)',
    suite: 'expenses',
    breaks: 'EX-FIELD-TYPES',
    policy: { expenses: { loosened: { dateTypeUnchecked: true } } },
  },
  'ex-tags-nullable': {
    changes: 'expense update accepts tags null and clears them',
    suite: 'expenses',
    breaks: 'EX-NULL-NOT-NULLABLE',
    policy: { expenses: { loosened: { tagsNullable: true } } },
  },
  'ex-null-ignored': {
    changes: 'expense PATCH with null on a nullable field keeps the old value',
    suite: 'expenses',
    breaks: 'EX-UPDATE-NULL-CLEARS',
    also: ['EX-UPDATE-VALID'],
    policy: { expenses: { patch: { ignoreNull: true } } },
  },
  'ex-delete-ignored': {
    changes: 'DELETE /expenses/{id} answers 204 but keeps the expense',
    suite: 'expenses',
    breaks: 'EX-DELETE',
    policy: { expenses: { delete: { removes: false } } },
  },
  'ex-approve-body-required': {
    changes: 'POST /expenses/{id}/approve without a body answers 400',
    suite: 'expenses',
    breaks: 'EX-APPROVE',
    also: ['EX-APPROVE-STATUS'],
    policy: { expenses: { approveNeedsBody: true } },
  },
  'ex-query-type-unchecked': {
    changes: 'GET /expenses accepts any expenseType value (an unknown one matches nothing)',
    suite: 'expenses',
    breaks: 'EX-QUERY-INVALID',
    policy: { expenses: { typeFilterChecked: false } },
  },
  'ex-filter-claimant-ignored': {
    changes: 'GET /expenses ignores the claimedByResourceId filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-REFS',
    policy: { expenses: { ignoredFilters: ['claimedByResourceId'] } },
  },
  'ex-filter-type-ignored': {
    changes: 'GET /expenses ignores the expenseType filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-TYPE',
    policy: { expenses: { ignoredFilters: ['expenseType'] } },
  },
  'ex-filter-category-ignored': {
    changes: 'GET /expenses ignores the category filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-CATEGORY',
    policy: { expenses: { ignoredFilters: ['category'] } },
  },
  'ex-filter-date-to-ignored': {
    changes: 'GET /expenses ignores dateTo (dateFrom still applies)',
    suite: 'expenses',
    breaks: 'EX-FILTER-DATE',
    policy: { expenses: { ignoredFilters: ['dateTo'] } },
  },
  'ex-filter-billable-ignored': {
    changes: 'GET /expenses ignores the isBillable filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-BILLABLE',
    policy: { expenses: { ignoredFilters: ['isBillable'] } },
  },
  'ex-filter-invoiced-ignored': {
    changes: 'GET /expenses ignores the isInvoiced filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-INVOICED',
    policy: { expenses: { ignoredFilters: ['isInvoiced'] } },
  },
  'ex-paid-status-change-500': {
    changes: 'PATCH of a paid expense that changes its status answers 500 (nothing is written)',
    suite: 'expenses',
    breaks: 'TRANSITION-REFUSED-UNCHANGED',
    policy: { expenses: { updateChecks: [paidStatusChangeBreaks] } },
  },
  'sec-expense-cross-org-read': {
    changes: "GET /expenses/{id} finds other organisations' expenses",
    suite: 'security',
    breaks: 'SEC-ISOLATION-READ',
    policy: { expenses: { readScope: 'everywhere' } },
  },
  'sec-expense-cross-org-read-bearer': {
    changes: "GET /expenses/{id} with the key sent as Authorization: Bearer finds other organisations' expenses (X-API-Key is scoped)",
    suite: 'security',
    breaks: 'SEC-ISOLATION-READ',
    policy: { expenses: { readScope: 'everywhere-as-bearer' } },
  },
});
