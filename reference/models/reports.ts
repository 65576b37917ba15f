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
  return [...counts.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([category, count]) => ({ category, count }));
}

/** One row of the reference's sample table: its 1-based position and a day (one per row from 2025-01-01). */
export interface ReportRow {
  row: number;
  day: string;
}

/**
 * How many rows every definition yields: more than the default page size (100), so that paging
 * shows at the defaults as well as with a small pageSize.
 */
export const SAMPLE_REPORT_ROWS = 150;

const SAMPLE_START = Date.UTC(2025, 0, 1);

/** The sample table, the same for every definition and every execution. */
function sampleRows(): ReportRow[] {
  return Array.from({ length: SAMPLE_REPORT_ROWS }, (_, i) => ({
    row: i + 1,
    day: new Date(SAMPLE_START + i * 86_400_000).toISOString().slice(0, 10),
  }));
}

export interface ReportResult {
  definitionId: string;
  page: number;
  pageSize: number;
  rows: ReportRow[];
  total: number;
}

export interface ReportExecuteBehaviour {
  /** Fault rp-default-page-2: the page answered when none is sent. */
  defaultPage?: number;
  /** Fault rp-page-size-plus-one: rows each page holds beyond pageSize. */
  extraRowsPerPage?: number;
}

/**
 * spec 4.9: "Returns 200 with results in data"; the result shape is not shown. The reference
 * holds no report data, so every definition yields the same deterministic sample table
 * (SAMPLE_REPORT_ROWS rows), paged: the definition's id, the page and pageSize used (defaults
 * 1 and 100 applied), the rows of that page (`pageSize` rows from row (page - 1) x pageSize + 1,
 * fewer on the last page, none beyond it) and the total. filterValues and scope are validated
 * but change nothing.
 */
export function executeReport(definition: ReportDefinition, input: ReportExecuteInput, behaviour: ReportExecuteBehaviour = {}): ReportResult {
  const page = input.page ?? behaviour.defaultPage ?? DEFAULT_REPORT_PAGE;
  const pageSize = input.pageSize ?? DEFAULT_REPORT_PAGE_SIZE;
  const rows = sampleRows();
  const start = (page - 1) * pageSize;
  return {
    definitionId: definition.id,
    page,
    pageSize,
    rows: rows.slice(start, start + pageSize + (behaviour.extraRowsPerPage ?? 0)),
    total: rows.length,
  };
}
