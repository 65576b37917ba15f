import type { RequirementId } from '../requirements.js';

/*
 * The spec units the exploration's state rules (harness/spec/sequences.ts) are derived from:
 * ids added to those units' rows of the traceability map, beside the single-operation checks.
 */
export const SEQUENCE_TRACE: Readonly<Record<string, readonly RequirementId[]>> = {
  // All data is scoped to the organisation that owns the API key.
  '1#381cc4b0': ['SEQ-ISOLATION'],
  // Every update (PATCH) body lists only optional fields: omitted fields stay unchanged.
  '2#3af1f222': ['SEQ-READ-AFTER-WRITE'],
  // Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete; ...
  '2#a07079b9': ['SEQ-DELETE-GONE', 'SEQ-SOFT-DELETE-STAYS'],
  // List (GET collection) success: 200 with the records in `data` and paging totals, `limit` and `offset` ...
  '4#1e10c135': ['SEQ-TOTAL-AFTER-WRITE'],
  // Create success: 201 ... Get and update success: 200 with the record in `data`. ...
  '4#99bf1ce4': ['SEQ-READ-AFTER-WRITE'],
  // GET | /contacts | Query: contactType, contactTypeKey, parentContactId, isActive, isBillable, search ...
  '4.1#c63d07ff': ['SEQ-LIST-AFTER-WRITE', 'SEQ-SEARCH-AFTER-WRITE'],
  // GET | /expenses | Query: rootTaskId, taskId, supplierId, claimedByResourceId, expenseType, ...
  '4.2#c2c08b23': ['SEQ-LIST-AFTER-WRITE'],
  // GET | /time-entries | Query: taskId, resourceId, projectId, dateFrom, dateTo, ...
  '4.3#f7547a2f': ['SEQ-LIST-AFTER-WRITE'],
  // GET | /resources | Query: isActive, roleId, homeOfficeId, search, limit, offset.
  '4.4#7c501c9d': ['SEQ-LIST-AFTER-WRITE', 'SEQ-SEARCH-AFTER-WRITE'],
  // DELETE | /resources/{id} | Soft delete, 204.
  '4.4#8a6ab75d': ['SEQ-SOFT-DELETE-STAYS'],
  // GET | /tasks | Query: projectId, parentTaskId, search, lifecycleScope, limit, offset.
  '4.7#8fbe572c': ['SEQ-LIST-AFTER-WRITE', 'SEQ-SEARCH-AFTER-WRITE'],
  // DELETE | /tasks/{id} | Soft delete, 204.
  '4.7#0bb38e94': ['SEQ-SOFT-DELETE-STAYS'],
  // A key belongs to one organisation; requests see that organisation's data.
  '5#aeba56cb': ['SEQ-ISOLATION'],
};

/** The map with the exploration's ids added to the rows of the units they are derived from. */
export function withSequenceTraces<T extends { readonly ids: readonly RequirementId[] } | { readonly informative: string } | { readonly untestable: string }>(
  trace: Readonly<Record<string, T>>,
): Readonly<Record<string, T | { readonly ids: readonly RequirementId[] }>> {
  const out: Record<string, T | { readonly ids: readonly RequirementId[] }> = { ...trace };
  for (const [key, ids] of Object.entries(SEQUENCE_TRACE)) {
    const row = trace[key];
    out[key] = row !== undefined && 'ids' in row ? { ids: [...row.ids, ...ids] } : { ids };
  }
  return out;
}
