import { BundleError, SignatureError } from '../errors.js';
import { mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sampleReport } from '../report/testing/sample-report.js';
import { renderAll } from '../report/write.js';
import { REPORT_FILES, REQUIRED_FILES, renderBundleReadme, reproduceCommand, writeBundle } from './bundle.js';
import { buildEnvironment } from './environment.js';
import { parseManifest } from './manifest.js';
import { generateKeyPair } from './signature.js';
import { unpackTarGz } from './tar.js';
import { productFor, syntheticHar, syntheticReport } from './testing/synthetic-bundle.js';

const report = syntheticReport();
const environment = await buildEnvironment({ report, startedAt: report.startedAt, finishedAt: report.finishedAt, mode: 'certify' });
const product = { ...productFor(report), notes: 'Tested on the *staging* cluster <eu-1>.' };
const readme = renderBundleReadme({ report, environment, product, command: 'conformance certify --product product.json --private-key vendor.key' });

function input(dir: string, privateKeyPem?: string) {
  return { dir, reportFiles: renderAll(report), har: JSON.stringify(syntheticHar(report)), product, environment, readme, privateKeyPem };
}

describe('certification bundle', () => {
  it('bundles every file the report writer renders', () => {
    expect(Object.keys(renderAll(sampleReport())).sort()).toEqual([...REPORT_FILES].sort());
  });

  it('writes every file, the manifest, the signature and <dir>.tar.gz with the same files', async () => {
    const keys = generateKeyPair();
    const dir = join(await mkdtemp(join(tmpdir(), 'bundle-')), 'certification-acme');
    const written = await writeBundle(input(dir, keys.privateKeyPem));
    const names = (await readdir(dir)).sort();
    expect(names).toEqual([...REQUIRED_FILES, 'SIGNATURE'].sort());
    expect(written.files).toEqual(names.map((n) => join(dir, n)));
    expect(written.archive).toBe(`${dir}.tar.gz`);
    expect(written.keySha256).toMatch(/^[0-9a-f]{64}$/);
    const manifest = parseManifest(await readFile(join(dir, 'MANIFEST.sha256'), 'utf8'));
    expect(manifest.map((e) => e.name)).toEqual(names.filter((n) => n !== 'MANIFEST.sha256' && n !== 'SIGNATURE'));
    const { directory, files } = await unpackTarGz(await readFile(written.archive));
    expect(directory).toBe('certification-acme');
    for (const name of names) expect(files.get(name)!.equals(await readFile(join(dir, name)))).toBe(true);
    expect(JSON.parse(files.get('product.json')!.toString())).toEqual(product);
  });

  it('refuses a directory with files in it, and a bad key before writing anything', async () => {
    const parent = await mkdtemp(join(tmpdir(), 'bundle-'));
    await mkdir(join(parent, 'used'));
    await writeFile(join(parent, 'used', 'stale.txt'), 'x');
    await expect(writeBundle(input(join(parent, 'used')))).rejects.toThrow(BundleError);
    await expect(writeBundle(input(join(parent, 'used')))).rejects.toThrow(/already exists and is not empty/);
    await expect(writeBundle(input(join(parent, 'fresh'), 'not a key'))).rejects.toThrow(SignatureError);
    expect(await readdir(parent)).toEqual(['used']);
    const { ['summary.md']: _dropped, ...partial } = renderAll(report);
    await expect(writeBundle({ ...input(join(parent, 'fresh')), reportFiles: partial })).rejects.toThrow('the report files lack summary.md');
  });

  it('writes a README with the verdict, what was run and a Reproduce section with the exact command and seed', () => {
    expect(readme).toContain('# Conformance certification: Example Work Manager 1.2.3');
    expect(readme).toContain('**Verdict: ✅ CONFORMANT**');
    expect(readme).toContain(`- **Seed:** ${report.settings.seed} (20 runs per property)`);
    expect(readme).toContain(`SHA-256 \`${environment.spec.sha256}\``);
    expect(readme).toContain('## Reproduce');
    expect(readme).toContain(`\`\`\`sh\nCONFORMANCE_SEED=${report.settings.seed} conformance certify --product product.json --private-key vendor.key\n\`\`\``);
    // Vendor text is data, not Markdown.
    expect(readme).toContain('Tested on the \\*staging\\* cluster &lt;eu-1&gt;.');
  });

  it('pins the seed (and runs per property) in the reproduce command unless it names them', () => {
    expect(reproduceCommand('conformance certify', 7, 20)).toBe('CONFORMANCE_SEED=7 conformance certify');
    expect(reproduceCommand('CONFORMANCE_SEED=7 conformance certify', 7, 20)).toBe('CONFORMANCE_SEED=7 conformance certify');
    expect(reproduceCommand('CONFORMANCE_SEED=8 npx conformance certify', 7, 50)).toBe('CONFORMANCE_NUM_RUNS=50 CONFORMANCE_SEED=7 npx conformance certify');
    expect(reproduceCommand('CONFORMANCE_NUM_RUNS=10 conformance certify', 7, 20)).toBe('CONFORMANCE_SEED=7 CONFORMANCE_NUM_RUNS=20 conformance certify');
  });
});
