import { z } from 'zod';

/** Spec 2.9, 4.9 and 8 as the suite reads them. Generators are tested against these schemas. */

/** Spec 2.9: a report definition's source. */
export const REPORT_SOURCES = ['system', 'user'] as const;

/** Spec 4.9: the kinds a scope may name. */
export const SCOPE_KINDS = ['project', 'person', 'contact'] as const;

/** Spec 4.9 and 8: report execute paging. */
export const EXECUTE_PAGE_SIZE_MAX = 500;
/** Spec 4.9 and 8: the pageSize used when none is sent. */
export const EXECUTE_PAGE_SIZE_DEFAULT = 100;

/** Spec 4.9: `scope` has `kind` and `id`, both required, and no other property. */
export const reportScopeSchema = z.strictObject({ kind: z.enum(SCOPE_KINDS), id: z.uuid() });
export type ReportScope = z.infer<typeof reportScopeSchema>;

/**
 * Spec 4.9 execute body. Only `scope` is stated to take no extra properties; the body itself is
 * not said to be strict, so the model does not judge other properties.
 */
export const reportExecuteSchema = z.object({
  // "object with arbitrary keys": any plain object, never an array or a primitive
  filterValues: z.record(z.string(), z.unknown()).optional(),
  page: z.int().min(1).optional(),
  pageSize: z.int().min(1).max(EXECUTE_PAGE_SIZE_MAX).optional(),
  scope: reportScopeSchema.optional(),
});
export type ReportExecute = z.infer<typeof reportExecuteSchema>;
