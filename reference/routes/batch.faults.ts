import { defineFaults } from '../policy/declaration.js';

/** What may bend in the time-entry batch route (spec 4.2): each field is one behaviour a fault can change. */
export interface BatchPolicy {}

/** The spec's behaviour. */
export const BATCH_POLICY: BatchPolicy = {};

/** The faults of the time-entry batch route (spec 4.2) (policy slot `batch`). */
export const BATCH_FAULTS = defineFaults({
  'batch-size-unbounded': {
    changes: 'batch create, update and delete accept more than 100 items',
    suite: 'batch',
    breaks: 'BATCH-SIZE',
  },
  'batch-empty-accepted': {
    changes: 'batch create, update and delete accept 0 items',
    suite: 'batch',
    breaks: 'BATCH-SIZE',
  },
  'batch-item-date-unchecked': {
    changes: 'batch create items accept (and store) impossible dates of the YYYY-MM-DD shape',
    suite: 'batch',
    breaks: 'BATCH-ITEM-RULES',
  },
  'batch-start-time-seconds-rejected': {
    changes: 'batch create and update reject startTime HH:MM:SS',
    suite: 'batch',
    breaks: 'BATCH-CREATE-VALID',
    also: ['BATCH-CREATE-VISIBLE'],
  },
  'batch-update-ignored': {
    changes: 'PATCH /batch/time-entries answers 200 but changes nothing',
    suite: 'batch',
    breaks: 'BATCH-UPDATE-APPLIED',
  },
  'batch-delete-ignored': {
    changes: 'DELETE /batch/time-entries answers 200 but deletes nothing',
    suite: 'batch',
    breaks: 'BATCH-DELETE-APPLIED',
  },
  'batch-no-envelope': {
    changes: 'POST /batch/time-entries answers the bare array without data',
    suite: 'batch',
    breaks: 'BATCH-ENVELOPE',
  },
});
