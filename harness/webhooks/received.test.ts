import { describe, expect, it } from 'vitest';
import { received } from './testing/received.js';
import { deliveryIdReuse, eventOf, intervals } from './received.js';

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
