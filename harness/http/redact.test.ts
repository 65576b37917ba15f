import { describe, expect, it } from 'vitest';
import { Redactor, maskSecret } from './redact.js';

const ADMIN = 'wmk_3be3b5804692ebe4e955884c7b5d1661';
const MEMBER = 'wmk_388cc01d50ca3ea00f619ece547c632f';

describe('maskSecret', () => {
  it('keeps a short prefix before the underscore and hides the rest', () => {
    expect(maskSecret(ADMIN)).toBe('wmk_****');
    expect(maskSecret('whsec_abcdef')).toBe('whsec_****');
  });

  it('hides everything when there is no usable prefix', () => {
    expect(maskSecret('plainsecretvalue')).toBe('****');
    expect(maskSecret('_leadingunderscore')).toBe('****');
    expect(maskSecret('averyveryverylongprefix_secret')).toBe('****');
  });
});

describe('Redactor.redact', () => {
  it('replaces every occurrence of every key', () => {
    const redactor = new Redactor([ADMIN, MEMBER]);
    const out = redactor.redact(`a=${ADMIN}&b=${MEMBER}; again ${ADMIN}\n${JSON.stringify({ key: MEMBER })}`);
    expect(out).not.toContain(ADMIN);
    expect(out).not.toContain(MEMBER);
    expect(out).not.toContain('3be3b5804692');
    expect(out.match(/wmk_\*\*\*\*/g)).toHaveLength(4);
    expect(out).toBe('a=wmk_****&b=wmk_****; again wmk_****\n{"key":"wmk_****"}');
  });

  it('masks the secret part of a key echoed without its prefix', () => {
    const out = new Redactor([ADMIN]).redact(`secret=${ADMIN.slice(4)}; whole ${ADMIN}`);
    expect(out).not.toContain('3be3b5804692');
    expect(out).toBe('secret=****; whole wmk_****');
  });

  it('leaves text without secrets unchanged', () => {
    expect(new Redactor([ADMIN]).redact('nothing to hide: wmk_ and 3be3')).toBe('nothing to hide: wmk_ and 3be3');
  });

  it('ignores undefined and very short values, which would mangle ordinary text', () => {
    const redactor = new Redactor([undefined, 'abc', '']);
    expect(redactor.redact('abcabc')).toBe('abcabc');
  });

  it('masks webhook secrets it was never told about', () => {
    const out = new Redactor([]).redact('secret: whsec_AbC+/=_-123xyz, then "whsec_Zz9" end');
    expect(out).toBe('secret: whsec_****, then "whsec_****" end');
  });

  it('replaces a secret that contains another one whole, whatever order they were given in', () => {
    const short = 'wmk_abcd1234';
    const long = `${short}EFGH5678`;
    for (const redactor of [new Redactor([short, long]), new Redactor([long, short])]) {
      const out = redactor.redact(`long=${long} short=${short}`);
      expect(out).toBe('long=wmk_**** short=wmk_****');
      expect(out).not.toContain('EFGH');
    }
  });

  it('with() adds secrets and keeps the old ones', () => {
    const base = new Redactor([ADMIN]);
    const more = base.with(['tok_newsecret99', undefined]);
    expect(more.redact(`${ADMIN} tok_newsecret99`)).toBe('wmk_**** tok_****');
    // The original is not changed.
    expect(base.redact('tok_newsecret99')).toBe('tok_newsecret99');
  });
});

describe('Redactor.redactHeader', () => {
  const redactor = new Redactor([ADMIN]);

  it('masks X-API-Key whatever its case and value, even an unknown key', () => {
    expect(redactor.redactHeader('X-API-Key', ADMIN)).toBe('wmk_****');
    expect(redactor.redactHeader('x-api-key', 'wmk_UNKNOWNkey999')).toBe('wmk_****');
    expect(redactor.redactHeader('X-Api-Key', 'nounderscorekey')).toBe('****');
  });

  it('keeps an empty X-API-Key empty, so the report shows an empty header was sent', () => {
    expect(redactor.redactHeader('x-api-key', '')).toBe('');
  });

  it('keeps the Authorization scheme and masks the credentials', () => {
    expect(redactor.redactHeader('Authorization', `Bearer ${ADMIN}`)).toBe('Bearer wmk_****');
    expect(redactor.redactHeader('authorization', 'Bearer wmk_unknownKey42')).toBe('Bearer wmk_****');
    expect(redactor.redactHeader('Authorization', 'Basic dXNlcjpwYXNzd29yZA==')).toBe('Basic ****');
    expect(redactor.redactHeader('Authorization', ADMIN)).toBe('wmk_****');
  });

  it('redacts known secrets in other headers and leaves the rest', () => {
    expect(redactor.redactHeader('x-echo', `key=${ADMIN}`)).toBe('key=wmk_****');
    expect(redactor.redactHeader('content-type', 'application/json')).toBe('application/json');
  });

  it('masks a webhook secret whole, a JSON-escaped slash included, and keeps JSON around it valid', () => {
    const r = new Redactor([]);
    expect(r.redact('{"s":"whsec_ab\\/cd.ef"}')).toBe('{"s":"whsec_****"}');
    const nested = JSON.stringify({ excerpt: JSON.stringify({ s: 'whsec_abc/d.e', n: 1 }) });
    expect(JSON.parse(r.redact(nested))).toEqual({ excerpt: '{"s":"whsec_****","n":1}' });
  });
});
