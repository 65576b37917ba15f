import type { Domain } from './defaults.js';
import { REQUIREMENT_SUITES } from './requirement-suites.js';
import { isRequirementId } from '../spec/requirements.js';

/**
 * Pure: why a requirement filter selects no check of the selected suites, or undefined when it
 * selects one (or there is no filter). A run that ran nothing would otherwise end "incomplete"
 * with exit 0, as if something had been verified; an empty suite list is refused the same way.
 * A filter that keeps some of its requirements runs them: the others are reported not selected.
 */
export function emptySelection(suites: readonly Domain[], requirements: readonly string[]): string | undefined {
  if (requirements.length === 0) return undefined;
  const holdersOf = (id: string): readonly Domain[] => (isRequirementId(id) ? REQUIREMENT_SUITES[id] : []);
  if (requirements.some((id) => holdersOf(id).some((suite) => suites.includes(suite)))) return undefined;
  const where = requirements.map((id, i) => {
    const holders = holdersOf(id);
    const named = `the ${holders.join(', ')} suite${holders.length === 1 ? '' : 's'}`;
    return i === 0 ? `${id} is checked by ${named}` : `${id} by ${named}`;
  });
  return (
    `CONFORMANCE_REQUIREMENTS selects no check of the suites CONFORMANCE_SUITES=${suites.join(',')} runs: ${where.join('; ')}; ` +
    'add one of those suites to CONFORMANCE_SUITES (--suites), or unset CONFORMANCE_SUITES'
  );
}
