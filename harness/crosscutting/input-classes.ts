import { InternalError } from '../errors.js';
import type { checker, CheckContext } from '../check/check.js';
import { validationStatusesOf } from '../check/check.js';
import { CheckFailure } from '../check/outcomes.js';
import { mapLimit } from '../check/concurrency.js';
import type { Domain } from '../config/schema.js';
import type { ApiResponse } from '../http/client.js';
import type { InputClassCell } from '../report/model.js';
import { inputCases, type ClassRule, type InputCase } from '../spec/inputs/classes.js';
import { INPUT_SURFACES, surfaceName, type InputSurface } from '../spec/inputs/table.js';
import type { InputTarget, InputTargets } from '../steps/input-targets.js';
import { shapeOf } from './validation.js';

type Check = ReturnType<typeof checker>;

/*
 * Issue 21 §3: the invalid classes derived from the input table (harness/spec/inputs), one check
 * per operation and rule, each sending every (field, class) pair of that operation and rule once,
 * in a body (or query) valid but for that one value. Any 4xx passes (spec 7: the status is not
 * shown); the check fails on every pair the target accepted or answered with a 5xx, naming each.
 * Pairs another check already sends (the paging parameters, 101 batch items) are left to it.
 */

const RULE_WORDS: Readonly<Record<ClassRule, string>> = {
  'INPUT-TYPE': 'a wrong JSON type',
  'INPUT-NULL': 'null where not nullable',
  'INPUT-BOUNDS': 'a value one step past its bound',
  'INPUT-FORMAT': 'a near-miss format or enum value',
  'INPUT-FORMAT-STRICT': 'a value a lax parser would normalise',
};

/** A deep copy of `base` with the field at `at` + `field` set to `value`. */
export function withValue(base: Record<string, unknown>, at: readonly (string | number)[], field: string, value: unknown): Record<string, unknown> {
  const copy = structuredClone(base);
  let node: Record<string | number, unknown> = copy;
  for (const [i, step] of at.entries()) {
    const next = node[step];
    if (next === null || typeof next !== 'object') node[step] = typeof at[i + 1] === 'number' ? [{}] : {};
    node = node[step] as Record<string | number, unknown>;
  }
  node[field] = value;
  return copy;
}

const excerpt = (value: unknown): string => {
  const text = JSON.stringify(value) ?? 'undefined';
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** The cases one check sends: its operation and rule, not left to another check. */
export function casesFor(domain: Domain, operation: string, rule: ClassRule): InputCase[] {
  return inputCases(INPUT_SURFACES.filter((s) => s.domain === domain && s.operation === operation)).filter(
    (c) => c.invalid.rule === rule && c.invalid.coveredBy === undefined,
  );
}

/** A case's input, and whether it is a batch item's (judged by what the batch applied). */
async function inputOf(t: CheckContext, target: InputTarget, c: InputCase): Promise<{ input: Record<string, unknown>; item: boolean }> {
  const base = await target.base(t);
  const query = c.surface.container === 'query';
  const input = withValue(base, c.surface.at, c.field.name, query ? String(c.invalid.value) : c.invalid.value);
  // A batch item's field, or an item of a batch array (`item-type:number` in ids).
  const item = c.surface.domain === 'batch' && (c.surface.at.length > 0 || c.invalid.name.startsWith('item-'));
  return { input, item };
}

/** One case's exchange: what was sent, the answer and, for a batch item answered 2xx, whether nothing of it was applied. */
interface Exchange {
  readonly input: Record<string, unknown>;
  readonly item: boolean;
  readonly res: ApiResponse;
  readonly appliedNothing?: boolean;
}

const is2xx = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;

/**
 * Sends one case: a batch item's with what the batch applied read before and after it (spec 4.10:
 * a batch may answer 200 and refuse the item inside).
 */
async function exchange(t: CheckContext, target: InputTarget, c: InputCase): Promise<Exchange> {
  const { input, item } = await inputOf(t, target, c);
  const before = item && target.before !== undefined ? await target.before(t) : new Set<string>();
  const res = await target.send(t, input);
  if (!(is2xx(res) && item && target.appliedNothing !== undefined)) return { input, item, res };
  return { input, item, res, appliedNothing: await target.appliedNothing(t, input, before) };
}

/** Records one case, sending it now unless it was sent ahead (`sent`); returns the problem when the target did not reject it. */
async function sendCase(t: CheckContext, target: InputTarget, c: InputCase, sent?: Exchange): Promise<{ problem: string; res: ApiResponse } | undefined> {
  const query = c.surface.container === 'query';
  const { input, res, appliedNothing } = sent ?? (await exchange(t, target, c));
  let outcome: InputClassCell['outcome'] = res.status >= 400 && res.status < 500 ? 'rejected' : is2xx(res) ? 'accepted' : 'other';
  // Spec 4.10: "Per-item outcome and partial-failure behaviour: not shown": a batch may answer 200
  // and refuse the item inside. What must hold is that the invalid item was not applied.
  if (outcome === 'accepted' && appliedNothing === true) {
    outcome = 'rejected';
    t.observe('batch-invalid-item-status', c.surface.operation, `${res.status}, the item refused inside and nothing applied`);
  }
  t.inputClass({
    surface: surfaceName(c.surface),
    field: c.field.name,
    class: c.invalid.name,
    requirementId: c.invalid.rule,
    sent: excerpt(query ? String(c.invalid.value) : c.invalid.value),
    answered: res.status,
    outcome,
  });
  t.observe('validation-status', c.surface.operation, res.status);
  t.observe('error-body-shape', c.surface.operation, shapeOf(res.json, res.text));
  validationStatusesOf(t.domain).push({ subject: c.surface.operation, status: res.status });
  if (outcome === 'rejected') return undefined;
  if (outcome === 'accepted' && target.accepted !== undefined) await target.accepted(t, input);
  const what = `${c.field.name} = ${excerpt(query ? String(c.invalid.value) : c.invalid.value)} (${c.invalid.name})`;
  return { problem: outcome === 'accepted' ? `${what} accepted with ${res.status}` : `${what} answered ${res.status}`, res };
}

/** The target of a surface: its own (`POST /expenses billableModifiers[0]`), else its operation's. */
function targetOf(targets: InputTargets, surface: InputSurface): { key: string; target: InputTarget } {
  const own = surfaceName(surface);
  const key = targets[own] !== undefined ? own : surface.operation;
  const target = targets[key];
  if (target === undefined) throw new InternalError(`no input target for ${own}`);
  return { key, target };
}

/**
 * The valid input the cases of a surface break, sent once as it is: a target that refuses it (a
 * business rule the spec does not state, a missing prerequisite) would refuse every case for that
 * reason, so a rejection would decide nothing. Null when it was accepted; else why not.
 */
function controlOf(controls: Map<string, Promise<string | null>>, t: CheckContext, target: InputTarget, key: string): Promise<string | null> {
  if (target.control === false) return Promise.resolve(null);
  // Once per file and surface, for every rule's check: a control create leaves a record the spec
  // may keep (a soft-deleted task, issue 42); what it shows does not change between the checks.
  // Kept by the file's domain, as harness/check/once.ts keeps a fixture.
  const memo = `${t.domain} ${key}`;
  let made = controls.get(memo);
  if (made === undefined) {
    const sent = sendControl(t, target, key);
    controls.set(memo, (made = sent));
    sent.catch(() => {
      if (controls.get(memo) === sent) controls.delete(memo);
    });
  }
  return made;
}

async function sendControl(t: CheckContext, target: InputTarget, key: string): Promise<string | null> {
  const base = await target.base(t);
  const res = await target.send(t, base);
  if (res.status >= 200 && res.status < 300) {
    if (target.accepted !== undefined) await target.accepted(t, base);
    return null;
  }
  return `the valid input these values break was refused with ${res.status} on ${key}`;
}

/**
 * The input-table checks of one domain: for each of its operations, one check per rule that has
 * cases there. `targets` says where each operation's inputs go (harness/steps/input-targets.ts).
 */
export function inputClassChecks(check: Check, domain: Domain, targets: InputTargets): void {
  const sentControls = new Map<string, Promise<string | null>>();
  for (const { operation, rule, cases } of plannedChecks(domain)) {
    const fields = new Set(cases.map((c) => `${c.surface.at.join('.')}.${c.field.name}`)).size;
    check(rule, `reject ${RULE_WORDS[rule]} on ${operation} (${cases.length} classes over ${fields} fields)`, async (t) => {
      const problems: Array<{ problem: string; res: ApiResponse }> = [];
      const controls = new Map<string, string | null>();
      const undecided: string[] = [];
      for (const c of cases) {
        const { key, target } = targetOf(targets, c.surface);
        if (!controls.has(key)) controls.set(key, await controlOf(sentControls, t, target, key));
      }
      // The cases do not depend on one another: sent side by side (a distant target costs a round
      // trip for all, not one each), then judged and recorded in their order. A batch item's case
      // holds its place from the read before it to the read after it: whether it was applied is
      // told by its own unique value, whatever the others sent meanwhile. Where the items all
      // change one record (`oneRecord`), a case answered 2xx is sent again alone below: another's
      // change made after its own would hide whether it was applied.
      const ahead = await mapLimit(cases, t.run.concurrency, async (c): Promise<Exchange | undefined> => {
        const { key, target } = targetOf(targets, c.surface);
        if (controls.get(key) !== null) return undefined;
        const sent = await t.ahead(() => exchange(t, target, c));
        return sent.item && target.oneRecord === true && is2xx(sent.res) ? undefined : sent;
      });
      for (const [i, c] of cases.entries()) {
        const { key, target } = targetOf(targets, c.surface);
        if (controls.get(key) !== null) {
          undecided.push(c.field.name);
          continue;
        }
        const problem = await sendCase(t, target, c, ahead[i]);
        if (problem !== undefined) problems.push(problem);
      }
      if (problems.length > 0) {
        const list = problems
          .slice(0, 8)
          .map((p) => p.problem)
          .join('; ');
        const more = problems.length > 8 ? `; and ${problems.length - 8} more (report.json inputClasses)` : '';
        throw new CheckFailure(
          `${problems.length} of ${cases.length} invalid values were not rejected with a 4xx on ${operation}: ${list}${more}`,
          problems[0]!.res.exchange ?? null,
        );
      }
      if (undecided.length > 0) {
        const why = [...controls.values()].filter((v): v is string => v !== null).join('; ');
        t.inconclusive(`${why}: a rejection of the ${undecided.length} invalid values built on it would prove nothing`);
      }
    });
  }
}

/** The checks of one domain: one per operation and rule that has cases to send there. */
export function plannedChecks(domain: Domain): Array<{ operation: string; rule: ClassRule; cases: InputCase[] }> {
  const operations = [...new Set(INPUT_SURFACES.filter((s) => s.domain === domain).map((s) => s.operation))];
  const rules = Object.keys(RULE_WORDS) as ClassRule[];
  return operations
    .flatMap((operation) => rules.map((rule) => ({ operation, rule, cases: casesFor(domain, operation, rule) })))
    .filter((p) => p.cases.length > 0);
}
