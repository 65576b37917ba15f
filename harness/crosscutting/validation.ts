import type { checker, CheckContext } from '../check/check.js';
import { validationStatusesOf } from '../check/check.js';
import { ensure, expectRejected } from '../check/expect.js';
import { mapLimit } from '../check/concurrency.js';
import type { ApiResponse } from '../http/client.js';
import type { ViolationCase } from '../generators/violations.js';
import type { RequirementId } from '../spec/requirements.js';

type Check = ReturnType<typeof checker>;

/** `{error{code,issues,message}}`: the keys of an error body two levels deep (the spec does not show its shape). */
export function shapeOf(json: unknown, text: string): string {
  const describe = (value: unknown, depth: number): string => {
    if (Array.isArray(value)) return '[]';
    if (value === null || typeof value !== 'object') return '';
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => (depth > 0 ? k + describe((value as Record<string, unknown>)[k], depth - 1) : k)).join(',')}}`;
  };
  if (json === undefined) return text.trim() === '' ? 'empty body' : 'not JSON';
  return describe(json, 1) || typeof json;
}

/**
 * Sends one invalid input and requires a 4xx (spec 7: invalid input is rejected; the status is
 * not shown, so any 4xx passes and the status is observed).
 */
export async function expectInvalid(t: CheckContext, subject: string, rule: string, send: () => Promise<ApiResponse>): Promise<void> {
  const res = await send();
  t.observe('validation-status', subject, res.status);
  t.observe('error-body-shape', subject, shapeOf(res.json, res.text));
  validationStatusesOf(t.domain).push({ subject, status: res.status });
  expectRejected(res, rule);
}

/**
 * One check per requirement, each running every invalid case of that requirement as a property
 * (so every rule is exercised at least a few times, whatever CONFORMANCE_NUM_RUNS says).
 */
export function invalidBodyChecks(
  check: Check,
  options: {
    readonly operation: string;
    readonly cases: (t: CheckContext) => Promise<readonly ViolationCase[]> | readonly ViolationCase[];
    readonly requirementIds: readonly RequirementId[];
    readonly send: (t: CheckContext, body: Record<string, unknown>) => Promise<ApiResponse>;
  },
): void {
  for (const id of options.requirementIds) {
    check(id, `reject invalid bodies on ${options.operation}`, async (t) => {
      const cases = (await options.cases(t)).filter((c) => c.requirementId === id);
      ensure(cases.length > 0, `no invalid case generates ${id}`);
      const numRuns = Math.max(3, Math.ceil(t.run.numRuns / cases.length));
      // The rules' properties side by side, at most CONFORMANCE_CONCURRENCY requests in flight, so
      // that a distant target costs a few round trips for all the rules, not a few per rule. A
      // failure is the first rule's in their order. Fewer rules than that budget: each property
      // sends its cases side by side too, with its share of the budget (harness/check/cases-ahead.ts:
      // the same seed, path and counterexample), each case in a place of the file's budget; one
      // rule per place: each property sends its cases one at a time, holding that place throughout.
      const perRule = Math.max(1, Math.floor(t.run.concurrency / Math.min(cases.length, t.run.concurrency)));
      await mapLimit(cases, t.run.concurrency, (invalid) => {
        const property = () =>
          t.property(invalid.bodies, (body) => expectInvalid(t, options.operation, `${invalid.rule}: ${JSON.stringify(body)}`, () => options.send(t, body)), {
            numRuns,
            concurrency: perRule,
          });
        return perRule > 1 ? property() : t.ahead(property);
      });
    });
  }
}

/** A body a request carried (POST, PATCH, DELETE with a body), not a query: `GET /contacts?limit=` is a query. */
const isBodySubject = (subject: string): boolean => !subject.startsWith('GET ');

/**
 * SHOULD: one status for every body that failed the schema in this suite file. Query failures are
 * left out: 400 for a malformed query and 422 for an invalid body is a common, consistent split.
 * Call it inside the file's last block, a `describe.sequential`: the other checks of the file run
 * side by side, and this one must start only once they have all finished.
 */
export function validationConsistencyCheck(check: Check, domainLabel: string): void {
  check('VALIDATION-STATUS-CONSISTENT', `answer every ${domainLabel} body validation failure with the same status`, async (t) => {
    // Accepted invalid input is the failure of its own rule; consistency is about the rejections.
    // A 409 speaks of the records' state (a taken name, a rule over several records a server may
    // check before the schema), not of the body's validity.
    const rejected = validationStatusesOf(t.domain).filter((s) => s.status >= 400 && s.status !== 409 && isBodySubject(s.subject));
    if (rejected.length === 0) t.skip('not applicable: no invalid body was rejected in this run');
    const byStatus = new Map<number, string[]>();
    for (const { subject, status } of rejected) {
      byStatus.set(status, [...(byStatus.get(status) ?? []), subject]);
    }
    const summary = [...byStatus.entries()].map(([status, subjects]) => `${status} (${[...new Set(subjects)].slice(0, 3).join('; ')})`);
    ensure(byStatus.size === 1, `validation failures were answered with different statuses: ${summary.join(', ')}`);
  });
}
