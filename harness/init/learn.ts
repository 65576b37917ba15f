import { RequestFailedError } from '../errors.js';
import { ApiClient, RAW_429, type QueryValue } from '../http/client.js';
import { targetDispatcher, type TargetNetwork } from '../http/network.js';
import type { Redactor } from '../http/redact.js';
import { advertisedLimit } from '../runner/target.js';
import type { InitVariableName } from './variables.js';

/*
 * Issue 13, `conformance init`: what it can learn from the target, in a few requests (at most
 * five, each with a timeout, none retried). Nothing here is required: a value that cannot be
 * learnt stays unset with a note saying why, and `conformance doctor` then says what it costs.
 *
 * - CONFORMANCE_PROJECT_ID: the first project of GET /projects with the admin key (spec 4.12:
 *   a paged list of the key's organisation's projects).
 * - CONFORMANCE_VERSION_ID: a `versionId` on that project's record, as GET /projects or
 *   GET /tasks/{id} shows it (projects are root tasks, spec 4.12), or on one of its tasks
 *   (GET /tasks?projectId=). Spec 2 leaves response fields unspecified, so this is best effort.
 * - CONFORMANCE_OTHER_PROJECT_ID: the first project of GET /projects with the org B key.
 * - CONFORMANCE_CUSTOM_LIMIT: X-RateLimit-Limit (spec 8) of one GET with the custom-limit key.
 */

export type LearnableName = Extract<
  InitVariableName,
  'CONFORMANCE_PROJECT_ID' | 'CONFORMANCE_VERSION_ID' | 'CONFORMANCE_OTHER_PROJECT_ID' | 'CONFORMANCE_CUSTOM_LIMIT'
>;

/** What one request answered, as far as learning needs it. */
export interface LearnResponse {
  readonly status: number;
  /** Lower-case names. */
  readonly headers: Readonly<Record<string, string>>;
  readonly json: unknown;
}

/** Sends one GET with `key`; rejects with a one-line reason when no answer came. */
export type LearnGet = (key: string, path: string, query?: Readonly<Record<string, QueryValue>>) => Promise<LearnResponse>;

export interface LearnInput {
  readonly adminKey?: string | undefined;
  readonly otherOrgKey?: string | undefined;
  readonly customLimitKey?: string | undefined;
  /** Values already given (options, environment): never replaced, and not asked for. */
  readonly known: Readonly<Partial<Record<LearnableName, string>>>;
}

/** One variable init tried to learn: its value when it could, and the comment line saying where from (or why not). */
export interface Learnt {
  readonly value?: string;
  readonly note: string;
}

export interface LearnResult {
  readonly learnt: ReadonlyMap<LearnableName, Learnt>;
  /** Lines for the terminal about the target as a whole (it did not answer, it refused the admin key). */
  readonly messages: readonly string[];
  /** Requests sent. */
  readonly requests: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const LEARNT = 'learnt by conformance init:';
const NOT_LEARNT = 'conformance init could not learn this:';
/** Spec 4 and 8: the largest page. */
const PAGE = 100;
const TASK_PAGE = 20;
/** Answers that say nothing about the record, only about the key: reported as such. */
const KEY_PROBLEM: ReadonlySet<number> = new Set([401, 403, 429]);

function isUuid(value: unknown): value is string {
  return typeof value === 'string' && UUID.test(value);
}

function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

/** The records of a list answer (spec 4: in `data`), or undefined when it is not one. */
function listData(json: unknown): unknown[] | undefined {
  const data = record(json)?.['data'];
  return Array.isArray(data) ? data : undefined;
}

/** The list's total as `pagination` states it (spec 4 says "paging totals" without naming the field). */
function listTotal(json: unknown): number | undefined {
  const pagination = record(record(json)?.['pagination']);
  for (const field of ['total', 'totalCount', 'totalItems', 'count']) {
    const value = pagination?.[field];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  }
  return undefined;
}

function plural(n: number, word: string): string {
  return `${n.toLocaleString('en-US')} ${word}${n === 1 ? '' : 's'}`;
}

/** `first of 3 projects`, `the only project`, `first of at least 100 projects`. */
function howMany(json: unknown, listed: number): string {
  const total = listTotal(json) ?? (listed >= PAGE ? undefined : listed);
  if (total === undefined) return `first of at least ${plural(listed, 'project')}`;
  return total <= 1 ? 'the only project' : `first of ${plural(Math.max(total, listed), 'project')}`;
}

function statusProblem(what: string, variable: string, status: number): string {
  if (status === 0) return `${what} with ${variable} answered with a body too large to read (over 1 MiB)`;
  if (status === 401 || status === 403) return `${what} with ${variable} answered ${status}: the target refused the key`;
  if (status === 429) return `${what} with ${variable} answered 429: the key's per-minute limit is spent; run init again in a minute`;
  if (status === 404) return `${what} answered 404${what.startsWith('GET /projects') ? ': is the URL the /api/v1 base URL?' : ''}`;
  return `${what} with ${variable} answered ${status}`;
}

/** A project list read with one key: its ids in order, or why there is none. */
type ProjectList = { readonly ok: true; readonly json: unknown; readonly records: readonly unknown[] } | { readonly ok: false; readonly reason: string };

/** Asks the target what it can; see the file comment. Never throws for the target's doing. */
export async function learnFromTarget(input: LearnInput, get: LearnGet): Promise<LearnResult> {
  const learnt = new Map<LearnableName, Learnt>();
  const messages: string[] = [];
  let requests = 0;
  /** Set once a request got no answer: the same target will not answer the next ones either. */
  let silent: string | undefined;

  const ask = async (key: string, path: string, query?: Readonly<Record<string, QueryValue>>): Promise<LearnResponse | string> => {
    if (silent !== undefined) return silent;
    requests += 1;
    try {
      return await get(key, path, query);
    } catch (error) {
      silent = `the target did not answer (${(error as Error).message})`;
      messages.push(`cannot reach the target: ${(error as Error).message}`);
      return silent;
    }
  };

  const listProjects = async (key: string, variable: string): Promise<ProjectList> => {
    const response = await ask(key, '/projects', { limit: PAGE, offset: 0 });
    if (typeof response === 'string') return { ok: false, reason: response };
    if (response.status !== 200) return { ok: false, reason: statusProblem('GET /projects', variable, response.status) };
    const records = listData(response.json);
    if (records === undefined) return { ok: false, reason: 'GET /projects answered 200 without a list in `data` (spec 4)' };
    return { ok: true, json: response.json, records };
  };

  const { known } = input;
  // Org A's projects: for the project id, and for the versionId on the project's record.
  let orgA: ProjectList | undefined;
  if (input.adminKey !== undefined && (known.CONFORMANCE_PROJECT_ID === undefined || known.CONFORMANCE_VERSION_ID === undefined)) {
    orgA = await listProjects(input.adminKey, 'CONFORMANCE_ADMIN_KEY');
    if (!orgA.ok && /refused the key/.test(orgA.reason)) messages.push(`${orgA.reason} (is CONFORMANCE_ADMIN_KEY an org A key of this target?)`);
  }

  // An empty value was left empty on purpose: known, but nothing to read a versionId from.
  let projectId = known.CONFORMANCE_PROJECT_ID === '' ? undefined : known.CONFORMANCE_PROJECT_ID;
  if (known.CONFORMANCE_PROJECT_ID === undefined && orgA !== undefined) {
    if (!orgA.ok) learnt.set('CONFORMANCE_PROJECT_ID', { note: `${NOT_LEARNT} ${orgA.reason}` });
    else if (orgA.records.length === 0) {
      learnt.set('CONFORMANCE_PROJECT_ID', { note: `${NOT_LEARNT} GET /projects with CONFORMANCE_ADMIN_KEY lists no project: create one in org A` });
    } else {
      const id = record(orgA.records[0])?.['id'];
      if (isUuid(id)) {
        projectId = id;
        learnt.set('CONFORMANCE_PROJECT_ID', {
          value: id,
          note: `${LEARNT} ${howMany(orgA.json, orgA.records.length)} of org A (GET /projects with CONFORMANCE_ADMIN_KEY)`,
        });
      } else {
        learnt.set('CONFORMANCE_PROJECT_ID', { note: `${NOT_LEARNT} the first project GET /projects lists has no UUID \`id\`` });
      }
    }
  }

  if (known.CONFORMANCE_VERSION_ID === undefined && input.adminKey !== undefined) {
    learnt.set('CONFORMANCE_VERSION_ID', await learnVersionId(input.adminKey, projectId, orgA, ask));
  }

  if (input.otherOrgKey !== undefined && known.CONFORMANCE_OTHER_PROJECT_ID === undefined) {
    const orgB = await listProjects(input.otherOrgKey, 'CONFORMANCE_OTHER_ORG_KEY');
    const orgAIds = new Set([...(orgA?.ok === true ? orgA.records.map((r) => record(r)?.['id']) : []), projectId].filter(isUuid).map((id) => id.toLowerCase()));
    const first = orgB.ok ? record(orgB.records[0])?.['id'] : undefined;
    if (!orgB.ok) learnt.set('CONFORMANCE_OTHER_PROJECT_ID', { note: `${NOT_LEARNT} ${orgB.reason}` });
    else if (orgB.records.length === 0) {
      learnt.set('CONFORMANCE_OTHER_PROJECT_ID', {
        note: `${NOT_LEARNT} GET /projects with CONFORMANCE_OTHER_ORG_KEY lists no project (optional: create one in org B)`,
      });
    } else if (!isUuid(first)) {
      learnt.set('CONFORMANCE_OTHER_PROJECT_ID', { note: `${NOT_LEARNT} the first project GET /projects lists for org B has no UUID \`id\`` });
    } else if (orgAIds.has(first.toLowerCase())) {
      // The same organisation's key, or a list that leaks across organisations: either way not org B's.
      const problem = `GET /projects with CONFORMANCE_OTHER_ORG_KEY lists org A's project ${first}: is that key of another organisation?`;
      learnt.set('CONFORMANCE_OTHER_PROJECT_ID', { note: `${NOT_LEARNT} ${problem}` });
      messages.push(problem);
    } else {
      learnt.set('CONFORMANCE_OTHER_PROJECT_ID', {
        value: first,
        note: `${LEARNT} ${howMany(orgB.json, orgB.records.length)} of org B (GET /projects with CONFORMANCE_OTHER_ORG_KEY)`,
      });
    }
  }

  if (input.customLimitKey !== undefined && known.CONFORMANCE_CUSTOM_LIMIT === undefined) {
    learnt.set('CONFORMANCE_CUSTOM_LIMIT', await learnCustomLimit(input.customLimitKey, ask));
  }
  return { learnt, messages, requests };
}

type Ask = (key: string, path: string, query?: Readonly<Record<string, QueryValue>>) => Promise<LearnResponse | string>;

async function learnVersionId(adminKey: string, projectId: string | undefined, orgA: ProjectList | undefined, ask: Ask): Promise<Learnt> {
  if (projectId === undefined) return { note: `${NOT_LEARNT} no project of org A to read it from` };
  // 1. The project's record as GET /projects lists it.
  const listed =
    orgA?.ok === true ? orgA.records.map(record).find((r) => typeof r?.['id'] === 'string' && r['id'].toLowerCase() === projectId.toLowerCase()) : undefined;
  if (isUuid(listed?.['versionId'])) return { value: listed['versionId'], note: `${LEARNT} versionId of project ${projectId} (GET /projects)` };
  // 2. The project as a root task (spec 4.12).
  const asTask = await ask(adminKey, `/tasks/${encodeURIComponent(projectId)}`);
  if (typeof asTask === 'string') return { note: `${NOT_LEARNT} ${asTask}` };
  if (KEY_PROBLEM.has(asTask.status)) return { note: `${NOT_LEARNT} ${statusProblem(`GET /tasks/${projectId}`, 'CONFORMANCE_ADMIN_KEY', asTask.status)}` };
  const taskVersion = asTask.status === 200 ? record(record(asTask.json)?.['data'])?.['versionId'] : undefined;
  if (isUuid(taskVersion)) return { value: taskVersion, note: `${LEARNT} versionId of project ${projectId} (GET /tasks/${projectId})` };
  // 3. A task under the project.
  const tasks = await ask(adminKey, '/tasks', { projectId, limit: TASK_PAGE });
  if (typeof tasks === 'string') return { note: `${NOT_LEARNT} ${tasks}` };
  if (KEY_PROBLEM.has(tasks.status)) return { note: `${NOT_LEARNT} ${statusProblem('GET /tasks', 'CONFORMANCE_ADMIN_KEY', tasks.status)}` };
  const withVersion = tasks.status === 200 ? (listData(tasks.json) ?? []).map(record).find((t) => isUuid(t?.['versionId'])) : undefined;
  if (withVersion !== undefined) {
    const task = isUuid(withVersion['id']) ? `task ${withVersion['id']}` : 'a task';
    return { value: withVersion['versionId'] as string, note: `${LEARNT} versionId of ${task} of project ${projectId} (GET /tasks?projectId=...)` };
  }
  return {
    note:
      `${NOT_LEARNT} neither project ${projectId} nor its tasks show a versionId (spec 2 leaves response fields open); ` +
      'set the versionId valid for its tasks (spec 2.7: task create requires one)',
  };
}

async function learnCustomLimit(key: string, ask: Ask): Promise<Learnt> {
  const response = await ask(key, '/contacts', { limit: 1 });
  if (typeof response === 'string') return { note: `${NOT_LEARNT} ${response}` };
  // A 429 still says the limit (spec 8: rate headers on responses).
  if (!((response.status >= 200 && response.status < 300) || response.status === 429)) {
    return { note: `${NOT_LEARNT} ${statusProblem('GET /contacts', 'CONFORMANCE_CUSTOM_LIMIT_KEY', response.status)}` };
  }
  const limit = advertisedLimit(response.headers);
  if (limit === undefined) return { note: `${NOT_LEARNT} GET /contacts with CONFORMANCE_CUSTOM_LIMIT_KEY sent no usable X-RateLimit-Limit (spec 8)` };
  const note = `${LEARNT} X-RateLimit-Limit of CONFORMANCE_CUSTOM_LIMIT_KEY (GET /contacts)`;
  // Spec 8: 60 is the default; a key that shows it has no custom limit, which its checks need.
  return limit === 60 ? { value: String(limit), note: `${note}; 60 is the spec's default limit: give this key a custom one` } : { value: String(limit), note };
}

/**
 * The real requests: one ApiClient per key, no 429 waited out, a bounded body, through the
 * run's network (CA file, proxies): the dispatcher is made now, so a bad CA file stops init at once.
 */
export function targetGetter(baseUrl: string, timeoutMs: number, redactor: Redactor, network?: TargetNetwork): LearnGet {
  if (network !== undefined) targetDispatcher(network);
  return async (key, path, query) => {
    const client = new ApiClient({ baseUrl, key, timeoutMs, redactor, throttle: RAW_429, maxResponseBytes: 1024 * 1024, ...(network ? { network } : {}) });
    try {
      return await client.get(path, query);
    } catch (error) {
      if (error instanceof RequestFailedError) throw error;
      // A body past the bound, for example: an answer, but not one to learn from.
      return { status: 0, headers: {}, json: undefined };
    }
  };
}
