import type { Level } from '../report/model.js';
import type { Area } from './records/record.js';
import { RECORDS } from './records/index.js';

/**
 * The requirement catalogue: every normative statement of the spec that the suite covers, with a
 * stable id. Ids never change meaning; a retired requirement keeps its id out of use.
 * Level: MUST where the spec states the rule; SHOULD where it is silent but one answer is clearly
 * expected (the check then records what the target chose as an observation).
 * Written nowhere but in the records (harness/spec/records/, one per requirement): this is their
 * level, section, area and statement, in the records' order.
 */
export interface Requirement {
  readonly level: Level;
  /** Section of docs/spec (`2.1`, `4`, `5.1`, ...). */
  readonly section: string;
  /** Catalogue area, used to group the coverage table. */
  readonly area: Area;
  readonly statement: string;
}

export type RequirementId = keyof typeof RECORDS;

export const REQUIREMENTS: Readonly<Record<RequirementId, Requirement>> = Object.fromEntries(
  Object.entries(RECORDS).map(([id, { level, section, area, statement }]) => [id, { level, section, area, statement }]),
) as Record<RequirementId, Requirement>;

export function isRequirementId(id: string): id is RequirementId {
  return Object.hasOwn(REQUIREMENTS, id);
}

export function requirement(id: RequirementId): Requirement {
  return REQUIREMENTS[id];
}
