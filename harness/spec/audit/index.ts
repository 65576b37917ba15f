import { REQUIREMENTS, type Requirement, type RequirementId } from '../requirements.js';
import { AUDIT_COMMON } from './common.js';
import { AUDIT_CONTACTS_RESOURCES_RATES } from './contacts-resources-rates.js';
import { AUDIT_EXPENSES_TASKS_MILESTONES } from './expenses-tasks-milestones.js';
import { AUDIT_REPORTS_SECURITY_WEBHOOKS_RATE } from './reports-security-webhooks-rate.js';
import { AUDIT_TIME_BATCH_ALLOCATIONS } from './time-batch-allocations.js';
import { AUDIT_SEQUENCES } from './sequences.js';
import type { AuditTable, Basis, Reliance } from './types.js';

type Area = Requirement['area'];

/** The assumption audit in parts, each covering whole catalogue areas. */
const PARTS: ReadonlyArray<{ readonly areas: readonly Area[]; readonly table: AuditTable }> = [
  { areas: ['common', 'auth', 'projects'], table: AUDIT_COMMON },
  { areas: ['contacts', 'resources', 'rates'], table: AUDIT_CONTACTS_RESOURCES_RATES },
  { areas: ['time-entries', 'batch', 'allocations'], table: AUDIT_TIME_BATCH_ALLOCATIONS },
  { areas: ['expenses', 'tasks', 'milestones'], table: AUDIT_EXPENSES_TASKS_MILESTONES },
  { areas: ['reports', 'security', 'webhooks', 'rate-limit'], table: AUDIT_REPORTS_SECURITY_WEBHOOKS_RATE },
  { areas: ['sequences'], table: AUDIT_SEQUENCES },
];

/** Areas whose audit is still to be written (the audit is incomplete while any is listed). */
export const PENDING_AREAS: readonly Area[] = [];

export const AUDITED_AREAS: readonly Area[] = PARTS.flatMap((p) => p.areas);

/** What every MUST check (and every security SHOULD check) of the audited areas relies on, with its basis. */
export const AUDIT: AuditTable = Object.assign({}, ...PARTS.map((p) => p.table)) as AuditTable;

/** The requirements an area's audit must cover: every MUST, and every security SHOULD (it can accuse a server). */
export function auditedIds(areas: readonly Area[] = AUDITED_AREAS): RequirementId[] {
  return (Object.keys(REQUIREMENTS) as RequirementId[]).filter(
    (id) => areas.includes(REQUIREMENTS[id].area) && (REQUIREMENTS[id].level === 'MUST' || REQUIREMENTS[id].area === 'security'),
  );
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
