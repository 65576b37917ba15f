import { randomUUID } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { setupCreated } from './setup-created.js';
import { uniqueToken } from './unique-token.js';
import { once } from '../check/once.js';
import { runTag } from '../check/run-context.js';
import type { Collection } from '../crosscutting/collection.js';
import type { Domain } from '../config/schema.js';
import type { ApiResponse } from '../http/client.js';
import { allocationsCollection } from './allocations.js';
import { contactsCollection } from './contacts.js';
import { createExpense, expensesCollection } from './expenses.js';
import { listAll } from './lists.js';
import { createMilestone, milestonesCollection } from './milestones.js';
import { createResource } from './prerequisites.js';
import { createRate, ratesCollection } from './rates.js';
import { findRunnableDefinitions, needDefinitions } from './reports.js';
import { resourcesCollection } from './resources.js';
import { tasksCollection } from './tasks.js';
import { minimalEntry, timeEntriesCollection } from './time-entries.js';
import { subscriptionsCollection } from '../webhooks/subscriptions.js';

/*
 * Where each surface of the input table (harness/spec/inputs/table.ts) is sent: a valid body (or
 * query) to break one field of, and the request that carries it. Created bodies are the minimal
 * valid ones of each domain; updates and actions go to records the file made for them.
 */

export interface InputTarget {
  /** A valid body or query; one field of it (at the surface's `at`) is then replaced by an invalid value. */
  readonly base: (t: CheckContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
  readonly send: (t: CheckContext, input: Record<string, unknown>) => Promise<ApiResponse>;
  /** False: the base alone is no request to expect a 2xx for (ids that exist nowhere, say); the check sends no control. */
  readonly control?: false;
  /** After a request the target accepted (a broken target): what made records without a plain create is registered for cleanup. */
  readonly accepted?: (t: CheckContext, input: Record<string, unknown>) => Promise<void>;
  /**
   * A batch answered 2xx: true when nothing of the (invalid) item was applied, as a per-item
   * refusal inside a 200 leaves it (spec 4.10). `before`: what `before()` saw ahead of the send.
   */
  readonly appliedNothing?: (t: CheckContext, input: Record<string, unknown>, before: ReadonlySet<string>) => Promise<boolean>;
  /** Read ahead of each item case's send, for `appliedNothing`: the ids there were. */
  readonly before?: (t: CheckContext) => Promise<ReadonlySet<string>>;
  /**
   * Every item case changes one and the same record: an item case answered 2xx is judged on a
   * send of its own, alone (another case's change could hide its own; see harness/crosscutting/input-classes.ts).
   */
  readonly oneRecord?: true;
}

export type InputTargets = Readonly<Record<string, InputTarget>>;

/** Create, update and list of one collection: a fresh create body, an update of one record the file made, the plain list. */
function collectionTargets(collection: Collection): Record<string, InputTarget> {
  const { path } = collection;
  const existing = once(async (t) => {
    return setupCreated(await t.api.post(path, await collection.createBody!(t)), `create a ${path} record to update`);
  });
  return {
    [`POST ${path}`]: { base: (t) => collection.createBody!(t), send: (t, body) => t.api.post(path, body) },
    [`PATCH ${path}/{id}`]: { base: (t) => collection.updateBody!(t), send: async (t, body) => t.api.patch(`${path}/${await existing(t)}`, body) },
    [`GET ${path}`]: { base: () => ({}), send: (t, query) => t.api.get(path, query as Record<string, string>) },
  };
}

/** Entries a batch made on `resourceId`, registered for cleanup. */
async function trackEntriesOf(t: CheckContext, resourceId: unknown): Promise<string[]> {
  if (typeof resourceId !== 'string') return [];
  // Found again at the file's end too (a lagging list may not show them yet): harness/check/cleanup.ts sweepAtEnd.
  t.sweepAtEnd('/time-entries', { resourceId });
  const records = await listAll(t.api, '/time-entries', { resourceId });
  const ids = records.flatMap((r) => (typeof r['id'] === 'string' ? [r['id']] : []));
  for (const id of ids) t.track(`/time-entries/${id}`);
  return ids;
}

function batchTargets(): Record<string, InputTarget> {
  // Entries of a resource of their own: a broken target that takes an invalid item makes entries found there.
  const resource = once((t) => createResource(t, 'Conformance input classes'));
  const entry = once(async (t) => {
    return setupCreated(await t.api.post('/time-entries', await minimalEntry(t)), 'create a time entry to update in a batch');
  });
  return {
    'POST /batch/time-entries': {
      send: (t, body) => t.api.post('/batch/time-entries', body),
      accepted: async (t) => void (await trackEntriesOf(t, await resource(t))),
      // A description of its own per body: an applied item is a new entry of the resource carrying
      // it (the other checks' controls make entries there too, with descriptions of their own).
      base: async (t) => ({ entries: [await minimalEntry(t, { resourceId: await resource(t), description: `conformance input ${uniqueToken('')}` })] }),
      before: async (t) => new Set(await trackEntriesOf(t, await resource(t))),
      appliedNothing: async (t, input, before) => {
        const sent = ((input['entries'] as unknown[] | undefined)?.[0] as Record<string, unknown> | undefined)?.['description'];
        for (const id of await trackEntriesOf(t, await resource(t))) {
          if (before.has(id)) continue;
          const read = await t.api.get(`/time-entries/${id}`);
          if (String((read.json as { data?: Record<string, unknown> } | undefined)?.data?.['description']) === String(sent)) return false;
        }
        return true;
      },
    },
    'PATCH /batch/time-entries': {
      // A description of its own per body: an applied item shows it.
      base: async (t) => ({ updates: [{ id: await entry(t), description: `updated by the conformance suite ${uniqueToken('')}` }] }),
      send: (t, body) => t.api.patch('/batch/time-entries', body),
      oneRecord: true,
      appliedNothing: async (t, input) => {
        const sent = ((input['updates'] as unknown[] | undefined)?.[0] as Record<string, unknown> | undefined)?.['description'];
        const read = await t.api.get(`/time-entries/${await entry(t)}`);
        return read.status === 200 && (read.json as { data?: Record<string, unknown> } | undefined)?.data?.['description'] !== sent;
      },
    },
    // Random ids name no entry: an invalid one inside a 200 cannot have deleted anything.
    'DELETE /batch/time-entries': {
      base: () => ({ ids: [randomUUID()] }),
      control: false,
      send: (t, body) => t.api.send({ method: 'DELETE', path: '/batch/time-entries', body }),
      appliedNothing: async () => true,
    },
  };
}

/** The targets of one domain's surfaces. `webhookUrl`: where subscriptions made for the table point (a sink that answers 200). */
export function inputTargets(domain: Domain, options: { readonly webhookUrl?: (t: CheckContext) => Promise<string> } = {}): InputTargets {
  switch (domain) {
    case 'contacts':
      return collectionTargets(contactsCollection);
    case 'expenses':
      return {
        ...collectionTargets(expensesCollection),
        'POST /expenses billableModifiers[0]': {
          // One valid modifier, one field of which is then broken.
          base: (t) => ({
            ...(expensesCollection.createBody!(t) as Record<string, unknown>),
            billableModifiers: [{ id: randomUUID(), name: 'Conformance markup', type: 'percentage', value: '10' }],
          }),
          send: (t, body) => t.api.post('/expenses', body),
        },
        // A fresh pending expense for each body: a reject that was taken leaves nothing to reject.
        'POST /expenses/{id}/reject': {
          base: () => ({}),
          send: async (t, body) => t.api.post(`/expenses/${await createExpense(t, { status: 'pending' })}/reject`, body),
        },
      };
    case 'time-entries':
      return collectionTargets(timeEntriesCollection);
    case 'resources':
      return collectionTargets(resourcesCollection);
    case 'rates': {
      const rate = once((t) => createRate(t));
      return {
        ...collectionTargets(ratesCollection),
        'POST /rates/{id}/versions': {
          base: () => ({ amount: 120, effectiveFrom: '2031-01-01' }),
          send: async (t, body) => t.api.post(`/rates/${await rate(t)}/versions`, body),
        },
      };
    }
    case 'allocations':
      return collectionTargets(allocationsCollection);
    case 'tasks':
      return {
        ...collectionTargets(tasksCollection),
        'GET /projects': { base: () => ({}), send: (t, query) => t.api.get('/projects', query as Record<string, string>) },
      };
    case 'milestones':
      return {
        ...collectionTargets(milestonesCollection),
        // A fresh milestone for each body: one completed by a broken target cannot be completed again.
        'POST /milestones/{id}/complete': { base: () => ({}), send: async (t, body) => t.api.post(`/milestones/${await createMilestone(t)}/complete`, body) },
      };
    case 'reports': {
      // The first listed definition that runs with {} (one may need filter values of its own).
      const definition = once(async (t) => {
        const definitions = await needDefinitions(t);
        return ((await findRunnableDefinitions(t, definitions)).runnable[0] ?? definitions[0]!).id;
      });
      return {
        'POST /reports/{id}/execute': { base: () => ({}), send: async (t, body) => t.api.post(`/reports/${await definition(t)}/execute`, body) },
        // One valid scope (the configured project), one field of which is then broken.
        'POST /reports/{id}/execute scope': {
          base: (t) => ({ scope: { kind: 'project', id: t.run.projectId ?? randomUUID() } }),
          send: async (t, body) => t.api.post(`/reports/${await definition(t)}/execute`, body),
        },
        'GET /reports': { base: () => ({}), send: (t, query) => t.api.get('/reports', query as Record<string, string>) },
      };
    }
    case 'batch':
      return batchTargets();
    case 'webhooks': {
      const url = options.webhookUrl ?? (async () => 'https://example.com/conformance-hook');
      const targets = collectionTargets(subscriptionsCollection(url, ['quote.created']));
      const subscription = once(async (t) => {
        const res = await t.api.post('/webhooks', {
          name: `Conformance inputs ${runTag(t.run)}`,
          url: await url(t),
          events: ['quote.created'],
          description: runTag(t.run),
        });
        return setupCreated(res, 'create a webhook subscription');
      });
      return {
        ...targets,
        'GET /webhooks/{id}/deliveries': {
          base: () => ({}),
          send: async (t, query) => t.api.get(`/webhooks/${await subscription(t)}/deliveries`, query as Record<string, string>),
        },
      };
    }
    default:
      return {};
  }
}
