import { describe, expect, it } from 'vitest';
import type { Received } from '../sink/sink.js';
import { logEvidence, sinkVerdict, type SinkOutcome } from './sink.js';

const where = { url: 'http://sink.example/hooks/abc', fix: 'set CONFORMANCE_SINK_PUBLIC_URL' };
const none: SinkOutcome = { received: [], strays: [], evidence: { failed: 0, pending: 0 }, waitedMs: 30_000, secretKnown: true };
const delivery = (signatureValid: boolean | null): Received => ({
  attempt: 1,
  arrivedAt: 0,
  method: 'POST',
  headers: { 'x-service-event': 'quote.rejected' },
  rawBody: Buffer.from('{}'),
  signatureValid,
  json: {},
  answered: 200,
  truncated: false,
});

describe('logEvidence', () => {
  it('reads failed attempts, answers and errors from rows and from attempts nested in records', () => {
    expect(logEvidence([{ status: 'retrying', responseStatus: null, error: 'connect ECONNREFUSED 127.0.0.1:9' }, { status: 'pending' }])).toEqual({
      failed: 1,
      pending: 1,
      error: 'connect ECONNREFUSED 127.0.0.1:9',
    });
    expect(logEvidence([{ status: 'retrying', attempts: [{ status: 'failed', statusCode: 404 }] }])).toEqual({ failed: 2, pending: 0, answer: 404 });
    expect(logEvidence([{ status: 'delivered', responseStatus: 200 }])).toEqual({ failed: 0, pending: 0 });
  });
});

describe('sinkVerdict', () => {
  it('is ok for a delivery whose signature verifies, a warning otherwise', () => {
    expect(sinkVerdict({ ...none, received: [delivery(true)], waitedMs: 300 }, where)).toMatchObject({
      status: 'ok',
      detail: 'the test delivery arrived after 0.3 s (X-Service-Event: quote.rejected); its signature verifies',
    });
    expect(sinkVerdict({ ...none, received: [delivery(false)] }, where).status).toBe('warning');
    expect(sinkVerdict({ ...none, received: [delivery(null)], secretKnown: false }, where).detail).toMatch(/no whsec_ secret/);
  });
  it('tells another path from another address from no connection from never called', () => {
    expect(sinkVerdict({ ...none, strays: [{ path: '/other' }] }, where).detail).toMatch(/at \/other instead of the subscription's URL/);
    expect(sinkVerdict({ ...none, evidence: { failed: 1, pending: 0, answer: 404 } }, where).detail).toBe(
      'the target called http://sink.example/hooks/abc and got 404: something other than the sink answers at that address',
    );
    const refused = sinkVerdict({ ...none, evidence: { failed: 2, pending: 0, error: 'ECONNREFUSED' } }, where);
    expect(refused).toMatchObject({ status: 'problem', fix: where.fix });
    expect(refused.detail).toMatch(/could not deliver .*2 failed attempts \(ECONNREFUSED\)/);
    expect(sinkVerdict({ ...none, evidence: { failed: 0, pending: 1 } }, where).status).toBe('warning');
    expect(sinkVerdict(none, where).detail).toBe('the target never called: nothing reached the sink in 30.0 s and its deliveries log shows no attempt');
  });
});
