/**
 * JSON Schema for the report execute body, written from spec 4.9 and 8. Unlike most bodies
 * of the reference it is strict: the spec lists the whole body, and says scope takes "no
 * extra properties". The reference makes the outer body strict too (an unknown top-level
 * property is an issue), reading the list of four properties as complete.
 */
import { enumField, objectSchema, UUID_FIELD, type FieldSchema } from './common.js';

/** spec 2.9, 4.9: a definition's source. */
export const REPORT_SOURCES = ['system', 'user'] as const;
export type ReportSource = (typeof REPORT_SOURCES)[number];

/** spec 4.9: scope.kind */
export const SCOPE_KINDS = ['project', 'person', 'contact'] as const;

/** spec 4.9, 8: page >= 1 default 1; pageSize 1 to 500 default 100. */
export const DEFAULT_REPORT_PAGE = 1;
export const DEFAULT_REPORT_PAGE_SIZE = 100;
export const MAX_REPORT_PAGE_SIZE = 500;

export interface ReportScope {
  kind: string;
  id: string;
}

export interface ReportExecuteInput {
  filterValues?: Record<string, unknown>;
  page?: number;
  pageSize?: number;
  scope?: ReportScope;
}

/** Rules a fault may switch off or bend; all false means the spec's rules. */
export interface ReportSchemaLoosening {
  pageSizeUnbounded?: boolean;
  scopeNotStrict?: boolean;
  scopeKindUnchecked?: boolean;
  /** filterValues as a strict object: any key is an issue. */
  filterValuesStrict?: boolean;
}

/** spec 4.9 execute body: every property optional; scope needs kind and id. */
export function reportExecuteSchema(loose: ReportSchemaLoosening = {}): object {
  const scope = objectSchema(
    { kind: enumField(SCOPE_KINDS, loose.scopeKindUnchecked), id: UUID_FIELD },
    { required: ['kind', 'id'], strict: !loose.scopeNotStrict },
  ) as FieldSchema;
  return objectSchema(
    {
      // "object with arbitrary keys": any keys, values of any type
      filterValues: loose.filterValuesStrict ? (objectSchema({}, { strict: true }) as FieldSchema) : { type: 'object' },
      page: { type: 'integer', minimum: DEFAULT_REPORT_PAGE },
      pageSize: loose.pageSizeUnbounded ? { type: 'integer', minimum: 1 } : { type: 'integer', minimum: 1, maximum: MAX_REPORT_PAGE_SIZE },
      scope,
    },
    { strict: true },
  );
}
