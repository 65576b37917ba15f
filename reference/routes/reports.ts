import type { FastifyPluginAsync } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { notFound, validationFailed } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { refuseUnsupportedExecute } from '../report-choices.js';
import type { VariantSet } from '../variants.js';
import type { TaskLookup } from '../models/tasks.js';
import { recordKey, type IdParams } from '../lookup.js';
import { executeReport, filterReports, reportCategories, type ReportDirectory, type ReportFilter } from '../models/reports.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import { REPORT_SOURCES, reportExecuteSchema, type ReportExecuteInput, type ReportSchemaLoosening } from '../schemas/reports.js';
import { compileBody } from '../validation.js';
import type { Policy } from '../policy/policy.js';

export interface ReportsRouteOptions {
  reports: ReportDirectory;
  faults: FaultSet;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  /** report-choices: definitions that need filter values or support some scope kinds only. */
  variants?: VariantSet;
  ajv: Ajv;
  /** Only the sec-report-scope-leak fault looks a project up. */
  lookup?: TaskLookup;
}

function loosening(faults: FaultSet): ReportSchemaLoosening {
  return {
    pageSizeUnbounded: faults.has('rp-page-size-unbounded'),
    scopeNotStrict: faults.has('rp-scope-not-strict'),
    scopeKindUnchecked: faults.has('rp-scope-kind-unchecked'),
    filterValuesStrict: faults.has('rp-filter-values-strict'),
  };
}

/**
 * spec 4.9: report definitions (from the seed, read-only) and their execution, scoped to
 * the key's organisation. A non-UUID, unknown or other-organisation id is the same 404.
 */
export const reportsRoutes: FastifyPluginAsync<ReportsRouteOptions> = async (app, options) => {
  const { reports, faults, policy, ajv } = options;
  const validateExecute = compileBody<ReportExecuteInput>(ajv, reportExecuteSchema(loosening(faults)));

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
    const page = readPage(query, policy.lists);
    query.finish();
    if (faults.has('rp-filter-category-ignored')) delete filter.category;
    if (faults.has('rp-filter-source-ignored')) delete filter.source;
    const definitions = filterReports(reports.list(auth.organisationId), filter);
    // rp-list-unpaged: every definition in data, without pagination
    if (faults.has('rp-list-unpaged')) return { data: definitions };
    return paginate(definitions, page, policy.lists);
  });

  // spec 4.11: the fixed path coexists with /reports/{id}; the router prefers the static
  // segment whatever the registration order. Under rp-categories-as-id the route is left
  // out, so the request falls to /reports/:id and "categories" is an unknown id.
  if (!faults.has('rp-categories-as-id')) {
    app.get('/reports/categories', async (request) => ({ data: reportCategories(reports.list(requireAuth(request).organisationId)) }));
  }

  app.get<{ Params: IdParams }>('/reports/:id', async (request) => {
    const definition = findDefinition(requireAuth(request).organisationId, request.params.id);
    // rp-get-user-404: reading by id looks in the system definitions only
    if (definition.source === 'user' && faults.has('rp-get-user-404')) throw notFound('report definition');
    return { data: definition };
  });

  // spec 4.9: the body is optional; no body at all is the same as {}.
  app.post<{ Params: IdParams }>('/reports/:id/execute', { config: { bodyOptional: true } }, async (request) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateExecute(request.body ?? {});
    if (!result.ok) throw validationFailed(result.issues);
    const definition = findDefinition(auth.organisationId, request.params.id);
    if (options.variants?.has('report-choices')) {
      refuseUnsupportedExecute(reports.list(auth.organisationId).findIndex((d) => d.id === definition.id), result.value);
    }
    const report = executeReport(definition, result.value, {
      ...(faults.has('rp-default-page-2') ? { defaultPage: 2 } : {}),
      ...(faults.has('rp-page-size-plus-one') ? { extraRowsPerPage: 1 } : {}),
    });
    // sec-report-scope-leak: a project scope is answered with the project's name, whichever organisation owns it
    const scoped = result.value.scope?.kind === 'project' && faults.has('sec-report-scope-leak') ? options.lookup?.nodeAnywhere(result.value.scope.id) : undefined;
    const answer = scoped === undefined ? report : { ...report, project: { id: scoped.id, name: scoped.name } };
    return faults.has('rp-execute-no-envelope') ? answer : { data: answer };
  });
};
