import { defineFaults } from '../policy/declaration.js';

/** What may bend in the milestone routes: each field is one behaviour a fault can change. */
export interface MilestonesPolicy {}

/** The spec's behaviour. */
export const MILESTONES_POLICY: MilestonesPolicy = {};

/** The faults of the milestone routes (policy slot `milestones`). */
export const MILESTONE_FAULTS = defineFaults({
  'ms-target-date-unchecked': {
    changes: 'milestone targetDate is only checked for the YYYY-MM-DD shape: impossible days are accepted',
    suite: 'milestones',
    breaks: 'MS-FIELD-RULES',
  },
  'ms-project-on-update': {
    changes: 'milestone update applies projectId',
    suite: 'milestones',
    breaks: 'FIELD-NOT-ACCEPTED',
  },
  'ms-complete-no-status': {
    changes: 'POST /milestones/{id}/complete answers 200 and sets completedDate but leaves the status',
    suite: 'milestones',
    breaks: 'MS-COMPLETE',
  },
  'ms-complete-date-unchecked': {
    changes: 'milestone complete accepts an impossible completedDate of the YYYY-MM-DD shape',
    suite: 'milestones',
    breaks: 'MS-COMPLETE-DATE',
  },
  'ms-complete-date-ignored': {
    changes: 'milestone complete ignores the completedDate sent: the milestone is completed today (UTC) whatever the body says',
    suite: 'milestones',
    breaks: 'MS-COMPLETE-DATE-KEPT',
  },
  'ms-filter-status-ignored': {
    changes: 'GET /milestones ignores the status filter',
    suite: 'milestones',
    breaks: 'MS-FILTER-STATUS',
  },
  'ms-filter-date-ignored': {
    changes: 'GET /milestones ignores dateFrom and dateTo',
    suite: 'milestones',
    breaks: 'MS-FILTER-DATE',
  },
  'ms-type-id-null-rejected': {
    changes: 'milestone update refuses typeId null',
    suite: 'milestones',
    breaks: 'MS-UPDATE-NULL-CLEARS',
    also: ['MS-IDS-UUID', 'MS-UPDATE-VALID', 'MS-UPDATE-OMITTED'],
  },
  'ms-create-criteria-dropped': {
    changes: 'milestone create ignores completionCriteria (stored empty)',
    suite: 'milestones',
    breaks: 'MS-CREATE-VALID',
  },
  'ms-name-not-required': {
    changes: 'milestone create without name is accepted',
    suite: 'milestones',
    breaks: 'MS-CREATE-REQUIRED',
  },
  'ms-delete-soft': {
    changes: 'DELETE /milestones/{id} answers 204 and hides the milestone from lists, but GET by id still finds it',
    suite: 'milestones',
    breaks: 'MS-DELETE',
  },
  'ms-query-date-unchecked': {
    changes: 'GET /milestones accepts impossible dateFrom/dateTo days (YYYY-MM-DD shape only)',
    suite: 'milestones',
    breaks: 'MS-QUERY-INVALID',
  },
  'ms-filter-project-ignored': {
    changes: 'GET /milestones ignores the projectId filter',
    suite: 'milestones',
    breaks: 'MS-FILTER-PROJECT',
  },
  'ms-refused-complete-keeps-date': {
    changes: 'a completed milestone refuses another complete with 409, after storing the completedDate sent',
    suite: 'milestones',
    breaks: 'TRANSITION-REFUSED-UNCHANGED',
  },
  'sec-milestone-cross-org-complete': {
    changes: "POST /milestones/{id}/complete works on other organisations' milestones",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
  },
});
