import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { CheckSkipped } from '../check/outcomes.js';
import { runTag } from '../check/run-context.js';
import type { ApiResponse } from '../http/client.js';

/**
 * Records other domains' checks stand on (a resource, a task). When the target will not create
 * one, the dependent check is not applicable here: its own domain's checks report the failure.
 */
function createdId(res: ApiResponse, what: string): string {
  const id = (res.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  // Any 2xx with the record: the exact 201 is ENV-CREATE's to judge.
  if (res.status < 200 || res.status >= 300 || typeof id !== 'string') {
    throw new CheckSkipped(`not applicable: could not ${what} (answered ${res.status}); see that domain's checks`);
  }
  return id;
}

/** A fresh staff resource of org A (spec 2.4): a scope no other run shares. */
export async function createResource(t: CheckContext, name = 'Conformance resource'): Promise<string> {
  const res = await t.api.post('/resources', { name: `${name} ${randomBytes(3).toString('hex')}`, tags: [runTag(t.run)] });
  return createdId(res, 'create a resource with POST /resources');
}

/** A fresh task under the configured project (spec 2.7; needs CONFORMANCE_PROJECT_ID and _VERSION_ID). */
export async function createTask(t: CheckContext, name = 'Conformance task'): Promise<string> {
  const parentTaskId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
  const versionId = t.need(t.run.versionId, 'CONFORMANCE_VERSION_ID');
  const res = await t.api.post('/tasks', { parentTaskId, versionId, name: `${name} ${randomBytes(3).toString('hex')}` });
  return createdId(res, 'create a task with POST /tasks under CONFORMANCE_PROJECT_ID');
}
