import type { FastifyInstance } from 'fastify';
import type { Ajv } from 'ajv';
import type { KeyRegistry } from './auth.js';
import { batchItemRefusalsHook } from './batch-item-refusals.js';
import { briefListsHook } from './brief-lists.js';
import { businessRulesHook, oneDefaultRateHook } from './business-rules.js';
import { expenseRulesHook, expenseRulesOnSend, expenseSelfReviewHooks } from './expense-rules.js';
import { guardedSecurityHook, ssrfGuardHook } from './guarded-security.js';
import { laxFormatsHook } from './lax-formats.js';
import { loadSheddingHooks } from './load-shedding.js';
import type { Allocation } from './models/allocations.js';
import type { Contact } from './models/contacts.js';
import type { Expense } from './models/expenses.js';
import type { Milestone } from './models/milestones.js';
import type { ProjectDirectory } from './models/projects.js';
import type { StoredRate } from './models/rates.js';
import type { Resource } from './models/resources.js';
import type { Task, TaskLookup } from './models/tasks.js';
import type { TimeEntry } from './models/time-entries.js';
import type { StoredSubscription } from './models/webhooks.js';
import { normalisedValuesHook } from './normalised-values.js';
import { planningRulesHook, planningRulesShow } from './planning-rules.js';
import { readOnlyKeysHook } from './read-only-keys.js';
import { recordRulesHook, recordRulesOnSend } from './record-rules.js';
import { reportChoicesHook } from './report-choices.js';
import { sparseRecordsHook } from './sparse-records.js';
import type { PartitionedStore } from './store.js';
import { stringPagingHook } from './string-paging.js';
import { throttledRefusalsHooks } from './throttled-refusals.js';
import { timeEntryAssignmentHook, timeEntryRulesHook } from './time-entry-rules.js';
import { uniqueNamesHook } from './unique-names.js';
import type { VariantName, VariantSet } from './variants.js';
import { webhookChoicesHook } from './webhook-choices.js';

/** What a variant's hooks may use: the app's stores and shared pieces. */
export interface VariantContext {
  readonly registry: KeyRegistry;
  readonly projects: ProjectDirectory;
  readonly lookup: TaskLookup;
  readonly ajv: Ajv;
  readonly now: () => number;
  readonly clock: () => Date;
  readonly stores: {
    readonly contacts: PartitionedStore<Contact>;
    readonly resources: PartitionedStore<Resource>;
    readonly rates: PartitionedStore<StoredRate>;
    readonly allocations: PartitionedStore<Allocation>;
    readonly tasks: PartitionedStore<Task>;
    readonly milestones: PartitionedStore<Milestone>;
    readonly timeEntries: PartitionedStore<TimeEntry>;
    readonly expenses: PartitionedStore<Expense>;
    readonly subscriptions: PartitionedStore<StoredSubscription>;
  };
}

/**
 * Where a variant's hooks go: `before-auth` ahead of authentication and the limiter (a proxy or a
 * guard in front of the API), `after-limit` once the key is known and counted.
 */
type Stage = 'before-auth' | 'after-limit';

interface VariantHooks {
  readonly stage: Stage;
  readonly install: (api: FastifyInstance, context: VariantContext) => void;
}

/**
 * The variants that bend the server through hooks of their own (each in its own file), in the
 * order they are installed. The variants a route reads are policy patches instead
 * (`VARIANT_PATCHES` in variants.ts); the limiter's are chosen by rate-limit-hooks.ts.
 */
const VARIANT_HOOKS: { readonly [V in VariantName]?: VariantHooks } = {
  'load-shedding': {
    stage: 'before-auth',
    install: (api) => {
      const shedding = loadSheddingHooks();
      api.addHook('onRequest', shedding.onRequest);
      api.addHook('onResponse', shedding.onResponse);
    },
  },
  'throttled-refusals': {
    stage: 'before-auth',
    install: (api, { registry, now }) => {
      const guard = throttledRefusalsHooks(registry, now);
      api.addHook('onRequest', guard.onRequest);
      api.addHook('onResponse', guard.onResponse);
    },
  },
  'business-rules': {
    stage: 'after-limit',
    install: (api, { stores }) => {
      api.addHook('preHandler', businessRulesHook({ timeEntries: stores.timeEntries, allocations: stores.allocations, subscriptions: stores.subscriptions }));
      api.addHook('onSend', oneDefaultRateHook(stores.rates));
    },
  },
  'expense-rules': {
    stage: 'after-limit',
    install: (api, { stores, projects, lookup, ajv, clock }) => {
      api.addHook('preHandler', expenseRulesHook({ expenses: stores.expenses, projects, lookup, ajv, now: clock }));
      api.addHook('onSend', expenseRulesOnSend);
    },
  },
  'expense-self-review': {
    stage: 'after-limit',
    install: (api) => {
      const selfReview = expenseSelfReviewHooks();
      api.addHook('preHandler', selfReview.preHandler);
      api.addHook('onSend', selfReview.onSend);
    },
  },
  'time-entry-rules': {
    stage: 'after-limit',
    install: (api, { stores, ajv }) => api.addHook('preHandler', timeEntryRulesHook({ timeEntries: stores.timeEntries, ajv })),
  },
  'time-entry-assignment': {
    stage: 'after-limit',
    install: (api, { stores, ajv }) => api.addHook('preHandler', timeEntryAssignmentHook({ allocations: stores.allocations, ajv })),
  },
  'normalised-values': { stage: 'after-limit', install: (api) => api.addHook('onSend', normalisedValuesHook) },
  'brief-lists': { stage: 'after-limit', install: (api) => api.addHook('onSend', briefListsHook) },
  'string-paging': { stage: 'after-limit', install: (api) => api.addHook('onSend', stringPagingHook) },
  'batch-item-refusals': { stage: 'after-limit', install: (api) => api.addHook('onSend', batchItemRefusalsHook) },
  'lax-formats': { stage: 'after-limit', install: (api) => api.addHook('preHandler', laxFormatsHook) },
  'planning-rules': {
    stage: 'after-limit',
    install: (api, { projects, clock }) => {
      api.addHook('preHandler', planningRulesHook(projects, clock));
      api.addHook('onSend', planningRulesShow);
    },
  },
  'sparse-records': { stage: 'after-limit', install: (api) => api.addHook('onSend', sparseRecordsHook) },
  'record-rules': {
    stage: 'after-limit',
    install: (api, { stores, clock }) => {
      const { contacts, resources, rates, allocations } = stores;
      api.addHook('preHandler', recordRulesHook({ contacts, resources, rates, allocations }, clock));
      api.addHook('onSend', recordRulesOnSend(rates));
    },
  },
  'webhook-choices': { stage: 'after-limit', install: (api) => api.addHook('onSend', webhookChoicesHook) },
  'guarded-security': {
    stage: 'after-limit',
    install: (api, { stores }) => {
      api.addHook('preHandler', ssrfGuardHook);
      const { contacts, resources, rates, tasks, milestones, allocations, expenses } = stores;
      const byDomain = {
        contacts,
        resources,
        rates,
        tasks,
        'time-entries': stores.timeEntries,
        milestones,
        allocations,
        expenses,
        webhooks: stores.subscriptions,
      };
      api.addHook('onSend', guardedSecurityHook(byDomain));
    },
  },
  'report-choices': { stage: 'after-limit', install: (api) => api.addHook('onSend', reportChoicesHook) },
  'read-only-keys': { stage: 'after-limit', install: (api) => api.addHook('preHandler', readOnlyKeysHook) },
  'unique-names': {
    stage: 'after-limit',
    install: (api, { stores }) => {
      const { contacts, resources, rates, tasks, milestones } = stores;
      api.addHook('preHandler', uniqueNamesHook({ contacts, resources, rates, tasks, milestones, webhooks: stores.subscriptions }));
    },
  },
};

/** Installs the hooks of the switched-on variants of one stage, in the table's order. */
export function installVariantHooks(api: FastifyInstance, stage: Stage, variants: VariantSet, context: VariantContext): void {
  for (const [name, hooks] of Object.entries(VARIANT_HOOKS) as [VariantName, VariantHooks][]) {
    if (hooks.stage === stage && variants.has(name)) hooks.install(api, context);
  }
}
