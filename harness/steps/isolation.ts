import { randomInt, randomUUID } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { CheckSkipped } from '../check/outcomes.js';
import { once } from '../check/once.js';
import { runTag } from '../check/run-context.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import { walkPages } from '../http/pager.js';
import type { IsolatedPath } from '../spec/isolation.js';
import { addDays, farDay, nearDay } from './milestones.js';
import { assignResource } from './time-entries.js';
import { uniqueToken } from './unique-token.js';

/**
 * Org A's records for the security suite (spec 5.4), made with values no other record shares so
 * that a leak is found by searching a response's text, and the org B records that point at them.
 */

/** Nobody answers there (port 9, discard): a delivery that a broken target sends anyway goes nowhere. */
export const WEBHOOK_URLS = ['http://127.0.0.1:9/conformance', 'https://conformance.invalid/webhook'] as const;
/** spec 6.1: no documented operation raises it, so no delivery can appear by itself. */
export const QUIET_EVENT = 'quote.rejected';

export interface OwnedRecord {
  readonly id: string;
  /** The body org A sent. */
  readonly sent: Record<string, unknown>;
}

/**
 * The id of a record a POST created (a 2xx with `data.id`), else undefined. Any 2xx: whether a
 * create answers exactly 201 is ENV-CREATE's to judge, not a reason to leave these checks unjudged.
 */
export function createdId(res: ApiResponse): string | undefined {
  const id = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  return res.status >= 200 && res.status < 300 && typeof id === 'string' ? id : undefined;
}

/** A record of org A made with the admin key; not applicable (skipped) when the target will not make it. */
async function createOwned(t: CheckContext, path: string, body: Record<string, unknown>, fallback?: Record<string, unknown>): Promise<OwnedRecord> {
  let sent = body;
  let res = await t.api.post(path, sent);
  // A body refused for a rule the spec does not state (a date outside the project, say): the
  // fallback's values cannot break such a rule.
  if (createdId(res) === undefined && fallback !== undefined && res.status >= 400 && res.status < 500) {
    sent = { ...body, ...fallback };
    res = await t.api.post(path, sent);
  }
  const id = createdId(res);
  if (id === undefined) {
    throw new CheckSkipped(`not applicable: org A could not create a record with POST ${path} (answered ${res.status}); see that domain's checks`);
  }
  return { id, sent };
}

/** spec 2.10: a subscription nobody receives; a target refusing a loopback url gets a reserved (.invalid) host. */
export async function createWebhook(t: CheckContext, overrides: Record<string, unknown> = {}): Promise<OwnedRecord> {
  let last: ApiResponse | undefined;
  for (const url of WEBHOOK_URLS) {
    // A query of its own: a server may keep one subscription per URL (the spec does not say).
    const body = {
      name: `Conformance ${uniqueToken('wh')}`,
      url: `${url}?s=${uniqueToken('')}`,
      events: [QUIET_EVENT],
      description: uniqueToken('whd'),
      ...overrides,
    };
    last = await t.api.post('/webhooks', body);
    const id = createdId(last);
    if (id !== undefined) return { id, sent: body };
  }
  throw new CheckSkipped(`not applicable: org A could not create a webhook subscription (answered ${last?.status}); see the webhooks checks`);
}

const projectOf = (t: CheckContext): string => t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
const versionOf = (t: CheckContext): string => t.need(t.run.versionId, 'CONFORMANCE_VERSION_ID');
/** A day in the 2080s: no other record of the run carries it. */
const rareDay = (): string => addDays('2081-01-01', randomInt(0, 3000));

/** Org A's task the other records stand on and org B points at: its name, description and dates are its own. */
export const orgATask = once(async (t) => {
  const name = uniqueToken('tkname');
  const description = uniqueToken('tkdesc');
  const rare = rareDay();
  // A server may bound a task's dates by its project's: then a day of 2010 to 2019.
  const usual = addDays('2010-01-01', randomInt(0, 3600));
  const { id, sent } = await createOwned(
    t,
    '/tasks',
    {
      parentTaskId: projectOf(t),
      versionId: versionOf(t),
      name: `Conformance isolation ${name} ${runTag(t.run)}`,
      description,
      startDate: rare,
      endDate: addDays(rare, 9),
    },
    { startDate: usual, endDate: addDays(usual, 9) },
  );
  const startDate = String(sent['startDate']);
  const endDate = String(sent['endDate']);
  const child = await createOwned(t, '/tasks', { parentTaskId: id, versionId: versionOf(t), name: `Conformance isolation child ${runTag(t.run)}` });
  return { id, child: child.id, name, description, startDate, endDate };
});

/** An org A resource with values of its own (the target of org B's resource references too). */
export const orgAResource = once(async (t) => {
  const name = uniqueToken('rsname');
  const email = `${uniqueToken('rsmail')}@example.com`;
  const jobTitle = uniqueToken('rsjob');
  const { id } = await createOwned(t, '/resources', { name: `Conformance isolation ${name}`, email, jobTitle, tags: [runTag(t.run)] });
  return { id, name, email, jobTitle };
});

/** A parent contact with one child (spec 4.1 parentContactId filter). */
export const orgAContact = once(async (t) => {
  const name = uniqueToken('ctname');
  const email = `${uniqueToken('ctmail')}@example.com`;
  const notes = uniqueToken('ctnotes');
  const { id } = await createOwned(t, '/contacts', { contactType: 'company', name: `Conformance isolation ${name}`, email, notes, tags: [runTag(t.run)] });
  const child = await createOwned(t, '/contacts', {
    contactType: 'individual',
    name: `Conformance isolation child ${name}`,
    parentContactId: id,
    tags: [runTag(t.run)],
  });
  return { id, child: child.id, name, email, notes };
});

/**
 * A create body of org A for each kind of record, with values of its own (spec 2). Expenses start
 * `pending` so an approve or reject would show; the milestone is far ahead so no server judges it missed.
 */
const CREATE_BODIES: Record<Exclude<IsolatedPath, '/webhooks'>, (t: CheckContext) => Promise<Record<string, unknown>>> = {
  '/contacts': async (t) => ({
    contactType: 'company',
    name: `Conformance isolation ${uniqueToken('ct')}`,
    email: `${uniqueToken('ct')}@example.com`,
    notes: uniqueToken('ctnote'),
    paymentTermsDays: 17,
    tags: [runTag(t.run)],
  }),
  '/expenses': async (t) => ({
    // A direct cost: a server may require a supplier on an invoice or a claimant on a claim.
    expenseType: 'direct_cost',
    amount: 3141.59,
    currency: 'EUR',
    date: '2024-05-14',
    description: uniqueToken('exdesc'),
    status: 'pending',
    tags: [runTag(t.run)],
  }),
  '/time-entries': async (t) => ({
    taskId: (await orgATask(t)).id,
    resourceId: await assignedResource(t),
    date: '2024-03-05',
    hours: 1.5,
    description: uniqueToken('tedesc'),
    isBillable: true,
    tags: [runTag(t.run)],
  }),
  '/resources': async (t) => ({ name: `Conformance isolation ${uniqueToken('rs')}`, jobTitle: uniqueToken('rsjob'), tags: [runTag(t.run)] }),
  '/rates': async (t) => ({ name: `Conformance isolation ${uniqueToken('rt')}`, rateType: 'cost', amount: 123.45, tags: [runTag(t.run)] }),
  '/allocations': async (t) => ({
    taskId: (await orgATask(t)).id,
    resourceId: (await orgAResource(t)).id,
    startDate: '2024-06-03',
    endDate: '2024-06-07',
    hoursPerDay: 3,
    notes: uniqueToken('alnote'),
  }),
  '/tasks': async (t) => ({
    parentTaskId: projectOf(t),
    versionId: versionOf(t),
    name: `Conformance isolation ${uniqueToken('tk')} ${runTag(t.run)}`,
    description: uniqueToken('tkdesc'),
  }),
  '/milestones': async (t) => ({
    projectId: projectOf(t),
    name: `Conformance isolation ${uniqueToken('ms')}`,
    targetDate: farDay(),
    description: uniqueToken('msdesc'),
  }),
};

/** A fresh record of org A of the given kind (skipped as not applicable when the target will not make one). */
/** Values that replace a refused body's where a rule the spec does not state may refuse it. */
const FALLBACKS: Partial<Record<IsolatedPath, () => Record<string, unknown>>> = {
  // A server may cap how far ahead a milestone is due.
  '/milestones': () => ({ targetDate: nearDay() }),
};

export async function createOrgARecord(t: CheckContext, path: IsolatedPath): Promise<OwnedRecord> {
  if (path === '/webhooks') return createWebhook(t);
  return createOwned(t, path, await CREATE_BODIES[path](t), FALLBACKS[path]?.());
}

/** Org A's resource, assigned to org A's task: a server may let a resource log time only on a task it is assigned to. */
const assignedResource = once(async (t) => {
  const resourceId = (await orgAResource(t)).id;
  await assignResource(t, (await orgATask(t)).id, resourceId);
  return resourceId;
});

// --- Lists (SEC-LIST-ISOLATED) ---

export interface ListQuery {
  readonly query: Readonly<Record<string, string>>;
  /** Fields of the query holding org A's ids (an unknown id takes their place for comparison). */
  readonly idFields: readonly string[];
}

export interface ListProbe {
  readonly path: string;
  /** Org A's records of the list (made here) and what org B asks: unfiltered first, then by org A's ids and words. */
  readonly setup: (t: CheckContext) => Promise<{ ids: string[]; queries: ListQuery[] }>;
  /** Some query filters by org A's ids (then compared with unknown ids, SEC-ISOLATION-UNKNOWN-ALIKE). */
  readonly filtersById: boolean;
  /**
   * Records a target may hold once for every organisation: built-in (`system`) report definitions
   * (spec 2.9 does not say whether they belong to an organisation). Only observed.
   */
  readonly mayBeShared?: (record: Record<string, unknown>) => boolean;
}

const all: ListQuery = { query: {}, idFields: [] };
const by = (query: Record<string, string>, ...idFields: string[]): ListQuery => ({ query, idFields });

/** Ids org A's list shows under source=system (spec 4.9): built-in report definitions. */
const systemReports = new Set<string>();

/** `system`, `{ key: 'system' }`, `{ type: 'System' }`: a source that reads system in any form. */
function saysSystem(source: unknown, depth = 0): boolean {
  if (typeof source === 'string') return source.trim().toLowerCase() === 'system';
  if (depth > 2 || source === null || typeof source !== 'object') return false;
  return Object.values(source).some((v) => saysSystem(v, depth + 1));
}

/** A time entry or allocation of org A, and what org B asks for it: all, and by its task, resource and project. */
async function taskAndResourceRecord(t: CheckContext, path: '/time-entries' | '/allocations'): Promise<{ ids: string[]; queries: ListQuery[] }> {
  const { id, sent } = await createOrgARecord(t, path);
  return {
    ids: [id],
    queries: [
      all,
      by({ taskId: String(sent['taskId']) }, 'taskId'),
      by({ resourceId: String(sent['resourceId']) }, 'resourceId'),
      by({ projectId: projectOf(t) }, 'projectId'),
    ],
  };
}

export const orgAExpense = once(async (t) => {
  const task = await orgATask(t);
  const contact = await orgAContact(t);
  const resource = await orgAResource(t);
  const body = {
    expenseType: 'staff_claim',
    amount: 2718.28,
    date: '2024-05-20',
    taskId: task.id,
    rootTaskId: projectOf(t),
    supplierId: contact.id,
    claimedByResourceId: resource.id,
    description: uniqueToken('exdesc'),
    tags: [runTag(t.run)],
  };
  return (await createOwned(t, '/expenses', body)).id;
});

export const LIST_PROBES: readonly ListProbe[] = [
  {
    path: '/contacts',
    filtersById: true,
    setup: async (t) => {
      const c = await orgAContact(t);
      return { ids: [c.id, c.child], queries: [all, by({ parentContactId: c.id }, 'parentContactId'), by({ search: c.name })] };
    },
  },
  {
    path: '/expenses',
    filtersById: true,
    setup: async (t) => {
      const id = await orgAExpense(t);
      const [task, contact, resource] = await Promise.all([orgATask(t), orgAContact(t), orgAResource(t)]);
      return {
        ids: [id],
        queries: [
          all,
          by({ taskId: task.id }, 'taskId'),
          by({ rootTaskId: projectOf(t) }, 'rootTaskId'),
          by({ supplierId: contact.id }, 'supplierId'),
          by({ claimedByResourceId: resource.id }, 'claimedByResourceId'),
        ],
      };
    },
  },
  {
    path: '/time-entries',
    filtersById: true,
    setup: (t) => taskAndResourceRecord(t, '/time-entries'),
  },
  {
    path: '/resources',
    filtersById: false,
    setup: async (t) => {
      const r = await orgAResource(t);
      return { ids: [r.id], queries: [all, by({ search: r.name })] };
    },
  },
  {
    path: '/rates',
    filtersById: false,
    setup: async (t) => {
      const tag = uniqueToken('rttag');
      const name = uniqueToken('rtname');
      const { id } = await createOwned(t, '/rates', { name: `Conformance isolation ${name}`, amount: 77, tags: [tag, runTag(t.run)] });
      return { ids: [id], queries: [all, by({ tags: tag }), by({ search: name })] };
    },
  },
  {
    path: '/allocations',
    filtersById: true,
    setup: (t) => taskAndResourceRecord(t, '/allocations'),
  },
  {
    path: '/tasks',
    filtersById: true,
    setup: async (t) => {
      const task = await orgATask(t);
      return {
        ids: [task.id, task.child],
        queries: [
          all,
          by({ projectId: projectOf(t) }, 'projectId'),
          by({ parentTaskId: projectOf(t) }, 'parentTaskId'),
          by({ parentTaskId: task.id }, 'parentTaskId'),
          by({ search: task.name }),
        ],
      };
    },
  },
  {
    path: '/milestones',
    filtersById: true,
    setup: async (t) => {
      const { id } = await createOrgARecord(t, '/milestones');
      return { ids: [id], queries: [all, by({ projectId: projectOf(t) }, 'projectId')] };
    },
  },
  {
    path: '/webhooks',
    filtersById: false,
    setup: async (t) => ({ ids: [(await createWebhook(t)).id], queries: [all] }),
  },
  // spec 4.12: GET /projects lists the key's organisation's projects.
  { path: '/projects', filtersById: false, setup: async (t) => ({ ids: [projectOf(t)], queries: [all] }) },
  // spec 2.9: report definitions are seed data; org A's are whatever its list shows. Built-in
  // ones (source system) may be one set shared by every organisation: spec 2.9 shows no form for
  // source, so a definition counts as built-in when its source reads system in any form, or when
  // org A's own list filtered by source=system (spec 4.9) shows it.
  {
    path: '/reports',
    filtersById: false,
    setup: async (t) => {
      const system = await walkList(t.api, '/reports', { source: 'system' });
      if (system.status === 200) for (const { record } of system.records) systemReports.add(String(record['id']));
      return { ids: [], queries: [all] };
    },
    mayBeShared: (r) => saysSystem(r['source']) || systemReports.has(String(r['id'])),
  },
];

export interface WalkedList {
  /** 200, or the status of the first page that was not a list. */
  readonly status: number;
  readonly records: ReadonlyArray<{ readonly record: Record<string, unknown>; readonly page: ApiResponse }>;
  readonly first: ApiResponse;
}

/**
 * Every page of a list (bounded, so a huge collection cannot stall the run), each record with the
 * response it came in. Unlike `listAll` a refusal is an answer here, not a failure: a list that
 * refuses a filter holding another organisation's id leaks nothing.
 */
export async function walkList(client: ApiClient, path: string, query: Readonly<Record<string, string>>, maxPages = 20): Promise<WalkedList> {
  const records: Array<{ record: Record<string, unknown>; page: ApiResponse }> = [];
  const walked = await walkPages(
    (window) => client.get(path, { ...query, ...window }),
    (page) => {
      const data = (page.json as { data?: unknown } | undefined)?.data;
      if (page.status !== 200 || !Array.isArray(data)) return undefined;
      for (const record of data) if (record !== null && typeof record === 'object') records.push({ record: record as Record<string, unknown>, page });
      return data;
    },
    { maxPages },
  );
  const first = walked.pages[0]!;
  return { status: walked.end === 'not-a-list' ? walked.pages.at(-1)!.status : 200, records, first };
}

// --- References across organisations (SEC-REFERENCE-*) ---

/** A value of org A's record that must never show in org B's answers, with what it is. */
export interface LeakValue {
  readonly what: string;
  readonly value: string;
}

export type ReferenceTarget = 'task' | 'project' | 'contact' | 'resource' | 'version';

/** Org B's own project (CONFORMANCE_OTHER_PROJECT_ID, a root task) for the records it makes; an unknown id without it. */
function orgBTask(t: CheckContext): string {
  return t.run.otherProjectId ?? randomUUID();
}

/** Org A's record org B points at, and the values of it that must not leak. */
export async function referenceTarget(t: CheckContext, target: ReferenceTarget): Promise<{ id: string; values: LeakValue[] }> {
  if (target === 'task') {
    const task = await orgATask(t);
    return {
      id: task.id,
      values: [
        { what: 'its name', value: task.name },
        { what: 'its description', value: task.description },
        { what: 'its start date', value: task.startDate },
        { what: 'its end date', value: task.endDate },
        { what: 'its project id', value: projectOf(t) },
        { what: 'its version id', value: versionOf(t) },
      ],
    };
  }
  if (target === 'contact') {
    const contact = await orgAContact(t);
    return {
      id: contact.id,
      values: [
        { what: 'its name', value: contact.name },
        { what: 'its e-mail', value: contact.email },
        { what: 'its notes', value: contact.notes },
      ],
    };
  }
  if (target === 'resource') {
    const resource = await orgAResource(t);
    return {
      id: resource.id,
      values: [
        { what: 'its name', value: resource.name },
        { what: 'its e-mail', value: resource.email },
        { what: 'its job title', value: resource.jobTitle },
      ],
    };
  }
  if (target === 'version') {
    // Org A's version names org A's project: neither its project id nor its name may show.
    return { id: versionOf(t), values: [{ what: "its project's id", value: projectOf(t) }] };
  }
  const projectId = projectOf(t);
  // The project's name as org A sees it (spec 4.12); a short or common name proves nothing.
  const projects = await walkList(t.api, '/projects', {});
  const name = projects.records.find((p) => p.record['id'] === projectId)?.record['name'];
  return {
    id: projectId,
    values: [...(typeof name === 'string' && name.length >= 8 ? [{ what: 'its name', value: name }] : []), { what: 'its version id', value: versionOf(t) }],
  };
}

/** Org B's own resource for the records it makes (a random id when org B cannot make one). */
export const orgBResource = once(async (t) => {
  const res = await t.as('otherOrg').post('/resources', { name: `Conformance org B ${uniqueToken('rs')}`, tags: [runTag(t.run)] });
  return createdId(res) ?? randomUUID();
});

export interface ReferenceCase {
  /** The spec section whose table lists the field (harness/spec/references.ts). */
  readonly section: string;
  /** Where the body goes: `/expenses`; with `{id}` for an update or an action on org B's own record. */
  readonly path: string;
  /** How org A's id comes in: a create (default), an update of org B's own record, an action body. */
  readonly via?: 'create' | 'update' | 'action';
  /** update and action: org B's own record the request is about (made or found with org B's key); undefined when it has none. */
  readonly subject?: (t: CheckContext, own: { resourceId: string }) => Promise<string | undefined>;
  /** The documented list that reads back what the request made, filtered by the field; default `path`; null: nothing to read back. */
  readonly listPath?: string | null;
  /** `a time entry on org A's task`. */
  readonly what: string;
  readonly target: ReferenceTarget;
  /** The body field holding the reference, also the list filter of later reads (spec 4). */
  readonly field: string;
  /** `subjectId`: org B's own record an update or action is about. */
  readonly body: (ref: string, own: { resourceId: string }, t: CheckContext, subjectId?: string) => Record<string, unknown>;
}

/** What org B sent and what it was answered. */
export interface ReferenceAttempt {
  readonly res: ApiResponse;
  readonly sent: Record<string, unknown>;
  /** The record the request was about (update, action), for the read back. */
  readonly subjectId?: string;
}

/**
 * Sends one reference case with org B's key, naming `ref`: a create, an update of org B's own
 * record, or an action on it. Skips the check when org B has no record of its own to change.
 */
export async function sendReference(
  t: CheckContext,
  c: ReferenceCase,
  ref: string,
  own: { resourceId: string },
  subjectId?: string,
): Promise<ReferenceAttempt> {
  const other = t.as('otherOrg');
  if ((c.via ?? 'create') === 'create') {
    const sent = c.body(ref, own, t);
    const res = await other.post(c.path, sent);
    if (c.listPath !== undefined && c.listPath !== null && res.status >= 200 && res.status < 300) await trackOrgBBatch(t, other, c.listPath, sent);
    return { res, sent };
  }
  const id = subjectId ?? (await c.subject?.(t, own));
  if (id === undefined) t.skip(`not applicable: org B has no record of its own for ${c.path} (its own create was refused, or it lists none)`);
  const sent = c.body(ref, own, t, id);
  const path = c.path.replace('{id}', id);
  const res = c.via === 'update' ? await other.patch(path, sent) : await other.post(path, sent);
  return { res, sent, subjectId: id };
}

/**
 * The entries a batch create of org B's made, registered for the end-of-file cleanup with org B's
 * key: the batch answer need not name them (spec 4.10), no org A key sees them (spec 5.4), and
 * nothing else would delete them. Found, by the run's tag (only what this run made is deleted),
 * in org B's lists filtered by each item's `taskId` and by its `resourceId`: a uuid filter names
 * the records that hold that id (spec 4.3), a meaning the spec leaves no room in, and an entry the
 * server made holds the ids its item sent (an entry moved away from them is the checks' finding,
 * not a cleanup's). A date range would depend on whether the server reads `dateTo` as inclusive,
 * which the spec does not say (a run against a server with an exclusive bound once left 12
 * entries alive this way). A list org B is refused leaves nothing to find; bounded to a few pages.
 */
async function trackOrgBBatch(t: CheckContext, other: ApiClient, listPath: string, sent: Record<string, unknown>): Promise<void> {
  const tag = runTag(t.run);
  const items = Array.isArray(sent['entries']) ? (sent['entries'] as Array<Record<string, unknown>>) : [];
  const filters = new Map<string, Record<string, string>>();
  for (const item of items) {
    for (const field of ['taskId', 'resourceId'] as const) {
      const value = item[field];
      if (typeof value === 'string') filters.set(`${field}=${value}`, { [field]: value });
    }
  }
  const tracked = new Set<string>();
  for (const filter of filters.values()) {
    // Again at the file's end, once a lagging list shows them, reading by id a record a list shows
    // in brief, without its tags (harness/check/cleanup.ts sweepAtEnd): the list now may show neither.
    t.sweepAtEnd(listPath, filter, 'otherOrg', tag);
    await walkPages(
      (window) => other.get(listPath, { ...filter, ...window }),
      (res) => {
        const records = (res.json as { data?: unknown } | undefined)?.data;
        if (res.status !== 200 || !Array.isArray(records)) return undefined;
        for (const record of records as Array<Record<string, unknown>>) {
          const tags = record['tags'];
          const id = record['id'];
          if (typeof id !== 'string' || tracked.has(id) || !Array.isArray(tags) || !tags.includes(tag)) continue;
          tracked.add(id);
          t.track(`${listPath}/${id}`, 'otherOrg');
        }
        return records;
      },
      { maxPages: 5 },
    );
  }
}

/** Org B's own record made with `body` at `path`; undefined when the target refuses it. */
function orgBRecord(
  path: string,
  body: (own: { resourceId: string }, t: CheckContext) => Record<string, unknown>,
): (t: CheckContext, own: { resourceId: string }) => Promise<string | undefined> {
  return async (t, own) => createdId(await t.as('otherOrg').post(path, body(own, t)));
}

/**
 * Org B's first report definition (spec 2.9: seed data of its organisation). The spec has no
 * POST /reports, so the suite cannot make one: without one the case is not applicable, and the
 * reason names the record the server must hold.
 */
async function orgBDefinition(t: CheckContext): Promise<string> {
  const res = await t.as('otherOrg').get('/reports', { limit: 1 });
  const data = (res.json as { data?: unknown } | undefined)?.data;
  if (res.status !== 200 || !Array.isArray(data)) {
    t.skip(
      `not applicable: organisation B's GET /reports (CONFORMANCE_OTHER_ORG_KEY) answered ${res.status} without a list, so it has no report definition to execute (ENV-LIST and the reports checks judge that answer)`,
    );
  }
  const first = (data[0] as { id?: unknown } | undefined)?.id;
  if (typeof first !== 'string') {
    t.skip(
      'not applicable: organisation B (CONFORMANCE_OTHER_ORG_KEY) lists no report definition; the spec has no POST /reports, so the suite cannot create one: add one to organisation B (docs/preparing-your-server.md)',
    );
  }
  return first;
}

/** Org B's own time entry (on its own project and resource). */
const orgBEntry = async (t: CheckContext, own: { resourceId: string }): Promise<string | undefined> => {
  // Assigned first, by an allocation of org B's own: a server may require it.
  await t
    .as('otherOrg')
    .post('/allocations', { taskId: orgBTask(t), resourceId: own.resourceId, startDate: '2024-04-01', endDate: '2024-04-30', hoursPerDay: 0 });
  return createdId(
    await t.as('otherOrg').post('/time-entries', { taskId: orgBTask(t), resourceId: own.resourceId, date: '2024-04-06', hours: 1, tags: [runTag(t.run)] }),
  );
};
/** Org B's own allocation. */
const orgBAllocation = orgBRecord('/allocations', (own, t) => ({
  taskId: orgBTask(t),
  resourceId: own.resourceId,
  startDate: '2024-04-08',
  endDate: '2024-04-09',
}));
/** Org B's own expense. */
const orgBExpense = orgBRecord('/expenses', (_own, t) => ({ expenseType: 'direct_cost', amount: 16, date: '2024-04-03', tags: [runTag(t.run)] }));

/**
 * The reference fields an update accepts (spec 2: "optional" in the Update column), each sent by
 * org B as a change of a record of its own; and the one action body that names a record (4.9).
 */
const UPDATE_AND_ACTION_CASES: readonly ReferenceCase[] = [
  {
    section: '2.1',
    path: '/contacts/{id}',
    via: 'update',
    subject: orgBRecord('/contacts', (_own, t) => ({
      contactType: 'individual',
      name: `Conformance org B contact ${uniqueToken('ct')}`,
      tags: [runTag(t.run)],
    })),
    listPath: '/contacts',
    what: "org B's contact moved under org A's contact",
    target: 'contact',
    field: 'parentContactId',
    body: (ref) => ({ parentContactId: ref }),
  },
  ...(['taskId', 'rootTaskId', 'supplierId', 'claimedByResourceId'] as const).map(
    (field): ReferenceCase => ({
      section: '2.2',
      path: '/expenses/{id}',
      via: 'update',
      subject: orgBExpense,
      listPath: '/expenses',
      what: `org B's expense changed to org A's ${field === 'taskId' ? 'task' : field === 'rootTaskId' ? 'project' : field === 'supplierId' ? 'contact as supplier' : 'resource as claimant'}`,
      target: field === 'taskId' ? 'task' : field === 'rootTaskId' ? 'project' : field === 'supplierId' ? 'contact' : 'resource',
      field,
      body: (ref) => ({ [field]: ref }),
    }),
  ),
  ...(['taskId', 'resourceId'] as const).flatMap((field): ReferenceCase[] => [
    {
      section: '2.3',
      path: '/time-entries/{id}',
      via: 'update',
      subject: orgBEntry,
      listPath: '/time-entries',
      what: `org B's time entry moved to org A's ${field === 'taskId' ? 'task' : 'resource'}`,
      target: field === 'taskId' ? 'task' : 'resource',
      field,
      body: (ref) => ({ [field]: ref }),
    },
    {
      section: '2.6',
      path: '/allocations/{id}',
      via: 'update',
      subject: orgBAllocation,
      listPath: '/allocations',
      what: `org B's allocation moved to org A's ${field === 'taskId' ? 'task' : 'resource'}`,
      target: field === 'taskId' ? 'task' : 'resource',
      field,
      body: (ref) => ({ [field]: ref }),
    },
    {
      section: '4.10',
      // The batch update names org B's entry in its item; the path has no id.
      path: '/batch/time-entries',
      via: 'update',
      subject: orgBEntry,
      listPath: '/time-entries',
      what: `org B's time entry moved to org A's ${field === 'taskId' ? 'task' : 'resource'} in a batch update`,
      target: field === 'taskId' ? 'task' : 'resource',
      field,
      body: (ref, _own, _t, id) => ({ updates: [{ id, [field]: ref }] }),
    },
  ]),
  {
    section: '4.9',
    path: '/reports/{id}/execute',
    via: 'action',
    subject: (t) => orgBDefinition(t),
    listPath: null,
    what: "org B's report executed with a scope naming org A's project",
    target: 'project',
    field: 'scope.id',
    body: (ref) => ({ scope: { kind: 'project', id: ref } }),
  },
];

const CREATE_CASES: readonly ReferenceCase[] = [
  {
    section: '2.3',
    path: '/time-entries',
    what: "a time entry on org A's task",
    target: 'task',
    field: 'taskId',
    body: (ref, own, t) => ({ taskId: ref, resourceId: own.resourceId, date: '2024-04-02', hours: 1, tags: [runTag(t.run)] }),
  },
  {
    section: '2.6',
    path: '/allocations',
    what: "an allocation on org A's task",
    target: 'task',
    field: 'taskId',
    body: (ref, own) => ({ taskId: ref, resourceId: own.resourceId, startDate: '2024-04-01', endDate: '2024-04-05' }),
  },
  {
    section: '2.2',
    path: '/expenses',
    what: "an expense on org A's task",
    target: 'task',
    field: 'taskId',
    body: (ref, _own, t) => ({ expenseType: 'direct_cost', amount: 12, date: '2024-04-03', taskId: ref, tags: [runTag(t.run)] }),
  },
  {
    section: '2.8',
    path: '/milestones',
    what: "a milestone on org A's project",
    target: 'project',
    field: 'projectId',
    body: (ref) => ({ projectId: ref, name: `Conformance org B milestone ${uniqueToken('ms')}`, targetDate: '2024-04-30' }),
  },
  {
    section: '2.7',
    path: '/tasks',
    what: "a task under org A's project",
    target: 'project',
    field: 'parentTaskId',
    // Org B knows no version of org A's project (org A's version id is one of the values that must not leak).
    body: (ref, _own, t) => ({ parentTaskId: ref, versionId: randomUUID(), name: `Conformance org B task ${uniqueToken('tk')} ${runTag(t.run)}` }),
  },
  {
    section: '2.1',
    path: '/contacts',
    what: "a contact under org A's contact",
    target: 'contact',
    field: 'parentContactId',
    body: (ref, _own, t) => ({
      contactType: 'individual',
      name: `Conformance org B contact ${uniqueToken('ct')}`,
      parentContactId: ref,
      tags: [runTag(t.run)],
    }),
  },
  // The other reference fields of the spec's tables (harness/spec/references.ts), each with org A's record.
  {
    section: '2.2',
    path: '/expenses',
    what: "an expense on org A's project",
    target: 'project',
    field: 'rootTaskId',
    body: (ref, _own, t) => ({ expenseType: 'direct_cost', amount: 13, date: '2024-04-03', rootTaskId: ref, tags: [runTag(t.run)] }),
  },
  {
    section: '2.2',
    path: '/expenses',
    what: "an expense from org A's contact as supplier",
    target: 'contact',
    field: 'supplierId',
    body: (ref, _own, t) => ({ expenseType: 'supplier_invoice', amount: 14, date: '2024-04-03', supplierId: ref, tags: [runTag(t.run)] }),
  },
  {
    section: '2.2',
    path: '/expenses',
    what: "an expense claimed by org A's resource",
    target: 'resource',
    field: 'claimedByResourceId',
    body: (ref, _own, t) => ({ expenseType: 'staff_claim', amount: 15, date: '2024-04-03', claimedByResourceId: ref, tags: [runTag(t.run)] }),
  },
  {
    section: '2.3',
    path: '/time-entries',
    what: "a time entry for org A's resource",
    target: 'resource',
    field: 'resourceId',
    body: (ref, _own, t) => ({ taskId: orgBTask(t), resourceId: ref, date: '2024-04-02', hours: 1, tags: [runTag(t.run)] }),
  },
  {
    section: '2.6',
    path: '/allocations',
    what: "an allocation of org A's resource",
    target: 'resource',
    field: 'resourceId',
    body: (ref, _own, t) => ({ taskId: orgBTask(t), resourceId: ref, startDate: '2024-04-01', endDate: '2024-04-05' }),
  },
  {
    section: '2.7',
    path: '/tasks',
    what: "a task with org A's version",
    target: 'version',
    field: 'versionId',
    body: (ref, _own, t) => ({ parentTaskId: orgBTask(t), versionId: ref, name: `Conformance org B task ${uniqueToken('tk')} ${runTag(t.run)}` }),
  },
  {
    section: '4.10',
    path: '/batch/time-entries',
    listPath: '/time-entries',
    what: "a batch of time entries on org A's task",
    target: 'task',
    field: 'taskId',
    body: (ref, own, t) => ({ entries: [{ taskId: ref, resourceId: own.resourceId, date: '2024-04-04', hours: 1, tags: [runTag(t.run)] }] }),
  },
  {
    section: '4.10',
    path: '/batch/time-entries',
    listPath: '/time-entries',
    what: "a batch of time entries for org A's resource",
    target: 'resource',
    field: 'resourceId',
    body: (ref, _own, t) => ({ entries: [{ taskId: orgBTask(t), resourceId: ref, date: '2024-04-04', hours: 1, tags: [runTag(t.run)] }] }),
  },
];

/** Every way org A's id comes in through org B's key: creates, updates, batch items, the execute scope. */
export const REFERENCE_CASES: readonly ReferenceCase[] = [...CREATE_CASES, ...UPDATE_AND_ACTION_CASES];
