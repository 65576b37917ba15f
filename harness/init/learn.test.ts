import { describe, expect, it } from 'vitest';
import { learnFromTarget, type LearnGet, type LearnResponse } from './learn.js';

const P1 = 'c1458366-c560-45b8-9c25-c35957b5ae7c';
const P2 = '2c2fb484-b041-4e36-988d-ffd90ca8f00e';
const V1 = '69ed7ac6-df06-4671-bbc6-cfb2842625ab';
const B1 = 'e6abafc0-4fa8-4a58-bf07-f8e722cdce45';
const T1 = '0b3f8d6e-3a47-4c4e-9d1e-0f1a2b3c4d5e';

/** `total` null: pagination without a total. */
const list = (records: unknown[], total: number | null = records.length): LearnResponse => ({
  status: 200,
  headers: {},
  json: { data: records, pagination: { limit: 100, offset: 0, ...(total === null ? {} : { total }) } },
});

/** A fake target: answers by `key path`, records what was asked. */
function fake(routes: Record<string, LearnResponse | Error>): { get: LearnGet; asked: string[] } {
  const asked: string[] = [];
  const get: LearnGet = async (key, path) => {
    asked.push(`${key} ${path}`);
    const answer = routes[`${key} ${path}`] ?? { status: 404, headers: {}, json: undefined };
    if (answer instanceof Error) throw answer;
    return answer;
  };
  return { get, asked };
}

describe('learnFromTarget', () => {
  it('learns the first project, its versionId, org B project and the custom limit, each saying where from', async () => {
    const { get, asked } = fake({
      'admin /projects': list(
        [
          { id: P1, name: 'A', versionId: V1 },
          { id: P2, name: 'A2' },
        ],
        3,
      ),
      'other /projects': list([{ id: B1 }]),
      'custom /contacts': { status: 200, headers: { 'x-ratelimit-limit': '90' }, json: { data: [] } },
    });
    const result = await learnFromTarget({ adminKey: 'admin', otherOrgKey: 'other', customLimitKey: 'custom', known: {} }, get);
    expect(Object.fromEntries(result.learnt)).toEqual({
      CONFORMANCE_PROJECT_ID: { value: P1, note: 'learnt by conformance init: first of 3 projects of org A (GET /projects with CONFORMANCE_ADMIN_KEY)' },
      CONFORMANCE_VERSION_ID: { value: V1, note: `learnt by conformance init: versionId of project ${P1} (GET /projects)` },
      CONFORMANCE_OTHER_PROJECT_ID: { value: B1, note: 'learnt by conformance init: the only project of org B (GET /projects with CONFORMANCE_OTHER_ORG_KEY)' },
      CONFORMANCE_CUSTOM_LIMIT: { value: '90', note: 'learnt by conformance init: X-RateLimit-Limit of CONFORMANCE_CUSTOM_LIMIT_KEY (GET /contacts)' },
    });
    expect(asked).toEqual(['admin /projects', 'other /projects', 'custom /contacts']);
    expect(result.messages).toEqual([]);
  });

  it('finds a versionId on the project as a root task, else on one of its tasks', async () => {
    const asTask = fake({
      'admin /projects': list([{ id: P1 }]),
      [`admin /tasks/${P1}`]: { status: 200, headers: {}, json: { data: { id: P1, versionId: V1 } } },
    });
    const a = await learnFromTarget({ adminKey: 'admin', known: {} }, asTask.get);
    expect(a.learnt.get('CONFORMANCE_VERSION_ID')).toEqual({ value: V1, note: `learnt by conformance init: versionId of project ${P1} (GET /tasks/${P1})` });

    const underIt = fake({
      [`admin /tasks/${P1}`]: { status: 404, headers: {}, json: undefined },
      'admin /tasks': list([
        { id: T1, versionId: 'not-a-uuid' },
        { id: T1, versionId: V1 },
      ]),
    });
    const b = await learnFromTarget({ adminKey: 'admin', known: { CONFORMANCE_PROJECT_ID: P1 } }, underIt.get);
    expect(b.learnt.get('CONFORMANCE_VERSION_ID')?.value).toBe(V1);
    expect(b.learnt.get('CONFORMANCE_VERSION_ID')?.note).toContain(`task ${T1}`);
    // The project id was given: only the versionId is asked for, and not replaced.
    expect(b.learnt.has('CONFORMANCE_PROJECT_ID')).toBe(false);
  });

  it('leaves the versionId unset with a note when nothing shows one', async () => {
    const { get } = fake({ 'admin /projects': list([{ id: P1 }]), 'admin /tasks': list([]) });
    const result = await learnFromTarget({ adminKey: 'admin', known: {} }, get);
    expect(result.learnt.get('CONFORMANCE_VERSION_ID')?.value).toBeUndefined();
    expect(result.learnt.get('CONFORMANCE_VERSION_ID')?.note).toMatch(/^conformance init could not learn this: neither project .* show a versionId/);
  });

  it('says how many when the list does not', async () => {
    const full = Array.from({ length: 100 }, (_, i) => ({ id: `${String(i).padStart(8, '0')}-0000-4000-8000-000000000000` }));
    const { get } = fake({ 'admin /projects': list(full, null) });
    const result = await learnFromTarget({ adminKey: 'admin', known: { CONFORMANCE_VERSION_ID: V1 } }, get);
    expect(result.learnt.get('CONFORMANCE_PROJECT_ID')?.note).toContain('first of at least 100 projects of org A');
  });

  it('asks nothing for what is already known (an empty value included)', async () => {
    const { get, asked } = fake({});
    const result = await learnFromTarget(
      {
        adminKey: 'admin',
        otherOrgKey: 'other',
        customLimitKey: 'custom',
        known: { CONFORMANCE_PROJECT_ID: '', CONFORMANCE_VERSION_ID: V1, CONFORMANCE_OTHER_PROJECT_ID: B1, CONFORMANCE_CUSTOM_LIMIT: '90' },
      },
      get,
    );
    expect(asked).toEqual([]);
    expect(result.learnt.size).toBe(0);
  });

  it('reports a refused key, and a list that shows org A projects to the org B key', async () => {
    const { get } = fake({
      'admin /projects': list([{ id: P1, versionId: V1 }]),
      'other /projects': list([{ id: P1 }]),
      'custom /contacts': { status: 401, headers: {}, json: undefined },
    });
    const result = await learnFromTarget({ adminKey: 'admin', otherOrgKey: 'other', customLimitKey: 'custom', known: {} }, get);
    expect(result.learnt.get('CONFORMANCE_OTHER_PROJECT_ID')).toEqual({
      note: `conformance init could not learn this: GET /projects with CONFORMANCE_OTHER_ORG_KEY lists org A's project ${P1}: is that key of another organisation?`,
    });
    expect(result.learnt.get('CONFORMANCE_CUSTOM_LIMIT')?.note).toMatch(/answered 401: the target refused the key/);
    expect(result.messages).toHaveLength(1);
  });

  it('stops asking once the target does not answer', async () => {
    const { get, asked } = fake({ 'admin /projects': new Error('GET http://h/api/v1/projects: no answer within 10 ms') });
    const result = await learnFromTarget({ adminKey: 'admin', otherOrgKey: 'other', customLimitKey: 'custom', known: {} }, get);
    expect(asked).toEqual(['admin /projects']);
    expect(result.requests).toBe(1);
    for (const name of ['CONFORMANCE_PROJECT_ID', 'CONFORMANCE_OTHER_PROJECT_ID', 'CONFORMANCE_CUSTOM_LIMIT'] as const) {
      expect(result.learnt.get(name)?.note).toMatch(/could not learn this: the target did not answer/);
    }
    expect(result.messages).toEqual(['cannot reach the target: GET http://h/api/v1/projects: no answer within 10 ms']);
  });

  it('takes the limit from a 429 too, and flags the default 60', async () => {
    const { get } = fake({ 'custom /contacts': { status: 429, headers: { 'x-ratelimit-limit': '60' }, json: undefined } });
    const result = await learnFromTarget({ customLimitKey: 'custom', known: {} }, get);
    expect(result.learnt.get('CONFORMANCE_CUSTOM_LIMIT')?.value).toBe('60');
    expect(result.learnt.get('CONFORMANCE_CUSTOM_LIMIT')?.note).toContain("60 is the spec's default limit");
  });
});
