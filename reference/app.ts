import Fastify, { type FastifyInstance } from 'fastify';
import { authHook, KeyRegistry } from './auth.js';
import { handleError, handleFrameworkError, handleNotFound } from './error-handler.js';
import { parseFaults } from './faults.js';
import { installJsonParser } from './json-body.js';
import type { Contact } from './models/contacts.js';
import { FixedWindowLimiter, rateLimitHook } from './rate-limit.js';
import { contactsRoutes } from './routes/contacts.js';
import { projectsRoutes } from './routes/projects.js';
import type { Seed } from './seed.js';
import { PartitionedStore } from './store.js';
import { createBodyAjv } from './validation.js';

export const API_PREFIX = '/api/v1';

export interface BuildAppOptions {
  seed: Seed;
  /** Fault names (see FAULTS); an unknown name throws UnknownFaultError. */
  faults?: readonly string[];
  logger?: boolean;
  /** Clock in epoch milliseconds, for rate-limit windows and timestamps (tests). */
  now?: () => number;
}

/** The reference server as a Fastify instance, not listening; see startReferenceServer. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const faults = parseFaults(options.faults ?? []);
  const now = options.now ?? Date.now;
  const registry = new KeyRegistry(options.seed);
  const limiter = new FixedWindowLimiter(now);
  const ajv = createBodyAjv();
  const contacts = new PartitionedStore<Contact>();

  const app = Fastify({
    logger: options.logger ?? false,
    frameworkErrors: handleFrameworkError,
    // long ids still reach the route (and auth) and get an ordinary 404
    routerOptions: { maxParamLength: 2048 },
  });
  app.decorateRequest('auth', null);
  installJsonParser(app, faults);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);

  await app.register(
    async (api) => {
      // order matters: the limiter counts per accepted key (spec 5.6, 8)
      api.addHook('onRequest', authHook(registry, faults));
      api.addHook('onRequest', rateLimitHook(limiter));
      // unknown routes under the prefix answer 404 after authentication
      api.setNotFoundHandler(handleNotFound);
      await api.register(contactsRoutes, { store: contacts, faults, ajv, now: () => new Date(now()) });
      await api.register(projectsRoutes, { seed: options.seed, faults });
    },
    { prefix: API_PREFIX },
  );
  return app;
}
