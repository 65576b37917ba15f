import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../auth.js';
import type { ProjectDirectory } from '../models/projects.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import type { Policy } from '../policy/policy.js';

export interface ProjectsRouteOptions {
  projects: ProjectDirectory;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
}

/**
 * spec 4.12: GET /projects is a paged list of the key's organisation's projects. It reads
 * the shared list policy (paging) as every list does, and its own slot (policy.projects).
 */
export const projectsRoutes: FastifyPluginAsync<ProjectsRouteOptions> = async (app, options) => {
  const { projects } = options;
  const policy = options.policy.projects;
  const lists = options.policy.lists;

  app.get('/projects', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const page = readPage(query, lists);
    query.finish();
    const all = policy.listScope === 'everywhere' ? projects.listAll() : projects.list(auth.organisationId);
    const items = policy.skipped > 0 ? all.slice(policy.skipped) : all;
    if (!policy.limitApplied) {
      // every project from offset on, while pagination still echoes the limit asked for
      const body = paginate(items, { offset: page.offset, limit: Math.max(items.length, 1) }, lists);
      return body.pagination === undefined ? body : { ...body, pagination: { ...body.pagination, limit: page.limit } };
    }
    return paginate(items, page, lists);
  });
};
