import { SPEC_CREATE_201 } from './bases.js';
import type { Records } from './record.js';

/**
 * Status transitions (spec 3.1, 3.2, 3.3: not shown, so each one may be accepted or refused).
 *
 * Checks: suites/tasks.test.ts with harness/steps/tasks.ts, suites/expenses.test.ts, suites/milestones.test.ts.
 */
export const TRANSITION_RECORDS = {
  'TRANSITION-REFUSED-UNCHANGED': {
    level: 'MUST',
    section: '3.1, 3.2, 3.3',
    area: 'common',
    statement:
      'A status change (update, approve, reject, complete) is either accepted (2xx) and applied, or refused with a 4xx (never 5xx) that leaves the record as it was; which ones are refused is observed.',
    units: [],
    audit: [
      {
        relies: 'each attempted change answers 2xx or 4xx; a 5xx (or 3xx) fails',
        basis: { tolerant: 'judgeTransition(): any 2xx or 4xx passes', variant: 'transitions-terminal-409' },
      },
      { relies: 'which changes are accepted and which refused is recorded', basis: { observation: 'status-transition' } },
      {
        relies: 'an accepted task or expense status change shows the status sent when read back',
        basis: { spec: '3.2: "Set through the task update operation." and 3.1: "status may also be set directly on create and update."' },
      },
      {
        relies: 'the fields the change names are compared where the record shows them; a record showing none of them leaves the check inconclusive',
        basis: { tolerant: 'expectTransition() compares the named fields the record shows and observes the others (field-not-returned)' },
      },
      {
        relies: 'a refused PATCH of status plus description applies neither (the description reads back as before)',
        basis: {
          spec: '4.2: "| PATCH | /expenses/{id} |" (and the update of every record) is the HTTP PATCH method, whose RFC 5789, section 2, says that a patch the server cannot apply whole applies none of its changes',
        },
      },
      {
        relies: 'a refused approve, reject or complete leaves the status (and the completedDate) as before',
        basis: { tolerant: 'only the fields the request named are compared; a record not showing a status is not judged on it' },
      },
      {
        relies: 'expenses are created directly in every status and reimbursementStatus, draft to paid',
        basis: { spec: '3.1: "status may also be set directly on create and update."' },
      },
      {
        relies: 'an accepted approve or reject is not compared: the status it leaves is not stated',
        basis: { spec: '3.1: "Transitions: not shown (the status that each operation leaves is not stated)."' },
      },
      {
        relies: 'reimbursementStatus cleared with null may read back null, absent or empty',
        basis: { tolerant: 'mismatch(): null, a missing field or an empty string' },
      },
      {
        relies: 'tasks: none; a move accepted once and refused when the walk follows it again is no failure',
        basis: {
          tolerant:
            'exploreTaskStatuses() bars that move for the task and plans again, or starts a new task, each under a parent of its own: a cap on the tasks of one parent in a status (a WIP limit) never meets an earlier task',
        },
      },
      { relies: 'milestones: a first complete refused makes the check not applicable', basis: { tolerant: 'skipped; MS-COMPLETE judges it' } },
      {
        relies: 'milestones: completedDate 40 and 20 days ago on a far-future milestone is no premature completion',
        basis: { tolerant: 'real past dates, neither of them today; a refusal is allowed' },
      },
      {
        relies: 'the records are created with 201 (task under a fresh parent, milestone on a far day)',
        basis: SPEC_CREATE_201,
      },
    ],
  },
} satisfies Records;
