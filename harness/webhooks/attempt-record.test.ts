import { describe, expect, it } from 'vitest';
import { MARKER, received } from './testing/received.js';
import { attemptFields, attemptOrder, attemptRecord, describeRecord, endedShort } from './attempt-record.js';

describe('attemptRecord', () => {
  const ours = [received({ arrivedAt: 1000 }), received({ arrivedAt: 1100, attempt: 2 })];
  /** n attempts of delivery dlv-1 as the sink saw them. */
  const sinkSaw = (n: number) => Array.from({ length: n }, (_, i) => received({ arrivedAt: 1000 + 100 * i, attempt: i + 1 }));
  /** Row-per-attempt rows of dlv-1 with these statuses, numbered from 1. */
  const attemptRows = (...statuses: string[]) =>
    statuses.map((status, i) => ({ id: `row-${i + 1}`, deliveryId: 'dlv-1', event: 'expense.approved', attempt: i + 1, status }));

  it('ties rows by the record id or the X-Service-Delivery id, and keeps other deliveries out', () => {
    const rows = [
      { id: 'a', status: 'retrying', payload: { data: { id: MARKER } } },
      { id: 'b', status: 'failed', payload: { data: { id: MARKER } } },
      { id: 'c', status: 'delivered', payload: { data: { id: 'someone-else' } } },
    ];
    const record = attemptRecord(rows, MARKER, ours);
    expect(record.ours.map((r) => r['id'])).toEqual(['a', 'b']);
    expect(record).toMatchObject({ attributed: true, recorded: 2, model: 'row-per-attempt', statuses: ['retrying', 'failed'] });
  });

  it('matches a short or numeric delivery id as a whole value only', () => {
    const short = [received({ headers: { 'x-service-delivery': '7', 'x-service-event': 'expense.approved' } })];
    const rows = [
      { id: 7, status: 'failed', attempts: [{}] },
      { id: 17, status: 'delivered', note: 'attempt 7 of 70', attempts: [{}] },
    ];
    expect(attemptRecord(rows, MARKER, short).ours).toEqual([rows[0]]);
  });

  describe('one row per attempt', () => {
    it('ended after 3 attempts: earlier rows retrying, the latest failed is evidence the delivery ended short', () => {
      const record = attemptRecord(attemptRows('retrying', 'retrying', 'failed'), MARKER, sinkSaw(3));
      expect(record).toMatchObject({ model: 'row-per-attempt', order: 'attempt number', recorded: 3, current: 'failed', ended: 'failed' });
      expect(record.ended).toBe('failed');
      expect(endedShort(record, 3, 5)).toEqual({ status: 'failed', attempts: 3 });
      expect(describeRecord(record)).toBe('row-per-attempt, 3 rows by attempt number: retrying, retrying, failed');
    });

    it('reads the latest row whatever order the log lists them in', () => {
      const newestFirst = attemptRows('retrying', 'retrying', 'failed').reverse();
      expect(attemptRecord(newestFirst, MARKER, sinkSaw(3))).toMatchObject({ current: 'failed', ended: 'failed' });
      const stillGoing = attemptRows('retrying', 'retrying').reverse();
      expect(attemptRecord(stillGoing, MARKER, sinkSaw(2))).toMatchObject({ current: 'retrying', ended: undefined });
    });

    it('latest row retrying or pending: still going, no evidence', () => {
      for (const statuses of [['retrying', 'retrying', 'retrying'], ['retrying', 'retrying', 'pending'], ['pending']]) {
        const record = attemptRecord(attemptRows(...statuses), MARKER, sinkSaw(3));
        expect(record.ended, statuses.join()).toBeUndefined();
        expect(endedShort(record, 3, 5), statuses.join()).toBeUndefined();
      }
      // a row scheduled for the next attempt follows a failed one: failed is not the end here
      expect(attemptRecord(attemptRows('failed', 'retrying'), MARKER, sinkSaw(1))).toMatchObject({ current: 'retrying', ended: undefined });
    });

    it('does not count a pending row as an attempt made', () => {
      expect(attemptRecord(attemptRows('retrying', 'pending'), MARKER, sinkSaw(1)).recorded).toBe(1);
      expect(attemptRecord(attemptRows('pending'), MARKER, []).recorded).toBe(0);
    });

    it('takes no final status as the end from a target whose final statuses are followed by more attempts', () => {
      // every failed attempt is marked failed: the latest failed row may yet be followed by another
      const record = attemptRecord(attemptRows('failed', 'failed', 'failed'), MARKER, sinkSaw(3));
      expect(record).toMatchObject({ current: 'failed', ended: undefined });
      expect(endedShort(record, 3, 5)).toBeUndefined();
    });

    it('takes a lone failed row as no end once the log was seen marking a failed attempt followed by another, or when a row names its next attempt', () => {
      const lone = attemptRows('failed');
      expect(attemptRecord(lone, MARKER, sinkSaw(1))).toMatchObject({ ended: 'failed', failedThenRetried: false });
      expect(attemptRecord(lone, MARKER, sinkSaw(1), { failedNotFinal: true })).toMatchObject({ current: 'failed', ended: undefined });
      expect(attemptRecord(attemptRows('failed', 'delivered'), MARKER, sinkSaw(2)).failedThenRetried).toBe(true);
      const scheduled = lone.map((row) => ({ ...row, nextAttemptAt: '2026-01-01T10:05:00.000Z' }));
      expect(attemptRecord(scheduled, MARKER, sinkSaw(1))).toMatchObject({ ended: undefined });
      // a convention of retrying rows still ends with failed
      expect(attemptRecord(attemptRows('retrying', 'retrying', 'failed'), MARKER, sinkSaw(3), { failedNotFinal: true })).toMatchObject({ ended: 'failed' });
    });

    it('orders by a time every row carries when there is no attempt number, never by equal (truncated) times', () => {
      const timed = (times: string[], statuses: string[]) => statuses.map((status, i) => ({ id: `r${i}`, deliveryId: 'dlv-1', status, createdAt: times[i] }));
      const distinct = timed(['2026-01-01T10:00:02.000Z', '2026-01-01T10:00:00.000Z', '2026-01-01T10:00:01.000Z'], ['failed', 'retrying', 'retrying']);
      expect(attemptRecord(distinct, MARKER, sinkSaw(3))).toMatchObject({ order: 'time createdAt', current: 'failed', ended: 'failed' });
      // the same second twice: no order from it
      const tied = timed(['2026-01-01T10:00:01Z', '2026-01-01T10:00:01Z'], ['retrying', 'failed']);
      expect(attemptOrder(tied)).toBeUndefined();
    });

    it('without any order, ends only when one row is final, the rest retrying, and the sink saw as many attempts', () => {
      const rows = [
        { deliveryId: 'dlv-1', status: 'failed' },
        { deliveryId: 'dlv-1', status: 'retrying' },
        { deliveryId: 'dlv-1', status: 'retrying' },
      ];
      expect(attemptRecord(rows, MARKER, sinkSaw(3))).toMatchObject({ order: undefined, ended: 'failed' });
      // a fourth attempt reached the sink that the log does not show yet: the final row may not be the latest
      expect(attemptRecord(rows, MARKER, sinkSaw(4))).toMatchObject({ ended: undefined });
      const twoFinal = [...rows, { deliveryId: 'dlv-1', status: 'failed' }];
      expect(attemptRecord(twoFinal, MARKER, sinkSaw(4))).toMatchObject({ ended: undefined, current: undefined });
    });
  });

  describe('one record per delivery', () => {
    it('with 5 attempts inside and status failed: all attempts recorded, ended failed', () => {
      const record = attemptRecord(
        [
          {
            id: 'dlv-1',
            status: 'failed',
            attempts: [1, 2, 3, 4, 5].map((attempt) => ({ attempt, status: attempt === 5 ? 'failed' : 'retrying', responseStatus: 500 })),
            attemptCount: 5,
          },
        ],
        MARKER,
        sinkSaw(5),
      );
      expect(record).toMatchObject({ model: 'record-per-delivery', recorded: 5, attemptDetail: true, current: 'failed', ended: 'failed' });
      expect(endedShort(record, 5, 5)).toBeUndefined();
      expect(describeRecord(record)).toBe('record-per-delivery: failed, 5 attempt(s)');
    });

    it('ended after 3 attempts, read from an array or a count alone', () => {
      const withArray = attemptRecord([{ id: 'dlv-1', status: 'failed', attempts: [{}, {}, {}] }], MARKER, sinkSaw(3));
      expect(endedShort(withArray, 3, 5)).toEqual({ status: 'failed', attempts: 3 });
      const withCount = attemptRecord([{ deliveryId: 'dlv-1', status: 'failed', attemptCount: 3 }], MARKER, sinkSaw(3));
      expect(withCount).toMatchObject({ model: 'record-per-delivery', recorded: 3 });
      expect(endedShort(withCount, 3, 5)).toEqual({ status: 'failed', attempts: 3 });
    });

    it('still retrying: no evidence', () => {
      const record = attemptRecord([{ id: 'dlv-1', status: 'retrying', attempts: [{}, {}, {}] }], MARKER, sinkSaw(3));
      expect(record).toMatchObject({ current: 'retrying', ended: undefined });
      expect(endedShort(record, 3, 5)).toBeUndefined();
    });

    it('reads counts under other names and ignores numbers that count something else', () => {
      expect(attemptFields({ attempts: 4 })).toEqual({ count: 4 });
      expect(attemptFields({ retryCount: 4 })).toEqual({ count: 5 });
      expect(attemptFields({ maxAttempts: 5, attemptTimeoutMs: 1000, nextAttemptAt: 'x', deliveryAttempts: [{}, {}] })).toEqual({ list: 2 });
      expect(attemptFields({ attempt: 2, attemptNumber: 2 })).toEqual({ ordinal: 2 });
      expect(attemptFields({ attempts: ['a', 'b'] })).toEqual({});
    });

    it('one record for several attempts the sink saw, without attempt details', () => {
      const record = attemptRecord([{ id: 'dlv-1', status: 'failed' }], MARKER, sinkSaw(3));
      expect(record).toMatchObject({ model: 'record-per-delivery', attemptDetail: false, recorded: 1, ended: 'failed' });
      // the sink's own count is the evidence then
      expect(endedShort(record, 3, 5)).toEqual({ status: 'failed', attempts: 3 });
    });
  });

  it('says nothing of an end when the log accounts for the attempts the sink did not see', () => {
    const record = attemptRecord([{ id: 'dlv-1', status: 'failed', attemptCount: 5 }], MARKER, sinkSaw(3));
    expect(endedShort(record, 3, 5)).toBeUndefined();
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
    expect(attemptRecord(rows, MARKER, ours)).toMatchObject({ attributed: false, recorded: 0, ended: undefined });
    expect(attemptRecord(rows, MARKER, ours).ended).toBeUndefined();
    expect(endedShort(attemptRecord(rows, MARKER, ours), 2, 5)).toBeUndefined();
    expect(attemptRecord(rows, MARKER, ours, { exclusive: true })).toMatchObject({ attributed: true, statuses: ['failed'] });
  });
});
