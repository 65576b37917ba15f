/**
 * The documented endpoints (spec 4: 62 of the 84 the service has) and the domains whose endpoints
 * the spec does not show. The report shows which endpoints a run exercised.
 */
export interface Endpoint {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** Relative to the base URL, `{id}` for the path parameter. */
  readonly path: string;
  readonly domain: string;
  readonly section: string;
}

const crud = (path: string, domain: string, section: string): Endpoint[] => [
  { method: 'GET', path, domain, section },
  { method: 'POST', path, domain, section },
  { method: 'GET', path: `${path}/{id}`, domain, section },
  { method: 'PATCH', path: `${path}/{id}`, domain, section },
  { method: 'DELETE', path: `${path}/{id}`, domain, section },
];

export const ENDPOINTS: readonly Endpoint[] = [
  ...crud('/contacts', 'contacts', '4.1'),
  ...crud('/expenses', 'expenses', '4.2'),
  { method: 'POST', path: '/expenses/{id}/approve', domain: 'expenses', section: '4.2' },
  { method: 'POST', path: '/expenses/{id}/reject', domain: 'expenses', section: '4.2' },
  ...crud('/time-entries', 'time-entries', '4.3'),
  ...crud('/resources', 'resources', '4.4'),
  ...crud('/rates', 'rates', '4.5'),
  { method: 'GET', path: '/rates/{id}/versions', domain: 'rates', section: '4.5' },
  { method: 'POST', path: '/rates/{id}/versions', domain: 'rates', section: '4.5' },
  ...crud('/allocations', 'allocations', '4.6'),
  ...crud('/tasks', 'tasks', '4.7'),
  ...crud('/milestones', 'milestones', '4.8'),
  { method: 'POST', path: '/milestones/{id}/complete', domain: 'milestones', section: '4.8' },
  { method: 'GET', path: '/reports', domain: 'reports', section: '4.9' },
  { method: 'GET', path: '/reports/{id}', domain: 'reports', section: '4.9' },
  { method: 'POST', path: '/reports/{id}/execute', domain: 'reports', section: '4.9' },
  { method: 'GET', path: '/reports/categories', domain: 'reports', section: '4.9' },
  { method: 'POST', path: '/batch/time-entries', domain: 'batch', section: '4.10' },
  { method: 'PATCH', path: '/batch/time-entries', domain: 'batch', section: '4.10' },
  { method: 'DELETE', path: '/batch/time-entries', domain: 'batch', section: '4.10' },
  ...crud('/webhooks', 'webhooks', '4.11'),
  { method: 'GET', path: '/webhooks/{id}/deliveries', domain: 'webhooks', section: '4.11' },
  { method: 'POST', path: '/webhooks/{id}/rotate-secret', domain: 'webhooks', section: '4.11' },
  { method: 'POST', path: '/webhooks/{id}/test', domain: 'webhooks', section: '4.11' },
  { method: 'GET', path: '/webhooks/events', domain: 'webhooks', section: '4.11' },
  { method: 'GET', path: '/projects', domain: 'projects', section: '4.12' },
];

/** Domains the spec names but does not document: nothing to test them against (spec 1, 4.12). */
export const NOT_TESTABLE: ReadonlyArray<{ readonly domain: string; readonly reason: string }> = [
  { domain: 'Invoices', reason: 'spec 4.12: the domain exists; its endpoints and schemas are not shown' },
  { domain: 'Task Financials', reason: 'spec 4.12: the domain exists; its endpoints and schemas are not shown' },
  { domain: 'Projects (beyond GET /projects)', reason: 'spec 4.12: only GET /projects (paged, own organisation) is shown' },
];

export function endpointKey(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  return `${endpoint.method} ${endpoint.path}`;
}

// Fixed paths first, so `/reports/categories` is never taken for `/reports/{id}` (spec 4.11, 4.9).
const MATCHERS = [...ENDPOINTS]
  .sort((a, b) => Number(a.path.includes('{id}')) - Number(b.path.includes('{id}')))
  .map((endpoint) => ({
    endpoint,
    pattern: new RegExp(`^${endpoint.path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace('\\{id\\}', '[^/]+')}/?$`),
  }));

/** The documented endpoint a request went to; `path` is relative to the base URL. */
export function matchEndpoint(method: string, path: string): Endpoint | undefined {
  return MATCHERS.find((m) => m.endpoint.method === method && m.pattern.test(path))?.endpoint;
}
