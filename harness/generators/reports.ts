import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';
import { EXECUTE_PAGE_SIZE_MAX, SCOPE_KINDS, type ReportExecute, type ReportScope } from '../spec/reports.js';
import { nonUuid, text, uuid } from './primitives.js';
import { requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';

/**
 * Scopes whose ids exist on the target (a project, a resource as a person, a contact): an id that
 * names nothing could rightly be refused. Without any, valid bodies carry no scope.
 */
export interface ReportExecuteConstraints {
  readonly scopes?: readonly ReportScope[];
}

const key = fc.string({ unit: fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz'), minLength: 1, maxLength: 10 });

/**
 * Spec 4.9 filterValues: "object with arbitrary keys". Keys carry a prefix no report is likely to
 * define, so no server reads them as one of its own filters; values are plain JSON.
 */
export function filterValues(): fc.Arbitrary<Record<string, unknown>> {
  const value = fc.oneof(text(20), fc.integer(), fc.boolean(), fc.constant(null), fc.array(text(10), { maxLength: 3 }));
  return fc.dictionary(
    key.map((k) => `conformance_${k}`),
    value,
    { maxKeys: 4 },
  );
}

/** Spec 4.9 execute body: every property optional; page >= 1, pageSize 1 to 500, scope strict. */
export function reportExecute(c: ReportExecuteConstraints = {}): fc.Arbitrary<ReportExecute> {
  const scopes = c.scopes ?? [];
  return fc.record(
    {
      filterValues: filterValues(),
      page: fc.integer({ min: 1, max: 5 }),
      pageSize: fc.oneof(fc.constantFrom(1, EXECUTE_PAGE_SIZE_MAX), fc.integer({ min: 1, max: EXECUTE_PAGE_SIZE_MAX })),
      ...(scopes.length > 0 ? { scope: fc.constantFrom(...scopes) } : {}),
    },
    { requiredKeys: [] },
  );
}

/** A scope with one of its rules broken (spec 4.9: kind enum, id UUID, both required, nothing else). */
function brokenScope(rule: string, value: fc.Arbitrary<unknown>): Breaker {
  return { rule: `scope: ${rule}`, requirementId: 'RP-EXECUTE-SCOPE', field: 'scope', value };
}

const validScope = fc.record({ kind: fc.constantFrom(...SCOPE_KINDS), id: uuid() });

const BREAKERS: readonly Breaker[] = [
  { rule: 'page 0 or negative', requirementId: 'RP-EXECUTE-PAGING', field: 'page', value: fc.integer({ min: -100, max: 0 }) },
  { rule: 'page not an integer', requirementId: 'RP-EXECUTE-PAGING', field: 'page', value: fc.integer({ min: 1, max: 50 }).map((n) => n + 0.5) },
  { rule: 'pageSize 0 or negative', requirementId: 'RP-EXECUTE-PAGING', field: 'pageSize', value: fc.integer({ min: -100, max: 0 }) },
  {
    rule: `pageSize above ${EXECUTE_PAGE_SIZE_MAX}`,
    requirementId: 'RP-EXECUTE-PAGING',
    field: 'pageSize',
    value: fc.integer({ min: EXECUTE_PAGE_SIZE_MAX + 1, max: 100_000 }),
  },
  { rule: 'pageSize not an integer', requirementId: 'RP-EXECUTE-PAGING', field: 'pageSize', value: fc.integer({ min: 1, max: 499 }).map((n) => n + 0.5) },
  {
    rule: 'filterValues not an object',
    requirementId: 'RP-EXECUTE-FILTER-VALUES',
    field: 'filterValues',
    value: fc.oneof(text(20), fc.integer(), fc.array(text(10), { maxLength: 3 }), fc.boolean()),
  },
  // Another case of a kind (Project, PERSON) is INPUT-FORMAT-STRICT's (a SHOULD), never this MUST rule's.
  brokenScope('kind outside the enum', fc.record({ kind: fc.constantFrom('team', 'organisation', 'client', ''), id: uuid() })),
  brokenScope('id not a UUID', fc.record({ kind: fc.constantFrom(...SCOPE_KINDS), id: nonUuid() })),
  brokenScope('kind missing', fc.record({ id: uuid() })),
  brokenScope('id missing', fc.record({ kind: fc.constantFrom(...SCOPE_KINDS) })),
  brokenScope(
    'an extra property',
    fc
      .tuple(
        validScope,
        key.filter((k) => k !== 'kind' && k !== 'id'),
        fc.oneof(text(10), fc.integer(), fc.boolean()),
      )
      .map(([scope, name, value]) => ({
        ...scope,
        [name]: value,
      })),
  ),
  brokenScope('not an object', fc.oneof(fc.constantFrom('project', 'all'), uuid(), fc.constant([]))),
];

/** Execute bodies that each break exactly one rule of spec 4.9. */
export function reportExecuteViolations(c: ReportExecuteConstraints = {}): ViolationCase[] {
  return violations(reportExecute(c), BREAKERS);
}

export function reportExecuteViolationRequirements(): RequirementId[] {
  return requirementsOf(BREAKERS);
}
