import { describe, expect, it } from 'vitest';
import { standing } from './webhook-events.js';

const written = (...lists: Array<[string[], number]>) => ({ eventsWritten: lists.map(([events, at]) => ({ events, at })) });

describe('standing: a subscription judged by the events last written', () => {
  it('lists the event when the last events written name it, whatever came before', () => {
    expect(standing(written([['quote.created', 'expense.created'], 1]), 'expense.created')).toEqual({ listed: true });
    expect(standing(written([['quote.created'], 1], [['expense.created'], 5]), 'expense.created')).toEqual({ listed: true });
  });

  it('never listed it: no time a PATCH dropped it (the strict case)', () => {
    expect(standing(written([['quote.created'], 1], [['invoice.paid'], 5]), 'expense.created')).toEqual({ listed: false, droppedAt: undefined });
  });

  it('dropped it: when the PATCH after the last list naming it was written (the tolerance runs from there)', () => {
    expect(standing(written([['expense.created'], 1], [['quote.created'], 5], [['invoice.paid'], 9]), 'expense.created')).toEqual({
      listed: false,
      droppedAt: 5,
    });
    expect(standing(written([['expense.created'], 1], [['quote.created'], 5], [['expense.created'], 7], [['invoice.paid'], 9]), 'expense.created')).toEqual({
      listed: false,
      droppedAt: 9,
    });
  });
});
