import type { FastifyReply, FastifyRequest } from 'fastify';
import { validationFailed } from './errors.js';
import type { ReportExecuteInput } from './schemas/reports.js';

/*
 * Variant report-choices (spec 2.9 shows no definition fields, 4.9 no rule on what a report needs):
 * per organisation, the first listed definition is a period report that needs the filter values
 * `from` and `to` (dates) and refuses an execute without them, and the second supports a project
 * scope only. Both refusals are 422, after the body itself was found valid. Categories are shown
 * by their label and filtered by their key; sources are shown as { key, label }.
 */

/** Filter values the period report (the first listed definition) cannot run without. */
export const PERIOD_FILTERS = ['from', 'to'] as const;

/** Throws the refusal of a valid execute body that the definition at `position` (0-based, list order) does not support. */
export function refuseUnsupportedExecute(position: number, input: ReportExecuteInput): void {
  if (position === 0) {
    const missing = PERIOD_FILTERS.filter((name) => typeof input.filterValues?.[name] !== 'string');
    if (missing.length > 0) {
      throw validationFailed(
        missing.map((name) => ({ path: `filterValues.${name}`, message: 'this report needs a period: from and to (dates)' })),
        422,
      );
    }
  }
  if (position === 1 && input.scope !== undefined && input.scope.kind !== 'project') {
    throw validationFailed([{ path: 'scope.kind', message: 'this report can be scoped to a project only' }], 422);
  }
}

/** Twelve monthly totals of 2025, the same whatever the page: a summary list returned whole. */
const MONTHS = Array.from({ length: 12 }, (_, i) => ({ month: `2025-${String(i + 1).padStart(2, '0')}`, total: 10 * (i + 1) }));

/** An execute result whose `rows` are the monthly summary, returned whole, and whose paged rows are `detail`. */
function summarised(payload: string): string {
  try {
    const body = JSON.parse(payload) as { data?: { rows?: unknown } };
    if (body.data === undefined || body.data === null || typeof body.data !== 'object') return payload;
    const { rows, ...rest } = body.data;
    return JSON.stringify({ ...body, data: { ...rest, rows: MONTHS, detail: rows } });
  } catch {
    return payload;
  }
}

/** `resourcing` → `Resourcing`, `time_and_budget` → `Time and budget`: the label a category key shows. */
export function categoryLabel(key: string): string {
  const words = key.replace(/[_-]+/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const sourceObject = (source: unknown) => (typeof source === 'string' ? { key: source, label: categoryLabel(source) } : source);

/** A definition as the list shows it: the category's label (the filter still takes its key), the source as { key, label }. */
function listed(definition: Record<string, unknown>): Record<string, unknown> {
  const category = definition['category'];
  return { ...definition, category: typeof category === 'string' ? categoryLabel(category) : category, source: sourceObject(definition['source']) };
}

/** A definition as the read by id shows it: category and source each as { key, label }. */
function read(definition: Record<string, unknown>): Record<string, unknown> {
  const category = definition['category'];
  return {
    ...definition,
    category: typeof category === 'string' ? { key: category, label: categoryLabel(category) } : category,
    source: sourceObject(definition['source']),
  };
}

/**
 * onSend hook of the variant: GET /reports shows each category by its label and each source as
 * { key, label }; GET /reports/{id} shows both as { key, label }; GET /reports/categories lists
 * { key, label, count }. The category filter still takes the key (spec 4.9 types it as a string).
 */
export async function reportChoicesHook(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (reply.statusCode !== 200 || typeof payload !== 'string') return payload;
  const path = (request.routeOptions.url ?? '').replace(/^.*\/reports/, '/reports');
  if (request.method === 'POST' && path === '/reports/:id/execute') return summarised(payload);
  if (request.method !== 'GET') return payload;
  if (!['/reports', '/reports/:id', '/reports/categories'].includes(path)) return payload;
  try {
    const body = JSON.parse(payload) as { data?: unknown };
    const data = body.data;
    if (path === '/reports' && Array.isArray(data)) return JSON.stringify({ ...body, data: data.map((d) => listed(d as Record<string, unknown>)) });
    if (path === '/reports/:id' && data !== null && typeof data === 'object') return JSON.stringify({ ...body, data: read(data as Record<string, unknown>) });
    if (path === '/reports/categories' && Array.isArray(data)) {
      return JSON.stringify({
        ...body,
        data: data.map((c) => {
          const { category, ...rest } = c as { category: string };
          return { key: category, label: categoryLabel(category), ...rest };
        }),
      });
    }
    return payload;
  } catch {
    return payload;
  }
}
