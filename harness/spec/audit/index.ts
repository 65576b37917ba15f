import { REQUIREMENTS, type RequirementId } from '../requirements.js';
import { AUDIT_COMMON } from './common.js';
import { AUDIT_CONTACTS_RESOURCES_RATES } from './contacts-resources-rates.js';
import { AUDIT_EXPENSES_TASKS_MILESTONES } from './expenses-tasks-milestones.js';
import { AUDIT_REPORTS_SECURITY_WEBHOOKS_RATE } from './reports-security-webhooks-rate.js';
import { AUDIT_TIME_BATCH_ALLOCATIONS } from './time-batch-allocations.js';
import type { AuditTable, Basis, Reliance } from './types.js';

/** Issue 22: what every MUST check (and every security SHOULD check) relies on, with its basis. */
export const AUDIT: AuditTable = {
  ...AUDIT_COMMON,
  ...AUDIT_CONTACTS_RESOURCES_RATES,
  ...AUDIT_TIME_BATCH_ALLOCATIONS,
  ...AUDIT_EXPENSES_TASKS_MILESTONES,
  ...AUDIT_REPORTS_SECURITY_WEBHOOKS_RATE,
};

/** The requirements the audit must cover: every MUST, and every security SHOULD (it can accuse a server). */
export function auditedIds(): RequirementId[] {
  return (Object.keys(REQUIREMENTS) as RequirementId[]).filter((id) => REQUIREMENTS[id].level === 'MUST' || REQUIREMENTS[id].area === 'security');
}

export type BasisKind = 'spec' | 'tolerant' | 'observation' | 'assumption';

export function basisKind(basis: Basis): BasisKind {
  if ('spec' in basis) return 'spec';
  if ('tolerant' in basis) return 'tolerant';
  if ('observation' in basis) return 'observation';
  return 'assumption';
}

/** Every reliance with its requirement, in catalogue order. */
export function reliances(table: AuditTable = AUDIT): Array<{ readonly id: RequirementId; readonly reliance: Reliance }> {
  return (Object.keys(REQUIREMENTS) as RequirementId[]).flatMap((id) => (table[id] ?? []).map((reliance) => ({ id, reliance })));
}
