import { answered, is2xx, listRecords, listTotal, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';

const TITLE = 'Org A has report definitions';

/** Spec 2.9, 4.9: the reports checks read and execute an existing definition; none can be created through the API. */
export async function checkReportDefinitions(ctx: DoctorContext): Promise<DoctorItem> {
  const res = await ctx.client(ctx.config.keys.admin!).get('/reports', { limit: 100 });
  const rows = is2xx(res.status) ? listRecords(res) : undefined;
  if (rows === undefined) {
    return item('reports', TITLE, 'warning', `GET /reports answered ${answered(res, ctx.redactor)}, not a list: the reports checks will say more`, {
      variables: [],
    });
  }
  if (rows.length === 0) {
    return item('reports', TITLE, 'problem', 'GET /reports lists none: the reports checks that read and execute a definition are skipped', {
      fix: 'create at least one report definition in org A (spec 2.9; the API has no create operation: use the application)',
      variables: [],
    });
  }
  const total = listTotal(res) ?? rows.length;
  const sources = [...new Set(rows.map((r) => r['source']).filter((s): s is string => typeof s === 'string'))].sort();
  return item('reports', TITLE, 'ok', `GET /reports lists ${total}${sources.length > 0 ? ` (source: ${sources.join(', ')})` : ''}`, { variables: [] });
}

const OTHER_TITLE = 'Org B has a report definition';
const OTHER_VARIABLES = ['CONFORMANCE_OTHER_ORG_KEY'];

/**
 * Spec 2.9, 4.9, 5.4: SEC-REFERENCE-NO-LEAK executes one of org B's own report definitions with a
 * scope naming org A's project. The spec has no POST /reports, so the suite cannot make one: the
 * server must hold it, or that case is not applicable and the run cannot be conformant.
 */
export async function checkOtherOrgReportDefinitions(ctx: DoctorContext, otherOrgKey: string): Promise<DoctorItem> {
  const res = await ctx.client(otherOrgKey).get('/reports', { limit: 1 });
  const rows = is2xx(res.status) ? listRecords(res) : undefined;
  if (rows === undefined) {
    return item(
      'reports:other-org',
      OTHER_TITLE,
      'warning',
      `GET /reports with CONFORMANCE_OTHER_ORG_KEY answered ${answered(res, ctx.redactor)}, not a list: the reports and security checks will say more`,
      {
        variables: OTHER_VARIABLES,
      },
    );
  }
  if (rows.length === 0) {
    return item(
      'reports:other-org',
      OTHER_TITLE,
      'problem',
      "GET /reports with CONFORMANCE_OTHER_ORG_KEY lists none: SEC-REFERENCE-NO-LEAK has no report of org B to execute with org A's project as its scope, and is not applicable",
      {
        fix: 'create at least one report definition in organisation B (spec 2.9; the API has no create operation: use the application; docs/preparing-your-server.md)',
        variables: OTHER_VARIABLES,
      },
    );
  }
  return item('reports:other-org', OTHER_TITLE, 'ok', `GET /reports with CONFORMANCE_OTHER_ORG_KEY lists ${listTotal(res) ?? rows.length}`, {
    variables: OTHER_VARIABLES,
  });
}
