import { mkdtemp, readFile, writeFile, mkdir, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { REPORT_FILES, renderBundleReadme, writeBundle, type WrittenBundle } from '../harness/certify/bundle.js';
import { buildEnvironment } from '../harness/certify/environment.js';
import { readBundleFiles } from '../harness/certify/read-bundle.js';
import { generateKeyPair, signManifest } from '../harness/certify/signature.js';
import { packTarGz } from '../harness/certify/tar.js';
import { editFile, productFor, reseal, syntheticHar } from '../harness/certify/testing/synthetic-bundle.js';
import { verifyBundle, type VerifyResult } from '../harness/certify/verify.js';
import type { Report } from '../harness/report/model.js';
import { readLatestReport, runCli, type CliResult } from './run-cli.js';

/*
 * Issue 14: a real certification bundle, made by `conformance certify` (one full run against the
 * embedded reference server, its rate window shortened: every suite, every requirement, the default
 * 20 runs per property, every exchange recorded in exchanges.har), then tampered with in each way the issue names;
 * `verify` must name each tampering.
 */

const vendor = { privateKeyPem: '', publicKeyPem: '' };
const stranger = generateKeyPair();

let run: CliResult;
let report: Report;
let bundle: WrittenBundle;
let files: Map<string, Buffer>;
let work: string;

async function makeBundle(reportDir: string, dir: string): Promise<WrittenBundle> {
  const latest = join(reportDir, 'latest');
  const reportFiles = Object.fromEntries(await Promise.all(REPORT_FILES.map(async (name) => [name, await readFile(join(latest, name), 'utf8')] as const)));
  const made = JSON.parse(reportFiles['report.json']!) as Report;
  const environment = await buildEnvironment({ report: made, startedAt: made.startedAt, finishedAt: made.finishedAt, mode: 'certify' });
  const product = productFor(made);
  return writeBundle({
    dir,
    reportFiles,
    har: `${JSON.stringify(syntheticHar(made), null, 2)}\n`,
    product,
    environment,
    readme: renderBundleReadme({ report: made, environment, product, command: 'conformance certify --product product.json --private-key vendor.key' }),
    privateKeyPem: vendor.privateKeyPem,
  });
}

let counter = 0;
/** Writes the bundle files into a directory of their own and verifies it with the vendor's key. */
async function verifyFiles(tampered: ReadonlyMap<string, Buffer>, publicKeyPem = vendor.publicKeyPem): Promise<VerifyResult> {
  const dir = join(work, `tampered-${++counter}`);
  await mkdir(dir);
  for (const [name, data] of tampered) await writeFile(join(dir, name), data);
  return verifyBundle(dir, { publicKeyPem });
}

/** Writes bundle files into a directory of their own; answers its path. */
async function verifyFilesDir(tampered: ReadonlyMap<string, Buffer>): Promise<string> {
  const dir = join(work, `cli-${++counter}`);
  await mkdir(dir);
  for (const [name, data] of tampered) await writeFile(join(dir, name), data);
  return dir;
}

function failing(result: VerifyResult): Record<string, string> {
  return Object.fromEntries(result.checks.filter((c) => c.status === 'fail').map((c) => [c.id, c.message]));
}

/** report.json edited as JSON, written back the way the writer writes it. */
function editReport(edit: (r: Report) => void) {
  return (text: string): string => {
    const r = JSON.parse(text) as Report;
    edit(r);
    return `${JSON.stringify(r, null, 2)}\n`;
  };
}

describe('a certification bundle of a real full run', () => {
  beforeAll(async () => {
    work = await mkdtemp(join(tmpdir(), 'certify-'));
    // The vendor's key pair as conformance keygen writes it.
    const keys = await runCli(['keygen', '--out', join(work, 'vendor')]);
    expect(keys.code, keys.stderr).toBe(0);
    expect((await stat(join(work, 'vendor.key'))).mode & 0o777).toBe(0o600);
    vendor.privateKeyPem = await readFile(join(work, 'vendor.key'), 'utf8');
    vendor.publicKeyPem = await readFile(join(work, 'vendor.pub'), 'utf8');
    await writeFile(join(work, 'product.json'), JSON.stringify({ ...productFor({ target: { url: 'http://reference.invalid/api/v1' } } as Report) }));
    const out = join(work, 'bundle');
    // The reference's rate window shortened to 8 s (self-test only): the bundle, its signature and
    // verify do not depend on the window's length, and the rate-limit suite then waits seconds, not
    // minutes. test/e2e.test.ts is the full run with the spec's minute.
    run = await runCli(['certify', '--product', join(work, 'product.json'), '--private-key', join(work, 'vendor.key'), '--out', out], {
      CONFORMANCE_REFERENCE_RATE_WINDOW_S: '8',
    });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^Certification: CONFORMANT$/m);
    report = await readLatestReport(run.reportDir);
    bundle = { dir: out, archive: `${out}.tar.gz`, files: [], keySha256: null };
    files = (await readBundleFiles(bundle.dir)).files;
  }, 240_000);

  it('comes from a full, conformant run', () => {
    expect(report.verdict).toBe('conformant');
    expect(run.code).toBe(0);
    expect(report.settings.requirements).toEqual([]);
    expect(report.settings.numRuns).toBe(20);
  });

  it('verifies, from its directory and from its .tar.gz, with only the reference-server warning', async () => {
    for (const path of [bundle.dir, bundle.archive]) {
      const result = await verifyBundle(path, { publicKeyPem: vendor.publicKeyPem });
      expect(result.checks.filter((c) => c.status !== 'ok').map((c) => `${c.id}: ${c.message}`)).toEqual([
        'certify-run: the target was the embedded reference server, not a vendor product',
      ]);
      expect(result.exitCode).toBe(0);
    }
  });

  it("holds the run's own exchanges.har and a README that reproduces the run", () => {
    const har = JSON.parse(files.get('exchanges.har')!.toString()) as { log: { entries: Array<{ _check: string | null }> } };
    expect(har.log.entries.length).toBeGreaterThan(5000);
    expect(files.get('README.md')!.toString()).toContain(`CONFORMANCE_SEED=${report.settings.seed} npx conformance certify --product`);
  });

  it('is checked by conformance verify: exit 0 valid, 1 tampered, 2 unreadable', async () => {
    const tampered = await verifyFilesDir(editFile(files, 'junit.xml', (t) => t.replace(/<testcase[\s\S]*?<\/testcase>\n/, '')));
    // Three processes side by side: each start costs seconds on a busy machine.
    const [valid, invalid, unreadable] = await Promise.all([
      runCli(['verify', bundle.archive, '--public-key', join(work, 'vendor.pub')]),
      runCli(['verify', tampered, '--public-key', join(work, 'vendor.pub')]),
      runCli(['verify', join(work, 'nothing-here')]),
    ]);
    expect(valid.code, valid.stdout).toBe(0);
    expect(valid.stdout).toMatch(/bundle valid/);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toMatch(/manifest.*junit\.xml/);
    expect(unreadable.code).toBe(2);
    // Its last line carries the error code, the key to docs/why-did-my-run-stop.md.
    expect(unreadable.stdout.trimEnd().split('\n').at(-1)).toBe('bundle UNREADABLE [BUNDLE_UNREADABLE]');
  });

  it("round-trips through .tar.gz: the archive holds exactly the directory's files", async () => {
    const fromArchive = (await readBundleFiles(bundle.archive)).files;
    expect([...fromArchive.keys()].sort()).toEqual([...files.keys()].sort());
    for (const [name, data] of files) expect(fromArchive.get(name)!.equals(data), name).toBe(true);
  });

  it('names an edited verdict of a check in report.json (manifest written and signed again)', async () => {
    const id = report.checks.find((c) => c.level === 'MUST' && c.status === 'pass' && c.domain === 'contacts')!.requirementId;
    const tampered = reseal(
      editFile(
        files,
        'report.json',
        editReport((r) => void (r.checks.find((c) => c.requirementId === id)!.status = 'fail')),
      ),
      vendor.privateKeyPem,
    );
    const problems = failing(await verifyFiles(tampered));
    expect(Object.keys(problems).sort()).toEqual(['formats-agree', 'must-requirements', 'report-consistent']);
    expect(problems['report-consistent']).toContain(`requirement coverage disagrees with the checks: ${id} (says pass`);
    expect(problems['report-consistent']).toContain('the verdict says conformant, the checks give non-conformant');
    expect(problems['must-requirements']).toContain(`${id} (a check fail)`);
    expect(problems['formats-agree']).toMatch(new RegExp(`^junit.xml shows \\[${id}\\] MUST .* as pass, report.json as fail`));
  });

  it('names an edited run verdict in report.json', async () => {
    const tampered = reseal(
      editFile(
        files,
        'report.json',
        editReport((r) => void (r.verdict = 'incomplete')),
      ),
      vendor.privateKeyPem,
    );
    const problems = failing(await verifyFiles(tampered));
    expect(problems['report-consistent']).toBe('the verdict says incomplete, the checks give conformant');
    expect(problems['must-requirements']).toBe('the verdict is incomplete, not conformant');
    expect(problems['formats-agree']).toContain('junit.xml gives the verdict CONFORMANT, report.json INCOMPLETE');
  });

  it('names a check dropped from junit.xml', async () => {
    const victim = report.checks.find((c) => c.domain === 'tasks' && c.level === 'MUST')!;
    const tampered = reseal(
      editFile(files, 'junit.xml', (xml) => {
        const start = xml.indexOf(`<testcase classname="tasks" name="[${victim.requirementId}]`);
        const end = xml.indexOf('</testcase>', start) + '</testcase>\n'.length;
        return xml.slice(0, start) + xml.slice(end);
      }),
      vendor.privateKeyPem,
    );
    expect(failing(await verifyFiles(tampered))).toEqual({
      'formats-agree': expect.stringMatching(
        new RegExp(`^junit.xml lacks 1 check\\(s\\) report.json has: pass \\[${victim.requirementId}\\] MUST .* \\(tasks\\)$`),
      ),
    });
  });

  it("names an edited HAR: a check's requests to an endpoint removed, an entry tied to a made-up check", async () => {
    type HarText = { log: { entries: Array<{ _check: string | null; request: { method: string; url: string } }> } };
    const har = JSON.parse(files.get('exchanges.har')!.toString()) as HarText;
    const events = (e: HarText['log']['entries'][number]) => e.request.method === 'GET' && e.request.url.endsWith('/webhooks/events');
    const victim = har.log.entries.find((e) => e._check !== null && events(e))!._check!;
    const removed = reseal(
      editFile(files, 'exchanges.har', (text) => {
        const h = JSON.parse(text) as HarText;
        h.log.entries = h.log.entries.filter((e) => !(e._check === victim && events(e)));
        return JSON.stringify(h, null, 2);
      }),
      vendor.privateKeyPem,
    );
    const counted = report.endpoints.find((e) => e.method === 'GET' && e.path === '/webhooks/events')!.checks;
    expect(failing(await verifyFiles(removed))).toEqual({
      'har-evidence': `GET /webhooks/events: report.json says ${counted} checks sent a request to it, the HAR shows ${counted - 1}`,
    });
    const retied = reseal(
      editFile(files, 'exchanges.har', (text) => text.replace(`"_check":${JSON.stringify(victim)}`, '"_check":"security made up"')),
      vendor.privateKeyPem,
    );
    expect(failing(await verifyFiles(retied))['har-evidence']).toMatch(/is tied to check "security made up", which report.json does not have/);
  });

  it('names a swapped signature (signed with another key)', async () => {
    const swapped = new Map(files).set('SIGNATURE', Buffer.from(signManifest(files.get('MANIFEST.sha256')!, stranger.privateKeyPem)));
    expect(failing(await verifyFiles(swapped))).toEqual({
      signature: expect.stringMatching(/^signed by key sha256:[0-9a-f]{16}…, not by the given public key sha256:[0-9a-f]{16}…$/),
    });
    // Verified with the stranger's key instead, the bundle's own signature does not match either.
    expect(failing(await verifyFiles(files, stranger.publicKeyPem))).toEqual({
      signature: expect.stringMatching(/^signed by key sha256:.*not by the given public key/),
    });
  });

  it('names a changed spec hash in environment.json', async () => {
    const tampered = reseal(
      editFile(files, 'environment.json', (t) => t.replace(/"sha256": "283dcf05[0-9a-f]+"/, `"sha256": "${'a'.repeat(64)}"`)),
      vendor.privateKeyPem,
    );
    expect(failing(await verifyFiles(tampered))).toEqual({
      'spec-hash': expect.stringMatching(/^environment.json names spec sha256 aaaaaaaaaaaaaaaa…; this tool knows 283dcf05614fb4c2…/),
    });
  });

  it('names the file when it is edited and the manifest is not written again', async () => {
    const tampered = editFile(
      files,
      'report.json',
      editReport((r) => void (r.verdict = 'incomplete')),
    );
    expect(failing(await verifyFiles(tampered)).manifest).toBe('report.json does not match its SHA-256 in MANIFEST.sha256');
  });

  it('names a tampering inside a .tar.gz without extracting it', async () => {
    const tampered = reseal(
      editFile(files, 'environment.json', (t) => t.replace('"mode": "certify"', '"mode": "run"')),
      vendor.privateKeyPem,
    );
    const archive = join(work, 'tampered.tar.gz');
    await writeFile(archive, await packTarGz('tampered', tampered));
    const result = await verifyBundle(archive, { publicKeyPem: vendor.publicKeyPem });
    expect(failing(result)).toEqual({ 'certify-run': 'environment.json says mode "run", not "certify"' });
    expect(result.exitCode).toBe(1);
  });

  it('says a narrowed run is not a certification', async () => {
    const narrowed = await runCli(['run'], { CONFORMANCE_SUITES: 'auth', CONFORMANCE_NUM_RUNS: '2' });
    const made = await makeBundle(narrowed.reportDir, join(work, 'narrowed'));
    const problems = failing(await verifyBundle(made.dir, { publicKeyPem: vendor.publicKeyPem }));
    expect(problems['certify-run']).toMatch(/^the run left out suites rate-limit, contacts, .*; 2 runs per property, fewer than the default 20$/);
    expect(problems['must-requirements']).toMatch(/MUST requirement\(s\) unverified: .*\(not-selected\)/);
  }, 60_000);
});

describe('conformance certify refuses what would not be a certification', () => {
  it('names every reason in one line each, before anything runs (exit 2)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'certify-refused-'));
    await writeFile(join(dir, 'product.json'), JSON.stringify(productFor({ target: { url: 'http://x.invalid/api/v1' } } as Report)));
    await writeFile(join(dir, 'known.json'), JSON.stringify([{ id: 'CT-EMAIL-FORMAT', reason: 'x' }]));
    const result = await runCli(['certify', '--product', join(dir, 'product.json')], {
      CONFORMANCE_SUITES: 'auth',
      CONFORMANCE_REQUIREMENTS: 'AUTH-X-API-KEY',
      CONFORMANCE_NUM_RUNS: '5',
      CONFORMANCE_EXPECTED_FAILURES: join(dir, 'known.json'),
    });
    expect(result.code).toBe(2);
    const lines = result.stderr.split('\n').filter((l) => l.startsWith('conformance: '));
    expect(lines).toEqual([
      expect.stringMatching(/^conformance: CONFORMANCE_SUITES=auth: a certification runs every suite/),
      expect.stringMatching(/^conformance: CONFORMANCE_REQUIREMENTS: /),
      expect.stringMatching(/^conformance: CONFORMANCE_EXPECTED_FAILURES: known failures are never allowed/),
      expect.stringMatching(/^conformance: CONFORMANCE_NUM_RUNS=5: a certification runs at least 20/),
    ]);
    const missing = await runCli(['certify'], {});
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--product FILE is required/);
  });
});
