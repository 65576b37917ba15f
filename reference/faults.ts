import { ReferenceServerError } from './reference-error.js';

/**
 * Deliberate defects ("mutants") the reference server can be started with. Each one
 * breaks exactly one rule of the spec so that the conformance suite can prove it
 * notices. With no fault switched on the server must follow the spec.
 */
export const FAULTS = {
  'contacts-empty-name': 'contact create/update accept name ""',
  'contacts-email-unchecked': 'contact email and billingEmail format is not checked',
  'contacts-website-unchecked': 'contact website URL format is not checked',
  'contacts-fractional-payment-terms': 'contact paymentTermsDays accepts non-integers (still >= 0)',
  'contacts-bad-enum': 'contact contactType accepts any string on create and update',
  'contacts-parent-uuid-unchecked': 'contact parentContactId accepts non-UUID strings',
  'contacts-patch-resets-omitted': 'contact PATCH replaces the record: omitted optional fields become null/default',
  'contacts-null-ignored': 'contact PATCH with null on a nullable field keeps the old value',
  'contacts-filter-type-ignored': 'GET /contacts ignores the contactType filter',
  'contacts-filter-parent-ignored': 'GET /contacts ignores the parentContactId filter',
  'contacts-search-ignored': 'GET /contacts ignores the search filter',
  'contacts-type-key-unbounded': 'GET /contacts does not check the contactTypeKey length',
  'boolean-filter-lenient': 'boolean query filters treat TRUE, 1 and yes as true',
  'paging-limit-unbounded': 'list limit above 100 is accepted',
  'paging-offset-ignored': 'list offset is ignored (always the first page) but echoed',
  'paging-no-total': 'pagination carries only limit and offset',
  'paging-no-echo': 'pagination.limit is always 50 whatever was asked',
  'create-returns-200': 'POST /contacts answers 200 instead of 201',
  'delete-returns-200-body': 'DELETE /contacts/{id} answers 200 with the record instead of 204',
  'no-data-envelope': 'GET /contacts/{id} returns the bare record without data',
  'unknown-id-200': 'GET/PATCH/DELETE of an unknown contact id answers 200 with {data: null}',
  'malformed-json-500': 'a malformed JSON body answers 500',
  'validation-500': 'contact body validation failures answer 500 instead of 400',
  'validation-status-mixed': 'contact update body validation failures answer 422, everything else 400',
  'auth-bearer-ignored': 'Authorization: Bearer is not recognised',
  'auth-missing-key-allowed': 'a request without a key acts as the first organisation admin key',
  'auth-unknown-key-allowed': 'a well-formed unknown key acts as the first organisation admin key',
  'auth-malformed-key-allowed': 'a key not of the form <prefix>_<secret> acts as the first organisation admin key',
  'auth-key-case-insensitive': 'API keys are compared case-insensitively',
  'org-scope-leak': 'GET /contacts/{id} finds contacts of any organisation',
  'org-list-leak': 'GET /contacts lists contacts of every organisation',
} as const;

export type FaultName = keyof typeof FAULTS;

/** Read-only view of the switched-on faults, passed to every plugin. */
export type FaultSet = ReadonlySet<FaultName>;

export const FAULT_NAMES: readonly FaultName[] = Object.keys(FAULTS) as FaultName[];

export class UnknownFaultError extends ReferenceServerError {
  readonly fault: string;

  constructor(fault: string) {
    super('UNKNOWN_FAULT', `unknown fault "${fault}"; valid faults: ${FAULT_NAMES.join(', ')}`);
    this.fault = fault;
  }
}

export function isFaultName(value: string): value is FaultName {
  return Object.hasOwn(FAULTS, value);
}

/** Turns a list of names (blank entries ignored, surrounding spaces trimmed) into a set. */
export function parseFaults(list: readonly string[]): Set<FaultName> {
  const faults = new Set<FaultName>();
  for (const raw of list) {
    const name = raw.trim();
    if (name === '') continue;
    if (!isFaultName(name)) throw new UnknownFaultError(name);
    faults.add(name);
  }
  return faults;
}
