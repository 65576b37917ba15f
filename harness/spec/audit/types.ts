import type { RequirementId } from '../requirements.js';

/*
 * Issue 22, "every assumption the spec does not make": for every MUST check (and every SHOULD
 * check that can accuse a server of a security fault), what its pass condition relies on, and
 * beside each reliance the spec text that mandates it. Whatever has no text is an assumption:
 * it is made tolerant (every reasonable choice accepted), turned into an observation, or, while
 * still open, listed as an assumption with the reference variant that makes the other choice.
 */

/** Why a check may rely on something. */
export type Basis =
  /** The spec states it: the words, with their section (`4 Common rules: "Create success: 201 ..."`). */
  | { readonly spec: string }
  /** The spec is silent and the check accepts every reasonable choice: how. `variant`: the reference variant that makes another choice. */
  | { readonly tolerant: string; readonly variant?: string }
  /** The spec is silent and the check only records what the target chose (observation topic). */
  | { readonly observation: string }
  /** Still an assumption: what a correct server could do instead, and the variant that proves it once fixed. */
  | { readonly assumption: string; readonly variant?: string };

/** One thing a check's pass condition relies on. */
export interface Reliance {
  /** `the create answers 201`, `the values sent come back equal`, `the delivery arrives within CONFORMANCE_WEBHOOK_WAIT_S`. */
  readonly relies: string;
  readonly basis: Basis;
}

/** Per requirement id: what its checks rely on. */
export type AuditTable = Readonly<Partial<Record<RequirementId, readonly Reliance[]>>>;
