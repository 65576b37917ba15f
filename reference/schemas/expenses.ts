/**
 * JSON Schemas for expenses, written from spec 2.2, 3.1 and 4.2. Bodies are not strict:
 * unknown properties pass and are dropped. A financial modifier is a closed object (all
 * four fields required, no other property), which the spec's "all four fields required"
 * suggests but does not say; the reference chooses strict there.
 */
import {
  BOOLEAN_FIELD,
  CURRENCY_FIELD,
  enumField,
  NON_NEGATIVE_NUMBER_FIELD,
  NUMBER_FIELD,
  objectSchema,
  STRING_FIELD,
  TAGS_FIELD,
  UUID_FIELD,
  type FieldSchema,
} from './common.js';

export const EXPENSE_TYPES = ['supplier_invoice', 'staff_claim', 'direct_cost'] as const;
/** spec 3.1: also the type of reimbursementStatus. */
export const EXPENSE_STATUSES = ['draft', 'pending', 'approved', 'rejected', 'paid'] as const;
export const MODIFIER_TYPES = ['percentage', 'amount', 'multiplier'] as const;

/** Any JSON value but null (the ex-date-type-unchecked fault); FieldSchema wants a `type`, this has none. */
const ANY_NON_NULL_FIELD = { not: { type: 'null' } } as unknown as FieldSchema;

export const EXPENSE_FIELDS = [
  'rootTaskId',
  'taskId',
  'supplierId',
  'claimedByResourceId',
  'purchaseOrderId',
  'purchaseOrderLineId',
  'expenseType',
  'category',
  'amount',
  'currency',
  'date',
  'description',
  'referenceNumber',
  'reimbursementStatus',
  'isBillable',
  'markupPercentage',
  'billableModifiers',
  'billableAmount',
  'status',
  'tags',
] as const;
export type ExpenseField = (typeof EXPENSE_FIELDS)[number];

/** Fields that 'Update' marks nullable (spec 2.2); everything else refuses null. */
export const EXPENSE_NULLABLE_FIELDS = [
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
] as const;
type ExpenseNullableField = (typeof EXPENSE_NULLABLE_FIELDS)[number];

export interface FinancialModifier {
  id: string;
  name: string;
  type: string;
  value: string;
}

export interface ExpenseCreateInput {
  rootTaskId?: string;
  taskId?: string;
  supplierId?: string;
  claimedByResourceId?: string;
  purchaseOrderId?: string;
  purchaseOrderLineId?: string;
  expenseType: string;
  category?: string;
  amount: number;
  currency?: string;
  /** Required, except under the ex-date-not-required fault. */
  date: string;
  description?: string;
  referenceNumber?: string;
  reimbursementStatus?: string;
  isBillable?: boolean;
  markupPercentage?: number;
  billableModifiers?: FinancialModifier[];
  billableAmount?: number;
  status?: string;
  tags?: string[];
}

export type ExpenseUpdateInput = {
  [K in Exclude<keyof ExpenseCreateInput, ExpenseNullableField>]?: ExpenseCreateInput[K];
} & {
  [K in ExpenseNullableField]?: ExpenseCreateInput[K] | null;
};

export interface ExpenseRejectInput {
  reason?: string;
}

/** Rules a fault may switch off; all false means the spec's rules. */
export interface ExpenseSchemaLoosening {
  negativeAmount?: boolean;
  currencyUnchecked?: boolean;
  modifierTypeUnchecked?: boolean;
  statusUnchecked?: boolean;
  dateNotRequired?: boolean;
  typeUnchecked?: boolean;
  /** date takes any non-null JSON value ("no format constraint" read as no type either). */
  dateTypeUnchecked?: boolean;
  purchaseOrderLineIdUnchecked?: boolean;
  /** Update only: tags take null (which clears them). */
  tagsNullable?: boolean;
}

function fieldSchemas(loose: ExpenseSchemaLoosening): Record<ExpenseField, FieldSchema> {
  const modifier = objectSchema(
    { id: UUID_FIELD, name: STRING_FIELD, type: enumField(MODIFIER_TYPES, loose.modifierTypeUnchecked), value: STRING_FIELD },
    { required: ['id', 'name', 'type', 'value'], strict: true },
  );
  return {
    rootTaskId: UUID_FIELD,
    taskId: UUID_FIELD,
    supplierId: UUID_FIELD,
    claimedByResourceId: UUID_FIELD,
    purchaseOrderId: UUID_FIELD,
    purchaseOrderLineId: loose.purchaseOrderLineIdUnchecked ? STRING_FIELD : UUID_FIELD,
    expenseType: enumField(EXPENSE_TYPES, loose.typeUnchecked),
    category: STRING_FIELD,
    amount: loose.negativeAmount ? NUMBER_FIELD : NON_NEGATIVE_NUMBER_FIELD,
    currency: loose.currencyUnchecked ? STRING_FIELD : CURRENCY_FIELD,
    // spec 2.2: "string (no format constraint stated)": any string, "" included
    date: loose.dateTypeUnchecked ? ANY_NON_NULL_FIELD : STRING_FIELD,
    description: STRING_FIELD,
    referenceNumber: STRING_FIELD,
    reimbursementStatus: enumField(EXPENSE_STATUSES),
    isBillable: BOOLEAN_FIELD,
    markupPercentage: NUMBER_FIELD,
    billableModifiers: { type: 'array', items: modifier },
    billableAmount: NUMBER_FIELD,
    status: enumField(EXPENSE_STATUSES, loose.statusUnchecked),
    tags: TAGS_FIELD,
  };
}

/** spec 2.2 Create column: expenseType, amount, date required; nothing nullable. */
export function expenseCreateSchema(loose: ExpenseSchemaLoosening = {}): object {
  return objectSchema(fieldSchemas(loose), {
    required: loose.dateNotRequired ? ['expenseType', 'amount'] : ['expenseType', 'amount', 'date'],
  });
}

/** spec 2.2 Update column: everything optional; nullable only where the table says so. */
export function expenseUpdateSchema(loose: ExpenseSchemaLoosening = {}): object {
  return objectSchema(fieldSchemas(loose), { nullable: loose.tagsNullable ? [...EXPENSE_NULLABLE_FIELDS, 'tags'] : EXPENSE_NULLABLE_FIELDS });
}

/** spec 4.2: reject takes an optional `reason` string; other properties are ignored. */
export function expenseRejectSchema(): object {
  return objectSchema({ reason: STRING_FIELD });
}
