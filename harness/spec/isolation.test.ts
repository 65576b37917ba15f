import { describe, expect, it } from 'vitest';
import { ENDPOINTS, endpointKey } from './endpoints.js';
import { ISOLATED_RESOURCES, recordOperations } from './isolation.js';

describe('recordOperations', () => {
  it('covers every documented route under a creatable record, reads first and DELETE last', () => {
    for (const resource of ISOLATED_RESOURCES) {
      const ops = recordOperations(resource);
      const expected = ENDPOINTS.filter((e) => e.path.startsWith(`${resource.path}/{id}`)).map(endpointKey);
      expect(ops.map((o) => o.key).sort()).toEqual([...expected].sort());
      expect(ops[0]?.key).toBe(`GET ${resource.path}/{id}`);
      expect(ops.at(-1)?.key).toBe(`DELETE ${resource.path}/{id}`);
      expect(ops.filter((o) => o.read).map((o) => o.key)).toEqual([`GET ${resource.path}/{id}`]);
      // spec 2: a PATCH body is required to say something; send a valid one.
      expect(ops.find((o) => o.endpoint.method === 'PATCH')?.body).toBeDefined();
    }
  });

  it('names a body only for documented routes of its own resource', () => {
    for (const resource of ISOLATED_RESOURCES) {
      const keys = recordOperations(resource).map((o) => o.key);
      for (const key of Object.keys(resource.bodies)) expect(keys).toContain(key);
    }
  });

  it('labels the matrix columns', () => {
    const rates = ISOLATED_RESOURCES.find((r) => r.path === '/rates')!;
    expect(recordOperations(rates).map((o) => o.label)).toEqual(['get', 'versions (list)', 'update', 'versions (create)', 'delete']);
    const webhooks = ISOLATED_RESOURCES.find((r) => r.path === '/webhooks')!;
    expect(recordOperations(webhooks).map((o) => o.label)).toEqual(['get', 'deliveries', 'update', 'rotate-secret', 'test', 'delete']);
  });
});
