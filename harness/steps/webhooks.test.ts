import { describe, expect, it } from 'vitest';
import type { Received } from '../sink/sink.js';
import { attemptRecord, deliveryIdReuse, eventOf, finished, intervals, secretOf, secretsIn } from './webhooks.js';

const MARKER = '5b0c2f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';

function received(overrides: Partial<Received> & { body?: unknown } = {}): Received {
  const { body = { event: 'expense.approved', timestamp: '2026-11-22T10:00:00.000Z', data: { id: MARKER } }, ...rest } = overrides;
  const rawBody = Buffer.from(JSON.stringify(body));
  return {
    attempt: 1,
    arrivedAt: 1000,
    method: 'POST',
    headers: { 'x-service-delivery': 'dlv-1', 'x-service-event': 'expense.approved' },
    rawBody,
    signatureValid: null,
    json: body,
    answered: 500,
    truncated: false,
    ...rest,
  };
}

describe('secretsIn and secretOf', () => {
  it('find whsec_ strings wherever they sit, with their path', () => {
    const json = { id: 'x', secret: 'whsec_abc', nested: { list: [{ key: 'whsec_def' }] }, other: 'sec_whsec_no' };
    expect(secretsIn(json)).toEqual([
      { path: 'secret', value: 'whsec_abc' },
      { path: 'nested.list[].key', value: 'whsec_def' },
    ]);
    expect(secretOf({ secret: 'whsec_' })).toBeUndefined();
    expect(secretOf({ data: { signingSecret: 'whsec_123' } })).toEqual({ path: 'data.signingSecret', value: 'whsec_123' });
    expect(secretOf(undefined)).toBeUndefined();
  });
});

describe('attemptRecord', () => {
  const ours = [received({ arrivedAt: 1000 }), received({ arrivedAt: 1100, attempt: 2 })];

  it('reads one row per attempt', () => {
    const rows = [
      { id: 'a', status: 'retrying', payload: { data: { id: MARKER } } },
      { id: 'b', status: 'failed', payload: { data: { id: MARKER } } },
      { id: 'c', status: 'delivered', payload: { data: { id: 'someone-else' } } },
    ];
    const record = attemptRecord(rows, MARKER, ours);
    expect(record.ours.map((r) => r['id'])).toEqual(['a', 'b']);
    expect(record).toMatchObject({ attributed: true, recorded: 2, model: 'one row per attempt', statuses: ['retrying', 'failed'] });
    expect(finished(record)).toBeUndefined();
  });

  it('reads one row with an attempts array or an attempt count, tied by the delivery id', () => {
    const withArray = attemptRecord([{ id: 'dlv-1', status: 'failed', attempts: [{}, {}, {}, {}, {}] }], MARKER, ours);
    expect(withArray).toMatchObject({ recorded: 5, model: 'one row with an attempts array' });
    expect(finished(withArray)).toBe('failed');
    const withCount = attemptRecord([{ deliveryId: 'dlv-1', status: 'delivered', attemptCount: 3 }], MARKER, ours);
    expect(withCount).toMatchObject({ recorded: 3, model: 'one row with an attempt count' });
    expect(finished(withCount)).toBe('delivered');
  });

  it('keeps rows of the delivery event when rows name events', () => {
    const rows = [
      { event: 'expense.created', status: 'delivered', data: { id: MARKER } },
      { event: 'expense.approved', status: 'failed', data: { id: MARKER } },
    ];
    expect(attemptRecord(rows, MARKER, ours, { event: 'expense.approved' }).statuses).toEqual(['failed']);
  });

  it('takes unattributable rows as the delivery only when the endpoint saw nothing else', () => {
    const rows = [{ status: 'failed' }];
    expect(attemptRecord(rows, MARKER, ours)).toMatchObject({ attributed: false, recorded: 0 });
    expect(finished(attemptRecord(rows, MARKER, ours))).toBeUndefined();
    expect(attemptRecord(rows, MARKER, ours, { exclusive: true })).toMatchObject({ attributed: true, statuses: ['failed'] });
  });
});

describe('delivery helpers', () => {
  it('measure spacing, delivery id reuse and the event a request carries', () => {
    const attempts = [received({ arrivedAt: 0 }), received({ arrivedAt: 100 }), received({ arrivedAt: 300 })];
    expect(intervals(attempts)).toEqual([100, 200]);
    expect(deliveryIdReuse(attempts)).toBe('the same X-Service-Delivery on every attempt');
    const fresh = attempts.map((r, i) => ({ ...r, headers: { ...r.headers, 'x-service-delivery': `d${i}` } }));
    expect(deliveryIdReuse(fresh)).toBe('a new X-Service-Delivery on every attempt');
    expect(eventOf(received())).toBe('expense.approved');
    expect(eventOf(received({ body: 'not json', json: undefined }))).toBe('expense.approved');
  });
});
