import type { FastifyPluginAsync } from 'fastify';
import { requireAuth } from '../auth.js';
import type { FaultSet } from '../faults.js';
import type { ProjectDirectory } from '../models/projects.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';

export interface ProjectsRouteOptions {
  projects: ProjectDirectory;
  faults: FaultSet;
}

/** spec 4.12: GET /projects is a paged list of the key's organisation's projects. */
export const projectsRoutes: FastifyPluginAsync<ProjectsRouteOptions> = async (app, options) => {
  app.get('/projects', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const page = readPage(query, options.faults);
    query.finish();
    return paginate(options.projects.list(auth.organisationId), page, options.faults);
  });
};
