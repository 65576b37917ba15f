import { defineFaults } from '../policy/declaration.js';
import type { BatchSchemaLoosening } from '../schemas/batch.js';

/** What may bend in the time-entry batch route (spec 4.2): each field is one behaviour a fault can change. */
export interface BatchPolicy {
  /** Body rules of spec 4.10 the validator leaves out or bends. */
  readonly loosened: BatchSchemaLoosening;
  /** A valid batch update and delete are applied (spec 4.10), or answered without changing anything. */
  readonly applied: { readonly update: boolean; readonly delete: boolean };
  /** A batch create answers {data: [...]} (spec 4.10), or the bare array. */
  readonly createEnvelope: boolean;
  /**
   * Copies kept beside the store that a batch write forgets to refresh (interaction faults: the
   * time-entry routes read them, reference/stale-copies.ts keeps them).
   */
  readonly interactions: { readonly singleReadCache?: boolean; readonly totalCountsBatchDeleted?: boolean };
}

/** The spec's behaviour. */
export const BATCH_POLICY: BatchPolicy = {
  loosened: {},
  applied: { update: true, delete: true },
  createEnvelope: true,
  interactions: {},
};

/** The faults of the time-entry batch route (spec 4.2) (policy slot `batch`). */
export const BATCH_FAULTS = defineFaults({
  'batch-size-unbounded': {
    changes: 'batch create, update and delete accept more than 100 items',
    suite: 'batch',
    breaks: 'BATCH-SIZE',
    policy: { batch: { loosened: { sizeUnbounded: true } } },
  },
  'batch-empty-accepted': {
    changes: 'batch create, update and delete accept 0 items',
    suite: 'batch',
    breaks: 'BATCH-SIZE',
    policy: { batch: { loosened: { emptyAccepted: true } } },
  },
  'batch-item-date-unchecked': {
    changes: 'batch create items accept (and store) impossible dates of the YYYY-MM-DD shape',
    suite: 'batch',
    breaks: 'BATCH-ITEM-RULES',
    policy: { batch: { loosened: { createDateShapeOnly: true } } },
  },
  'batch-start-time-seconds-rejected': {
    changes: 'batch create and update reject startTime HH:MM:SS',
    suite: 'batch',
    breaks: 'BATCH-CREATE-VALID',
    also: ['BATCH-CREATE-VISIBLE'],
    policy: { batch: { loosened: { startTimeNoSeconds: true } } },
  },
  'batch-update-ignored': {
    changes: 'PATCH /batch/time-entries answers 200 but changes nothing',
    suite: 'batch',
    breaks: 'BATCH-UPDATE-APPLIED',
    policy: { batch: { applied: { update: false } } },
  },
  'batch-delete-ignored': {
    changes: 'DELETE /batch/time-entries answers 200 but deletes nothing',
    suite: 'batch',
    breaks: 'BATCH-DELETE-APPLIED',
    policy: { batch: { applied: { delete: false } } },
  },
  'batch-no-envelope': {
    changes: 'POST /batch/time-entries answers the bare array without data',
    suite: 'batch',
    breaks: 'BATCH-ENVELOPE',
    policy: { batch: { createEnvelope: false } },
  },
  'seq-batch-update-read-cache': {
    changes: 'GET /time-entries/{id} answers from a copy cached at the first read; a single PATCH refreshes it and a DELETE drops it, a batch update does not',
    suite: 'sequences',
    breaks: 'SEQ-READ-AFTER-WRITE',
    policy: { batch: { interactions: { singleReadCache: true } } },
  },
  'seq-batch-delete-total': {
    changes: 'the paging total of GET /time-entries still counts the entries a batch delete removed (a counter the batch route does not decrement)',
    suite: 'sequences',
    breaks: 'SEQ-TOTAL-AFTER-WRITE',
    policy: { batch: { interactions: { totalCountsBatchDeleted: true } } },
  },
});
