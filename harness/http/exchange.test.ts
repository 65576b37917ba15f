import { describe, expect, it } from 'vitest';
import { answeredExchange } from './exchange.js';
import { Redactor } from './redact.js';

const KEY = 'wmk_0123456789abcdef0123456789abcdef';

function sample(redactor: Redactor) {
  return answeredExchange(
    {
      request: { method: 'POST', url: 'http://t.example/api/v1/contacts', headers: { 'x-api-key': KEY, accept: 'application/json' }, body: `{"k":"${KEY}"}` },
      shownUrl: 'http://t.example/api/v1/contacts',
      status: 201,
      responseHeaders: { 'x-echo': KEY, 'content-type': 'application/json' },
      text: `{"echo":"${KEY}","pad":"${'x'.repeat(3000)}"}`,
      durationMs: 1.5,
    },
    redactor,
  );
}

describe('answeredExchange', () => {
  it('redacts nothing until a field is read, then reads as a plain redacted record', () => {
    let calls = 0;
    const redactor = new Redactor([KEY]);
    const counting = Object.assign(Object.create(redactor) as Redactor, {
      redact: (text: string) => (calls++, redactor.redact(text)),
      redactHeader: (name: string, value: string) => (calls++, redactor.redactHeader(name, value)),
    });
    const exchange = sample(counting);
    expect(calls).toBe(0);
    expect(exchange.curl).toContain("-H 'x-api-key: wmk_****'");
    expect(exchange.curl).not.toContain(KEY);
    expect(exchange.responseHeaders).toEqual({ 'x-echo': 'wmk_****', 'content-type': 'application/json' });
    expect(exchange.bodyExcerpt).toHaveLength(2000);
    expect(exchange.bodyExcerpt.startsWith('{"echo":"wmk_****"')).toBe(true);
    const after = calls;
    void [exchange.curl, exchange.bodyExcerpt, exchange.responseHeaders];
    expect(calls).toBe(after);
  });

  it('keeps its key order and values through JSON, structured clone and assignment', () => {
    const exchange = sample(new Redactor([KEY]));
    const keys = ['curl', 'method', 'url', 'status', 'responseHeaders', 'bodyExcerpt', 'durationMs'];
    const cloned = structuredClone(exchange);
    expect(Object.keys(cloned)).toEqual(keys);
    expect(Object.keys(JSON.parse(JSON.stringify(exchange)) as object)).toEqual(keys);
    expect(cloned).toEqual({ ...exchange });
    expect(Object.getOwnPropertyDescriptor(cloned, 'curl')?.value).toBe(exchange.curl);
    exchange.bodyExcerpt = 'replaced';
    expect(exchange.bodyExcerpt).toBe('replaced');
  });
});
