import { createHmac, timingSafeEqual } from 'node:crypto';
import { SECRET_PREFIX } from '../spec/webhooks.js';

/** `sha256=<hex>` of HMAC-SHA256 over the exact body bytes, keyed with the secret (spec 6.2). */
export function sign(secret: string | Buffer, body: Uint8Array | string): string {
  return `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
}

/**
 * How a server may turn the subscription secret into the HMAC key. Spec 6.2 says "keyed with the
 * subscription secret" and shows no encoding: the whole string is the plain reading, but a
 * `whsec_` secret is by the Standard Webhooks convention keyed with the part after the prefix,
 * base64-decoded, and the part after the prefix as text is a third reading of the same words.
 */
export type SigningKeyForm = 'whole secret' | 'part after whsec_' | 'base64-decoded part after whsec_';

/** The keys a secret may stand for, the whole string first. */
export function signingKeys(secret: string): Array<{ readonly form: SigningKeyForm; readonly key: string | Buffer }> {
  const keys: Array<{ form: SigningKeyForm; key: string | Buffer }> = [{ form: 'whole secret', key: secret }];
  if (!secret.startsWith(SECRET_PREFIX) || secret.length === SECRET_PREFIX.length) return keys;
  const rest = secret.slice(SECRET_PREFIX.length);
  keys.push({ form: 'part after whsec_', key: rest });
  // Only a string that is base64 (standard or URL-safe alphabet) decodes to a key of its own.
  if (/^[A-Za-z0-9+/_-]+={0,2}$/.test(rest)) {
    const decoded = Buffer.from(rest.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
    if (decoded.length > 0) keys.push({ form: 'base64-decoded part after whsec_', key: decoded });
  }
  return keys;
}

function matches(key: string | Buffer, body: Uint8Array, given: Buffer): boolean {
  const expected = createHmac('sha256', key).update(body).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

function digestOf(header: string | undefined): Buffer | undefined {
  if (header === undefined) return undefined;
  const match = /^sha256=([0-9a-fA-F]{64})$/.exec(header.trim());
  return match ? Buffer.from(match[1]!, 'hex') : undefined;
}

/**
 * Which form of `secret` the `X-Service-Signature` header was made with over the raw body, or
 * undefined when none verifies. Each comparison runs in constant time (spec 6.2: "preferably in
 * constant time"). Never parses the body first: a re-serialised object would not be the bytes
 * that were signed.
 */
export function signingKeyForm(secret: string, body: Uint8Array, header: string | undefined): SigningKeyForm | undefined {
  const given = digestOf(header);
  if (given === undefined) return undefined;
  return signingKeys(secret).find(({ key }) => matches(key, body, given))?.form;
}

/** Whether the header verifies over the raw body with any form of the secret (see signingKeyForm). */
export function verifySignature(secret: string, body: Uint8Array, header: string | undefined): boolean {
  return signingKeyForm(secret, body, header) !== undefined;
}
