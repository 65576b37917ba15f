import { SignatureError } from '../errors.js';
import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { generateKeyPair, keyFingerprint, loadPublicKey, parseSignature, signManifest, verifyManifestSignature } from './signature.js';

const MANIFEST = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad  report.json\n';
const vendor = generateKeyPair();
const other = generateKeyPair();

describe('SIGNATURE', () => {
  it('makes PEM key pairs: PKCS#8 private, SPKI public', () => {
    expect(vendor.privateKeyPem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(vendor.publicKeyPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(vendor.publicKeyPem).not.toBe(other.publicKeyPem);
  });

  it('signs the manifest bytes and names the algorithm and the key', () => {
    const text = signManifest(MANIFEST, vendor.privateKeyPem);
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('algorithm: ed25519');
    expect(lines[1]).toBe(`key-sha256: ${keyFingerprint(loadPublicKey(vendor.publicKeyPem))}`);
    expect(lines[2]).toMatch(/^signature: [A-Za-z0-9+/]{86}==$/);
    expect(verifyManifestSignature(MANIFEST, text, vendor.publicKeyPem)).toEqual({
      valid: true,
      keySha256: keyFingerprint(loadPublicKey(vendor.publicKeyPem)),
    });
    // Ed25519 is deterministic: the same manifest and key give the same file.
    expect(signManifest(Buffer.from(MANIFEST), vendor.privateKeyPem)).toBe(text);
  });

  it('says another key signed it when the signature was swapped', () => {
    const swapped = signManifest(MANIFEST, other.privateKeyPem);
    const verdict = verifyManifestSignature(MANIFEST, swapped, vendor.publicKeyPem);
    expect(verdict.valid).toBe(false);
    expect(!verdict.valid && verdict.reason).toMatch(/^signed by key sha256:[0-9a-f]{16}…, not by the given public key/);
  });

  it('does not trust the key line: a forged one still fails the signature', () => {
    const forged = signManifest(MANIFEST, other.privateKeyPem).replace(
      /^key-sha256: .*$/m,
      `key-sha256: ${keyFingerprint(loadPublicKey(vendor.publicKeyPem))}`,
    );
    const verdict = verifyManifestSignature(MANIFEST, forged, vendor.publicKeyPem);
    expect(!verdict.valid && verdict.reason).toMatch(/does not verify with the given public key/);
  });

  it('fails for a manifest changed after signing', () => {
    const text = signManifest(MANIFEST, vendor.privateKeyPem);
    expect(verifyManifestSignature(MANIFEST.replace('report', 'Report'), text, vendor.publicKeyPem).valid).toBe(false);
  });

  it.each([
    ['', 'SIGNATURE is empty'],
    ['algorithm: rsa\nkey-sha256: 00\nsignature: AA==\n', 'only ed25519'],
    [`algorithm: ed25519\nkey-sha256: ${'0'.repeat(64)}\nsignature: AAAA\n`, '64 bytes'],
    [`algorithm: ed25519\nalgorithm: ed25519\n`, 'not three'],
  ])('names what is wrong with a malformed SIGNATURE (%#)', (text, problem) => {
    const parsed = parseSignature(text);
    expect('problem' in parsed && parsed.problem).toContain(problem);
  });

  it('refuses keys that are not Ed25519 PEM', () => {
    const rsa = generateKeyPairSync('rsa', {
      modulusLength: 1024,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    expect(() => signManifest(MANIFEST, rsa.privateKey)).toThrow(SignatureError);
    expect(() => signManifest(MANIFEST, rsa.privateKey)).toThrow(/rsa key, not Ed25519/);
    expect(() => verifyManifestSignature(MANIFEST, '', rsa.publicKey)).toThrow(/not Ed25519/);
    expect(() => verifyManifestSignature(MANIFEST, '', 'not a key')).toThrow(/not a readable PEM public key/);
    // A private key file given as the public key still names its public half.
    expect(keyFingerprint(loadPublicKey(vendor.privateKeyPem))).toBe(keyFingerprint(loadPublicKey(vendor.publicKeyPem)));
  });
});
