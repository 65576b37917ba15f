import Fastify, { type FastifyInstance } from 'fastify';
import { authHook, KeyRegistry } from './auth.js';
import { handleError, handleFrameworkError, handleNotFound } from './error-handler.js';
import { parseFaults, policyFor } from './faults.js';
import { installVariantHooks, type VariantContext } from './variant-hooks.js';
import { parseVariants } from './variants.js';
import { installJsonParser } from './json-body.js';
import type { Allocation } from './models/allocations.js';
import type { Contact } from './models/contacts.js';
import type { Expense } from './models/expenses.js';
import type { Milestone } from './models/milestones.js';
import { ProjectDirectory } from './models/projects.js';
import type { StoredRate } from './models/rates.js';
import { ReportDirectory } from './models/reports.js';
import type { Resource } from './models/resources.js';
import { TaskLookup, type Task } from './models/tasks.js';
import type { TimeEntry } from './models/time-entries.js';
import type { StoredSubscription } from './models/webhooks.js';
import { rateLimitHooks } from './rate-limit-hooks.js';
import { responseHook } from './response-hooks.js';
import { allocationsRoutes } from './routes/allocations.js';
import { batchRoutes } from './routes/batch.js';
import { contactsRoutes } from './routes/contacts.js';
import { expensesRoutes } from './routes/expenses.js';
import { milestonesRoutes } from './routes/milestones.js';
import { projectsRoutes } from './routes/projects.js';
import { ratesRoutes } from './routes/rates.js';
import { reportsRoutes } from './routes/reports.js';
import { resourcesRoutes } from './routes/resources.js';
import { tasksRoutes } from './routes/tasks.js';
import { timeEntriesRoutes } from './routes/time-entries.js';
import { webhooksRoutes } from './routes/webhooks.js';
import type { Seed } from './seed.js';
import { PartitionedStore } from './store.js';
import { sharedBodyAjv } from './validation.js';
import { DeliveryEngine, type WebhookOptions } from './webhooks/engine.js';

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  seed: Seed;
  /** Fault names (see FAULTS); an unknown name throws UnknownFaultError. */
  faults?: readonly string[];
  /** Variant names (see VARIANTS): legitimate alternative choices; an unknown name throws UnknownVariantError. */
  variants?: readonly string[];
  logger?: boolean;
  /** Clock in epoch milliseconds, for rate-limit windows, timestamps and "today" (tests). */
  now?: () => number;
  /** Delivery timeout and retry spacing; defaults DEFAULT_WEBHOOK_OPTIONS (backoff 100 ms, timeout 1000 ms). */
  webhooks?: Partial<WebhookOptions>;
  /** Rate window; anything but the default 60 s is for self-tests only (spec 8 says per minute). */
  rateWindowMs?: number;
}

/** The reference server as a Fastify instance, not listening; see startReferenceServer. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const faults = parseFaults(options.faults ?? []);
  const variants = parseVariants(options.variants ?? []);
  const policy = policyFor(faults, variants);
  const now = options.now ?? Date.now;
  const clock = (): Date => new Date(now());
  const registry = new KeyRegistry(options.seed);
  const rateLimit = rateLimitHooks(policy.rateLimit, { now, windowMs: options.rateWindowMs, variants });
  const ajv = sharedBodyAjv(policy.body.loosened);
  const projects = new ProjectDirectory(options.seed);
  const storeOptions = { listLagMs: policy.lists.lagMs, now };
  const tasks = new PartitionedStore<Task>(storeOptions);
  const taskLookup = new TaskLookup(projects, tasks, clock().toISOString());
  const timeEntries = new PartitionedStore<TimeEntry>(storeOptions);
  const subscriptions = new PartitionedStore<StoredSubscription>(storeOptions);
  const contacts = new PartitionedStore<Contact>(storeOptions);
  const resources = new PartitionedStore<Resource>(storeOptions);
  const rates = new PartitionedStore<StoredRate>(storeOptions);
  const milestones = new PartitionedStore<Milestone>(storeOptions);
  const allocations = new PartitionedStore<Allocation>(storeOptions);
  const expenses = new PartitionedStore<Expense>(storeOptions);
  const events = new DeliveryEngine({ subscriptions, policy: policy.deliveries, now: clock, ...options.webhooks });
  const variantContext: VariantContext = {
    registry,
    projects,
    lookup: taskLookup,
    ajv,
    now,
    clock,
    stores: { contacts, resources, rates, allocations, tasks, milestones, timeEntries, expenses, subscriptions },
  };

  const app = Fastify({
    logger: options.logger ?? false,
    frameworkErrors: handleFrameworkError,
    // long ids still reach the route (and auth) and get an ordinary 404
    routerOptions: { maxParamLength: 2048 },
  });
  app.decorateRequest('auth', null);
  installJsonParser(app, policy.body);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  // On the root, so that every answer passes it (errors and unknown routes too).
  const bendResponse = responseHook(policy.responses);
  if (bendResponse !== undefined) app.addHook('onSend', bendResponse);
  // deliveries run in the background: closing the app stops their retries (tests, CLI exit)
  app.addHook('onClose', async () => {
    await events.close();
  });

  await app.register(
    // biome-ignore lint/nursery/noMisusedPromises: fastify awaits an async plugin (FastifyPluginAsync); Biome's inference picks the callback overload
    async (api) => {
      installVariantHooks(api, 'before-auth', variants, variantContext);
      // order matters: the limiter counts per accepted key (spec 5.6, 8)
      api.addHook('onRequest', authHook(registry, policy.auth));
      api.addHook('onRequest', rateLimit.onRequest);
      if (rateLimit.onSend !== undefined) api.addHook('onSend', rateLimit.onSend);
      installVariantHooks(api, 'after-limit', variants, variantContext);
      // unknown routes under the prefix answer 404 after authentication
      api.setNotFoundHandler(handleNotFound);
      const common = { faults, policy, variants, ajv, now: clock };
      await api.register(contactsRoutes, { store: contacts, ...common });
      await api.register(projectsRoutes, { projects, policy });
      await api.register(resourcesRoutes, { store: resources, ...common });
      await api.register(tasksRoutes, { store: tasks, lookup: taskLookup, events, ...common });
      await api.register(timeEntriesRoutes, { store: timeEntries, lookup: taskLookup, events, ...common });
      await api.register(batchRoutes, { store: timeEntries, lookup: taskLookup, events, ...common });
      await api.register(expensesRoutes, { store: expenses, events, ...common });
      await api.register(ratesRoutes, { store: rates, ...common });
      await api.register(allocationsRoutes, { store: allocations, lookup: taskLookup, ...common });
      await api.register(milestonesRoutes, { store: milestones, events, ...common });
      await api.register(reportsRoutes, { reports: new ReportDirectory(options.seed), policy, ajv, lookup: taskLookup });
      await api.register(webhooksRoutes, { store: subscriptions, engine: events, ...common });
    },
    { prefix: API_PREFIX },
  );
  return app;
}
