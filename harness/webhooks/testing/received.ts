import type { Received } from '../../sink/sink.js';

/** The record id the sample deliveries carry. */
export const MARKER = '5b0c2f4e-1d2a-4c3b-9e8f-7a6b5c4d3e2f';

/** One request as the sink saw it: an expense.approved delivery about MARKER, answered 500, unless overridden. */
export function received(overrides: Partial<Received> & { body?: unknown } = {}): Received {
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
