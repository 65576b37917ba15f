import { ENDPOINTS, endpointKey, type Endpoint } from './endpoints.js';

/**
 * The records an organisation can create (spec 2, 4) and what another organisation could try on
 * one of them (spec 1, 5.4: all data is scoped to the key's organisation). The operations are
 * not listed here but derived from ENDPOINTS: every documented route under `{path}/{id}`.
 */

export type IsolatedPath = '/contacts' | '/expenses' | '/time-entries' | '/resources' | '/rates' | '/allocations' | '/tasks' | '/milestones' | '/webhooks';

/** A read under the record whose answer must not change when another organisation tries its hand. */
export interface DependentRead {
  /** `/versions` of `/rates/{id}/versions`. */
  readonly suffix: string;
  /**
   * `json`: the whole `data` must stay the same (rate versions, spec 4.5). `ids`: no record may be
   * added or removed (webhook deliveries, spec 4.11: their statuses move on by themselves).
   */
  readonly compare: 'json' | 'ids';
}

export interface IsolatedResource {
  readonly path: IsolatedPath;
  /** Singular, for titles: `time entry`. */
  readonly noun: string;
  /** Valid bodies of the routes under `{path}/{id}` that take one, by endpoint key (`PATCH /contacts/{id}`). */
  readonly bodies: Readonly<Record<string, Record<string, unknown>>>;
  readonly dependents?: readonly DependentRead[];
}

/** What another organisation writes: recognisable, and valid (spec 2) so a server judging the body first still looks the record up. */
const FOREIGN = 'changed by another organisation';

export const ISOLATED_RESOURCES: readonly IsolatedResource[] = [
  { path: '/contacts', noun: 'contact', bodies: { 'PATCH /contacts/{id}': { name: FOREIGN, notes: FOREIGN } } },
  {
    path: '/expenses',
    noun: 'expense',
    bodies: {
      'PATCH /expenses/{id}': { description: FOREIGN, amount: 1 },
      // spec 4.2: approve takes no body; reject an optional reason.
      'POST /expenses/{id}/reject': { reason: FOREIGN },
    },
  },
  { path: '/time-entries', noun: 'time entry', bodies: { 'PATCH /time-entries/{id}': { description: FOREIGN, hours: 2 } } },
  { path: '/resources', noun: 'resource', bodies: { 'PATCH /resources/{id}': { jobTitle: FOREIGN } } },
  {
    path: '/rates',
    noun: 'rate',
    // spec 2.5: strict bodies; the amount changes only through a version.
    bodies: {
      'PATCH /rates/{id}': { name: FOREIGN },
      'POST /rates/{id}/versions': { amount: 987.65, effectiveFrom: '2020-01-01', changeReason: FOREIGN },
    },
    dependents: [{ suffix: '/versions', compare: 'json' }],
  },
  { path: '/allocations', noun: 'allocation', bodies: { 'PATCH /allocations/{id}': { notes: FOREIGN, hoursPerDay: 1 } } },
  { path: '/tasks', noun: 'task', bodies: { 'PATCH /tasks/{id}': { name: FOREIGN, description: FOREIGN } } },
  {
    path: '/milestones',
    noun: 'milestone',
    bodies: {
      'PATCH /milestones/{id}': { name: FOREIGN, description: FOREIGN },
      'POST /milestones/{id}/complete': { completedDate: '2024-06-01' },
    },
  },
  {
    path: '/webhooks',
    noun: 'webhook subscription',
    // spec 4.11: rotate-secret and test take no body.
    bodies: { 'PATCH /webhooks/{id}': { name: FOREIGN, isActive: false } },
    dependents: [{ suffix: '/deliveries', compare: 'ids' }],
  },
];

/** One documented request on one record. */
export interface RecordOperation {
  readonly endpoint: Endpoint;
  /** `GET /expenses/{id}/approve`-style key, for messages and observations. */
  readonly key: string;
  /** Column of the security matrix: get, update, delete, approve, versions (list), ... */
  readonly label: string;
  /** GET by id (SEC-ISOLATION-READ); every other operation is SEC-ISOLATION-WRITE's. */
  readonly read: boolean;
  readonly body?: Record<string, unknown>;
}

const BY_METHOD: Record<Endpoint['method'], string> = { GET: 'get', PATCH: 'update', DELETE: 'delete', POST: 'post' };

function label(endpoint: Endpoint, recordPath: string): string {
  const rest = endpoint.path.slice(recordPath.length).replace(/^\//, '');
  if (rest === '') return BY_METHOD[endpoint.method];
  // `/rates/{id}/versions` has a GET and a POST: name both.
  const shared = ENDPOINTS.filter((e) => e.path === endpoint.path).length > 1;
  return shared ? `${rest} (${endpoint.method === 'GET' ? 'list' : 'create'})` : rest;
}

/** Reads first, then writes, the DELETE last: a wrongly accepted delete must not hide what the others do. */
function rank(endpoint: Endpoint): number {
  if (endpoint.method === 'GET') return endpoint.path.endsWith('{id}') ? 0 : 1;
  return endpoint.method === 'DELETE' ? 3 : 2;
}

/** Every documented route on one record of `resource` (spec 4), in the order they are tried. */
export function recordOperations(resource: IsolatedResource): RecordOperation[] {
  const recordPath = `${resource.path}/{id}`;
  return ENDPOINTS.filter((e) => e.path === recordPath || e.path.startsWith(`${recordPath}/`))
    .sort((a, b) => rank(a) - rank(b))
    .map((endpoint) => {
      const key = endpointKey(endpoint);
      const body = resource.bodies[key];
      return {
        endpoint,
        key,
        label: label(endpoint, recordPath),
        read: endpoint.method === 'GET' && endpoint.path === recordPath,
        ...(body ? { body } : {}),
      };
    });
}

/** The matrix row name of a collection: `time-entries`. */
export function resourceName(path: string): string {
  return path.replace(/^\//, '');
}
