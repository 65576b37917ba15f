import { createHmac, timingSafeEqual } from 'node:crypto';

/** `sha256=<hex>` of HMAC-SHA256 over the exact body bytes, keyed with the secret (spec 6.2). */
export function sign(secret: string, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * Checks an `X-Service-Signature` header against the raw body, in constant time (spec 6.2:
 * "preferably in constant time"). Never parses the body first: a re-serialised object would not
 * be the bytes that were signed.
 */
export function verifySignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  if (header === undefined) return false;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  if (!match) return false;
  const expected = createHmac('sha256', secret).update(body).digest();
  const given = Buffer.from(match[1]!, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
