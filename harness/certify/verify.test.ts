import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { toolInfo } from './environment.js';
import { generateKeyPair } from './signature.js';
import { bundleFor, editFile, reseal, syntheticReport } from './testing/synthetic-bundle.js';
import { formatVerifyResult, VERIFY_CHECKS, verifyBundle, verifyBundleFiles, type VerifyResult } from './verify.js';
import { writeBundle, renderBundleReadme } from './bundle.js';

const keys = generateKeyPair();
const verifier = await toolInfo();
const report = syntheticReport();
const { files, environment, product } = await bundleFor(report, { privateKeyPem: keys.privateKeyPem });

/** Verified with the vendor's public key unless `publicKeyPem` says otherwise (null: none given). */
function verify(bundle: Map<string, Buffer>, publicKeyPem: string | null = keys.publicKeyPem, irregular: string[] = []): VerifyResult {
  return verifyBundleFiles({ files: bundle, irregular }, { publicKeyPem: publicKeyPem ?? undefined, verifier });
}

function statuses(result: VerifyResult): Record<string, string> {
  return Object.fromEntries(result.checks.map((c) => [c.id, c.status]));
}

function failing(result: VerifyResult): Record<string, string> {
  return Object.fromEntries(result.checks.filter((c) => c.status === 'fail').map((c) => [c.id, c.message]));
}

describe('verify', () => {
  it('passes a signed bundle of a full conformant certify run, one line per check', () => {
    const result = verify(files);
    expect(result.checks.map((c) => c.id)).toEqual([...VERIFY_CHECKS]);
    expect(result.checks.filter((c) => c.status !== 'ok')).toEqual([]);
    expect(result.exitCode).toBe(0);
    const lines = formatVerifyResult(result);
    expect(lines).toHaveLength(VERIFY_CHECKS.length + 1);
    expect(lines[2]).toMatch(/^ok {6}signature: valid Ed25519 signature of MANIFEST.sha256 by key sha256:[0-9a-f]{16}…$/);
    expect(lines.at(-1)).toBe('bundle valid');
  });

  it("names the tool's container image beside its version when the bundle records one, and nothing of an image when it does not", async () => {
    const digest = `sha256:${'ab'.repeat(32)}`;
    const inImage = await bundleFor(report, { privateKeyPem: keys.privateKeyPem, image: { digest, name: 'localhost/work-management-conformance:0.1.0' } });
    const line = formatVerifyResult(verify(inImage.files)).find((l) => l.includes('environment:'));
    expect(line).toContain(`${verifier.name} ${verifier.version} in image ${digest} (localhost/work-management-conformance:0.1.0)`);
    expect(inImage.files.get('README.md')!.toString()).toContain(`in image ${digest}`);
    expect(verify(inImage.files).exitCode).toBe(0);
    const plain = formatVerifyResult(verify(files)).find((l) => l.includes('environment:'));
    expect(plain).toContain(`(${verifier.name} ${verifier.version}, Node`);
    expect(plain).not.toContain('image');
  });

  it('fails an environment.json whose image digest is not a digest', () => {
    const environmentJson = JSON.parse(files.get('environment.json')!.toString()) as { tool: Record<string, unknown> };
    environmentJson.tool['image'] = { digest: 'latest' };
    const edited = reseal(new Map([...files, ['environment.json', Buffer.from(JSON.stringify(environmentJson))]]), keys.privateKeyPem);
    expect(failing(verify(edited))['readable']).toBe('environment.json: tool.image.digest: expected sha256: and 64 hex digits');
  });

  it('warns, and stays valid, when the bundle is unsigned or no key is given', () => {
    const unsigned = reseal(files);
    expect(verify(unsigned, null).checks.find((c) => c.id === 'signature')).toEqual({
      id: 'signature',
      status: 'warning',
      message: 'unsigned: the bundle has no SIGNATURE',
    });
    expect(verify(unsigned, null).exitCode).toBe(0);
    expect(formatVerifyResult(verify(unsigned, null)).at(-1)).toBe('bundle valid (1 warning)');
    expect(verify(files, null).checks.find((c) => c.id === 'signature')!.message).toBe('not checked: SIGNATURE present but no public key given (--public-key)');
    expect(verify(files, null).exitCode).toBe(0);
  });

  it('fails when a key is given and the bundle has no SIGNATURE, and is unreadable with a key that is not one', () => {
    expect(failing(verify(reseal(files)))).toEqual({ signature: 'a public key was given but the bundle has no SIGNATURE' });
    const bad = verify(files, 'not a key');
    expect(bad.exitCode).toBe(2);
    expect(failing(bad).signature).toMatch(/^the public key is not a readable PEM public key/);
    expect(formatVerifyResult(bad).at(-1)).toBe('bundle UNREADABLE [SIGNATURE_INVALID]');
  });

  it('ends an unreadable bundle with its error code, as every CLI error line does', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'verify-unreadable-'));
    expect(formatVerifyResult(await verifyBundle(join(dir, 'nothing-here'))).at(-1)).toBe('bundle UNREADABLE [BUNDLE_UNREADABLE]');
    // A gzip file that is no tar archive: the tar reader's own code.
    const notTar = join(dir, 'b.tar.gz');
    await writeFile(notTar, gzipSync('not a tar archive'));
    const result = await verifyBundle(notTar);
    expect(result).toMatchObject({ exitCode: 2, errorCode: 'TAR_INVALID' });
    expect(formatVerifyResult(result).at(-1)).toBe('bundle UNREADABLE [TAR_INVALID]');
    // Not a bundle at all: an empty directory.
    expect(formatVerifyResult(await verifyBundle(dir)).at(-1)).toMatch(/^bundle UNREADABLE \[BUNDLE_UNREADABLE\]$/);
  });

  it('says what is not a bundle, and what does not parse (exit 2)', () => {
    expect(verify(new Map([['notes.txt', Buffer.from('x')]]))).toEqual({
      checks: [{ id: 'bundle', status: 'fail', message: 'not a certification bundle: neither MANIFEST.sha256 nor report.json is in it' }],
      exitCode: 2,
      errorCode: 'BUNDLE_UNREADABLE',
    });
    const broken = verify(
      reseal(
        editFile(files, 'report.json', (t) => t.slice(0, 100)),
        keys.privateKeyPem,
      ),
    );
    expect(broken.exitCode).toBe(2);
    expect(failing(broken).readable).toMatch(/^report.json is not JSON/);
    expect(failing(broken)['must-requirements']).toBe('not checked: report.json is unreadable');
    expect(statuses(broken)['spec-hash']).toBe('ok');
  });

  it('fails a report that parses but is not a report, naming the field (exit 1)', () => {
    const result = verify(
      reseal(
        editFile(files, 'report.json', (t) => t.replace('"verdict": "conformant"', '"verdict": "great"')),
        keys.privateKeyPem,
      ),
    );
    expect(result.exitCode).toBe(1);
    expect(failing(result).readable).toMatch(/^report.json: verdict: /);
  });

  it('names a missing file, a file not listed and an entry that is not a file', () => {
    const { 'junit.xml': _junit, ...rest } = Object.fromEntries(files);
    const missing = verify(reseal(new Map(Object.entries(rest)), keys.privateKeyPem));
    expect(failing(missing)).toEqual({ 'files-present': 'missing: junit.xml', 'formats-agree': 'not checked: junit.xml missing' });
    const extra = new Map(files).set('notes.txt', Buffer.from('x'));
    expect(failing(verify(extra, keys.publicKeyPem, ['sub']))).toEqual({ manifest: 'notes.txt is not listed; sub is not a regular file' });
  });

  it('names the file changed after the manifest was written, and a manifest written again without the key', () => {
    // The manifest, and so the signature over it, unchanged: only the manifest check catches it.
    expect(failing(verify(editFile(files, 'summary.md', (t) => `${t}\nedited\n`)))).toEqual({
      manifest: 'summary.md does not match its SHA-256 in MANIFEST.sha256',
    });
    // The manifest written again by someone without the vendor's key: the signature catches it.
    const rewritten = reseal(editFile(files, 'summary.md', (t) => `${t}x`));
    rewritten.set('SIGNATURE', files.get('SIGNATURE')!);
    expect(failing(verify(rewritten))).toEqual({ signature: expect.stringMatching(/^the signature does not verify with the given public key/) });
  });

  it('names incomplete product fields and a product target the report did not test', () => {
    const noContact = reseal(
      editFile(files, 'product.json', (t) => t.replace(/"contact": "[^"]*"/, '"contact": ""')),
      keys.privateKeyPem,
    );
    expect(failing(verify(noContact))).toEqual({ product: 'product.json: contact: must not be empty' });
    const elsewhere = reseal(
      editFile(files, 'product.json', (t) => t.replace('api.vendor.example', 'other.example')),
      keys.privateKeyPem,
    );
    expect(failing(verify(elsewhere))).toEqual({
      product: 'product.json names target https://other.example/api/v1, the report tested https://api.vendor.example/api/v1',
    });
  });

  it('fails an honest bundle of a non-conformant run on the MUST requirements alone', async () => {
    const failed = syntheticReport({ statuses: { 'CT-NAME-MIN': 'fail' } });
    const result = verify((await bundleFor(failed, { privateKeyPem: keys.privateKeyPem })).files);
    expect(failing(result)).toEqual({
      'must-requirements': '1 MUST requirement(s) not passed: CT-NAME-MIN (fail); the verdict is non-conformant, not conformant',
    });
    expect(result.exitCode).toBe(1);
  });

  it('fails a bundle made by an ordinary run', async () => {
    const result = verify((await bundleFor(syntheticReport({ numRuns: 3 }), { privateKeyPem: keys.privateKeyPem, mode: 'run' })).files);
    expect(failing(result)).toEqual({ 'certify-run': 'environment.json says mode "run", not "certify"; 3 runs per property, fewer than the default 20' });
  });

  it('reads a bundle from its directory and its .tar.gz, and says why a path is not one', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'verify-'));
    const written = await writeBundle({
      dir: join(parent, 'bundle'),
      reportFiles: Object.fromEntries(
        [...files]
          .filter(([n]) => /\.(json|xml|md|html)$/.test(n) && !['product.json', 'environment.json', 'README.md'].includes(n))
          .map(([n, b]) => [n, b.toString()]),
      ),
      har: files.get('exchanges.har')!.toString(),
      product,
      environment,
      readme: renderBundleReadme({ report, environment, product, command: 'conformance certify' }),
      privateKeyPem: keys.privateKeyPem,
    });
    for (const path of [written.dir, written.archive]) expect((await verifyBundle(path, { publicKeyPem: keys.publicKeyPem })).exitCode).toBe(0);
    expect(await verifyBundle(join(parent, 'nothing'))).toEqual({
      checks: [{ id: 'bundle', status: 'fail', message: `${join(parent, 'nothing')}: no such file or directory` }],
      exitCode: 2,
      errorCode: 'BUNDLE_UNREADABLE',
    });
    await writeFile(join(parent, 'notes.txt'), 'x');
    expect((await verifyBundle(join(parent, 'notes.txt'))).checks[0]!.message).toMatch(/neither a bundle directory nor a .tar.gz/);
    await writeFile(join(parent, 'bad.tar.gz'), Buffer.from([0x1f, 0x8b, 1, 2, 3]));
    expect(await verifyBundle(join(parent, 'bad.tar.gz'))).toMatchObject({
      exitCode: 2,
      checks: [{ id: 'bundle', message: expect.stringMatching(/not a gzip file/) }],
    });
  });
});
