import { defineFaults } from '../policy/declaration.js';

/**
 * Faults of the interaction class: state that one operation changes and another reads stale (a
 * cache, a search index, a counter, a soft delete, a status index). Each passes every scenario
 * check of its domain, which makes one write and reads it once, and breaks a state rule only a
 * sequence shows (suites/sequences.test.ts). Policy slots: the routes they bend, field
 * `interactions`; the copies are kept by reference/stale-copies.ts.
 */
export const SEQUENCE_FAULTS = defineFaults({
  'seq-contact-read-cache': {
    changes: 'GET /contacts/{id} answers from a copy cached at the first read; PATCH does not refresh it (DELETE drops it)',
    suite: 'sequences',
    breaks: 'SEQ-READ-AFTER-WRITE',
    policy: { contacts: { interactions: { readCache: true } } },
  },
  'seq-contact-search-index': {
    changes: 'GET /contacts?search= matches the name a contact was created with: a rename does not refresh the search index',
    suite: 'sequences',
    breaks: 'SEQ-SEARCH-AFTER-WRITE',
    policy: { contacts: { interactions: { searchIndex: true } } },
  },
  'seq-contact-parent-index': {
    changes: 'GET /contacts?parentContactId= lists a contact under the parent it was created with: moving it does not refresh the index',
    suite: 'sequences',
    breaks: 'SEQ-LIST-AFTER-WRITE',
    policy: { contacts: { interactions: { parentIndex: true } } },
  },
  'seq-time-entry-total-deleted': {
    changes: 'the paging total of GET /time-entries still counts the deleted entries that match the filter (a counter deletes do not decrement)',
    suite: 'sequences',
    breaks: 'SEQ-TOTAL-AFTER-WRITE',
    policy: { timeEntries: { interactions: { totalCountsDeleted: true } } },
  },
  'seq-expense-status-index': {
    changes: 'GET /expenses?status= reads the status an expense was created or last updated with: approve and reject do not refresh the index',
    suite: 'sequences',
    breaks: 'SEQ-LIST-AFTER-WRITE',
    policy: { expenses: { interactions: { statusIndex: true } } },
  },
  'seq-expense-patch-undeletes': {
    changes: 'a PATCH of a deleted expense answers 200 and writes it back (an upsert over the tombstone it left): a deleted expense reads and lists again',
    suite: 'sequences',
    breaks: 'SEQ-DELETE-GONE',
    policy: { expenses: { interactions: { patchUndeletes: true } } },
  },
  'seq-time-entry-page-cache': {
    changes:
      'GET /time-entries pages are cached by organisation and query; a write (single or batch) empties the cached first pages (offset 0) only, so a page past the first shows the list as it stood when that page was first read',
    suite: 'sequences',
    breaks: 'SEQ-TOTAL-AFTER-WRITE',
    policy: { timeEntries: { interactions: { pageCache: true } } },
  },
  'seq-contact-children-cache': {
    changes:
      "GET /contacts?parentContactId= is cached by the parent id alone, not by organisation: another organisation's same query gets the cached page until a write empties it",
    suite: 'sequences',
    breaks: 'SEQ-ISOLATION',
    policy: { contacts: { interactions: { childrenCache: true } } },
  },
  'seq-resource-update-revives': {
    changes: 'a PATCH of a soft-deleted resource brings it back: it is active again, though the update did not name isActive',
    suite: 'sequences',
    breaks: 'SEQ-SOFT-DELETE-STAYS',
    policy: { resources: { interactions: { updateRevives: true } } },
  },
  'seq-contact-billable-first-patch': {
    changes:
      'GET /contacts?isBillable= reads an index written at create and by the first PATCH that names isBillable: a contact whose isBillable is changed a second time is listed by its first new value',
    suite: 'sequences',
    breaks: 'SEQ-LIST-AFTER-WRITE',
    policy: { contacts: { interactions: { billableFirstPatch: true } } },
  },
  'seq-resource-quick-edit-tags': {
    changes:
      'a PATCH /resources/{id} naming one field alone (tags aside) is taken as a quick edit that writes the whole form back, its tag list empty: the resource loses its tags',
    suite: 'sequences',
    breaks: 'SEQ-READ-AFTER-WRITE',
    policy: { resources: { interactions: { quickEditClearsTags: true } } },
  },
  'seq-milestone-completed-list-cache': {
    changes:
      'GET /milestones?status=completed keeps a copy of each milestone it lists, which GET /milestones/{id} answers from afterwards: a PATCH after that list does not refresh it (DELETE drops it)',
    suite: 'sequences',
    breaks: 'SEQ-READ-AFTER-WRITE',
    policy: { milestones: { interactions: { completedListCache: true } } },
  },
});
