import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../auth.js';
import type { FaultSet } from '../faults.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import type { Seed, SeedProject } from '../seed.js';

export interface ProjectsRouteOptions {
  seed: Seed;
  faults: FaultSet;
}

/** spec 4.12: GET /projects is a paged list of the key's organisation's projects. */
export const projectsRoutes: FastifyPluginAsync<ProjectsRouteOptions> = async (app, options) => {
  const byOrganisation = new Map<string, SeedProject[]>(
    options.seed.organisations.map((org) => [org.id, org.projects.map((p) => ({ id: p.id, name: p.name, versionId: p.versionId }))]),
  );

  app.get('/projects', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const page = readPage(query, options.faults);
    query.finish();
    return paginate(byOrganisation.get(auth.organisationId) ?? [], page, options.faults);
  });
};
