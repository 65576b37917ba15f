import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectEachBreaksOneField } from './expect-violations.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import { EVENT_NAMES, QUIET_EVENTS, TRIGGERED_EVENTS, deliveryBodySchema, subscriptionCreateSchema, subscriptionUpdateSchema } from '../spec/webhooks.js';
import {
  nameOfLength,
  subscriptionCreate,
  subscriptionCreateFull,
  subscriptionCreateViolations,
  subscriptionUpdate,
  subscriptionUpdateViolations,
  subscriptionViolationRequirements,
  unknownEventName,
  urlOfLength,
  type SubscriptionConstraints,
} from './webhooks.js';

const SEED = 424242;
const SINK: SubscriptionConstraints = {
  urls: ['http://127.0.0.1:40123/hooks/0a1b2c3d4e5f6a7b', 'http://127.0.0.1:40123/hooks/ffee'],
};
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200): T[] => fc.sample(arb, { seed: SEED, numRuns });
const why = (result: { success: boolean; error?: { issues: unknown[] } }, value: unknown): string =>
  `${JSON.stringify(value)} -> ${JSON.stringify(result.error?.issues[0] ?? null)}`;

describe('the spec model', () => {
  it('names the 16 events of spec 6.1 once each', () => {
    expect(EVENT_NAMES).toHaveLength(16);
    expect(new Set(EVENT_NAMES).size).toBe(16);
    for (const name of [...TRIGGERED_EVENTS, ...QUIET_EVENTS]) expect(EVENT_NAMES).toContain(name);
    expect(TRIGGERED_EVENTS.filter((e) => (QUIET_EVENTS as readonly string[]).includes(e))).toEqual([]);
  });

  it('accepts delivery timestamps in UTC with milliseconds only', () => {
    const body = (timestamp: string) => ({ event: 'task.created', timestamp, data: {} });
    for (const ok of ['2026-11-22T10:15:00.123Z', '2026-11-22T10:15:00.123+00:00', '2026-11-22T10:15:00.123456Z']) {
      expect(deliveryBodySchema.safeParse(body(ok)).success, ok).toBe(true);
    }
    for (const bad of ['2026-11-22T10:15:00Z', '2026-11-22T10:15:00.123', '2026-11-22T10:15:00.123+01:00', '2026-11-22 10:15:00.123Z', '1763806500123']) {
      expect(deliveryBodySchema.safeParse(body(bad)).success, bad).toBe(false);
    }
    expect(deliveryBodySchema.safeParse({ event: 'task.created', timestamp: '2026-11-22T10:15:00.123Z', data: [] }).success).toBe(false);
    expect(deliveryBodySchema.safeParse({ event: 'task.deleted', timestamp: '2026-11-22T10:15:00.123Z', data: {} }).success).toBe(false);
  });
});

describe('webhook generators are reproducible', () => {
  it.each([
    ['subscriptionCreate', () => subscriptionCreate(SINK)],
    ['subscriptionCreateFull', () => subscriptionCreateFull(SINK)],
    ['subscriptionUpdate', () => subscriptionUpdate(SINK)],
  ] as const)('%s gives the same values for the same seed', (_name, make) => {
    const a = fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 });
    expect(fc.sample(make() as fc.Arbitrary<unknown>, { seed: 99, numRuns: 50 })).toEqual(a);
    expect(fc.sample(make() as fc.Arbitrary<unknown>, { seed: 100, numRuns: 50 })).not.toEqual(a);
  });
});

describe('valid subscription bodies', () => {
  it('every subscriptionCreate() value passes subscriptionCreateSchema', () => {
    for (const constraints of [{}, SINK]) {
      for (const body of sample(subscriptionCreate(constraints))) {
        const result = subscriptionCreateSchema.safeParse(body);
        expect(result.success, why(result, body)).toBe(true);
      }
    }
  });

  it('every subscriptionCreateFull() value passes the schema and sets every field', () => {
    for (const body of sample(subscriptionCreateFull(SINK))) {
      expect(subscriptionCreateSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(Object.keys(body).sort()).toEqual(['description', 'events', 'isActive', 'name', 'url']);
    }
  });

  it('every subscriptionUpdate() value passes subscriptionUpdateSchema, has a field, and sometimes clears description', () => {
    const bodies = sample(subscriptionUpdate(SINK), 300);
    for (const body of bodies) {
      const result = subscriptionUpdateSchema.safeParse(body);
      expect(result.success, why(result, body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
    expect(bodies.some((b) => b.description === null)).toBe(true);
  });

  it('points only at the URLs it was given, each with a query no other body shares, and lists only the events it was given', () => {
    const only = ['quote.created', 'quote.sent'] as const;
    const urls = new Set<string>();
    for (const body of sample(subscriptionCreate({ ...SINK, events: only }))) {
      expect(SINK.urls).toContain(body.url.replace(/[?&]s=[0-9a-f]{8}$/, ''));
      urls.add(body.url);
      for (const event of body.events) expect(only).toContain(event);
    }
    expect(urls.size).toBeGreaterThan(1);
  });

  it('lists events without repeats and reaches every event name', () => {
    const seen = new Set<string>();
    for (const body of sample(subscriptionCreate(SINK), 300)) {
      expect(new Set(body.events).size).toBe(body.events.length);
      for (const event of body.events) seen.add(event);
    }
    expect([...seen].sort()).toEqual([...EVENT_NAMES].sort());
  });

  it('builds names and URLs of exact lengths at the boundaries', () => {
    for (const n of [1, 19, 20, 21, 255, 256]) expect(nameOfLength(n)).toHaveLength(n);
    expect(subscriptionCreateSchema.shape.name.safeParse(nameOfLength(255)).success).toBe(true);
    expect(subscriptionCreateSchema.shape.name.safeParse(nameOfLength(256)).success).toBe(false);
    const base = 'http://127.0.0.1:40123/hooks/0a1b';
    expect(urlOfLength(base, 500)).toHaveLength(500);
    expect(urlOfLength(base, 500).startsWith(`${base}/`)).toBe(true);
    expect(subscriptionCreateSchema.shape.url.safeParse(urlOfLength(base, 500)).success).toBe(true);
    expect(subscriptionCreateSchema.shape.url.safeParse(urlOfLength(base, 501)).success).toBe(false);
    expect(() => urlOfLength(base, 10)).toThrow();
  });

  it('unknownEventName() never yields a 6.1 name', () => {
    for (const name of sample(unknownEventName())) expect(EVENT_NAMES).not.toContain(name);
  });
});

describe('invalid subscription bodies', () => {
  it('every create and update violation fails its schema, on the broken field only', () => {
    for (const [cases, schema] of [
      [subscriptionCreateViolations(SINK), subscriptionCreateSchema],
      [subscriptionUpdateViolations(SINK), subscriptionUpdateSchema],
    ] as const) {
      expect(cases.length).toBeGreaterThan(12);
      expectEachBreaksOneField(cases, schema, { samples: 30, seed: 424242 });
    }
  });

  it('covers the boundaries the spec states: 0 and 256 name characters, 501 URL characters, no events', () => {
    const bodies = subscriptionCreateViolations(SINK).flatMap((c) => sample(c.bodies, 60));
    expect(bodies.some((b) => b['name'] === '')).toBe(true);
    expect(bodies.some((b) => typeof b['name'] === 'string' && b['name'].length === 256)).toBe(true);
    expect(bodies.some((b) => typeof b['url'] === 'string' && b['url'].length === 501)).toBe(true);
    expect(bodies.some((b) => Array.isArray(b['events']) && b['events'].length === 0)).toBe(true);
  });

  it('each case names its rule once and a catalogued webhook requirement', () => {
    for (const cases of [subscriptionCreateViolations(), subscriptionUpdateViolations()]) {
      const rules = cases.map((c) => c.rule);
      expect(new Set(rules).size).toBe(rules.length);
      for (const c of cases) {
        expect(Object.hasOwn(REQUIREMENTS, c.requirementId)).toBe(true);
        expect(c.requirementId.startsWith('WH-')).toBe(true);
      }
    }
  });

  it('a "missing" case drops the field, and only create has them', () => {
    const missing = subscriptionCreateViolations().filter((c) => c.rule.endsWith(' missing'));
    expect(missing.map((c) => c.rule).sort()).toEqual(['events missing', 'name missing', 'url missing']);
    for (const c of missing) {
      const field = c.rule.split(' ')[0]!;
      for (const body of sample(c.bodies, 30)) expect(Object.hasOwn(body, field)).toBe(false);
    }
    expect(subscriptionUpdateViolations().filter((c) => c.rule.endsWith(' missing'))).toEqual([]);
  });

  it('subscriptionViolationRequirements lists each requirement of the cases once', () => {
    for (const [kind, cases] of [
      ['create', subscriptionCreateViolations()],
      ['update', subscriptionUpdateViolations()],
    ] as const) {
      const ids = subscriptionViolationRequirements(kind);
      expect(new Set(ids).size).toBe(ids.length);
      expect(new Set(ids)).toEqual(new Set(cases.map((c) => c.requirementId)));
    }
  });
});
