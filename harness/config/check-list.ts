import type { Domain } from './defaults.js';
import { REQUIREMENT_NEEDS, type NeedVariable } from './requirement-needs.js';
import { REQUIREMENT_SUITES } from './requirement-suites.js';
import { residueEstimate, type ResidueEstimate } from './residue.js';
import type { Config } from './schema.js';
import { REQUIREMENTS, type RequirementId } from '../spec/requirements.js';

/*
 * What `conformance list` shows: every check a run would start with this configuration, one row
 * per requirement and suite that checks it (harness/config/requirement-suites.ts), with what it
 * needs and whether that is set. Pure: it reads the configuration only, never the target.
 */

export interface ListedNeed {
  readonly variable: NeedVariable;
  /** Also enough, in its place (`CONFORMANCE_LIMITED_KEYS` with a second key for the custom-limit key). */
  readonly or?: readonly NeedVariable[];
  readonly set: boolean;
  /** Used when set; the check still runs without it. */
  readonly optional: boolean;
}

export interface ListedCheck {
  readonly requirementId: RequirementId;
  readonly level: string;
  readonly domain: Domain;
  readonly section: string;
  readonly statement: string;
  readonly needs: readonly ListedNeed[];
  /** A variable it cannot do without is not set: the run would skip it ("not configured"). */
  readonly skipped: boolean;
}

export interface CheckList {
  /** The URL, or null: the embedded reference server (its seed sets every key and id). */
  readonly target: string | null;
  readonly suites: readonly Domain[];
  readonly requirements: readonly string[];
  readonly checks: readonly ListedCheck[];
  /** Requirement ids no selected check covers (another suite, or outside CONFORMANCE_REQUIREMENTS). */
  readonly notSelected: readonly RequirementId[];
  /**
   * What a run of the selected suites would leave that the spec's deletes cannot remove (spec 2:
   * soft-deleted tasks and resources, deactivated rates), estimated from the declarations of
   * harness/config/residue.ts with these settings; CONFORMANCE_REQUIREMENTS narrowing a run is not counted.
   */
  readonly residue: { readonly byDomain: Partial<Record<Domain, ResidueEstimate>>; readonly all: ResidueEstimate };
}

/** Whether the configuration gives a variable (the embedded reference server's seed gives them all). */
export function isGiven(config: Config, variable: NeedVariable): boolean {
  if (config.targetUrl === null) return true;
  switch (variable) {
    case 'CONFORMANCE_MEMBER_KEY':
      return config.keys.member !== undefined;
    case 'CONFORMANCE_OTHER_ORG_KEY':
      return config.keys.otherOrg !== undefined;
    case 'CONFORMANCE_LIMITED_KEY':
      return config.keys.limited !== undefined;
    // The rate-limit suite reads the first limited key other than CONFORMANCE_LIMITED_KEY.
    case 'CONFORMANCE_LIMITED_KEYS':
      return config.limitedKeys.some((k) => k !== config.keys.limited);
    case 'CONFORMANCE_CUSTOM_LIMIT_KEY':
      return config.keys.customLimit !== undefined;
    case 'CONFORMANCE_CUSTOM_LIMIT':
      return config.customLimit !== undefined;
    case 'CONFORMANCE_PROJECT_ID':
      return config.projectId !== undefined;
    case 'CONFORMANCE_VERSION_ID':
      return config.versionId !== undefined;
    case 'CONFORMANCE_OTHER_PROJECT_ID':
      return config.otherProjectId !== undefined;
  }
}

export function checkList(config: Config): CheckList {
  const checks: ListedCheck[] = [];
  const covered = new Set<RequirementId>();
  for (const [id, requirement] of Object.entries(REQUIREMENTS) as Array<[RequirementId, (typeof REQUIREMENTS)[RequirementId]]>) {
    if (config.requirements.length > 0 && !config.requirements.includes(id)) continue;
    for (const domain of REQUIREMENT_SUITES[id].filter((d) => config.suites.includes(d))) {
      covered.add(id);
      const needs = (REQUIREMENT_NEEDS[id]?.[domain] ?? []).map((need): ListedNeed => {
        const alternatives = need.or ?? [];
        return {
          variable: need.variable,
          ...(alternatives.length > 0 ? { or: alternatives } : {}),
          set: isGiven(config, need.variable) || alternatives.some((v) => isGiven(config, v)),
          optional: need.optional === true,
        };
      });
      checks.push({
        requirementId: id,
        level: requirement.level,
        domain,
        section: requirement.section,
        statement: requirement.statement,
        needs,
        skipped: needs.some((n) => !n.set && !n.optional),
      });
    }
  }
  return {
    residue: residueEstimate(config),
    target: config.targetUrl,
    suites: config.suites,
    requirements: config.requirements,
    checks,
    notSelected: (Object.keys(REQUIREMENTS) as RequirementId[]).filter((id) => !covered.has(id)),
  };
}
