import type { checker, CheckContext } from '../check/check.js';
import type { RequirementId } from '../spec/requirements.js';
import { expectFiltered } from '../steps/lists.js';

type Check = ReturnType<typeof checker>;

/** Records created with the flag true and false, and a query that scopes the list to them. */
export interface BooleanSample {
  readonly scope: Readonly<Record<string, string>>;
  readonly trueIds: readonly string[];
  readonly falseIds: readonly string[];
  /**
   * Records of the sample a list may leave out unless asked for them, and the query that asks
   * (inactive contacts: whether a list without `isActive` shows them is not stated, spec 4.1).
   * They must never be listed under the wrong value; that they are listed under the right one
   * is checked with `query` added, and whether they are without it is observed.
   */
  readonly hidden?: { readonly ids: readonly string[]; readonly query: Readonly<Record<string, string>> };
}

export interface BooleanFilter {
  readonly name: string;
  readonly requirementId: RequirementId;
  readonly sample: (t: CheckContext) => Promise<BooleanSample>;
}

/** Spec 4: "the value `true` means true, any other value means false". */
const NOT_TRUE = ['TRUE', '1', 'yes', 'false'] as const;

/**
 * `value` of the filter selects `includes` and leaves out `excludes`; records the sample may hide
 * are required only under the query that asks for them.
 */
async function expectSelects(
  t: CheckContext,
  path: string,
  sample: BooleanSample,
  query: Readonly<Record<string, string>>,
  expectation: { includes: readonly string[]; excludes: readonly string[]; what: string },
): Promise<void> {
  const hidden = sample.hidden?.ids ?? [];
  const records = await expectFiltered(t.api, path, { ...sample.scope, ...query }, {
    ...expectation,
    includes: expectation.includes.filter((id) => !hidden.includes(id)),
  });
  const hiddenIncluded = expectation.includes.filter((id) => hidden.includes(id));
  if (sample.hidden === undefined || hiddenIncluded.length === 0) return;
  const listed = hiddenIncluded.filter((id) => records.some((r) => r['id'] === id));
  const subject = `GET ${path}?${[...Object.keys(sample.scope), ...Object.keys(query)].map((k) => `${k}=`).join('&')}`;
  t.observe('inactive-in-list-without-isActive', subject, listed.length === hiddenIncluded.length ? 'listed' : listed.length === 0 ? 'left out' : 'some listed');
  await expectFiltered(t.api, path, { ...sample.scope, ...query, ...sample.hidden.query }, { ...expectation, includes: hiddenIncluded });
}

/** The filter's own rule (true and false select) and the common boolean-string rule. */
export function booleanFilterChecks(check: Check, options: { path: string; filters: readonly BooleanFilter[] }): void {
  const { path } = options;
  for (const filter of options.filters) {
    check(filter.requirementId, `return only records with the requested ${filter.name} on GET ${path}`, async (t) => {
      const sample = await filter.sample(t);
      await expectSelects(t, path, sample, { [filter.name]: 'true' }, {
        includes: sample.trueIds,
        excludes: sample.falseIds,
        what: `has ${filter.name} true`,
      });
      await expectSelects(t, path, sample, { [filter.name]: 'false' }, {
        includes: sample.falseIds,
        excludes: sample.trueIds,
        what: `has ${filter.name} false`,
      });
    });

    check('BOOL-FILTER-TRUE', `read ${filter.name} values other than "true" (${NOT_TRUE.join(', ')}) as false on GET ${path}`, async (t) => {
      const sample = await filter.sample(t);
      for (const value of NOT_TRUE) {
        await expectSelects(t, path, sample, { [filter.name]: value }, {
          includes: sample.falseIds,
          excludes: sample.trueIds,
          what: `has ${filter.name} false, which ${filter.name}=${value} means`,
        });
      }
    });
  }
}
