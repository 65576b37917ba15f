import { describe, expect, it } from 'vitest';
import type { ApiClient, ApiResponse } from '../http/client.js';
import type { KeyForm } from '../http/key-forms.js';
import { sequentialBurst, type SampleRoute, type Timed } from './rate-limit.js';
import { judgeOneCounter, windowEndMs, type OneCounterVerdict } from './rate-limit-one-counter.js';

/*
 * judgeOneCounter on the limited key's burst as sequentialBurst sends it (routes and forms in
 * turn), against a fixed window of 60 whose counters are keyed as each model says: no server, no
 * clock (every answer is instant, so no refill tolerance applies).
 */

const LIMIT = 60;
type Keying = (route: string, form: KeyForm) => string;

interface Model {
  readonly keying: Keying;
  /** The form the target refuses with 401. */
  readonly refuses?: KeyForm;
  /** A fixed window that ends after this many requests. */
  readonly endsAfter?: number;
}

const template = (path: string): string => path.replace(/\/[0-9a-f-]{36}$/, '/{id}');

/** A fake client on one fixed window per counter; `form` is the header it sends the key in. */
function fakeClient(model: Model, counts = new Map<string, number>(), form: KeyForm = 'x-api-key'): ApiClient {
  const answer = (method: string, path: string): Promise<ApiResponse> => {
    const headers: Record<string, string> = {};
    if (form === model.refuses) return Promise.resolve({ status: 401, headers, text: '', json: undefined, exchange: null as never });
    const sent = (counts.get('sent') ?? 0) + 1;
    counts.set('sent', sent);
    if (sent === model.endsAfter) for (const name of [...counts.keys()]) if (name !== 'sent') counts.delete(name);
    const counter = model.keying(`${method} ${template(path)}`, form);
    const count = (counts.get(counter) ?? 0) + 1;
    counts.set(counter, count);
    const allowed = count <= LIMIT;
    Object.assign(headers, { 'x-ratelimit-limit': String(LIMIT), 'x-ratelimit-remaining': String(Math.max(0, LIMIT - count)), 'x-ratelimit-reset': '50' });
    if (!allowed) headers['retry-after'] = '50';
    return Promise.resolve({ status: allowed ? 200 : 429, headers, text: '', json: undefined, exchange: null as never });
  };
  const client = {
    with: (overrides: { authStyle?: KeyForm }) => fakeClient(model, counts, overrides.authStyle ?? form),
    get: (path: string) => answer('GET', path),
    post: (path: string) => answer('POST', path),
  };
  return client as unknown as ApiClient;
}

const ID = '0b7c6d2e-3f4a-4b5c-8d6e-7f8a9b0c1d2e';
const ROUTES: SampleRoute[] = [
  { route: 'GET /contacts', send: (c) => c.get('/contacts') },
  { route: 'GET /contacts/{id}', send: (c) => c.get(`/contacts/${ID}`) },
  { route: 'POST /contacts', send: (c) => c.post('/contacts', {}) },
  { route: 'GET /resources', send: (c) => c.get('/resources') },
  { route: 'GET /resources/{id}', send: (c) => c.get(`/resources/${ID}`) },
  { route: 'GET /webhooks/events', send: (c) => c.get('/webhooks/events') },
];

async function verdictOn(model: Model, routes = ROUTES): Promise<OneCounterVerdict> {
  const burst = await sequentialBurst(fakeClient(model), routes, LIMIT, { forms: ['x-api-key', 'bearer'] });
  expect(burst.fresh.fresh).toBe(true);
  return judgeOneCounter(burst);
}

describe('judgeOneCounter (RL-ONE-COUNTER)', () => {
  it('passes one counter per key over every route and both forms', async () => {
    const verdict = await verdictOn({ keying: () => 'key' });
    expect(verdict.problems).toEqual([]);
    expect(verdict.undecided).toEqual([]);
  });

  it('sends every route in each form, and after the refusal the next route in the other form', async () => {
    const burst = await sequentialBurst(fakeClient({ keying: () => 'key' }), ROUTES, LIMIT, { forms: ['x-api-key', 'bearer'] });
    const pairs = new Set(burst.admitted.map((a) => `${a.route} ${a.form}`));
    expect(pairs.size).toBe(ROUTES.length * 2);
    const [refusal, next] = burst.refused;
    expect(next!.route).not.toBe(refusal!.route);
    expect(next!.form).not.toBe(refusal!.form);
    expect(burst.refused).toHaveLength(1 + ROUTES.length);
  });

  it('fails a counter per route, with the Remaining of each route as evidence', async () => {
    const verdict = await verdictOn({ keying: (route) => route });
    expect(verdict.problems.join('\n')).toMatch(/does not go down across routes and forms.*Remaining per route: GET \/contacts /);
    expect(verdict.problems.join('\n')).toMatch(/admitted more than one budget: \d+ admitted in \d+ ms, where the key's limit is 60 .*none refused/);
    expect(verdict.sequence).toMatch(/^1\. GET \/contacts \[X-API-Key\] 200 r=59; 2\. /);
  });

  it('fails the Bearer form counted apart from X-API-Key', async () => {
    const verdict = await verdictOn({ keying: (_route, form) => form });
    expect(verdict.problems.join('\n')).toMatch(/per form: X-API-Key 59→\d+ over \d+, Authorization: Bearer 59→/);
  });

  it('fails counters kept apart by the refusals alone when the answers carry no rate headers', async () => {
    const burst = await sequentialBurst(fakeClient({ keying: (_route, form) => form }), ROUTES, LIMIT, { forms: ['x-api-key', 'bearer'] });
    const bare = (answers: readonly Timed[]): Timed[] => answers.map((a) => ({ ...a, res: { ...a.res, headers: {} } }));
    const verdict = judgeOneCounter({ ...burst, admitted: bare(burst.admitted), refused: bare(burst.refused) });
    expect(verdict.problems).toHaveLength(1);
    expect(verdict.problems[0]).toMatch(/admitted more than one budget/);
  });

  it('fails a refusal on one route that another route does not share (a counter per route, a short rotation)', async () => {
    // Two routes, GET /webhooks/events far ahead: its counter refuses while GET /contacts still admits.
    const routes = [ROUTES[0]!, ROUTES[5]!];
    const counts = new Map([['GET /webhooks/events', 30]]);
    const burst = await sequentialBurst(fakeClient({ keying: (route) => route }, counts), routes, LIMIT, { forms: ['x-api-key', 'bearer'] });
    const verdict = judgeOneCounter(burst);
    expect(verdict.problems.join('\n')).toMatch(
      /refused on one route or form but admitted on another: GET \/webhooks\/events \[.*\] 429 r=0, then GET \/contacts \[/,
    );
  });

  it('is undecided, not failed, when the target refuses the Bearer form (AUTH-BEARER judges that)', async () => {
    const verdict = await verdictOn({ keying: () => 'key', refuses: 'bearer' });
    expect(verdict.problems).toEqual([]);
    expect(verdict.undecided.join('\n')).toMatch(/Authorization: Bearer was refused 401 at its first use/);
  });

  it('is undecided, not failed, when the window the first answer named may end inside the burst', async () => {
    // A fixed window reset after 30 requests gives the budget back: Remaining rises, more than 60 are admitted.
    const burst = await sequentialBurst(fakeClient({ keying: () => 'key', endsAfter: 30 }), ROUTES, LIMIT, { forms: ['x-api-key', 'bearer'] });
    expect(judgeOneCounter(burst).problems).not.toEqual([]);
    // Its Reset named the end (a clock the fake does not have): only what came before is judged.
    const verdict = judgeOneCounter(burst, burst.admitted[28]!.endMs);
    expect(verdict.problems).toEqual([]);
    expect(verdict.undecided.join('\n')).toMatch(/may have ended during the burst/);
  });
});

describe('windowEndMs', () => {
  const answer = (headers: Record<string, string>): Timed => ({
    route: 'GET /contacts',
    res: { status: 200, headers, text: '', json: undefined, exchange: null as never },
    startMs: 100,
    endMs: 110,
  });
  it("is the first answer's Reset from its send, less the Reset's precision", () => {
    expect(windowEndMs({ admitted: [answer({ 'x-ratelimit-reset': '5' })], refills: false })).toBe(100 + 5000 - 1000);
    // An epoch Reset is read against the clock when the answer arrived.
    const clock = { nowMs: 1_800_000_000_000, perfMs: 110 };
    expect(windowEndMs({ admitted: [answer({ 'x-ratelimit-reset': String(1_800_000_000_000 + 8000) })], refills: false }, clock)).toBe(100 + 8000 - 1);
  });
  it('bounds nothing for a limiter seen to refill, or a Reset that cannot be read', () => {
    expect(windowEndMs({ admitted: [answer({ 'x-ratelimit-reset': '5' })], refills: true })).toBe(Number.POSITIVE_INFINITY);
    expect(windowEndMs({ admitted: [answer({ 'x-ratelimit-reset': 'soon' })], refills: false })).toBe(Number.POSITIVE_INFINITY);
    expect(windowEndMs({ admitted: [answer({})], refills: false })).toBe(Number.POSITIVE_INFINITY);
  });
});
