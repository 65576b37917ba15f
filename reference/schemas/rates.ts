/**
 * JSON Schemas for rates and rate versions, written from spec 2.5, 3.5 and 4.5. All three
 * bodies are strict (spec 2.5): an unlisted property is an issue, so the "not accepted"
 * update fields (amount, period, hoursPerPeriod) are refused, not ignored.
 *
 * Disagreement in the spec: 3.5 says the rate's `isActive` flag "can be set", while the
 * 2.5 update table does not list it. The reference accepts `isActive` (boolean) on
 * update, not on create (where the rate starts active).
 */
import {
  BOOLEAN_FIELD,
  CURRENCY_FIELD,
  dateField,
  enumField,
  NON_EMPTY_STRING_FIELD,
  NON_NEGATIVE_NUMBER_FIELD,
  objectSchema,
  PERIODS,
  STRING_FIELD,
  TAGS_FIELD,
} from './common.js';

export const RATE_TYPES = ['billable', 'cost', 'other'] as const;
export const RATE_PERIODS = PERIODS;

export const RATE_CREATE_FIELDS = ['name', 'rateType', 'currency', 'period', 'hoursPerPeriod', 'isDefault', 'tags'] as const;
export const RATE_UPDATE_FIELDS = ['name', 'rateType', 'currency', 'isDefault', 'tags', 'isActive'] as const;

export interface RateCreateInput {
  name: string;
  rateType?: string;
  currency?: string;
  period?: string;
  hoursPerPeriod?: number;
  isDefault?: boolean;
  tags?: string[];
  amount: number;
}

export interface RateUpdateInput {
  name?: string;
  rateType?: string;
  currency?: string;
  isDefault?: boolean;
  tags?: string[];
  isActive?: boolean;
  /** Accepted only under the rate-update-amount-applied fault. */
  amount?: number;
}

export interface RateVersionInput {
  amount: number;
  effectiveFrom: string;
  changeReason?: string;
}

/** Rules a fault may switch off; all false means the spec's rules. */
export interface RateSchemaLoosening {
  createNotStrict?: boolean;
  updateTakesAmount?: boolean;
  versionDateShapeOnly?: boolean;
  rateTypeUnchecked?: boolean;
  versionNotStrict?: boolean;
  amountNotRequired?: boolean;
  versionAmountPositive?: boolean;
}

/** spec 2.5 Create rate column: name and amount required; strict. */
export function rateCreateSchema(loose: RateSchemaLoosening = {}): object {
  return objectSchema(
    {
      name: NON_EMPTY_STRING_FIELD,
      rateType: enumField(RATE_TYPES, loose.rateTypeUnchecked),
      currency: CURRENCY_FIELD,
      period: enumField(RATE_PERIODS),
      hoursPerPeriod: NON_NEGATIVE_NUMBER_FIELD,
      isDefault: BOOLEAN_FIELD,
      tags: TAGS_FIELD,
      amount: NON_NEGATIVE_NUMBER_FIELD,
    },
    { required: loose.amountNotRequired ? ['name'] : ['name', 'amount'], strict: !loose.createNotStrict },
  );
}

/** spec 2.5 Update rate column (+ isActive, see above); strict; nothing nullable. */
export function rateUpdateSchema(loose: RateSchemaLoosening = {}): object {
  return objectSchema(
    {
      name: NON_EMPTY_STRING_FIELD,
      rateType: enumField(RATE_TYPES, loose.rateTypeUnchecked),
      currency: CURRENCY_FIELD,
      isDefault: BOOLEAN_FIELD,
      tags: TAGS_FIELD,
      isActive: BOOLEAN_FIELD,
      ...(loose.updateTakesAmount ? { amount: NON_NEGATIVE_NUMBER_FIELD } : {}),
    },
    { strict: true },
  );
}

/** spec 2.5 Create rate version body: amount and effectiveFrom (a real date) required; strict. */
export function rateVersionSchema(loose: RateSchemaLoosening = {}): object {
  return objectSchema(
    {
      amount: loose.versionAmountPositive ? { type: 'number', exclusiveMinimum: 0 } : NON_NEGATIVE_NUMBER_FIELD,
      effectiveFrom: dateField(loose.versionDateShapeOnly),
      changeReason: STRING_FIELD,
    },
    { required: ['amount', 'effectiveFrom'], strict: !loose.versionNotStrict },
  );
}
