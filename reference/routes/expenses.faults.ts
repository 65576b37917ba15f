import { defineFaults } from '../policy/declaration.js';

/** What may bend in the expense routes (spec 4.3): each field is one behaviour a fault can change. */
export interface ExpensesPolicy {}

/** The spec's behaviour. */
export const EXPENSES_POLICY: ExpensesPolicy = {};

/** The faults of the expense routes (spec 4.3) (policy slot `expenses`). */
export const EXPENSE_FAULTS = defineFaults({
  'ex-negative-amount': {
    changes: 'expense amount accepts negative numbers',
    suite: 'expenses',
    breaks: 'EX-AMOUNT-MIN',
  },
  'ex-currency-length-unchecked': {
    changes: 'expense currency accepts any length',
    suite: 'expenses',
    breaks: 'EX-CURRENCY-LENGTH',
  },
  'ex-modifier-type-unchecked': {
    changes: 'expense billableModifiers type accepts any string',
    suite: 'expenses',
    breaks: 'EX-MODIFIERS',
  },
  'ex-status-enum-unchecked': {
    changes: 'expense status accepts any string on create and update',
    suite: 'expenses',
    breaks: 'EX-STATUS-ENUM',
  },
  'ex-approve-status-unchanged': {
    changes: 'POST /expenses/{id}/approve answers 200 but leaves the status',
    suite: 'expenses',
    breaks: 'EX-APPROVE-STATUS',
  },
  'ex-reject-returns-204': {
    changes: 'POST /expenses/{id}/reject answers 204 without body',
    suite: 'expenses',
    breaks: 'EX-REJECT',
    also: ['EX-REJECT-STATUS'],
  },
  'ex-filter-status-ignored': {
    changes: 'GET /expenses ignores the status filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-STATUS',
  },
  'ex-date-not-required': {
    changes: 'expense create without date is accepted',
    suite: 'expenses',
    breaks: 'EX-CREATE-REQUIRED',
  },
  'ex-patch-resets-omitted': {
    changes: 'expense PATCH replaces the record: omitted optional fields become null/default',
    suite: 'expenses',
    breaks: 'EX-UPDATE-OMITTED',
  },
  'ex-create-amount-rounded': {
    changes: 'expense create stores amount rounded to a whole number',
    suite: 'expenses',
    breaks: 'EX-CREATE-VALID',
  },
  'ex-update-amount-ignored': {
    changes: 'expense PATCH answers 200 but leaves amount unchanged',
    suite: 'expenses',
    breaks: 'EX-UPDATE-VALID',
  },
  'ex-type-enum-unchecked': {
    changes: 'expense expenseType accepts any string on create and update',
    suite: 'expenses',
    breaks: 'EX-TYPE-ENUM',
  },
  'ex-po-line-uuid-unchecked': {
    changes: 'expense purchaseOrderLineId accepts non-UUID strings',
    suite: 'expenses',
    breaks: 'EX-IDS-UUID',
  },
  'ex-date-type-unchecked': {
    changes: 'expense date accepts any non-null JSON value (numbers, booleans, arrays, objects)',
    suite: 'expenses',
    breaks: 'EX-FIELD-TYPES',
  },
  'ex-tags-nullable': {
    changes: 'expense update accepts tags null and clears them',
    suite: 'expenses',
    breaks: 'EX-NULL-NOT-NULLABLE',
  },
  'ex-null-ignored': {
    changes: 'expense PATCH with null on a nullable field keeps the old value',
    suite: 'expenses',
    breaks: 'EX-UPDATE-NULL-CLEARS',
    also: ['EX-UPDATE-VALID'],
  },
  'ex-delete-ignored': {
    changes: 'DELETE /expenses/{id} answers 204 but keeps the expense',
    suite: 'expenses',
    breaks: 'EX-DELETE',
  },
  'ex-approve-body-required': {
    changes: 'POST /expenses/{id}/approve without a body answers 400',
    suite: 'expenses',
    breaks: 'EX-APPROVE',
    also: ['EX-APPROVE-STATUS'],
  },
  'ex-query-type-unchecked': {
    changes: 'GET /expenses accepts any expenseType value (an unknown one matches nothing)',
    suite: 'expenses',
    breaks: 'EX-QUERY-INVALID',
  },
  'ex-filter-claimant-ignored': {
    changes: 'GET /expenses ignores the claimedByResourceId filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-REFS',
  },
  'ex-filter-type-ignored': {
    changes: 'GET /expenses ignores the expenseType filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-TYPE',
  },
  'ex-filter-category-ignored': {
    changes: 'GET /expenses ignores the category filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-CATEGORY',
  },
  'ex-filter-date-to-ignored': {
    changes: 'GET /expenses ignores dateTo (dateFrom still applies)',
    suite: 'expenses',
    breaks: 'EX-FILTER-DATE',
  },
  'ex-filter-billable-ignored': {
    changes: 'GET /expenses ignores the isBillable filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-BILLABLE',
  },
  'ex-filter-invoiced-ignored': {
    changes: 'GET /expenses ignores the isInvoiced filter',
    suite: 'expenses',
    breaks: 'EX-FILTER-INVOICED',
  },
  'ex-paid-status-change-500': {
    changes: 'PATCH of a paid expense that changes its status answers 500 (nothing is written)',
    suite: 'expenses',
    breaks: 'TRANSITION-REFUSED-UNCHANGED',
  },
  'sec-expense-cross-org-read': {
    changes: "GET /expenses/{id} finds other organisations' expenses",
    suite: 'security',
    breaks: 'SEC-ISOLATION-READ',
  },
});
