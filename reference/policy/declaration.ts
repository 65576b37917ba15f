import type { PolicyPatch } from './patch.js';
import type { Policy } from './policy.js';

/**
 * One deliberate defect ("mutant") of the reference server, declared beside the routes it bends.
 * `policy` says what it changes, as a patch over the server's default policy: the routes read the
 * policy and never ask which fault is on. `suite`, `breaks`, `also` and `wholeSuite` say how the
 * conformance suite must catch it: test/mutants.test.ts reads them (the reference does not import
 * the suite's catalogue, so the ids are plain strings here and the mutant test checks them).
 */
export interface FaultDeclaration {
  /** What the fault changes, in one line (shown when the reference starts with it). */
  readonly changes: string;
  /** The suite (domain) whose checks catch it. */
  readonly suite: string;
  /** The requirement id of the rule it breaks: a check of it must fail. */
  readonly breaks: string;
  /** Other requirements it breaks: their checks must fail too. */
  readonly also?: readonly string[];
  /** The whole suite runs, not only the checks of `breaks` (a rule judged across other checks). */
  readonly wholeSuite?: boolean;
  /** How it bends the server: a patch over the default policy (absent while a domain still asks its fault set). */
  readonly policy?: PolicyPatch<Policy>;
}

/** Keeps the literal fault names as keys while checking each declaration's shape. */
export function defineFaults<const T extends Record<string, FaultDeclaration>>(declarations: T): T {
  return declarations;
}
