import { validationFailed } from './errors.js';
import type { ReportExecuteInput } from './schemas/reports.js';

/*
 * Variant report-choices (spec 2.9 shows no definition fields, 4.9 no rule on what a report needs):
 * per organisation, the first listed definition is a period report that needs the filter values
 * `from` and `to` (dates) and refuses an execute without them, and the second supports a project
 * scope only. Both refusals are 422, after the body itself was found valid.
 */

/** Filter values the period report (the first listed definition) cannot run without. */
export const PERIOD_FILTERS = ['from', 'to'] as const;

/** Throws the refusal of a valid execute body that the definition at `position` (0-based, list order) does not support. */
export function refuseUnsupportedExecute(position: number, input: ReportExecuteInput): void {
  if (position === 0) {
    const missing = PERIOD_FILTERS.filter((name) => typeof input.filterValues?.[name] !== 'string');
    if (missing.length > 0) {
      throw validationFailed(missing.map((name) => ({ path: `filterValues.${name}`, message: 'this report needs a period: from and to (dates)' })), 422);
    }
  }
  if (position === 1 && input.scope !== undefined && input.scope.kind !== 'project') {
    throw validationFailed([{ path: 'scope.kind', message: 'this report can be scoped to a project only' }], 422);
  }
}
