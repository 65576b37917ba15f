import { SignatureError } from '../errors.js';
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import { sha256Of } from './manifest.js';

/*
 * SIGNATURE: an Ed25519 signature over the bytes of MANIFEST.sha256, made with the
 * vendor's private key (node:crypto, no dependency). It proves who produced the bundle, not that
 * the run was honest: that is what the other checks of `verify` are for.
 *
 * The file is three `name: value` lines:
 *   algorithm: ed25519
 *   key-sha256: <hex SHA-256 of the public key's SPKI DER>   (which key signed, for a readable mismatch)
 *   signature: <base64 of the 64-byte signature>
 * Without this tool: base64-decode the last value into sig.bin, then
 * `openssl pkeyutl -verify -pubin -inkey vendor.pub -rawin -in MANIFEST.sha256 -sigfile sig.bin`.
 */

export const SIGNATURE_ALGORITHM = 'ed25519';

export interface KeyPairPem {
  /** PKCS#8 PEM, unencrypted: keep it private. */
  readonly privateKeyPem: string;
  /** SPKI PEM: hand it to whoever verifies bundles. */
  readonly publicKeyPem: string;
}

/** A new Ed25519 key pair for `conformance keygen`. */
export function generateKeyPair(): KeyPairPem {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519', {
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  return { privateKeyPem: privateKey, publicKeyPem: publicKey };
}

function ed25519(key: KeyObject, what: string): KeyObject {
  if (key.asymmetricKeyType !== 'ed25519') {
    throw new SignatureError(`the ${what} is a ${key.asymmetricKeyType ?? 'symmetric'} key, not Ed25519 (make one with \`conformance keygen\`)`);
  }
  return key;
}

/** The private key of a PEM (PKCS#8), refused unless it is Ed25519. */
export function loadPrivateKey(privateKeyPem: string, passphrase?: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(passphrase === undefined ? { key: privateKeyPem, format: 'pem' } : { key: privateKeyPem, format: 'pem', passphrase });
  } catch (cause) {
    throw new SignatureError(`the private key is not a readable PEM private key (${(cause as Error).message})`, { cause });
  }
  return ed25519(key, 'private key');
}

/** The public key of a PEM (SPKI; a private key PEM gives its public half), refused unless it is Ed25519. */
export function loadPublicKey(publicKeyPem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPublicKey({ key: publicKeyPem, format: 'pem' });
  } catch (cause) {
    throw new SignatureError(`the public key is not a readable PEM public key (${(cause as Error).message})`, { cause });
  }
  return ed25519(key, 'public key');
}

/** Hex SHA-256 of a public key's SPKI DER: names the key in SIGNATURE and in verify's messages. */
export function keyFingerprint(publicKey: KeyObject): string {
  return sha256Of(publicKey.export({ type: 'spki', format: 'der' }));
}

/** SIGNATURE file content for the manifest bytes. */
export function signManifest(manifest: Uint8Array | string, privateKeyPem: string, passphrase?: string): string {
  const privateKey = loadPrivateKey(privateKeyPem, passphrase);
  const signature = sign(null, Buffer.from(manifest), privateKey);
  return [
    `algorithm: ${SIGNATURE_ALGORITHM}`,
    `key-sha256: ${keyFingerprint(createPublicKey(privateKey))}`,
    `signature: ${signature.toString('base64')}`,
    '',
  ].join('\n');
}

export interface ParsedSignature {
  readonly algorithm: typeof SIGNATURE_ALGORITHM;
  readonly keySha256: string;
  readonly signature: Buffer;
}

/** The fields of a SIGNATURE file, or the reason it is malformed. */
export function parseSignature(text: string): ParsedSignature | { readonly problem: string } {
  const fields = new Map<string, string>();
  for (const line of text.replace(/\r\n/g, '\n').split('\n')) {
    if (line === '') continue;
    const m = /^([a-z0-9-]+): (\S+)$/.exec(line);
    if (m === null || fields.has(m[1]!)) return { problem: 'SIGNATURE is not three "name: value" lines (algorithm, key-sha256, signature)' };
    fields.set(m[1]!, m[2]!);
  }
  if (fields.size === 0) return { problem: 'SIGNATURE is empty' };
  const algorithm = fields.get('algorithm');
  if (algorithm !== SIGNATURE_ALGORITHM)
    return { problem: `SIGNATURE names algorithm ${JSON.stringify(algorithm ?? '')}; only ${SIGNATURE_ALGORITHM} is accepted` };
  const keySha256 = fields.get('key-sha256') ?? '';
  if (!/^[0-9a-f]{64}$/.test(keySha256)) return { problem: 'SIGNATURE has no key-sha256 line with a hex SHA-256' };
  const encoded = fields.get('signature') ?? '';
  const signature = Buffer.from(encoded, 'base64');
  // Ed25519 signatures are 64 bytes; a round trip rejects stray characters Buffer would skip.
  if (signature.length !== 64 || signature.toString('base64') !== encoded) return { problem: 'SIGNATURE has no signature line with 64 bytes in base64' };
  return { algorithm: SIGNATURE_ALGORITHM, keySha256, signature };
}

export type SignatureVerdict = { readonly valid: true; readonly keySha256: string } | { readonly valid: false; readonly reason: string };

/**
 * Whether `signatureText` (a SIGNATURE file) is a valid Ed25519 signature of `manifest` by the
 * key of `publicKeyPem`. Throws SignatureError only when the public key itself is unusable.
 */
export function verifyManifestSignature(manifest: Uint8Array | string, signatureText: string, publicKeyPem: string): SignatureVerdict {
  const publicKey = loadPublicKey(publicKeyPem);
  const given = keyFingerprint(publicKey);
  const parsed = parseSignature(signatureText);
  if ('problem' in parsed) return { valid: false, reason: parsed.problem };
  if (parsed.keySha256 !== given) {
    return { valid: false, reason: `signed by key sha256:${parsed.keySha256.slice(0, 16)}…, not by the given public key sha256:${given.slice(0, 16)}…` };
  }
  if (!verify(null, Buffer.from(manifest), publicKey, parsed.signature)) {
    return { valid: false, reason: `the signature does not verify with the given public key sha256:${given.slice(0, 16)}… over MANIFEST.sha256` };
  }
  return { valid: true, keySha256: given };
}
