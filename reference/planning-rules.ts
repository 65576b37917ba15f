import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from './auth.js';
import { conflict, notFound } from './errors.js';
import type { ProjectDirectory } from './models/projects.js';
import { isRealDate, isUuid, utcDate } from './validation.js';

/*
 * Variant planning-rules: choices about tasks and milestones the spec leaves open (spec 2.7, 2.8,
 * 3.3, 4.7, 4.8), as a planning tool may make them.
 * - A milestone's targetDate lies between today (UTC) and 5 years ahead: a create or update
 *   outside is refused with 409.
 * - Completion criteria items are `{ title: string }`: items of another shape are refused (409).
 * - GET /milestones?projectId= naming no project of the organisation answers 404.
 * - A completed milestone shows completedAt (the moment complete was called) and keeps the
 *   completedDate sent as actualDate.
 * - The organisation's projects run 2005-01-01 to 2028-12-31: a task date outside is refused (409).
 * - A task may not be of type project (projects are root tasks), nor a template inside a project
 *   (templates stand outside projects): 409.
 * - A task directly under a project shows parentTaskId null (the project stays as projectId).
 * - The legacy taskType is stored as a taskTypeId, one fixed id per type, and not shown; with
 *   taskTypeId cleared, the id is derived from the legacy type again.
 * - A colour cleared (or never set) reads back as "".
 * Requests the rules do not concern, or whose values the schema will refuse anyway, pass through.
 */

const HORIZON_DAYS = 5 * 365;
const PROJECT_SPAN = { start: '2005-01-01', end: '2028-12-31' } as const;

/** The taskTypeId each legacy taskType is stored as. */
const TYPE_IDS: Readonly<Record<string, string>> = {
  project: '7a0e0000-0000-4000-8000-000000000001',
  admin: '7a0e0000-0000-4000-8000-000000000002',
  template: '7a0e0000-0000-4000-8000-000000000003',
  phase: '7a0e0000-0000-4000-8000-000000000004',
  stage: '7a0e0000-0000-4000-8000-000000000005',
  task: '7a0e0000-0000-4000-8000-000000000006',
};

type Body = Record<string, unknown>;

const pathOf = (request: FastifyRequest): string => request.url.split('?')[0]!.replace(/\/+$/, '');
const realDate = (value: unknown): value is string => typeof value === 'string' && isRealDate(value);
const addDays = (date: string, days: number): string => utcDate(new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000));

function checkMilestone(body: Body, today: string): void {
  const target = body['targetDate'];
  if (realDate(target) && target < today) throw conflict(`targetDate ${target} is in the past`);
  if (realDate(target) && target > addDays(today, HORIZON_DAYS)) throw conflict(`targetDate ${target} is more than 5 years ahead`);
  const criteria = body['completionCriteria'];
  if (Array.isArray(criteria) && criteria.some((item) => typeof (item as { title?: unknown } | null)?.title !== 'string')) {
    throw conflict('completion criteria items are { title: string }');
  }
}

function checkTask(body: Body, underProject: boolean): void {
  for (const field of ['startDate', 'endDate']) {
    const value = body[field];
    if (realDate(value) && (value < PROJECT_SPAN.start || value > PROJECT_SPAN.end)) {
      throw conflict(`${field} ${value} lies outside the project (${PROJECT_SPAN.start} to ${PROJECT_SPAN.end})`);
    }
  }
  if (body['taskType'] === 'project') throw conflict('a task cannot be of type project: projects are root tasks');
  if (body['taskType'] === 'template' && underProject) throw conflict('a template cannot stand inside a project');
}

/** A preHandler for the refusals of the variant. */
export function planningRulesHook(projects: ProjectDirectory, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null) return;
    const organisationId = requireAuth(request).organisationId;
    const path = pathOf(request);
    const body = (request.body ?? {}) as Body;
    if (typeof body !== 'object' || Array.isArray(body)) return;
    if (request.method === 'GET' && path.endsWith('/milestones')) {
      const projectId = (request.query as { projectId?: unknown } | undefined)?.projectId;
      if (typeof projectId === 'string' && isUuid(projectId) && projects.get(organisationId, projectId) === undefined) throw notFound('project');
    } else if ((request.method === 'POST' && path.endsWith('/milestones')) || (request.method === 'PATCH' && /\/milestones\/[^/]+$/.test(path))) {
      checkMilestone(body, utcDate(now()));
    } else if (request.method === 'POST' && path.endsWith('/tasks')) {
      const parent = body['parentTaskId'];
      checkTask(body, typeof parent === 'string' && projects.get(organisationId, parent) !== undefined);
    } else if (request.method === 'PATCH' && /\/tasks\/[^/]+$/.test(path)) {
      checkTask({ startDate: body['startDate'], endDate: body['endDate'] }, false);
    }
  };
}

function showTask(task: Body): Body {
  const shown: Body = { ...task };
  if (typeof task['parentTaskId'] === 'string' && task['parentTaskId'] === task['projectId']) shown['parentTaskId'] = null;
  if (typeof task['taskType'] === 'string') shown['taskTypeId'] = task['taskTypeId'] ?? TYPE_IDS[task['taskType']] ?? null;
  delete shown['taskType'];
  if (task['color'] === null || task['color'] === undefined) shown['color'] = '';
  return shown;
}

function showMilestone(milestone: Body): Body {
  const { completedDate, ...shown } = milestone;
  const completed = typeof completedDate === 'string';
  return { ...shown, completedAt: completed ? milestone['updatedAt'] : null, actualDate: completed ? completedDate : null };
}

/** An onSend hook: task and milestone records as the variant shows them. */
export async function planningRulesShow(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  if (typeof payload !== 'string' || reply.statusCode >= 300) return payload;
  const path = pathOf(request);
  const show = /\/tasks(\/[^/]+)?$/.test(path) ? showTask : /\/milestones(\/[^/]+(\/complete)?)?$/.test(path) ? showMilestone : undefined;
  if (show === undefined) return payload;
  try {
    const body = JSON.parse(payload) as { data?: unknown };
    if (body === null || typeof body !== 'object' || body.data === null || typeof body.data !== 'object') return payload;
    const data = Array.isArray(body.data) ? body.data.map((record) => show(record as Body)) : show(body.data as Body);
    return JSON.stringify({ ...body, data });
  } catch {
    return payload;
  }
}
