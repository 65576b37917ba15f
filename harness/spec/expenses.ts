import { z } from 'zod';

/** Spec 2.2, 3.1 and 4.2 as the suite reads it. Generators are tested against these schemas. */

export const EXPENSE_TYPES = ['supplier_invoice', 'staff_claim', 'direct_cost'] as const;

/** Spec 3.1: the expense status enum, which also types reimbursementStatus. */
export const EXPENSE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paid'] as const;

/** Spec 2.2: the `type` of a financial modifier. */
export const MODIFIER_TYPES = ['percentage', 'amount', 'multiplier'] as const;

/** Fields that reference other records (spec 2: a name ending in `Id` is a UUID). */
export const EXPENSE_REFERENCE_FIELDS = ['rootTaskId', 'taskId', 'supplierId', 'claimedByResourceId', 'purchaseOrderId', 'purchaseOrderLineId'] as const;

/** Fields that are "optional, nullable" on update (spec 2.2). */
export const EXPENSE_NULLABLE_FIELDS = [
  ...EXPENSE_REFERENCE_FIELDS,
  'category',
  'description',
  'referenceNumber',
  'reimbursementStatus',
  'billableAmount',
] as const;

/** Fields never nullable, on create or on update (spec 2.2 Update column without "nullable"). */
export const EXPENSE_NON_NULLABLE_FIELDS = [
  'expenseType',
  'amount',
  'currency',
  'date',
  'isBillable',
  'markupPercentage',
  'billableModifiers',
  'status',
  'tags',
] as const;

/** Spec 2.2: "Financial modifier object (all four fields required)". Extra properties are not ruled on. */
export const financialModifierSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  type: z.enum(MODIFIER_TYPES),
  value: z.string(),
});
export type FinancialModifier = z.infer<typeof financialModifierSchema>;

const expenseFields = {
  rootTaskId: z.uuid(),
  taskId: z.uuid(),
  supplierId: z.uuid(),
  claimedByResourceId: z.uuid(),
  purchaseOrderId: z.uuid(),
  purchaseOrderLineId: z.uuid(),
  expenseType: z.enum(EXPENSE_TYPES),
  category: z.string(),
  amount: z.number().min(0),
  // "string of exactly 3 characters": no letter or case rule is stated.
  currency: z.string().length(3),
  // "string (no format constraint stated)".
  date: z.string(),
  description: z.string(),
  referenceNumber: z.string(),
  reimbursementStatus: z.enum(EXPENSE_STATUSES),
  isBillable: z.boolean(),
  markupPercentage: z.number(),
  billableModifiers: z.array(financialModifierSchema),
  billableAmount: z.number(),
  status: z.enum(EXPENSE_STATUSES),
  tags: z.array(z.string()),
};

export const expenseCreateSchema = z.object({
  rootTaskId: expenseFields.rootTaskId.optional(),
  taskId: expenseFields.taskId.optional(),
  supplierId: expenseFields.supplierId.optional(),
  claimedByResourceId: expenseFields.claimedByResourceId.optional(),
  purchaseOrderId: expenseFields.purchaseOrderId.optional(),
  purchaseOrderLineId: expenseFields.purchaseOrderLineId.optional(),
  expenseType: expenseFields.expenseType,
  category: expenseFields.category.optional(),
  amount: expenseFields.amount,
  currency: expenseFields.currency.optional(),
  date: expenseFields.date,
  description: expenseFields.description.optional(),
  referenceNumber: expenseFields.referenceNumber.optional(),
  reimbursementStatus: expenseFields.reimbursementStatus.optional(),
  isBillable: expenseFields.isBillable.optional(),
  markupPercentage: expenseFields.markupPercentage.optional(),
  billableModifiers: expenseFields.billableModifiers.optional(),
  billableAmount: expenseFields.billableAmount.optional(),
  status: expenseFields.status.optional(),
  tags: expenseFields.tags.optional(),
});
export type ExpenseCreate = z.infer<typeof expenseCreateSchema>;

export const expenseUpdateSchema = z.object({
  rootTaskId: expenseFields.rootTaskId.nullable().optional(),
  taskId: expenseFields.taskId.nullable().optional(),
  supplierId: expenseFields.supplierId.nullable().optional(),
  claimedByResourceId: expenseFields.claimedByResourceId.nullable().optional(),
  purchaseOrderId: expenseFields.purchaseOrderId.nullable().optional(),
  purchaseOrderLineId: expenseFields.purchaseOrderLineId.nullable().optional(),
  expenseType: expenseFields.expenseType.optional(),
  category: expenseFields.category.nullable().optional(),
  amount: expenseFields.amount.optional(),
  currency: expenseFields.currency.optional(),
  date: expenseFields.date.optional(),
  description: expenseFields.description.nullable().optional(),
  referenceNumber: expenseFields.referenceNumber.nullable().optional(),
  reimbursementStatus: expenseFields.reimbursementStatus.nullable().optional(),
  isBillable: expenseFields.isBillable.optional(),
  markupPercentage: expenseFields.markupPercentage.optional(),
  billableModifiers: expenseFields.billableModifiers.optional(),
  billableAmount: expenseFields.billableAmount.nullable().optional(),
  status: expenseFields.status.optional(),
  tags: expenseFields.tags.optional(),
});
export type ExpenseUpdate = z.infer<typeof expenseUpdateSchema>;

/** Spec 4.2: the reject body, `reason` optional. Approve takes no body. */
export const expenseRejectSchema = z.object({ reason: z.string().optional() });
