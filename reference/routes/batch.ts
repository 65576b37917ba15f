import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { validationFailed, type Issue } from '../errors.js';
import { pickFields } from '../models/fields.js';
import type { TaskLookup } from '../models/tasks.js';
import { createTimeEntry, patchTimeEntry, type TimeEntry } from '../models/time-entries.js';
import {
  BATCH_ENTRY_FIELDS,
  BATCH_UPDATE_FIELDS,
  batchCreateSchema,
  batchDeleteSchema,
  batchUpdateSchema,
  type BatchCreateBody,
  type BatchDeleteBody,
  type BatchUpdateBody,
} from '../schemas/batch.js';
import type { TimeEntryCreateInput, TimeEntryUpdateInput } from '../schemas/time-entries.js';
import type { PartitionedStore } from '../store.js';
import { compileBody } from '../validation.js';
import type { EventPublisher } from '../webhooks/engine.js';
import type { Policy } from '../policy/policy.js';
import { forgetFirstPages, sharedCopies, sharedPages } from '../stale-copies.js';

export interface BatchRouteOptions {
  /** The time entries store shared with /time-entries: batch entries are ordinary entries. */
  store: PartitionedStore<TimeEntry>;
  lookup: TaskLookup;
  /** Webhook events of this domain (spec 6) are published here. */
  events: EventPublisher;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

/**
 * Resolves the ids of a batch (spec 4.10) to entries of the organisation. An unknown or
 * other-organisation id, or one named twice, is an issue on that item: the batch is
 * invalid input (400), not a 404, because the request names many records at once.
 */
function resolveIds(store: PartitionedStore<TimeEntry>, organisationId: string, ids: readonly string[], pathOf: (i: number) => string): TimeEntry[] {
  const issues: Issue[] = [];
  const found: TimeEntry[] = [];
  const seen = new Map<string, number>();
  ids.forEach((id, i) => {
    const key = id.toLowerCase();
    const first = seen.get(key);
    if (first !== undefined) {
      issues.push({ path: pathOf(i), message: `repeats ${pathOf(first)}` });
      return;
    }
    seen.set(key, i);
    const entry = store.get(organisationId, key);
    if (entry === undefined) issues.push({ path: pathOf(i), message: 'is not a time entry of this organisation' });
    else found.push(entry);
  });
  if (issues.length > 0) throw validationFailed(issues);
  return found;
}

/**
 * spec 4.10: batch create, update and delete of time entries. Per-item outcomes and
 * partial failure are not shown in the spec; the reference is all-or-nothing: every item
 * is validated first (issues name `entries.N.field`, `updates.N.id`, `ids.N`), and only
 * a fully valid batch is applied. Success is 200 with `data`.
 */
export const batchRoutes: FastifyPluginAsync<BatchRouteOptions> = async (app, options) => {
  const { store, lookup, events, ajv } = options;
  const policy = options.policy.batch;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<BatchCreateBody>(ajv, batchCreateSchema(policy.loosened));
  const validateUpdate = compileBody<BatchUpdateBody>(ajv, batchUpdateSchema(policy.loosened));
  const validateDelete = compileBody<BatchDeleteBody>(ajv, batchDeleteSchema(policy.loosened));
  // The time-entry routes' page cache (only under the interaction fault seq-time-entry-page-cache): a batch write empties its first pages only.
  const pages = options.policy.timeEntries.interactions.pageCache === true ? sharedPages(store) : undefined;
  app.addHook('onRequest', async (request) => {
    if (pages !== undefined && request.method !== 'GET') forgetFirstPages(pages);
  });

  // Created entries are ordinary time entries: entrySource `manual`, listed by /time-entries.
  app.post('/batch/time-entries', async (request) => {
    const auth = requireAuth(request);
    const result = validateCreate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const at = now().toISOString();
    const created = result.value.entries.map((item) => {
      const input = pickFields(item, BATCH_ENTRY_FIELDS) as TimeEntryCreateInput;
      return createTimeEntry(input, lookup.projectIdOf(auth.organisationId, input.taskId), randomUUID(), at);
    });
    for (const entry of created) store.insert(auth.organisationId, entry);
    // spec 6: batch-created entries are time entries created: one time_entry.created each, in item order
    for (const entry of created) events.publish(auth.organisationId, 'time_entry.created', entry);
    return policy.createEnvelope ? { data: created } : created;
  });

  app.patch('/batch/time-entries', async (request) => {
    const auth = requireAuth(request);
    const result = validateUpdate(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const { updates } = result.value;
    const existing = resolveIds(
      store,
      auth.organisationId,
      updates.map((u) => u.id),
      (i) => `updates.${i}.id`,
    );
    if (!policy.applied.update) return { data: existing };
    const at = now().toISOString();
    const updated = updates.map((item, i) => {
      const before = existing[i] as TimeEntry;
      const input = pickFields(item, BATCH_UPDATE_FIELDS) as TimeEntryUpdateInput;
      const projectId = input.taskId === undefined ? before.projectId : lookup.projectIdOf(auth.organisationId, input.taskId);
      return patchTimeEntry(before, input, projectId, at);
    });
    for (const entry of updated) store.replace(auth.organisationId, entry);
    return { data: updated };
  });

  // `ids` in the answer are the deleted entries' ids in their stored (lower-case) form.
  app.delete('/batch/time-entries', async (request) => {
    const auth = requireAuth(request);
    const result = validateDelete(request.body);
    if (!result.ok) throw validationFailed(result.issues);
    const doomed = resolveIds(store, auth.organisationId, result.value.ids, (i) => `ids.${i}`);
    if (policy.applied.delete) for (const entry of doomed) store.delete(auth.organisationId, entry.id);
    // Only under an interaction fault: the list total keeps counting what a batch removed.
    if (policy.interactions.totalCountsBatchDeleted === true)
      for (const entry of doomed) sharedCopies<TimeEntry>(store, 'batch-deleted').keepFirst(auth.organisationId, entry);
    return { data: { deleted: doomed.length, ids: doomed.map((e) => e.id) } };
  });
};
