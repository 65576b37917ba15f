import { describe, expect, it } from 'vitest';
import type { Received } from '../sink/sink.js';
import { deliveryIdReuse, eventOf, intervals } from './received.js';

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
