import type { MilestoneFilter } from '../models/milestones.js';
import { defineFaults } from '../policy/declaration.js';
import type { DeleteEffect, Scope } from '../policy/kinds.js';
import type { MilestoneCreateInput, MilestoneSchemaLoosening, MilestoneStatus } from '../schemas/milestones.js';

/** How POST /milestones/{id}/complete behaves (spec 3.3, 4.8). */
export interface MilestoneCompleteRules {
  /** Where complete finds the milestone: the key's organisation (spec 5.7), or every organisation. */
  readonly scope: Scope;
  /** Complete moves the status to completed (spec 3.3), or only writes completedDate. */
  readonly setsStatus: boolean;
  /** The completedDate stored: the one sent, else today (spec 4.8), or today whatever was sent. */
  readonly date: 'sent' | 'today';
  /**
   * States that refuse complete with 409 before anything is written (spec 3.3 shows none; a final
   * state is a legitimate choice). Edits stay allowed: spec 2.8 grants updates, and they carry no status.
   */
  readonly final: readonly MilestoneStatus[];
  /** States that refuse complete with 409 after storing the completedDate sent (spec 3.3 shows none). */
  readonly finalAfterWrite: readonly MilestoneStatus[];
}

/** What may bend in the milestone routes (spec 4.8): each field is one behaviour a fault or variant can change. */
export interface MilestonesPolicy {
  /** Body rules of spec 2.8 the validator leaves out or bends (projectOnUpdate also makes the update apply it). */
  readonly loosened: MilestoneSchemaLoosening;
  /** Fields of a valid create body that are not stored (spec 2.8: every create field is stored). */
  readonly droppedOnCreate: readonly (keyof MilestoneCreateInput)[];
  /** Date filters checked for their YYYY-MM-DD shape only, not as real days (spec 4.8, 7: refused with 400). */
  readonly uncheckedFilters: readonly ('dateFrom' | 'dateTo')[];
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof MilestoneFilter)[];
  /** What DELETE does to the milestone (spec 2: removes it). */
  readonly deleteEffect: DeleteEffect;
  readonly complete: MilestoneCompleteRules;
  /** Copies kept beside the store that a write forgets to refresh (the interaction faults below). */
  readonly interactions: { readonly updateFromCopy?: boolean; readonly completedListCache?: boolean };
}

/** The states the variant transitions-terminal-409 makes final: a completed or missed milestone refuses complete. */
export const FINAL_MILESTONE_STATES: readonly MilestoneStatus[] = ['completed', 'missed'];

/** The spec's behaviour. */
export const MILESTONES_POLICY: MilestonesPolicy = {
  loosened: {},
  droppedOnCreate: [],
  uncheckedFilters: [],
  ignoredFilters: [],
  deleteEffect: 'removes',
  complete: { scope: 'organisation', setsStatus: true, date: 'sent', final: [], finalAfterWrite: [] },
  interactions: {},
};

/** The faults of the milestone routes (policy slot `milestones`). */
export const MILESTONE_FAULTS = defineFaults({
  'ms-update-uncompletes': {
    changes:
      'PATCH /milestones/{id} applies the update to the copy that create and PATCH keep, which complete does not refresh: a completed milestone edited afterwards is back to its status before complete',
    suite: 'sequences',
    breaks: 'SEQ-READ-AFTER-WRITE',
    policy: { milestones: { interactions: { updateFromCopy: true } } },
  },
  'ms-target-date-unchecked': {
    changes: 'milestone targetDate is only checked for the YYYY-MM-DD shape: impossible days are accepted',
    suite: 'milestones',
    breaks: 'MS-FIELD-RULES',
    policy: { milestones: { loosened: { targetDateShapeOnly: true } } },
  },
  'ms-project-on-update': {
    changes: 'milestone update applies projectId',
    suite: 'milestones',
    breaks: 'FIELD-NOT-ACCEPTED',
    policy: { milestones: { loosened: { projectOnUpdate: true } } },
  },
  'ms-complete-no-status': {
    changes: 'POST /milestones/{id}/complete answers 200 and sets completedDate but leaves the status',
    suite: 'milestones',
    breaks: 'MS-COMPLETE',
    policy: { milestones: { complete: { setsStatus: false } } },
  },
  'ms-complete-date-unchecked': {
    changes: 'milestone complete accepts an impossible completedDate of the YYYY-MM-DD shape',
    suite: 'milestones',
    breaks: 'MS-COMPLETE-DATE',
    policy: { milestones: { loosened: { completedDateShapeOnly: true } } },
  },
  'ms-complete-date-ignored': {
    changes: 'milestone complete ignores the completedDate sent: the milestone is completed today (UTC) whatever the body says',
    suite: 'milestones',
    breaks: 'MS-COMPLETE-DATE-KEPT',
    policy: { milestones: { complete: { date: 'today' } } },
  },
  'ms-filter-status-ignored': {
    changes: 'GET /milestones ignores the status filter',
    suite: 'milestones',
    breaks: 'MS-FILTER-STATUS',
    policy: { milestones: { ignoredFilters: ['status'] } },
  },
  'ms-filter-date-ignored': {
    changes: 'GET /milestones ignores dateFrom and dateTo',
    suite: 'milestones',
    breaks: 'MS-FILTER-DATE',
    policy: { milestones: { ignoredFilters: ['dateFrom', 'dateTo'] } },
  },
  'ms-type-id-null-rejected': {
    changes: 'milestone update refuses typeId null',
    suite: 'milestones',
    breaks: 'MS-UPDATE-NULL-CLEARS',
    also: ['MS-IDS-UUID', 'MS-UPDATE-VALID', 'MS-UPDATE-OMITTED'],
    policy: { milestones: { loosened: { typeIdNullRejected: true } } },
  },
  'ms-create-criteria-dropped': {
    changes: 'milestone create ignores completionCriteria (stored empty)',
    suite: 'milestones',
    breaks: 'MS-CREATE-VALID',
    policy: { milestones: { droppedOnCreate: ['completionCriteria'] } },
  },
  'ms-name-not-required': {
    changes: 'milestone create without name is accepted',
    suite: 'milestones',
    breaks: 'MS-CREATE-REQUIRED',
    policy: { milestones: { loosened: { nameNotRequired: true } } },
  },
  'ms-delete-soft': {
    changes: 'DELETE /milestones/{id} answers 204 and hides the milestone from lists, but GET by id still finds it',
    suite: 'milestones',
    breaks: 'MS-DELETE',
    policy: { milestones: { deleteEffect: 'hidden-from-lists' } },
  },
  'ms-query-date-unchecked': {
    changes: 'GET /milestones accepts impossible dateFrom/dateTo days (YYYY-MM-DD shape only)',
    suite: 'milestones',
    breaks: 'MS-QUERY-INVALID',
    policy: { milestones: { uncheckedFilters: ['dateFrom', 'dateTo'] } },
  },
  'ms-filter-project-ignored': {
    changes: 'GET /milestones ignores the projectId filter',
    suite: 'milestones',
    breaks: 'MS-FILTER-PROJECT',
    policy: { milestones: { ignoredFilters: ['projectId'] } },
  },
  'ms-refused-complete-keeps-date': {
    changes: 'a completed milestone refuses another complete with 409, after storing the completedDate sent',
    suite: 'milestones',
    breaks: 'TRANSITION-REFUSED-UNCHANGED',
    policy: { milestones: { complete: { finalAfterWrite: ['completed'] } } },
  },
  'sec-milestone-cross-org-complete': {
    changes: "POST /milestones/{id}/complete works on other organisations' milestones",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
    policy: { milestones: { complete: { scope: 'everywhere' } } },
  },
});
