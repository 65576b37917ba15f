import { RECORDS } from '../records/index.js';
import type { Area } from '../records/record.js';
import { REQUIREMENTS, type RequirementId } from '../requirements.js';
import type { AuditTable, Basis, Reliance } from './types.js';

/** The catalogue areas whose every MUST (and security SHOULD) must carry its reliances, in the order docs/audit.md names them. */
export const AUDITED_AREAS: readonly Area[] = [
  'common',
  'auth',
  'projects',
  'contacts',
  'resources',
  'rates',
  'time-entries',
  'batch',
  'allocations',
  'expenses',
  'tasks',
  'milestones',
  'reports',
  'security',
  'webhooks',
  'rate-limit',
  'sequences',
];

/** Areas whose audit is still to be written (the audit is incomplete while any is listed). */
export const PENDING_AREAS: readonly Area[] = [];

/** The reliances of every record that has some, by id. */
export function auditOf(records: Readonly<Record<string, { readonly audit?: readonly Reliance[] }>>): AuditTable {
  return Object.fromEntries(Object.entries(records).flatMap(([id, record]) => (record.audit === undefined ? [] : [[id, record.audit]]))) as AuditTable;
}

/** What every MUST check (and every security SHOULD check) of the audited areas relies on, with its basis. */
export const AUDIT: AuditTable = auditOf(RECORDS);

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
