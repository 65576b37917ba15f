import { answered, is2xx, listRecords, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';
import type { ProjectListing } from './organisations.js';
import { removeRecord } from './records.js';

/*
 * Spec 2.7, 9: a task is created with a versionId. Whether CONFORMANCE_VERSION_ID is one the
 * project's tasks take is read first from records that carry it (the project's record, its
 * tasks: response fields are not shown by the spec, so they may not); only when none does is a
 * task created under the project, and deleted again (a soft delete, spec 4.7).
 */

const TITLE = 'CONFORMANCE_VERSION_ID is accepted for a task under the project';
const VARIABLES = ['CONFORMANCE_VERSION_ID'];

const isClientError = (status: number): boolean => status >= 400 && status < 500 && status !== 429;

export async function checkVersion(ctx: DoctorContext, listing: ProjectListing, projectIsOrgA: boolean): Promise<DoctorItem> {
  const { projectId, versionId } = ctx.config;
  if (versionId === undefined) {
    return item('version', TITLE, 'not-configured', 'not set: the checks that create tasks are skipped', { variables: VARIABLES });
  }
  if (projectId === undefined || !projectIsOrgA) {
    return item(
      'version',
      TITLE,
      'not-checked',
      projectId === undefined ? 'CONFORMANCE_PROJECT_ID is not set' : 'CONFORMANCE_PROJECT_ID is not a project of org A (see its item)',
      { variables: VARIABLES },
    );
  }
  const project = listing.records.find((r) => r['id'] === projectId);
  if (project?.['versionId'] === versionId) {
    return item('version', TITLE, 'ok', "the project's record (GET /projects) carries this versionId", { variables: VARIABLES });
  }
  const admin = ctx.config.keys.admin!;
  const tasks = await ctx.client(admin).get('/tasks', { projectId, limit: 100 });
  const rows = is2xx(tasks.status) ? (listRecords(tasks) ?? []) : [];
  if (rows.some((r) => r['versionId'] === versionId)) {
    return item('version', TITLE, 'ok', 'a task under the project (GET /tasks?projectId=…) carries this versionId', { variables: VARIABLES });
  }
  const body = { parentTaskId: projectId, versionId, name: `Conformance doctor version check ${ctx.tag}`, description: ctx.tag };
  // A refusal blames the setting only when it repeats: one odd answer (a glitch, a hostile
  // target) is the target's, and a 5xx never says the versionId is wrong.
  const first = await ctx.client(admin, { creates: true }).post('/tasks', body);
  const res = is2xx(first.status) || !isClientError(first.status) ? first : await ctx.client(admin, { creates: true }).post('/tasks', body);
  const id = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (is2xx(res.status)) {
    if (typeof id !== 'string') {
      return item(
        'version',
        TITLE,
        'warning',
        `POST /tasks under the project answered ${res.status} without a record id: accepted, but the task could not be deleted (remove "${body.name}" by hand)`,
        { variables: VARIABLES },
      );
    }
    const deleted = await removeRecord(ctx, `/tasks/${id}`, [admin], 'no record the doctor could read carried a versionId to compare');
    return item(
      'version',
      TITLE,
      'ok',
      `a task created under the project with it was accepted (task ${id}, ${deleted ? 'deleted again' : 'deleting it failed: remove it by hand'})`,
      { variables: VARIABLES },
    );
  }
  if (!isClientError(first.status) || !isClientError(res.status)) {
    const seen = res === first ? answered(res, ctx.redactor) : `${answered(first, ctx.redactor)}, then ${answered(res, ctx.redactor)}`;
    return item('version', TITLE, 'warning', `could not tell: POST /tasks under the project with it answered ${seen}; the checks that create tasks will show`, {
      variables: VARIABLES,
    });
  }
  return item('version', TITLE, 'problem', `POST /tasks under the project with it answered ${answered(res, ctx.redactor)}, twice`, {
    fix: "set CONFORMANCE_VERSION_ID to a versionId the project's tasks take (spec 2.7: required on task create)",
    variables: VARIABLES,
    blocksRun: true,
  });
}
