import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { mapLimit } from '../harness/check/concurrency.js';
import { dataRecord, ensure, expectNot2xx, expectRejected, fail, isClass } from '../harness/check/expect.js';
import type { ApiClient, ApiResponse } from '../harness/http/client.js';
import { bothForms, KEY_FORM_HEADER, type KeyForm } from '../harness/http/key-forms.js';
import {
  ISOLATED_RESOURCES,
  recordOperations,
  resourceName,
  type DependentRead,
  type IsolatedResource,
  type RecordOperation,
} from '../harness/spec/isolation.js';
import { once } from '../harness/check/once.js';
import { mismatch } from '../harness/steps/compare.js';
import {
  createdId,
  createOrgARecord,
  createWebhook,
  LIST_PROBES,
  orgBResource,
  QUIET_EVENT,
  REFERENCE_CASES,
  referenceTarget,
  sendReference,
  walkList,
  WEBHOOK_URLS,
  type ListProbe,
  type ListQuery,
  type ReferenceCase,
} from '../harness/steps/isolation.js';
import { secretOf, secretsIn } from '../harness/sink/secrets.js';
import { uniqueToken } from '../harness/steps/unique-token.js';

/**
 * Organisation isolation and admin rights (spec 1, 5.4, 5.5): what org B's key can do to org A's
 * records, lists and references, and what a key without admin rights can do to webhook subscriptions.
 * The record checks are generated from harness/spec/isolation.ts; every operation is a documented route.
 */
const check = checker('security');

/** Matrix row keys (harness/report/model.ts MatrixCell.key). */
const ORG_B = 'org B';
const MEMBER = 'member';

const ok = (res: ApiResponse): boolean => isClass(res.status, '2xx');

function sendOn(client: ApiClient, op: RecordOperation, id: string): Promise<ApiResponse> {
  return client.send({ method: op.endpoint.method, path: op.endpoint.path.replace('{id}', id), ...(op.body ? { body: op.body } : {}) });
}

/**
 * Values of a body org A sent that only its record can hold: strings of 8 characters or more, but
 * the record's own id (org B sent it), enum values and plain dates (any answer may hold those).
 */
function distinctiveValues(sent: Record<string, unknown>, id: string): string[] {
  return Object.values(sent).filter(
    (v): v is string => typeof v === 'string' && v.length >= 8 && v !== id && !/^[a-z_]+$/.test(v) && !/^\d{4}-\d{2}-\d{2}$/.test(v),
  );
}

/** `PATCH /expenses/{id of another organisation}`: where an observation was made. */
function foreignSubject(op: RecordOperation): string {
  return `${op.endpoint.method} ${op.endpoint.path.replace('{id}', '{id of another organisation}')}`;
}

/** An answer without a body, or whose data is absent, null, an empty object or an empty list. */
function revealsNothing(res: ApiResponse): boolean {
  if (res.text.trim() === '') return true;
  const body = res.json;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return false;
  const data = (body as { data?: unknown }).data;
  if (data === undefined || data === null) return Object.keys(body).every((key) => key === 'data' || key === 'meta' || key === 'error');
  return (Array.isArray(data) && data.length === 0) || (typeof data === 'object' && !Array.isArray(data) && Object.keys(data).length === 0);
}

/** A cell that passes when the request was refused (never 2xx). */
function refusalCell(t: CheckContext, resource: string, operation: string, key: string, res: ApiResponse): void {
  t.matrixCell({ resource, operation, key, status: ok(res) ? 'fail' : 'pass', answered: res.status });
}

/** The shape of a JSON body (sorted key paths), so two error bodies can be compared without their wording or ids. */
function shapeOf(value: unknown, path = ''): string[] {
  if (Array.isArray(value)) return [...new Set(value.flatMap((v) => shapeOf(v, `${path}[]`)))].sort();
  if (value !== null && typeof value === 'object') {
    return Object.entries(value)
      .flatMap(([k, v]) => [`${path}.${k}`, ...shapeOf(v, `${path}.${k}`)])
      .sort();
  }
  return [];
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
const withoutIds = (text: string): string => text.replace(UUID, '{id}');

/**
 * What changed between two reads of one record: fields lost, altered or added (a null field may
 * also be left out, spec 2). Secrets are named, never shown.
 */
function recordChange(before: Record<string, unknown>, after: Record<string, unknown>, moving: ReadonlySet<string> = new Set()): string | undefined {
  const changes: string[] = [];
  for (const field of Object.keys(before)) {
    if (moving.has(field)) continue;
    const problem = mismatch(after, { [field]: before[field] });
    if (problem !== undefined) changes.push(/secret/i.test(field) ? `${field} is not the same` : problem);
  }
  for (const field of Object.keys(after)) {
    if (!(field in before) && !moving.has(field) && after[field] !== null && after[field] !== undefined) changes.push(`field ${field} appeared`);
  }
  if (changes.length === 0) return undefined;
  return `${changes.slice(0, 3).join('; ')}${changes.length > 3 ? ` and ${changes.length - 3} more` : ''}`;
}

/** A time of the last access, check or sight (`lastAccessedAt`, `lastCheckedAt`, `last_seen_at`): it moves by itself. */
const MOVING_NAME = /^last([A-Z]|_).*(At|_at|Time|Date)$/;

/**
 * Fields of org A's record that move by themselves (spec 2: record contents beyond the input
 * fields are not shown, so a read count, a time of last access or check may be among them): those
 * that differ between `first` and a second read by org A with nothing in between, and those named
 * as a time of the last access or check. Fields a request of org B names are never among them: what
 * org B tried to change is always compared. Recorded as `moving-fields`.
 */
async function movingFields(t: CheckContext, path: string, id: string, first: Record<string, unknown>, named: readonly string[] = []): Promise<Set<string>> {
  const moving = new Set(Object.keys(first).filter((field) => MOVING_NAME.test(field)));
  const again = await t.api.get(`${path}/${id}`);
  const second = (again.json as { data?: unknown } | undefined)?.data;
  if (again.status === 200 && second !== null && typeof second === 'object' && !Array.isArray(second)) {
    const record = second as Record<string, unknown>;
    for (const field of new Set([...Object.keys(first), ...Object.keys(record)])) {
      if (!(field in first) || !(field in record) || mismatch(record, { [field]: first[field] }) !== undefined) moving.add(field);
    }
  }
  for (const field of named) moving.delete(field);
  if (moving.size > 0) t.observe('moving-fields', `GET ${path}/{id}`, [...moving].sort().join(', '));
  return moving;
}

/** The fields org B's requests name in their bodies. */
function fieldsNamed(ops: readonly RecordOperation[]): string[] {
  return [...new Set(ops.flatMap((op) => (op.body !== undefined && op.body !== null && typeof op.body === 'object' ? Object.keys(op.body) : [])))];
}

/** The value of a dependent read that must not move (spec 4.5 versions: all of it; 4.11 deliveries: which ones). */
function dependentValue(res: ApiResponse, dependent: DependentRead): string {
  const data = (res.json as { data?: unknown } | undefined)?.data;
  if (dependent.compare === 'json') return JSON.stringify(data);
  return Array.isArray(data)
    ? data
        .map((d) => String((d as { id?: unknown } | null)?.id))
        .sort()
        .join(',')
    : JSON.stringify(data);
}

/**
 * What org A's own answer on a sub-list (`GET /rates/{id}/versions`) holds that another
 * organisation's answer must not: the ids in it (spec 2: every id is a UUID) other than the
 * record's own, which org B sent itself, and its fractional numbers (amounts). Nothing when org A
 * cannot read it (that is the sub-list's own check to report).
 */
function revealing(own: ApiResponse, recordId: string): string[] {
  if (own.status !== 200) return [];
  const ids = (own.text.match(UUID) ?? []).filter((value) => value.toLowerCase() !== recordId.toLowerCase());
  const amounts: string[] = [];
  const walk = (value: unknown): void => {
    if (typeof value === 'number' && !Number.isInteger(value)) amounts.push(String(value));
    else if (typeof value === 'string' && /^\d+\.\d+$/.test(value)) amounts.push(value);
    else if (value !== null && typeof value === 'object') Object.values(value).forEach(walk);
  };
  walk(own.json);
  return [...new Set([...ids, ...amounts])];
}

/** Org A's own read of its record: a precondition (ENV-GET reports a target that cannot). */
async function readOwn(t: CheckContext, path: string, id: string, noun: string): Promise<Record<string, unknown>> {
  const res = await t.api.get(`${path}/${id}`);
  const data = (res.json as { data?: unknown } | undefined)?.data;
  if (res.status !== 200 || data === null || typeof data !== 'object' || Array.isArray(data)) {
    t.skip(`not applicable: org A cannot read its own ${noun} back (GET ${path}/{id} answered ${res.status}); see ENV-GET`);
  }
  return data as Record<string, unknown>;
}

// --- Records of org A under org B's key (SEC-ISOLATION-*) ---

function isolationChecks(resource: IsolatedResource): void {
  const { path, noun } = resource;
  const name = resourceName(path);
  const ops = recordOperations(resource);
  // One record of org A for the checks that leave it as it was on a conforming server (read,
  // errors, unknown-alike); the write and intact checks make their own (issue 42: tasks,
  // resources and rates cannot be removed).
  const shared = once((t) => createOrgARecord(t, path));

  check('SEC-ISOLATION-READ', `refuse org B's read of an org A ${noun}, its key sent in either form`, async (t) => {
    const { id } = await shared(t);
    for (const op of ops.filter((o) => o.read)) {
      // spec 5.1: the key travels in either header; each must see only its organisation's data.
      const answers: Array<{ form: KeyForm; res: ApiResponse; read: boolean }> = [];
      for (const form of bothForms(t.run.authStyle)) {
        const res = await sendOn(t.as('otherOrg', form), op, id);
        const subject = `${foreignSubject(op)}${form === t.run.authStyle ? '' : ` (key as ${KEY_FORM_HEADER[form]})`}`;
        t.observe('cross-org-status', subject, res.status);
        // Spec 7 shows no status for an id the key cannot see: a 2xx whose data is null or empty
        // shows nothing of the record and is no read of it; any other 2xx is.
        const empty = ok(res) && revealsNothing(res);
        if (empty)
          t.observe(
            'cross-org-read-empty',
            subject,
            `answered ${res.status} with data ${JSON.stringify((res.json as { data?: unknown } | undefined)?.data ?? null)}`,
          );
        answers.push({ form, res, read: ok(res) && !empty });
      }
      const read = answers.find((a) => a.read);
      t.matrixCell({ resource: name, operation: op.label, key: ORG_B, status: read ? 'fail' : 'pass', answered: (read ?? answers[0]!).res.status });
      if (read) expectNot2xx(read.res, `org B's ${op.key} on org A's ${noun}, its key sent as ${KEY_FORM_HEADER[read.form]}`);
    }
  });

  check('SEC-ERROR-NO-LEAK', `reveal nothing of an org A ${noun} in the answers refusing org B`, async (t) => {
    const other = t.as('otherOrg');
    const { id, sent } = await shared(t);
    const values = distinctiveValues(sent, id);
    if (values.length === 0) t.skip(`not applicable: nothing of the ${noun} is distinctive enough to be searched for`);
    for (const op of ops) {
      const res = await sendOn(other, op, id);
      if (ok(res)) continue; // a success is SEC-ISOLATION-READ's or -WRITE's failure
      const shown = values.filter((v) => res.text.includes(v) && !JSON.stringify(op.body ?? {}).includes(v));
      if (shown.length > 0)
        fail(
          `org B's ${op.key} on org A's ${noun} was refused with ${res.status}, and the answer reveals ${shown.map((v) => JSON.stringify(v)).join(', ')} of it`,
          res,
        );
    }
  });

  check(
    'SEC-ISOLATION-WRITE',
    `refuse org B's writes and sub-operations on an org A ${noun}, and let its sub-lists and DELETE reveal and remove nothing`,
    async (t) => {
      const other = t.as('otherOrg');
      const { id } = await createOrgARecord(t, path);
      const accepted: Array<{ op: RecordOperation; res: ApiResponse; why: string }> = [];
      // Every operation is tried and put in the matrix before the verdict.
      for (const op of ops.filter((o) => !o.read)) {
        // What org A itself sees there, read just before org B's request (sub-lists: what must not leak).
        const own = op.endpoint.method === 'GET' ? await t.api.get(op.endpoint.path.replace('{id}', id)) : undefined;
        const before = op.endpoint.method === 'DELETE' ? await t.api.get(`${path}/${id}`) : undefined;
        const res = await sendOn(other, op, id);
        t.observe('cross-org-status', foreignSubject(op), res.status);
        let why: string | undefined = ok(res) ? 'succeeded' : undefined;
        if (ok(res) && own !== undefined) {
          // spec 5.4: a GET of a sub-list (versions, deliveries) is a read; a server that scopes it
          // to the key's organisation may answer 2xx with nothing in it. What counts is that none
          // of org A's entries shows.
          const shown = revealing(own, id).filter((value) => res.text.includes(value));
          t.observe(
            'cross-org-sub-list',
            foreignSubject(op),
            shown.length === 0 ? `answered ${res.status}, revealing nothing` : `answered ${res.status} with org A's entries`,
          );
          why = shown.length === 0 ? undefined : `answered ${res.status} with ${shown.length} of org A's values (${shown.slice(0, 2).join(', ')})`;
        }
        if (ok(res) && before?.status === 200) {
          // spec 7 does not show the status of a DELETE of an id the key cannot see: a 2xx that
          // removes nothing is allowed. What counts is that org A's record is still there, unchanged.
          // (When org A could not read its record beforehand, nothing shows that: the 2xx fails.)
          const after = await t.api.get(`${path}/${id}`);
          const moving = after.status === 200 ? await movingFields(t, path, id, dataRecord(after)) : new Set<string>();
          const change = after.status === 200 ? recordChange(dataRecord(before), dataRecord(after), moving) : `org A's GET answered ${after.status}`;
          why = change === undefined ? undefined : `answered ${res.status} and removed or changed org A's ${noun}: ${change}`;
        }
        t.matrixCell({ resource: name, operation: op.label, key: ORG_B, status: why === undefined ? 'pass' : 'fail', answered: res.status });
        if (why !== undefined) accepted.push({ op, res, why });
      }
      if (accepted.length > 0) {
        fail(`org B's ${accepted.map((a) => `${a.op.key} ${a.why}`).join('; ')} on org A's ${noun}`, accepted[0]!.res);
      }
    },
  );

  check('SEC-ISOLATION-INTACT', `keep an org A ${noun} unchanged through org B's attempts on it`, async (t) => {
    const other = t.as('otherOrg');
    const { id } = await createOrgARecord(t, path);
    const before = await readOwn(t, path, id, noun);
    const moving = await movingFields(t, path, id, before, fieldsNamed(ops));
    const dependents = new Map<string, string>();
    for (const dependent of resource.dependents ?? []) {
      const res = await t.api.get(`${path}/${id}${dependent.suffix}`);
      if (res.status === 200) dependents.set(dependent.suffix, dependentValue(res, dependent));
      else t.observe('dependent-read-status', `GET ${path}/{id}${dependent.suffix} (org A)`, res.status);
    }
    // The answers are SEC-ISOLATION-WRITE's to judge; here only their effect counts.
    for (const op of ops) await sendOn(other, op, id);
    const after = await t.api.get(`${path}/${id}`);
    ensure(after.status === 200, `org A can no longer read its ${noun} after org B's attempts on it`, after);
    const change = recordChange(before, dataRecord(after), moving);
    ensure(change === undefined, `org A's ${noun} changed after org B's attempts on it: ${change}`, after);
    for (const dependent of resource.dependents ?? []) {
      const was = dependents.get(dependent.suffix);
      if (was === undefined) continue;
      const res = await t.api.get(`${path}/${id}${dependent.suffix}`);
      ensure(res.status === 200, `org A can no longer read GET ${path}/{id}${dependent.suffix} after org B's attempts`, res);
      ensure(dependentValue(res, dependent) === was, `GET ${path}/{id}${dependent.suffix} changed for org A after org B's attempts`, res);
    }
  });

  check('SEC-ISOLATION-UNKNOWN-ALIKE', `answer org B on an org A ${noun} exactly as on an unknown id`, async (t) => {
    const other = t.as('otherOrg');
    const { id } = await shared(t);
    const differences: Array<{ message: string; res: ApiResponse }> = [];
    for (const op of ops) {
      const foreign = await sendOn(other, op, id);
      const unknown = await sendOn(other, op, randomUUID());
      t.observe('cross-org-status', foreignSubject(op), foreign.status);
      if (foreign.status !== unknown.status) {
        differences.push({ message: `${op.key}: ${foreign.status} for org A's id, ${unknown.status} for an unknown id`, res: foreign });
      } else if (shapeOf(foreign.json).join() !== shapeOf(unknown.json).join()) {
        differences.push({ message: `${op.key}: both ${foreign.status}, but the bodies differ in shape`, res: foreign });
      } else {
        const same = withoutIds(foreign.text) === withoutIds(unknown.text);
        t.observe('cross-org-body', op.key, same ? 'same as for an unknown id' : 'same shape as for an unknown id, other text');
      }
    }
    if (differences.length > 0)
      fail(`org B can tell org A's ${noun} from an unknown one: ${differences.map((d) => d.message).join('; ')}`, differences[0]!.res);
  });
}

describe('security: records of another organisation', () => {
  for (const resource of ISOLATED_RESOURCES) isolationChecks(resource);
});

// --- Lists (SEC-LIST-ISOLATED) ---

/** `GET /tasks?projectId=<org A's id>`: the query without org A's values. */
function describeQuery(path: string, q: ListQuery): string {
  const parts = Object.keys(q.query).map((k) => `${k}=<org A's ${q.idFields.includes(k) ? 'id' : 'word'}>`);
  return `GET ${path}${parts.length > 0 ? `?${parts.join('&')}` : ''}`;
}

function listChecks(probe: ListProbe): void {
  const name = resourceName(probe.path);

  const filtered = probe.filtersById ? ", also when filtered by org A's ids" : '';
  check('SEC-LIST-ISOLATED', `keep org A's ${name} out of org B's lists${filtered}`, async (t) => {
    const other = t.as('otherOrg');
    const { ids, queries } = await probe.setup(t);
    // Org A's ids: the ones made here and every one org A's own lists show for the same queries.
    const orgA = new Set(ids);
    const shared = new Set<string>();
    // Each query's list walked side by side (its pages one after another), read in the queries' order.
    for (const own of await mapLimit(queries, t.run.concurrency, (q) => t.ahead(() => walkList(t.api, probe.path, q.query)))) {
      for (const { record } of own.records) {
        (probe.mayBeShared?.(record) ? shared : orgA).add(String(record['id']));
      }
    }
    const leaks: Array<{ message: string; res: ApiResponse }> = [];
    let answered: number | null = null;
    const lists = await mapLimit(queries, t.run.concurrency, (q) => t.ahead(() => walkList(other, probe.path, q.query)));
    for (const [i, q] of queries.entries()) {
      const seen = lists[i]!;
      answered ??= seen.status;
      const subject = describeQuery(probe.path, q);
      if (Object.keys(q.query).length > 0) {
        t.observe(
          'cross-org-filter',
          subject,
          seen.status === 200 ? (seen.records.length === 0 ? 'empty list' : 'only its own records') : `answered ${seen.status}`,
        );
      }
      const leaked = seen.records.filter(({ record }) => orgA.has(String(record['id'])));
      const sharedSeen = seen.records.filter(({ record }) => shared.has(String(record['id'])));
      if (sharedSeen.length > 0) t.observe('shared-records', subject, `${sharedSeen.length} of org A's built-in records listed for org B too`);
      if (leaked.length > 0) {
        leaks.push({
          message: `${subject} lists ${leaked.length} of org A's ${name} (${leaked
            .slice(0, 3)
            .map((l) => String(l.record['id']))
            .join(', ')})`,
          res: leaked[0]!.page,
        });
        answered = leaked[0]!.page.status;
      }
    }
    t.matrixCell({ resource: name, operation: 'list', key: ORG_B, status: leaks.length > 0 ? 'fail' : 'pass', answered });
    if (leaks.length > 0) fail(leaks.map((l) => l.message).join('; '), leaks[0]!.res);
  });

  if (!probe.filtersById) return;
  check('SEC-ISOLATION-UNKNOWN-ALIKE', `answer org B's ${name} list filtered by org A's ids as when filtered by unknown ids`, async (t) => {
    const other = t.as('otherOrg');
    const { queries } = await probe.setup(t);
    const differences: Array<{ message: string; res: ApiResponse }> = [];
    for (const q of queries.filter((x) => x.idFields.length > 0)) {
      const foreign = await other.get(probe.path, q.query);
      const unknown = await other.get(probe.path, { ...q.query, ...Object.fromEntries(q.idFields.map((f) => [f, randomUUID()])) });
      // Counts may differ: org B's own records may point at org A's ids (see the reference checks).
      if (foreign.status !== unknown.status) {
        differences.push({ message: `${describeQuery(probe.path, q)}: ${foreign.status}, with an unknown id ${unknown.status}`, res: foreign });
      }
    }
    if (differences.length > 0) fail(`org B can tell org A's ids from unknown ones: ${differences.map((d) => d.message).join('; ')}`, differences[0]!.res);
  });
}

describe('security: lists', () => {
  for (const probe of LIST_PROBES) listChecks(probe);
});

// --- References across organisations (SEC-REFERENCE-*) ---

function outcome(res: ApiResponse): string {
  return ok(res) ? `accepted (${res.status})` : `refused (${res.status})`;
}

/** `POST /expenses`, `PATCH /expenses/{id}`: the operation a reference case sends, as observations name it. */
function operationOf(c: ReferenceCase): string {
  return `${c.via === 'update' ? 'PATCH' : 'POST'} ${c.path}`;
}

/** Where org B reads back the record its request made or changed; undefined when there is none to read. */
function readBackPath(c: ReferenceCase, answer: ApiResponse, subjectId: string | undefined): string | undefined {
  if (c.via === 'action') return undefined;
  if (c.via === 'update') return c.path.includes('{id}') ? c.path.replace('{id}', subjectId!) : `${c.listPath}/${subjectId}`;
  // A batch create is read back through its list only.
  const id = c.listPath === undefined ? createdId(answer) : undefined;
  return id === undefined ? undefined : `${c.path}/${id}`;
}

function referenceChecks(c: ReferenceCase): void {
  // `org B makes a time entry on org A's task`, `org B's time entry moved to org A's task`.
  const created = c.via === undefined || c.via === 'create';
  const made = created ? `org B makes ${c.what}` : c.what;
  const byB = created ? `${c.what} made by org B` : c.what;
  /** Org B's two requests: naming an unknown id and naming org A's record (an update or action: about the same record of org B's). */
  const attempt = async (t: CheckContext) => {
    const other = t.as('otherOrg');
    const target = await referenceTarget(t, c.target);
    const own = { resourceId: await orgBResource(t) };
    const unknown = await sendReference(t, c, randomUUID(), own);
    const foreign = await sendReference(t, c, target.id, own, unknown.subjectId);
    t.observe('dangling-reference', `${operationOf(c)} with an unknown ${c.field}`, outcome(unknown.res));
    t.observe('cross-org-reference', `${operationOf(c)} with org A's ${c.field}`, outcome(foreign.res));
    // A value org B sent itself, or one that already shows when nothing of org A is involved, proves nothing.
    const values = target.values.filter((v) => v.value.length >= 6 && !unknown.res.text.includes(v.value) && !JSON.stringify(foreign.sent).includes(v.value));
    return { other, target, unknown: unknown.res, foreign: foreign.res, subjectId: foreign.subjectId, values };
  };

  check('SEC-REFERENCE-NO-LEAK', `reveal nothing of org A's ${c.target} when ${made}, then or later`, async (t) => {
    const { other, target, foreign, subjectId, values } = await attempt(t);
    if (values.length === 0) t.skip(`not applicable: nothing of org A's ${c.target} is distinctive enough to be searched for`);
    // The answer, the record read back, and org B's list filtered by org A's id.
    const answers: Array<[string, ApiResponse]> = [[`org B's ${operationOf(c)}`, foreign]];
    const readPath = readBackPath(c, foreign, subjectId);
    if (readPath !== undefined) answers.push([`org B's GET ${readPath.replace(/[0-9a-f-]{36}$/i, '{id}')}`, await other.get(readPath)]);
    if (c.listPath !== null) {
      const list = c.listPath ?? c.path;
      answers.push([`org B's GET ${list}?${c.field}=<org A's id>`, await other.get(list, { [c.field]: target.id })]);
    }
    const leak = answers.map(([where, res]) => ({ where, res, shown: values.filter((v) => res.text.includes(v.value)) })).find((a) => a.shown.length > 0);
    t.matrixCell({
      resource: resourceName(c.path.replace(/\/\{id\}.*$/, '')),
      operation: `reference (no leak${c.via === undefined || c.via === 'create' ? '' : `, ${c.via}`})`,
      key: ORG_B,
      status: leak ? 'fail' : 'pass',
      answered: (leak?.res ?? foreign).status,
    });
    if (leak) fail(`${leak.where} reveals ${leak.shown.map((v) => v.what).join(', ')} of org A's ${c.target}`, leak.res);
  });

  check('SEC-REFERENCE-REJECTED', `reject ${byB}`, async (t) => {
    const { unknown, foreign } = await attempt(t);
    if (ok(foreign) && ok(unknown)) {
      t.skip(
        `not applicable: the target accepts a ${c.field} naming no record (answered ${unknown.status}), and took org A's as one it does not know (spec 2 does not require references to exist)`,
      );
    }
    expectRejected(foreign, `org B's ${operationOf(c)} with org A's ${c.field}`);
  });

  check('SEC-ISOLATION-UNKNOWN-ALIKE', `answer ${byB} as one naming an unknown id`, async (t) => {
    const { unknown, foreign } = await attempt(t);
    ensure(
      foreign.status === unknown.status,
      `org B's ${operationOf(c)} answered ${foreign.status} with org A's ${c.field} and ${unknown.status} with an unknown one: org A's record shows through`,
      foreign,
    );
  });
}

describe('security: references across organisations', () => {
  for (const c of REFERENCE_CASES) referenceChecks(c);
});

// --- Admin rights (SEC-ADMIN-*, SEC-MEMBER-READ) ---

/** spec 2.10: a valid subscription body a member key tries to create. */
function memberWebhookBody(): Record<string, unknown> {
  // Not the loopback URL: a server guarding against SSRF may refuse it for itself, whatever the key.
  return { name: `Conformance member ${uniqueToken('wh')}`, url: `${WEBHOOK_URLS[1]}?s=${uniqueToken('')}`, events: [QUIET_EVENT] };
}

/** A member create the target wrongly accepted is removed with the admin key (the member key may not delete it). */
async function removeIfCreated(t: CheckContext, res: ApiResponse): Promise<void> {
  const id = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (ok(res) && typeof id === 'string') await t.api.delete(`/webhooks/${id}`);
}

/** The admin's view of a subscription (with its secret, spec 2.10): a precondition of the member checks. */
async function adminView(t: CheckContext, id: string): Promise<Record<string, unknown>> {
  return readOwn(t, '/webhooks', id, 'webhook subscription');
}

async function expectUnchanged(t: CheckContext, id: string, before: Record<string, unknown>, after: string, moving: ReadonlySet<string>): Promise<void> {
  const res = await t.api.get(`/webhooks/${id}`);
  ensure(res.status === 200, `the admin key can no longer read the subscription after ${after}`, res);
  const change = recordChange(before, dataRecord(res), moving);
  ensure(change === undefined, `the subscription changed after ${after}: ${change}`, res);
}

describe('security: admin rights on webhook subscriptions', () => {
  check('SEC-ADMIN-WEBHOOK-WRITE', 'refuse creating a webhook subscription with a key without admin rights, and create nothing', async (t) => {
    const member = t.as('member');
    const body = memberWebhookBody();
    const res = await member.post('/webhooks', body);
    t.observe('member-webhook-status', 'POST /webhooks', res.status);
    refusalCell(t, 'webhooks', 'create', MEMBER, res);
    await removeIfCreated(t, res);
    expectNot2xx(res, 'POST /webhooks with a member key');
    const listed = await walkList(t.api, '/webhooks', {});
    const made = listed.records.find(({ record }) => record['name'] === body['name']);
    if (made !== undefined) await t.api.delete(`/webhooks/${String(made.record['id'])}`);
    ensure(made === undefined, `the member's refused POST /webhooks created a subscription all the same (the admin key lists it)`, made?.page);
  });

  check('SEC-ADMIN-WEBHOOK-WRITE', 'refuse updating a webhook subscription with a key without admin rights, and change nothing', async (t) => {
    const member = t.as('member');
    const { id } = await createWebhook(t);
    const before = await adminView(t, id);
    const change = { name: `Conformance changed by a member ${uniqueToken('wh')}`, isActive: false };
    const moving = await movingFields(t, '/webhooks', id, before, Object.keys(change));
    const res = await member.patch(`/webhooks/${id}`, change);
    t.observe('member-webhook-status', 'PATCH /webhooks/{id}', res.status);
    refusalCell(t, 'webhooks', 'update', MEMBER, res);
    expectNot2xx(res, 'PATCH /webhooks/{id} with a member key');
    await expectUnchanged(t, id, before, "the member's refused PATCH", moving);
  });

  check('SEC-ADMIN-WEBHOOK-WRITE', 'refuse deleting a webhook subscription with a key without admin rights, and delete nothing', async (t) => {
    const member = t.as('member');
    const { id } = await createWebhook(t);
    const before = await adminView(t, id);
    const moving = await movingFields(t, '/webhooks', id, before);
    const res = await member.delete(`/webhooks/${id}`);
    t.observe('member-webhook-status', 'DELETE /webhooks/{id}', res.status);
    refusalCell(t, 'webhooks', 'delete', MEMBER, res);
    expectNot2xx(res, 'DELETE /webhooks/{id} with a member key');
    await expectUnchanged(t, id, before, "the member's refused DELETE", moving);
  });

  check('SEC-ADMIN-403', 'answer webhook writes with a key without admin rights with 403', async (t) => {
    const member = t.as('member');
    const { id } = await createWebhook(t);
    const body = memberWebhookBody();
    const created = await member.post('/webhooks', body);
    await removeIfCreated(t, created);
    const attempts: Array<[string, ApiResponse]> = [
      ['PATCH /webhooks/{id}', await member.patch(`/webhooks/${id}`, { name: `Conformance member ${uniqueToken('wh')}` })],
      ['DELETE /webhooks/{id}', await member.delete(`/webhooks/${id}`)],
    ];
    if (created.status !== 403 && isClass(created.status, '4xx')) {
      // A server may judge the body first (its URL, say, against an SSRF guard): the member's
      // create is a permission answer only if the admin's same body is taken.
      const admin = await t.api.post('/webhooks', { ...body, name: `Conformance admin ${uniqueToken('wh')}`, url: `${WEBHOOK_URLS[1]}?s=${uniqueToken('')}` });
      await removeIfCreated(t, admin);
      t.observe('member-webhook-body-refused', 'POST /webhooks (member, then admin with the same body)', `${created.status}, admin ${admin.status}`);
      if (ok(admin)) attempts.unshift(['POST /webhooks', created]);
    } else {
      attempts.unshift(['POST /webhooks', created]);
    }
    for (const [route, res] of attempts) ensure(res.status === 403, `expected 403 for ${route} with a member key`, res);
  });

  check(
    'SEC-MEMBER-READ',
    'let a key without admin rights list webhook subscriptions and event types (one subscription and its deliveries observed)',
    async (t) => {
      const member = t.as('member');
      const { id } = await createWebhook(t);
      // A list that shows every subscription's full secret hands a member what GET by id would:
      // refusing it then is as defensible as refusing GET by id (spec 5.7), so it is only observed.
      const secret = secretOf(await adminView(t, id))?.value;
      const listedByAdmin = (await walkList(t.api, '/webhooks', {})).records.find(({ record }) => record['id'] === id)?.record;
      const listShowsSecrets = secret !== undefined && listedByAdmin !== undefined && secretsIn(listedByAdmin).some((s) => s.value === secret);
      if (listShowsSecrets) t.observe('webhook-list-secret', 'GET /webhooks (admin key)', 'full secret');
      // spec 5.5 asks admin rights only for writes. Reading one subscription, though, shows its
      // signing secret (2.10, 4.11), and 5.7 leaves other permission levels unstated: refusing a
      // member that read (and the deliveries beside it) is defensible, so those are observed.
      const reads: Array<[string, string, string, boolean]> = [
        ['list', 'GET /webhooks', '/webhooks', !listShowsSecrets],
        ['get', 'GET /webhooks/{id}', `/webhooks/${id}`, false],
        ['deliveries', 'GET /webhooks/{id}/deliveries', `/webhooks/${id}/deliveries`, false],
        ['events', 'GET /webhooks/events', '/webhooks/events', true],
      ];
      const refused: Array<[string, ApiResponse]> = [];
      for (const [operation, route, target, required] of reads) {
        const res = await member.get(target);
        t.observe('member-webhook-status', route, res.status);
        t.matrixCell({ resource: 'webhooks', operation, key: MEMBER, status: ok(res) || !required ? 'pass' : 'fail', answered: res.status });
        if (operation === 'get' && ok(res)) {
          const secret = (res.json as { data?: { secret?: unknown } } | undefined)?.data?.secret;
          t.observe(
            'member-webhook-secret',
            'GET /webhooks/{id} with a member key',
            typeof secret === 'string' && secret !== '' ? 'secret shown' : 'secret not shown',
          );
        }
        if (required && !ok(res)) refused.push([route, res]);
      }
      // Not shown whether these need an admin key (spec 4.11, 5.5 name only create, update and delete): observed only.
      t.observe('member-webhook-status', 'POST /webhooks/{id}/rotate-secret', (await member.post(`/webhooks/${id}/rotate-secret`)).status);
      t.observe('member-webhook-status', 'POST /webhooks/{id}/test', (await member.post(`/webhooks/${id}/test`)).status);
      if (refused.length > 0) fail(`a member key was refused ${refused.map(([r, res]) => `${r} (${res.status})`).join(', ')}`, refused[0]![1]);
    },
  );
});
