import type { checker, CheckContext } from '../check/check.js';
import type { RequirementId } from '../spec/requirements.js';
import { expectFiltered } from '../steps/lists.js';

type Check = ReturnType<typeof checker>;

/** Records created with the flag true and false, and a query that scopes the list to them. */
export interface BooleanSample {
  readonly scope: Readonly<Record<string, string>>;
  readonly trueIds: readonly string[];
  readonly falseIds: readonly string[];
}

export interface BooleanFilter {
  readonly name: string;
  readonly requirementId: RequirementId;
  readonly sample: (t: CheckContext) => Promise<BooleanSample>;
}

/** Spec 4: "the value `true` means true, any other value means false". */
const NOT_TRUE = ['TRUE', '1', 'yes', 'false'] as const;

/** The filter's own rule (true and false select) and the common boolean-string rule. */
export function booleanFilterChecks(check: Check, options: { path: string; filters: readonly BooleanFilter[] }): void {
  const { path } = options;
  for (const filter of options.filters) {
    check(filter.requirementId, `return only records with the requested ${filter.name} on GET ${path}`, async (t) => {
      const sample = await filter.sample(t);
      await expectFiltered(t.api, path, { ...sample.scope, [filter.name]: 'true' }, {
        includes: sample.trueIds,
        excludes: sample.falseIds,
        what: `has ${filter.name} true`,
      });
      await expectFiltered(t.api, path, { ...sample.scope, [filter.name]: 'false' }, {
        includes: sample.falseIds,
        excludes: sample.trueIds,
        what: `has ${filter.name} false`,
      });
    });

    check('BOOL-FILTER-TRUE', `read ${filter.name} values other than "true" (${NOT_TRUE.join(', ')}) as false on GET ${path}`, async (t) => {
      const sample = await filter.sample(t);
      for (const value of NOT_TRUE) {
        await expectFiltered(t.api, path, { ...sample.scope, [filter.name]: value }, {
          includes: sample.falseIds,
          excludes: sample.trueIds,
          what: `has ${filter.name} false, which ${filter.name}=${value} means`,
        });
      }
    });
  }
}
