import { TIME_ENTRY_CREATE_FIELDS, TIME_ENTRY_UPDATE_FIELDS, type TimeEntryCreateInput, type TimeEntryUpdateInput } from '../schemas/time-entries.js';
import { applyPatch, pickFields, sameId, type PatchBehaviour } from './fields.js';

/**
 * A stored time entry: every field of spec 2.3 (table order), unset optional fields as
 * null, plus `projectId` (the project of the task when the task is known to the
 * reference, else null; worked out when taskId is written) and `isInvoiced` (always
 * false: no endpoint of the reference invoices anything).
 */
export interface TimeEntry {
  id: string;
  taskId: string;
  resourceId: string;
  projectId: string | null;
  date: string;
  hours: number;
  durationSeconds: number | null;
  startTime: string | null;
  entrySource: string;
  description: string | null;
  isBillable: boolean;
  billableRate: number | null;
  markedBilled: boolean;
  isInvoiced: boolean;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

export interface TimeEntryCreateBehaviour {
  /** Fault te-marked-billed-on-create: markedBilled in the create body is applied. */
  applyMarkedBilled?: boolean;
}

/** spec 2.3: entrySource defaults to `manual`; isBillable defaults to false (the spec is silent). */
export function createTimeEntry(
  input: TimeEntryCreateInput,
  projectId: string | null,
  id: string,
  now: string,
  behaviour: TimeEntryCreateBehaviour = {},
): TimeEntry {
  const fields = pickFields(input, TIME_ENTRY_CREATE_FIELDS);
  return {
    id,
    taskId: input.taskId,
    resourceId: input.resourceId,
    projectId,
    date: input.date,
    hours: input.hours,
    durationSeconds: null,
    startTime: null,
    entrySource: 'manual',
    description: null,
    isBillable: false,
    billableRate: null,
    markedBilled: behaviour.applyMarkedBilled === true && input.markedBilled === true,
    isInvoiced: false,
    tags: [],
    ...fields,
    createdAt: now,
    updatedAt: now,
  } as TimeEntry;
}

export interface TimeEntryPatchBehaviour extends PatchBehaviour {
  /** Fault te-entry-source-on-update: entrySource in the update body is applied. */
  applyEntrySource?: boolean;
}

/**
 * The optional fields' create defaults, which a PATCH that replaces the record (resetOmitted)
 * starts from instead of the stored values (the required ones, and entrySource, stay).
 */
const RESET_ON_PATCH: Partial<TimeEntry> = {
  durationSeconds: null,
  startTime: null,
  description: null,
  isBillable: false,
  billableRate: null,
  markedBilled: false,
  tags: [],
};

/** `projectId` is the project of the new taskId; only read when the patch changes taskId. */
export function patchTimeEntry(
  existing: TimeEntry,
  input: TimeEntryUpdateInput,
  projectId: string | null,
  now: string,
  behaviour: TimeEntryPatchBehaviour = {},
): TimeEntry {
  const fields = [...TIME_ENTRY_UPDATE_FIELDS, ...(behaviour.applyEntrySource ? (['entrySource'] as const) : [])];
  const patch: Partial<Record<keyof TimeEntry, unknown>> = pickFields(input, fields);
  if (patch.taskId !== undefined) patch.projectId = projectId;
  return applyPatch(existing, patch, now, RESET_ON_PATCH, behaviour);
}

export interface TimeEntryFilter {
  taskId?: string;
  resourceId?: string;
  projectId?: string;
  dateFrom?: string;
  dateTo?: string;
  isBillable?: boolean;
  isInvoiced?: boolean;
}

/** spec 4.3 list filters; dateFrom and dateTo are inclusive bounds. */
export function filterTimeEntries(entries: readonly TimeEntry[], filter: TimeEntryFilter): TimeEntry[] {
  return entries.filter(
    (e) =>
      sameId(filter.taskId, e.taskId) &&
      sameId(filter.resourceId, e.resourceId) &&
      sameId(filter.projectId, e.projectId) &&
      (filter.dateFrom === undefined || e.date >= filter.dateFrom) &&
      (filter.dateTo === undefined || e.date <= filter.dateTo) &&
      (filter.isBillable === undefined || e.isBillable === filter.isBillable) &&
      (filter.isInvoiced === undefined || e.isInvoiced === filter.isInvoiced),
  );
}
