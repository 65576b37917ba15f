import { InternalError } from '../../errors.js';
import type { Level } from '../../report/model.js';

/*
 * One record per requirement: everything the suite says about one rule of the spec, in one place.
 * The catalogue (harness/spec/requirements.ts), the traceability map (traceability/map.ts) and
 * the assumption audit (audit/index.ts) are derived from the records, never written beside them.
 */

/** Catalogue area, used to group the coverage table. */
export type Area =
  | 'common'
  | 'auth'
  | 'contacts'
  | 'time-entries'
  | 'batch'
  | 'expenses'
  | 'rates'
  | 'resources'
  | 'allocations'
  | 'tasks'
  | 'projects'
  | 'milestones'
  | 'reports'
  | 'security'
  | 'webhooks'
  | 'rate-limit'
  | 'sequences';

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

export interface RequirementRecord {
  /** MUST where the spec states the rule; SHOULD where it is silent but one answer is clearly expected. */
  readonly level: Level;
  /** Section of the spec (`2.1`, `4`, `5.1`, ...). */
  readonly section: string;
  readonly area: Area;
  /** What must hold, in one sentence a report can show. */
  readonly statement: string;
  /**
   * The units of the shipped spec (traceability/units.ts keys, `2.1#a0d95eb2`) whose rule this
   * requirement's checks verify, in the order of the document; the comment above each is the
   * unit's text. Empty where the requirement verifies no unit alone (a consequence of rules
   * traced to other requirements, or a SHOULD where the spec is silent).
   */
  readonly units: readonly string[];
  /**
   * What the pass condition of its checks relies on, and why it may. Every MUST, and every
   * security SHOULD (it can accuse a server), has at least one (audit/audit.test.ts).
   */
  readonly audit?: readonly Reliance[];
}

/** The records of one file, by requirement id. */
export type Records = Readonly<Record<string, RequirementRecord>>;

/**
 * The record files joined in their order (the catalogue's order), refusing an id declared twice:
 * a spread would let the later file's record replace the earlier one without a word.
 */
export function joinRecords(files: readonly Records[]): Records {
  const joined: Record<string, RequirementRecord> = {};
  for (const file of files) {
    for (const [id, record] of Object.entries(file)) {
      if (Object.hasOwn(joined, id)) throw new InternalError(`requirement ${id} has two records: one id, one record (harness/spec/records/)`);
      joined[id] = record;
    }
  }
  return joined;
}
