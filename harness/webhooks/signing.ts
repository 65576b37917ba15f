import type { CheckContext } from '../check/check.js';
import { ensure, fail } from '../check/expect.js';
import { signingKeyForm, verifySignature } from '../sink/signature.js';
import type { Received } from '../sink/sink.js';
import { SIGNATURE_HEADER } from '../spec/webhooks.js';

/** Spec 6.2: the header format, then the HMAC over the exact bytes received. */
export function expectSigned(t: CheckContext, delivery: Received, secret: string, label: string): void {
  const header = delivery.headers['x-service-signature'];
  ensure(header !== undefined, `expected an X-Service-Signature header on ${label}`);
  ensure(
    SIGNATURE_HEADER.test(header.trim()),
    `expected X-Service-Signature of the form sha256=<64 hex digits> on ${label}, got ${JSON.stringify(header.slice(0, 20))}...`,
  );
  // Spec 6.2 "keyed with the subscription secret" shows no encoding of the key: the whole string,
  // the part after whsec_, or its base64 decoding (Standard Webhooks) all verify; which one is recorded.
  const form = signingKeyForm(secret, delivery.rawBody, header);
  if (form !== undefined) {
    t.observe('webhook-signing-key', 'HMAC key of X-Service-Signature', form);
    return;
  }
  // A diagnosis only: the signature fits the parsed object serialised again, not the bytes sent.
  const reserialised =
    delivery.json !== undefined &&
    [undefined, 1, 2].some((indent) => verifySignature(secret, Buffer.from(JSON.stringify(delivery.json, null, indent)), header));
  fail(
    `the signature of ${label} does not verify over the raw body with the subscription secret` +
      (reserialised ? ' (it verifies over a re-serialised body: the target signs other bytes than it sends)' : ''),
  );
}
