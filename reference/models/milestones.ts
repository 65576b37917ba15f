import {
  MILESTONE_CREATE_FIELDS,
  MILESTONE_UPDATE_FIELDS,
  type MilestoneCreateInput,
  type MilestoneStatus,
  type MilestoneUpdateInput,
} from '../schemas/milestones.js';
import { applyPatch, pickFields, sameId } from './fields.js';

/**
 * A stored milestone: every field of spec 2.8 (table order), unset optional fields as null,
 * plus `status` (spec 3.3, starting `upcoming`) and `completedDate` (set by complete).
 *
 * spec 3.3 shows one transition only (complete). The reference moves status through
 * complete alone: it never marks a milestone `at_risk` or `missed` by itself, and status
 * cannot be written (it is not an input field).
 */
export interface Milestone {
  id: string;
  projectId: string;
  name: string;
  targetDate: string;
  description: string | null;
  triggersInvoice: boolean;
  completionCriteria: unknown[];
  typeId: string | null;
  status: MilestoneStatus;
  completedDate: string | null;
  createdAt: string;
  updatedAt: string;
}

/** Defaults where the spec is silent: triggersInvoice false, completionCriteria []. */
export function createMilestone(input: MilestoneCreateInput, id: string, now: string): Milestone {
  return {
    id,
    projectId: input.projectId,
    name: input.name,
    targetDate: input.targetDate,
    description: null,
    triggersInvoice: false,
    completionCriteria: [],
    typeId: null,
    ...pickFields(input, MILESTONE_CREATE_FIELDS),
    status: 'upcoming',
    completedDate: null,
    createdAt: now,
    updatedAt: now,
  } as Milestone;
}

export interface MilestonePatchBehaviour {
  /** Fault ms-project-on-update: projectId in the update body is applied. */
  applyProject?: boolean;
}

export function patchMilestone(existing: Milestone, input: MilestoneUpdateInput, now: string, behaviour: MilestonePatchBehaviour = {}): Milestone {
  const fields = [...MILESTONE_UPDATE_FIELDS, ...(behaviour.applyProject ? (['projectId'] as const) : [])];
  return applyPatch(existing, pickFields(input, fields), now, {});
}

export interface MilestoneCompleteBehaviour {
  /** Fault ms-complete-no-status: completedDate is written but the status stays. */
  keepStatus?: boolean;
}

/**
 * spec 3.3: complete moves to `completed`. Which states may be completed is not shown: the
 * reference allows every state, a completed milestone included (its completedDate is then
 * replaced).
 */
export function completeMilestone(existing: Milestone, completedDate: string, now: string, behaviour: MilestoneCompleteBehaviour = {}): Milestone {
  const status = behaviour.keepStatus ? existing.status : 'completed';
  return { ...existing, completionCriteria: [...existing.completionCriteria], status, completedDate, updatedAt: now };
}

export interface MilestoneFilter {
  projectId?: string;
  status?: string;
  dateFrom?: string;
  dateTo?: string;
}

/** spec 4.8 list filters; dateFrom and dateTo are inclusive bounds on targetDate. */
export function filterMilestones(milestones: readonly Milestone[], filter: MilestoneFilter): Milestone[] {
  return milestones.filter(
    (m) =>
      sameId(filter.projectId, m.projectId) &&
      (filter.status === undefined || m.status === filter.status) &&
      (filter.dateFrom === undefined || m.targetDate >= filter.dateFrom) &&
      (filter.dateTo === undefined || m.targetDate <= filter.dateTo),
  );
}
