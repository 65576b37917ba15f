import type { checker, CheckContext } from '../check/check.js';
import { CheckFailure } from '../check/outcomes.js';
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
  /**
   * The flag a record holds now, for flags another record may take away (one default rate: the
   * spec does not say how many): a list that disagrees with the sample is judged again against
   * the records as they are now.
   */
  readonly current?: (t: CheckContext, id: string) => Promise<boolean | undefined>;
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
  const records = await expectFiltered(
    t.api,
    path,
    { ...sample.scope, ...query },
    {
      ...expectation,
      includes: expectation.includes.filter((id) => !hidden.includes(id)),
    },
  );
  const hiddenIncluded = expectation.includes.filter((id) => hidden.includes(id));
  if (sample.hidden === undefined || hiddenIncluded.length === 0) return;
  const listed = hiddenIncluded.filter((id) => records.some((r) => r['id'] === id));
  const subject = `GET ${path}?${[...Object.keys(sample.scope), ...Object.keys(query)].map((k) => `${k}=`).join('&')}`;
  t.observe(
    'inactive-in-list-without-isActive',
    subject,
    listed.length === hiddenIncluded.length ? 'listed' : listed.length === 0 ? 'left out' : 'some listed',
  );
  await expectFiltered(t.api, path, { ...sample.scope, ...query, ...sample.hidden.query }, { ...expectation, includes: hiddenIncluded });
}

/**
 * Runs `judge` on the sample; when it fails and the sample's records may have lost their flag to
 * another record since, judges once more against what they hold now (the change is observed).
 */
async function judgeNow(t: CheckContext, path: string, name: string, sample: BooleanSample, judge: (s: BooleanSample) => Promise<void>): Promise<void> {
  try {
    await judge(sample);
  } catch (error) {
    if (!(error instanceof CheckFailure) || sample.current === undefined) throw error;
    const now = async (ids: readonly string[], was: boolean) => {
      const kept: string[] = [];
      const moved: string[] = [];
      for (const id of ids) (((await sample.current!(t, id)) ?? was) === was ? kept : moved).push(id);
      return { kept, moved };
    };
    const wasTrue = await now(sample.trueIds, true);
    const wasFalse = await now(sample.falseIds, false);
    if (wasTrue.moved.length + wasFalse.moved.length === 0) throw error;
    t.observe('flag-displaced', `${path} ${name}`, 'a sample record changed its flag while the filter was checked (another record took it)');
    await judge({ ...sample, trueIds: [...wasTrue.kept, ...wasFalse.moved], falseIds: [...wasFalse.kept, ...wasTrue.moved] });
  }
}

/** The filter's own rule (true and false select) and the common boolean-string rule. */
export function booleanFilterChecks(check: Check, options: { path: string; filters: readonly BooleanFilter[] }): void {
  const { path } = options;
  for (const filter of options.filters) {
    check(filter.requirementId, `return only records with the requested ${filter.name} on GET ${path}`, async (t) => {
      await judgeNow(t, path, filter.name, await filter.sample(t), async (sample) => {
        await expectSelects(
          t,
          path,
          sample,
          { [filter.name]: 'true' },
          {
            includes: sample.trueIds,
            excludes: sample.falseIds,
            what: `has ${filter.name} true`,
          },
        );
        await expectSelects(
          t,
          path,
          sample,
          { [filter.name]: 'false' },
          {
            includes: sample.falseIds,
            excludes: sample.trueIds,
            what: `has ${filter.name} false`,
          },
        );
      });
    });

    check('BOOL-FILTER-TRUE', `read ${filter.name} values other than "true" (${NOT_TRUE.join(', ')}) as false on GET ${path}`, async (t) => {
      await judgeNow(t, path, filter.name, await filter.sample(t), async (sample) => {
        for (const value of NOT_TRUE) {
          await expectSelects(
            t,
            path,
            sample,
            { [filter.name]: value },
            {
              includes: sample.falseIds,
              excludes: sample.trueIds,
              what: `has ${filter.name} false, which ${filter.name}=${value} means`,
            },
          );
        }
      });
    });
  }
}
