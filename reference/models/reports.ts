import { DEFAULT_REPORT_PAGE, DEFAULT_REPORT_PAGE_SIZE, type ReportExecuteInput } from '../schemas/reports.js';
import type { Seed, SeedReportDefinition } from '../seed.js';

/** spec 2.9: a report definition; its fields beyond category and source are "not shown". */
export type ReportDefinition = SeedReportDefinition;

/**
 * The seeded report definitions of each organisation (the API cannot create them).
 * Lookups by id are case-insensitive.
 */
export class ReportDirectory {
  readonly #byOrganisation = new Map<string, ReportDefinition[]>();

  constructor(seed: Seed) {
    for (const org of seed.organisations) {
      this.#byOrganisation.set(
        org.id,
        org.reportDefinitions.map((d) => ({ id: d.id, name: d.name, category: d.category, source: d.source })),
      );
    }
  }

  /** The organisation's definitions in seed order (copies). */
  list(organisationId: string): ReportDefinition[] {
    return (this.#byOrganisation.get(organisationId) ?? []).map((d) => ({ ...d }));
  }

  get(organisationId: string, id: string): ReportDefinition | undefined {
    const key = id.toLowerCase();
    return this.list(organisationId).find((d) => d.id.toLowerCase() === key);
  }
}

export interface ReportFilter {
  category?: string;
  source?: string;
}

/** spec 4.9 list filters; category is an exact (case-sensitive) match. */
export function filterReports(definitions: readonly ReportDefinition[], filter: ReportFilter): ReportDefinition[] {
  return definitions.filter(
    (d) => (filter.category === undefined || d.category === filter.category) && (filter.source === undefined || d.source === filter.source),
  );
}

export interface ReportCategory {
  category: string;
  count: number;
}

/**
 * GET /reports/categories: the spec says only "Lists report categories". The reference
 * answers each distinct category once with the number of definitions in it, sorted by
 * category (code-unit order, so the answer is the same everywhere), not paged.
 */
export function reportCategories(definitions: readonly ReportDefinition[]): ReportCategory[] {
  const counts = new Map<string, number>();
  for (const d of definitions) counts.set(d.category, (counts.get(d.category) ?? 0) + 1);
  return [...counts.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([category, count]) => ({ category, count }));
}

export interface ReportResult {
  definitionId: string;
  page: number;
  pageSize: number;
  rows: unknown[];
  total: number;
}

/**
 * spec 4.9: "Returns 200 with results in data"; the result shape is not shown. The reference
 * holds no report data, so every execution is the same empty page: the definition's id, the
 * page and pageSize used (defaults applied), no rows, total 0. filterValues and scope are
 * validated but change nothing.
 */
export function executeReport(definition: ReportDefinition, input: ReportExecuteInput): ReportResult {
  return {
    definitionId: definition.id,
    page: input.page ?? DEFAULT_REPORT_PAGE,
    pageSize: input.pageSize ?? DEFAULT_REPORT_PAGE_SIZE,
    rows: [],
    total: 0,
  };
}
