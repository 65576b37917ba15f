import { describe, expect, it } from 'vitest';
import { sign } from '../sink/signature.js';
import { SinkEndpoint } from '../sink/sink.js';
import { deliveryIds, expectedArrived, foreignRows, missing, snapshot, wrongDeliveries, type SideSubscription } from './side-by-side.js';

const EVENT = 'expense.created';

function endpoint(name: string): SinkEndpoint {
  return new SinkEndpoint(name, `http://sink/hooks/${name}`, {}, undefined);
}

function deliver(to: SinkEndpoint, marker: string, secret: string, id: string, arrivedAt: number): void {
  const rawBody = Buffer.from(JSON.stringify({ event: EVENT, timestamp: '2026-01-01T00:00:00.000Z', data: { id: marker } }));
  to.record({
    attempt: to.received.length + 1,
    arrivedAt,
    method: 'POST',
    headers: { 'x-service-event': EVENT, 'x-service-signature': sign(secret, rawBody), 'x-service-delivery': id },
    rawBody,
    answered: 200,
    truncated: false,
  });
}

function subscription(id: string, changes: Partial<SideSubscription> = {}): SideSubscription {
  return {
    id,
    label: id,
    changing: 'events',
    endpoints: [endpoint(id)],
    listens: true,
    isActive: true,
    at: 0,
    secret: `whsec_${id}`,
    retired: [],
    state: 'created',
    ...changes,
  };
}

describe('side by side judgement', () => {
  it('accepts deliveries the state allows and names an absent one, without blaming it', () => {
    const a = subscription('a');
    const b = subscription('b');
    const round = snapshot(0, 'm0', 0, [a, b]);
    deliver(a.endpoints[0]!, 'm0', 'whsec_a', 'd1', 10);
    expect(expectedArrived(round, [a, b], EVENT)).toBe(false);
    expect(missing(round, [a, b], EVENT)).toEqual(['b']);
    expect(wrongDeliveries(round, [a, b], EVENT)).toEqual([]);
  });

  it('fails a delivery to a subscription not listening, inactive, or at a URL it no longer has', () => {
    const quiet = subscription('quiet', { listens: false, state: 'events ["quote.rejected"]' });
    const off = subscription('off', { isActive: false });
    const moved = subscription('moved', { changing: 'url', endpoints: [endpoint('moved-1'), endpoint('moved-2')], at: 1 });
    const round = snapshot(2, 'm2', 0, [quiet, off, moved]);
    deliver(quiet.endpoints[0]!, 'm2', 'whsec_quiet', 'd1', 5);
    deliver(off.endpoints[0]!, 'm2', 'whsec_off', 'd2', 5);
    deliver(moved.endpoints[0]!, 'm2', 'whsec_moved', 'd3', 5);
    const wrong = wrongDeliveries(round, [quiet, off, moved], EVENT);
    expect(wrong).toHaveLength(3);
    expect(wrong[0]).toContain('whose state forbids it: events ["quote.rejected"]');
    expect(wrong[2]).toContain('at a URL it no longer has');
  });

  it('fails a delivery signed with a replaced secret, and leaves one arriving after the next changes to the next state', () => {
    const rotating = subscription('r', { changing: 'secret', secret: 'whsec_new', retired: ['whsec_create', 'whsec_first'] });
    const round = snapshot(2, 'm', 0, [rotating]);
    deliver(rotating.endpoints[0]!, 'm', 'whsec_first', 'd1', 10);
    expect(wrongDeliveries(round, [rotating], EVENT)[0]).toContain('signed with the secret of rotation 1, which rotation 2 replaced');
    round.until = 5;
    expect(wrongDeliveries(round, [rotating], EVENT)).toEqual([]);
  });

  it("finds another subscription's delivery in a deliveries list, but not a delivery id both received", () => {
    const a = subscription('a');
    const b = subscription('b');
    const round = snapshot(0, 'm', 0, [a, b]);
    deliver(a.endpoints[0]!, 'm', 'whsec_a', 'only-a', 1);
    deliver(b.endpoints[0]!, 'm', 'whsec_b', 'only-b', 1);
    deliver(a.endpoints[0]!, 'm', 'whsec_a', 'shared', 2);
    deliver(b.endpoints[0]!, 'm', 'whsec_b', 'shared', 2);
    const ids = deliveryIds([round], [a, b], EVENT);
    expect(foreignRows(a, [{ deliveryId: 'only-a' }, { deliveryId: 'shared' }], ids, [a, b])).toEqual([]);
    expect(foreignRows(a, [{ deliveryId: 'only-a' }, { deliveryId: 'only-b' }], ids, [a, b])[0]).toContain("a's deliveries list shows b's delivery only-b");
  });
});
