import { AUTH_FAULTS } from './auth.faults.js';
import { BODY_FAULTS } from './body.faults.js';
import { LIST_FAULTS } from './lists.faults.js';
import type { FaultDeclaration } from './policy/declaration.js';
import { buildPolicy, type Policy } from './policy/policy.js';
import { RATE_LIMIT_FAULTS } from './rate-limit.faults.js';
import { ReferenceServerError } from './reference-error.js';
import { RESPONSE_FAULTS } from './responses.faults.js';
import { ALLOCATION_FAULTS } from './routes/allocations.faults.js';
import { BATCH_FAULTS } from './routes/batch.faults.js';
import { CONTACT_FAULTS } from './routes/contacts.faults.js';
import { EXPENSE_FAULTS } from './routes/expenses.faults.js';
import { MILESTONE_FAULTS } from './routes/milestones.faults.js';
import { PROJECT_FAULTS } from './routes/projects.faults.js';
import { RATE_FAULTS } from './routes/rates.faults.js';
import { REPORT_FAULTS } from './routes/reports.faults.js';
import { RESOURCE_FAULTS } from './routes/resources.faults.js';
import { TASK_FAULTS } from './routes/tasks.faults.js';
import { TIME_ENTRY_FAULTS } from './routes/time-entries.faults.js';
import { WEBHOOK_FAULTS } from './routes/webhooks.faults.js';
import { SEQUENCE_FAULTS } from './routes/sequences.faults.js';
import { VARIANT_PATCHES, type VariantSet } from './variants.js';
import { DELIVERY_FAULTS } from './webhooks/delivery.faults.js';

/**
 * Deliberate defects ("mutants") the reference server can be started with. Each one breaks
 * exactly one rule of the spec so that the conformance suite can prove it notices. With no
 * fault switched on the server follows the spec. Each is declared beside the routes it bends
 * (`*.faults.ts`): what it changes, as a patch over the server's policy, and which requirement's
 * check must catch it.
 */
export const FAULT_DECLARATIONS = {
  ...CONTACT_FAULTS,
  ...LIST_FAULTS,
  ...BODY_FAULTS,
  ...AUTH_FAULTS,
  ...TIME_ENTRY_FAULTS,
  ...BATCH_FAULTS,
  ...EXPENSE_FAULTS,
  ...RATE_FAULTS,
  ...RESOURCE_FAULTS,
  ...ALLOCATION_FAULTS,
  ...TASK_FAULTS,
  ...PROJECT_FAULTS,
  ...MILESTONE_FAULTS,
  ...REPORT_FAULTS,
  ...DELIVERY_FAULTS,
  ...WEBHOOK_FAULTS,
  ...RATE_LIMIT_FAULTS,
  ...SEQUENCE_FAULTS,
  ...RESPONSE_FAULTS,
} satisfies Record<string, FaultDeclaration>;

export type FaultName = keyof typeof FAULT_DECLARATIONS;

/** Each fault's one-line description. */
export const FAULTS = Object.fromEntries(Object.entries(FAULT_DECLARATIONS).map(([name, d]) => [name, d.changes])) as Record<FaultName, string>;

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

/** The policy of a server with these faults and variants (a fault's patch wins over a variant's). */
export function policyFor(faults: FaultSet, variants: VariantSet = new Set()): Policy {
  const patches = [...variants].map((name) => VARIANT_PATCHES[name]);
  return buildPolicy([...patches, ...[...faults].map((name) => (FAULT_DECLARATIONS[name] as FaultDeclaration).policy)]);
}
