import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../auth.js';
import type { FaultSet } from '../faults.js';
import type { ProjectDirectory } from '../models/projects.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import type { Policy } from '../policy/policy.js';

export interface ProjectsRouteOptions {
  projects: ProjectDirectory;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
}

/**
 * spec 4.12: GET /projects is a paged list of the key's organisation's projects. The
 * shared paging faults (paging-*) apply here as on every list; the pj-* faults are this
 * route's own.
 */
export const projectsRoutes: FastifyPluginAsync<ProjectsRouteOptions> = async (app, options) => {
  const { projects, faults, policy } = options;

  app.get('/projects', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const page = readPage(query, policy.lists);
    query.finish();
    const all = faults.has('pj-list-leak') ? projects.listAll() : projects.list(auth.organisationId);
    // pj-list-skips-first: the list starts at the organisation's second project
    const items = faults.has('pj-list-skips-first') ? all.slice(1) : all;
    if (faults.has('pj-limit-ignored')) {
      // every project from offset on, while pagination still echoes the limit asked for
      const body = paginate(items, { offset: page.offset, limit: Math.max(items.length, 1) }, policy.lists);
      return { ...body, pagination: { ...body.pagination, limit: page.limit } };
    }
    return paginate(items, page, policy.lists);
  });
};
