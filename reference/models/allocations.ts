import { ALLOCATION_FIELDS, trimReason, type AllocationCreateInput, type AllocationUpdateInput } from '../schemas/allocations.js';
import { applyPatch, pickFields, sameId, type PatchBehaviour } from './fields.js';

/**
 * A stored allocation: every field of spec 2.6 (table order), unset optional fields as
 * null, plus `projectId` (the project of the task when the task is known to the reference,
 * else null; worked out when taskId is written, as for time entries). constraintReason is
 * stored trimmed (an all-blank reason becomes "", not null).
 */
export interface Allocation {
  id: string;
  taskId: string;
  projectId: string | null;
  resourceId: string | null;
  groupId: string | null;
  startDate: string;
  /** null only under the al-end-date-not-required fault. */
  endDate: string | null;
  hoursPerDay: number | null;
  hours: number | null;
  notes: string | null;
  constraintAcknowledged: boolean;
  constraintReason: string | null;
  createdAt: string;
  updatedAt: string;
}

/** The written fields, constraintReason trimmed. */
function inputFields(input: unknown): Partial<Record<keyof Allocation, unknown>> {
  const fields: Partial<Record<keyof Allocation, unknown>> = pickFields(input, ALLOCATION_FIELDS);
  if (typeof fields.constraintReason === 'string') fields.constraintReason = trimReason(fields.constraintReason);
  return fields;
}

/**
 * The spec gives no defaults. The reference chooses null for every optional value except
 * constraintAcknowledged, a plain flag that cannot be nulled: false.
 */
export function createAllocation(input: AllocationCreateInput, projectId: string | null, id: string, now: string): Allocation {
  return {
    id,
    taskId: input.taskId,
    projectId,
    resourceId: null,
    groupId: null,
    startDate: input.startDate,
    endDate: null,
    hoursPerDay: null,
    hours: null,
    notes: null,
    constraintAcknowledged: false,
    constraintReason: null,
    ...inputFields(input),
    createdAt: now,
    updatedAt: now,
  } as Allocation;
}

/** `projectId` is the project of the new taskId; only read when the patch changes taskId. */
export function patchAllocation(
  existing: Allocation,
  input: AllocationUpdateInput,
  projectId: string | null,
  now: string,
  behaviour: PatchBehaviour = {},
): Allocation {
  const patch = inputFields(input);
  if (patch.taskId !== undefined) patch.projectId = projectId;
  return applyPatch(existing, patch, now, {}, behaviour);
}

export interface AllocationFilter {
  resourceId?: string;
  taskId?: string;
  projectId?: string;
  dateFrom?: string;
  dateTo?: string;
}

/**
 * spec 4.6 list filters. The spec does not say how a date range selects a period; the
 * reference uses overlap, bounds inclusive: an allocation matches when startDate <= dateTo
 * and endDate >= dateFrom (a missing endDate, possible under a fault only, is open-ended).
 */
export function filterAllocations(allocations: readonly Allocation[], filter: AllocationFilter): Allocation[] {
  return allocations.filter(
    (a) =>
      sameId(filter.resourceId, a.resourceId) &&
      sameId(filter.taskId, a.taskId) &&
      sameId(filter.projectId, a.projectId) &&
      (filter.dateTo === undefined || a.startDate <= filter.dateTo) &&
      (filter.dateFrom === undefined || a.endDate === null || a.endDate >= filter.dateFrom),
  );
}
