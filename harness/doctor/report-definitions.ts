import { answered, is2xx, listRecords, listTotal, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';

const TITLE = 'Org A has report definitions';

/** Spec 2.9, 4.9: the reports checks read and execute an existing definition; none can be created through the API. */
export async function checkReportDefinitions(ctx: DoctorContext): Promise<DoctorItem> {
  const res = await ctx.client(ctx.config.keys.admin!).get('/reports', { limit: 100 });
  const rows = is2xx(res.status) ? listRecords(res) : undefined;
  if (rows === undefined) {
    return item('reports', TITLE, 'warning', `GET /reports answered ${answered(res, ctx.redactor)}, not a list: the reports checks will say more`, { variables: [] });
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
