import { describe, expect, it } from 'vitest';
import { sign, signingKeyForm, verifySignature } from './signature.js';

// The published vector of the same scheme (HMAC-SHA256, hex, `sha256=` prefix).
const SECRET = "It's a Secret to Everybody";
const BODY = Buffer.from('Hello, World!');
const SIGNATURE = 'sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17';

describe('webhook signatures', () => {
  it('match the published test vector', () => {
    expect(sign(SECRET, BODY)).toBe(SIGNATURE);
    expect(verifySignature(SECRET, BODY, SIGNATURE)).toBe(true);
  });

  it('accept upper-case hex and surrounding spaces', () => {
    expect(verifySignature(SECRET, BODY, ` sha256=${SIGNATURE.slice(7).toUpperCase()} `)).toBe(true);
  });

  it.each([
    ['a missing header', undefined],
    ['another secret', sign('another secret', BODY)],
    ['a body changed by one byte', sign(SECRET, 'Hello, World?')],
    ['no prefix', SIGNATURE.slice(7)],
    ['another algorithm', SIGNATURE.replace('sha256', 'sha1')],
    ['a truncated digest', SIGNATURE.slice(0, -2)],
    ['not hex', `sha256=${'z'.repeat(64)}`],
  ])('reject %s', (_what, header) => {
    expect(verifySignature(SECRET, BODY, header)).toBe(false);
  });

  it('check the raw bytes, not a re-serialised object', () => {
    const raw = Buffer.from('{"b":1,  "a":2}');
    const header = sign(SECRET, raw);
    expect(verifySignature(SECRET, raw, header)).toBe(true);
    expect(verifySignature(SECRET, Buffer.from(JSON.stringify(JSON.parse(raw.toString()))), header)).toBe(false);
  });

  it('accept a whsec_ secret keyed whole, by the part after the prefix, or by its base64 decoding, and say which', () => {
    const secret = `whsec_${Buffer.from('sixteen byte key').toString('base64')}`;
    expect(signingKeyForm(secret, BODY, sign(secret, BODY))).toBe('whole secret');
    expect(signingKeyForm(secret, BODY, sign(secret.slice(6), BODY))).toBe('part after whsec_');
    expect(signingKeyForm(secret, BODY, sign(Buffer.from('sixteen byte key'), BODY))).toBe('base64-decoded part after whsec_');
    expect(signingKeyForm(secret, BODY, sign('whsec_another', BODY))).toBeUndefined();
    expect(verifySignature(secret, BODY, sign(Buffer.from('another key'), BODY))).toBe(false);
  });
});
