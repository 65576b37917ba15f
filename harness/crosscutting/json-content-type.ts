import { randomUUID } from 'node:crypto';
import type { CheckContext, checker } from '../check/check.js';
import { ensure } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';
import { isJsonMediaType, shownContentType } from '../http/media-type.js';
import type { Collection } from './collection.js';

type Check = ReturnType<typeof checker>;

/** What the checks judge: one answer, as `GET /contacts?limit=1` names it. */
export interface LabelledAnswer {
  readonly request: string;
  readonly response: ApiResponse;
}

/**
 * Spec 1: "JSON request and response bodies" over standard HTTP. The answers of `answers` whose
 * body is JSON (an empty or non-JSON body is not judged: spec 7 shows no error body), with the
 * Content-Type each came with. Pure, for the unit tests.
 */
export function jsonBodies(answers: readonly LabelledAnswer[]): Array<LabelledAnswer & { readonly type: string | undefined }> {
  return answers
    .filter((a) => a.response.json !== undefined)
    .map((a) => {
      const type = a.response.headers['content-type'];
      return { ...a, type: type === undefined || type.trim() === '' ? undefined : type };
    });
}

/** The first JSON answer that names a Content-Type other than a JSON one (ENV-JSON-TYPE), or undefined. */
export function mislabelled(answers: readonly LabelledAnswer[]): (LabelledAnswer & { readonly type: string }) | undefined {
  return jsonBodies(answers).find((a): a is LabelledAnswer & { type: string } => a.type !== undefined && !isJsonMediaType(a.type));
}

/** The first JSON answer without a Content-Type (ENV-JSON-TYPE-SENT), or undefined. */
export function unlabelled(answers: readonly LabelledAnswer[]): LabelledAnswer | undefined {
  return jsonBodies(answers).find((a) => a.type === undefined);
}

/** The list (limit=1) and an unknown id's answer: two routes of different make (a record list, an error). */
async function sample(t: CheckContext, path: string): Promise<LabelledAnswer[]> {
  const answers: LabelledAnswer[] = [
    { request: `GET ${path}?limit=1`, response: await t.api.get(path, { limit: 1 }) },
    { request: `GET ${path}/{unknown uuid}`, response: await t.api.get(`${path}/${randomUUID()}`) },
  ];
  for (const a of answers) t.observe('json-content-type', a.request, a.response.headers['content-type'] ?? '(none)');
  if (jsonBodies(answers).length === 0)
    t.skip(`neither ${answers.map((a) => a.request).join(' nor ')} answered a JSON body to judge (ENV-LIST reports the list)`);
  return answers;
}

/** ENV-JSON-TYPE and ENV-JSON-TYPE-SENT for one collection. */
export function jsonContentTypeChecks(check: Check, collection: Collection): void {
  const { path } = collection;
  check('ENV-JSON-TYPE', `label JSON answers of ${path} with a JSON Content-Type (application/json or +json)`, async (t) => {
    const wrong = mislabelled(await sample(t, path));
    ensure(
      wrong === undefined,
      `${wrong?.request} answered a JSON body with Content-Type ${shownContentType(wrong?.type)}: spec 1 has JSON response bodies, and over HTTP a body is of the type its Content-Type names`,
      wrong?.response,
    );
  });
  check('ENV-JSON-TYPE-SENT', `send a Content-Type with the JSON answers of ${path}`, async (t) => {
    const bare = unlabelled(await sample(t, path));
    ensure(
      bare === undefined,
      `${bare?.request} answered a JSON body without a Content-Type header (spec 1: JSON response bodies; RFC 9110 8.3: a sender SHOULD send it)`,
      bare?.response,
    );
  });
}
