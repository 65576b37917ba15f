import fc from 'fast-check';
import type { RequirementId } from '../spec/requirements.js';

/** A family of invalid bodies that each break the same single rule. */
export interface ViolationCase {
  readonly rule: string;
  readonly requirementId: RequirementId;
  readonly bodies: fc.Arbitrary<Record<string, unknown>>;
}

/** One rule broken on one field of an otherwise valid body. */
export interface Breaker {
  readonly rule: string;
  readonly requirementId: RequirementId;
  readonly field: string;
  /** The bad value (ignored when `remove`). */
  readonly value: fc.Arbitrary<unknown>;
  /** Drop the field instead (a missing required field). */
  readonly remove?: boolean;
}

/** `field` missing from the body. */
export function missing(field: string, requirementId: RequirementId): Breaker {
  return { rule: `${field} missing`, requirementId, field, value: fc.constant(undefined), remove: true };
}

/** `field` set to null. */
export function nulled(field: string, requirementId: RequirementId): Breaker {
  return { rule: `${field} null`, requirementId, field, value: fc.constant(null) };
}

/** Each breaker applied to bodies drawn from `base`: valid except for the one broken rule. */
export function violations(base: fc.Arbitrary<Record<string, unknown>>, breakers: readonly Breaker[]): ViolationCase[] {
  return breakers.map((breaker) => ({
    rule: breaker.rule,
    requirementId: breaker.requirementId,
    bodies: fc.tuple(base, breaker.value).map(([body, value]) => {
      const broken: Record<string, unknown> = { ...body };
      if (breaker.remove) delete broken[breaker.field];
      else broken[breaker.field] = value;
      return broken;
    }),
  }));
}

/** The requirement ids a list of breakers covers, for one check per requirement. */
export function requirementsOf(breakers: readonly Breaker[]): RequirementId[] {
  return [...new Set(breakers.map((b) => b.requirementId))];
}
