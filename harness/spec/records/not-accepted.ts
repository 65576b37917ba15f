import { SPEC_GET_UPDATE_200 } from './bases.js';
import type { Records } from './record.js';

/**
 * Not-accepted fields (spec 2, 2.5; issue rule: never applied).
 *
 * Checks: harness/crosscutting/not-accepted.ts; tasks, resources, milestones, time-entries suites.
 */
export const NOT_ACCEPTED_RECORDS = {
  'FIELD-NOT-ACCEPTED': {
    level: 'MUST',
    section: '2',
    area: 'common',
    statement: 'A field the spec marks "not accepted" in a non-strict body is rejected or ignored, never applied.',
    units: [],
    audit: [
      {
        relies: 'status and color on task create; parentTaskId, versionId, taskType, position on task update are never applied',
        basis: { spec: '2.7: "status | enum pending, in_progress, completed, blocked, cancelled | not accepted | optional"' },
      },
      { relies: 'isActive on resource create is never applied', basis: { spec: '2.4: "isActive | boolean | not accepted | optional"' } },
      { relies: 'projectId on milestone update is never applied', basis: { spec: '2.8: "projectId | uuid | required | not accepted"' } },
      {
        relies: 'markedBilled on time entry create and entrySource on update are never applied',
        basis: { spec: '2.3: "markedBilled | boolean | not accepted | optional"' },
      },
      {
        relies: 'a 4xx (rejected) and a 2xx that ignores the field both pass; a 5xx or 3xx fails',
        basis: { tolerant: 'expectNotApplied(): either way is recorded' },
      },
      { relies: 'whether the field was rejected or ignored is recorded', basis: { observation: 'not-accepted-field' } },
      {
        relies: 'ignored means the record read back does not hold the value sent',
        basis: { tolerant: 'the value is one a fresh record does not hold: an unusual status, the opposite isActive, another parent' },
      },
      { relies: 'the status a new task starts with is recorded', basis: { observation: 'task-initial-status' } },
      { relies: 'the isActive a new resource starts with is recorded', basis: { observation: 'resource-initial-active' } },
      {
        relies: 'an accepted create reads back with GET /{id}: exactly 200',
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: 'position 7 on update: a task made at position 1 under a parent of its own (no siblings to renumber) is not at 7 unless applied',
        basis: { tolerant: 'the task stands under a fresh parent: no sibling comes or goes, so no renumbering moves it' },
      },
      {
        relies: 'the milestone updated targets a day 30 to 365 days ahead (createMilestone default)',
        basis: { tolerant: 'nearDay(): a target date 30 to 365 days ahead (harness/steps/milestones.ts)', variant: 'planning-rules' },
      },
      {
        relies: 'the time entries are on the shared resource and task, assigned by an allocation first',
        basis: { tolerant: 'assignResource() allocates the shared resource to the shared task', variant: 'time-entry-assignment' },
      },
    ],
  },
} satisfies Records;
