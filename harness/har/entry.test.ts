import { describe, expect, it } from 'vitest';
import { HAR_MAX_BODY_CHARS, harEntry } from './entry.js';
import { entryCheck, harEntrySchema } from './format.js';

const wire = {
  sentAt: Date.parse('2026-11-23T10:00:00.000Z'),
  method: 'POST',
  url: 'http://t.example/api/v1/contacts?limit=2',
  requestHeaders: { 'x-api-key': 'wmk_****', 'content-type': 'application/json' },
  requestBody: '{"name":"x"}',
  status: 201,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"data":{"id":"1"}}',
  truncated: false,
  durationMs: 12.5,
};

describe('harEntry', () => {
  it('maps one exchange to HAR 1.2 with its check', () => {
    const entry = harEntry(wire, { check: 'contacts [CT-X] MUST x', requirement: 'CT-X' });
    expect(entry).toMatchObject({
      startedDateTime: '2026-11-23T10:00:00.000Z',
      time: 12.5,
      request: { method: 'POST', queryString: [{ name: 'limit', value: '2' }], postData: { mimeType: 'application/json', text: '{"name":"x"}' }, bodySize: 12 },
      response: { status: 201, content: { text: '{"data":{"id":"1"}}', size: 19 } },
      _check: 'contacts [CT-X] MUST x',
      _requirement: 'CT-X',
    });
    expect(entry.response._truncated).toBeUndefined();
  });

  it('writes what the reader of the format reads: the entry parses and names its check', () => {
    const entry = harEntry(wire, { check: 'contacts [CT-X] MUST x', requirement: 'CT-X' });
    const read = harEntrySchema.parse(JSON.parse(JSON.stringify(entry)));
    expect(entryCheck(read)).toBe('contacts [CT-X] MUST x');
    expect(entryCheck(harEntrySchema.parse(JSON.parse(JSON.stringify(harEntry(wire, { check: null, requirement: null })))))).toBeNull();
  });

  it('keeps at most 1 MiB of a body, and says so; a request without an answer has status 0 and the reason', () => {
    const huge = harEntry({ ...wire, responseBody: 'x'.repeat(HAR_MAX_BODY_CHARS + 10) }, { check: null, requirement: null });
    expect(huge.response.content.text).toHaveLength(HAR_MAX_BODY_CHARS);
    expect(huge.response.content.size).toBe(HAR_MAX_BODY_CHARS + 10);
    expect(huge.response._truncated).toBe(true);
    const lost = harEntry(
      { ...wire, status: null, responseHeaders: {}, responseBody: '', error: 'no answer within 1000 ms' },
      { check: null, requirement: null },
    );
    expect(lost.response).toMatchObject({ status: 0, bodySize: -1, _error: 'no answer within 1000 ms' });
  });
});
