import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import type { TaskLookup } from '../models/tasks.js';
import { recordKey, type IdParams } from '../lookup.js';
import { executeReport, filterReports, reportCategories, type ReportDirectory, type ReportFilter } from '../models/reports.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import { REPORT_SOURCES, reportExecuteSchema, type ReportExecuteInput } from '../schemas/reports.js';
import { compileBody } from '../validation.js';
import type { Policy } from '../policy/policy.js';

export interface ReportsRouteOptions {
  reports: ReportDirectory;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  /** Only a policy that names a scoped project looks it up. */
  lookup?: TaskLookup;
}

/**
 * spec 4.9: report definitions (from the seed, read-only) and their execution, scoped to
 * the key's organisation. A non-UUID, unknown or other-organisation id is the same 404.
 */
export const reportsRoutes: FastifyPluginAsync<ReportsRouteOptions> = async (app, options) => {
  const { reports, ajv } = options;
  const policy = options.policy.reports;
  const lists = options.policy.lists;
  const validateExecute = compileBody<ReportExecuteInput>(ajv, reportExecuteSchema(policy.loosened));

  const findDefinition = (organisationId: string, id: string) => {
    const key = recordKey(id);
    const definition = key === undefined ? undefined : reports.get(organisationId, key);
    if (definition === undefined) throw notFound('report definition');
    return definition;
  };

  app.get('/reports', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: ReportFilter = {
      category: query.string('category'),
      source: query.oneOf('source', REPORT_SOURCES),
    };
    const page = readPage(query, lists);
    query.finish();
    for (const name of policy.ignoredFilters) delete filter[name];
    const definitions = filterReports(reports.list(auth.organisationId), filter);
    if (!policy.listPaged) return { data: definitions };
    return paginate(definitions, page, lists);
  });

  // spec 4.11: the fixed path coexists with /reports/{id}; the router prefers the static
  // segment whatever the registration order. Without the route the request falls to
  // /reports/:id and "categories" is an unknown id.
  if (policy.categoriesRoute) {
    app.get('/reports/categories', async (request) => ({ data: reportCategories(reports.list(requireAuth(request).organisationId)) }));
  }

  app.get<{ Params: IdParams }>('/reports/:id', async (request) => {
    const definition = findDefinition(requireAuth(request).organisationId, request.params.id);
    if (policy.hiddenOnRead.includes(definition.source)) throw notFound('report definition');
    return { data: definition };
  });

  // spec 4.9: the body is optional; no body at all is the same as {}.
  app.post<{ Params: IdParams }>('/reports/:id/execute', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateExecute(request.body ?? {});
    if (!result.ok) throw validationFailed(result.issues);
    const definition = findDefinition(auth.organisationId, request.params.id);
    if (policy.executeChecks.length > 0) {
      const position = reports.list(auth.organisationId).findIndex((d) => d.id === definition.id);
      for (const check of policy.executeChecks) check(position, result.value);
    }
    const report = executeReport(definition, result.value, policy.executePaging);
    const scope = result.value.scope;
    const scoped = scope?.kind === 'project' && policy.scopedProjectNamed === 'everywhere' ? options.lookup?.nodeAnywhere(scope.id) : undefined;
    const answer = scoped === undefined ? report : { ...report, project: { id: scoped.id, name: scoped.name } };
    return policy.executeEnvelope ? { data: answer } : answer;
  });
};
