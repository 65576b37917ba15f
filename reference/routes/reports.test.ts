import { describe, expect, it } from 'vitest';
import { KEY_B_ADMIN, PROJECT_A1, REPORT_A_HOURS, REPORT_A_PROFIT, REPORT_B1, testApi } from '../testing/test-api.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';
const jsonHeaders = { 'content-type': 'application/json' };

describe('GET /reports', () => {
  it('lists the organisation definitions, paged, filtered by category (exact) and source', async () => {
    const api = await testApi();
    const all = await api.get('/reports');
    expect(all.statusCode).toBe(200);
    expect(all.json().pagination).toEqual({ limit: 50, offset: 0, total: 4 });
    expect(all.json().data[1]).toEqual({ id: REPORT_A_PROFIT, name: 'Project profitability', category: 'financial', source: 'system' });
    const names = async (query: string, key?: string) => {
      const response = await api.get(`/reports${query}`, key);
      expect(response.statusCode, query).toBe(200);
      return response.json().data.map((d: { name: string }) => d.name);
    };
    expect(await names('?category=financial')).toEqual(['Project profitability', 'Margin watch']);
    expect(await names('?category=Financial')).toEqual([]);
    expect(await names('?source=system')).toEqual(['Utilisation by person', 'Project profitability']);
    expect(await names('?category=financial&source=user')).toEqual(['Margin watch']);
    expect(await names('?limit=1&offset=2')).toEqual(['My billable hours']);
    expect(await names('', KEY_B_ADMIN)).toEqual(['Org B time summary']);
    for (const query of ['source=custom', 'source=', 'limit=0']) expect((await api.get(`/reports?${query}`)).statusCode, query).toBe(400);
  });
});

describe('GET /reports/{id} and /reports/categories', () => {
  it('reads one definition; 404 for an unknown, non-UUID or other-organisation id', async () => {
    const api = await testApi();
    const response = await api.get(`/reports/${REPORT_A_HOURS.toUpperCase()}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({ id: REPORT_A_HOURS, name: 'My billable hours', category: 'time', source: 'user' });
    for (const id of [UNKNOWN_ID, 'nope', REPORT_B1]) expect((await api.get(`/reports/${id}`)).statusCode, id).toBe(404);
  });

  it('lists the categories with their counts, sorted; the fixed path wins over {id}', async () => {
    const api = await testApi();
    const response = await api.get('/reports/categories');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: [
        { category: 'financial', count: 2 },
        { category: 'resourcing', count: 1 },
        { category: 'time', count: 1 },
      ],
    });
    expect((await api.get('/reports/categories', KEY_B_ADMIN)).json().data).toEqual([{ category: 'time', count: 1 }]);
    expect((await api.get('/reports/categories', null)).statusCode).toBe(401);
  });
});

describe('POST /reports/{id}/execute', () => {
  it('answers 200 with the first page of a deterministic 150-row sample at the defaults; the body is optional', async () => {
    const api = await testApi();
    const url = `/reports/${REPORT_A_PROFIT}/execute`;
    const first = (await api.post(url, {})).json();
    expect(first.data).toMatchObject({ definitionId: REPORT_A_PROFIT, page: 1, pageSize: 100, total: 150 });
    expect(first.data.rows).toHaveLength(100);
    expect(first.data.rows[0]).toEqual({ row: 1, day: '2025-01-01' });
    expect(first.data.rows[99]).toEqual({ row: 100, day: '2025-04-10' });
    for (const request of [
      api.request({ method: 'POST', url }),
      api.request({ method: 'POST', url, payload: '', headers: jsonHeaders }),
      api.post(url, { page: 1 }),
    ]) {
      const response = await request;
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(first);
    }
    const full = await api.post(url, {
      filterValues: { from: '2024-01-01', nested: { a: [1] } },
      page: 3,
      pageSize: 500,
      scope: { kind: 'person', id: PROJECT_A1 },
    });
    expect(full.json().data).toEqual({ definitionId: REPORT_A_PROFIT, page: 3, pageSize: 500, rows: [], total: 150 });
    expect((await api.post(`/reports/${REPORT_A_PROFIT.toUpperCase()}/execute`, { pageSize: 1 })).json().data.definitionId).toBe(REPORT_A_PROFIT);
  });

  it('pages the rows: pageSize rows from row (page - 1) x pageSize + 1, fewer on the last page', async () => {
    const api = await testApi();
    const rows = async (body: Record<string, unknown>) =>
      ((await api.post(`/reports/${REPORT_A_HOURS}/execute`, body)).json().data.rows as { row: number }[]).map((r) => r.row);
    expect(await rows({ pageSize: 1 })).toEqual([1]);
    expect(await rows({ page: 2, pageSize: 2 })).toEqual([3, 4]);
    expect(await rows({ page: 2 })).toEqual(Array.from({ length: 50 }, (_, i) => 101 + i));
    expect(await rows({ page: 4, pageSize: 50 })).toEqual([]);
  });

  it.each([
    ['page 0', { page: 0 }, 'page'],
    ['fractional page', { page: 1.5 }, 'page'],
    ['string page', { page: '2' }, 'page'],
    ['pageSize 0', { pageSize: 0 }, 'pageSize'],
    ['pageSize 501', { pageSize: 501 }, 'pageSize'],
    ['filterValues array', { filterValues: [] }, 'filterValues'],
    ['filterValues string', { filterValues: 'x' }, 'filterValues'],
    ['scope without id', { scope: { kind: 'project' } }, 'scope.id'],
    ['scope without kind', { scope: { id: PROJECT_A1 } }, 'scope.kind'],
    ['scope with a bad kind', { scope: { kind: 'team', id: PROJECT_A1 } }, 'scope.kind'],
    ['scope with a non-uuid id', { scope: { kind: 'project', id: 'p1' } }, 'scope.id'],
    ['scope with an extra property', { scope: { kind: 'project', id: PROJECT_A1, name: 'x' } }, 'scope.name'],
    ['scope null', { scope: null }, 'scope'],
    ['an unknown top-level property', { format: 'csv' }, 'format'],
  ])('answers 400 for %s', async (_title, body, path) => {
    const api = await testApi();
    const response = await api.post(`/reports/${REPORT_A_PROFIT}/execute`, body);
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: 'VALIDATION_FAILED', issues: expect.arrayContaining([{ path, message: expect.any(String) }]) });
  });

  it('answers 404 for an unknown or other-organisation definition, after judging the body', async () => {
    const api = await testApi();
    for (const id of [UNKNOWN_ID, 'nope', REPORT_B1, 'categories']) expect((await api.post(`/reports/${id}/execute`, {})).statusCode, id).toBe(404);
    expect((await api.post(`/reports/${UNKNOWN_ID}/execute`, { page: 0 })).statusCode).toBe(400);
  });
});
