import { BundleError } from '../errors.js';
import { createPublicKey } from 'node:crypto';
import { mkdir, readdir, writeFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { DEFAULTS } from '../config/schema.js';
import { HAR_FILE } from '../har/format.js';
import { escapeMarkdownText, markdownCode, markdownFence } from '../report/escape/markdown.js';
import { RUN_FILES, type RunFile } from '../report/files.js';
import { formatDuration, plural } from '../report/format.js';
import { verdictLabel, verdictReason } from '../report/verdict.js';
import { STATUSES, type Report } from '../report/model.js';
import { renderEnvironment, type Environment } from './environment.js';
import { toolText } from './image.js';
import { MANIFEST_FILE, PLAIN_NAME, renderManifest, SIGNATURE_FILE } from './manifest.js';
import type { Product } from './product.js';
import { keyFingerprint, loadPrivateKey, signManifest } from './signature.js';
import { packTarGz } from './tar.js';

/*
 * A certification bundle: one directory, and a .tar.gz of it, holding the report
 * files, exchanges.har, product.json, environment.json, README.md, MANIFEST.sha256 and, when the
 * vendor gives a private key, SIGNATURE. Nothing here redacts: every input is already redacted
 * exactly like the reports (the runner's Redactor).
 */

/** The files every run writes (harness/report/files.ts `RUN_FILES`), in name order. */
export const REPORT_FILES: readonly RunFile[] = [...RUN_FILES].sort();
/** The run's HTTP archive, as the runner writes it (harness/har/write.ts). */
export { HAR_FILE };
export const PRODUCT_FILE = 'product.json';
export const ENVIRONMENT_FILE = 'environment.json';
export const README_FILE = 'README.md';

/** Every file a bundle must hold; SIGNATURE is optional (an unsigned bundle is a warning). */
export const REQUIRED_FILES: readonly string[] = [...REPORT_FILES, HAR_FILE, PRODUCT_FILE, ENVIRONMENT_FILE, README_FILE, MANIFEST_FILE];

export interface BundleInput {
  /** The rendered report files by name (harness/report/write.ts renderAll, redacted). */
  readonly reportFiles: Readonly<Record<string, string>>;
  /** exchanges.har text (HAR 1.2, redacted, entries tied to checks by `_check`). */
  readonly har: string;
  readonly product: Product;
  readonly environment: Environment;
  /** README.md text (renderBundleReadme). */
  readonly readme: string;
  /** PKCS#8 PEM of the vendor's Ed25519 key: SIGNATURE is written when given. */
  readonly privateKeyPem?: string | undefined;
  readonly passphrase?: string | undefined;
}

export interface WriteBundleInput extends BundleInput {
  /** The bundle directory; must not exist or be empty. `<dir>.tar.gz` is written beside it. */
  readonly dir: string;
}

export interface WrittenBundle {
  readonly dir: string;
  readonly archive: string;
  /** Every file written into `dir`, by path, sorted by name. */
  readonly files: string[];
  /** Hex SHA-256 of the signing key's public half (SPKI DER), or null when unsigned. */
  readonly keySha256: string | null;
}

/** Every file of a bundle by name, MANIFEST.sha256 and SIGNATURE included; pure. */
export function assembleBundle(input: BundleInput): Map<string, Buffer> {
  const own = [HAR_FILE, PRODUCT_FILE, ENVIRONMENT_FILE, README_FILE, MANIFEST_FILE, SIGNATURE_FILE];
  const missing = REPORT_FILES.filter((name) => input.reportFiles[name] === undefined);
  if (missing.length > 0) throw new BundleError(`the report files lack ${missing.join(', ')}`);
  const files = new Map<string, Buffer>();
  for (const [name, text] of Object.entries(input.reportFiles)) {
    if (!PLAIN_NAME.test(name) || own.includes(name)) throw new BundleError(`cannot bundle a report file named ${JSON.stringify(name)}`);
    files.set(name, Buffer.from(text, 'utf8'));
  }
  files.set(HAR_FILE, Buffer.from(input.har, 'utf8'));
  files.set(PRODUCT_FILE, Buffer.from(`${JSON.stringify(input.product, null, 2)}\n`, 'utf8'));
  files.set(ENVIRONMENT_FILE, Buffer.from(renderEnvironment(input.environment), 'utf8'));
  files.set(README_FILE, Buffer.from(input.readme, 'utf8'));
  const manifest = Buffer.from(renderManifest(files), 'utf8');
  files.set(MANIFEST_FILE, manifest);
  if (input.privateKeyPem !== undefined) files.set(SIGNATURE_FILE, Buffer.from(signManifest(manifest, input.privateKeyPem, input.passphrase), 'utf8'));
  return files;
}

/**
 * Writes the bundle directory and `<dir>.tar.gz`. Refuses a directory that exists with files in
 * it (a stale file would be neither listed nor signed). A bad key fails before anything is written.
 */
export async function writeBundle(input: WriteBundleInput): Promise<WrittenBundle> {
  const dir = resolve(input.dir);
  const files = assembleBundle(input);
  const existing = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw new BundleError(`cannot write the bundle into ${dir}: ${error.message}`, { cause: error });
  });
  if (existing.length > 0) throw new BundleError(`${dir} already exists and is not empty: choose another directory or remove it`);
  await mkdir(dir, { recursive: true });
  const names = [...files.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  for (const name of names) await writeFile(join(dir, name), files.get(name)!);
  const archive = join(dirname(dir), `${basename(dir)}.tar.gz`);
  await writeFile(archive, await packTarGz(basename(dir), files, { mtime: new Date(input.environment.finishedAt) }));
  const keySha256 = input.privateKeyPem === undefined ? null : keyFingerprint(createPublicKey(loadPrivateKey(input.privateKeyPem, input.passphrase)));
  return { dir, archive, files: names.map((n) => join(dir, n)), keySha256 };
}

/* ---------------------------------------------------------------------------------------------
 * README.md
 * ------------------------------------------------------------------------------------------- */

const VERDICT_ICON: Readonly<Record<Report['verdict'], string>> = { conformant: '✅', incomplete: '⚠️', 'non-conformant': '❌', error: '💥', interrupted: '⏹️' };

export interface ReadmeInput {
  readonly report: Report;
  readonly environment: Environment;
  readonly product: Product;
  /**
   * The command that made the bundle, as typed (no keys: they are in the environment or .env).
   * `CONFORMANCE_SEED=<seed>` is put in front when it does not name the seed already.
   */
  readonly command: string;
}

/**
 * The command with the run's seed (and runs per property, when not the default) pinned, so it
 * reproduces the run: a `CONFORMANCE_SEED=` it already has gets the run's value, else one is put in front.
 */
export function reproduceCommand(command: string, seed: number, numRuns: number): string {
  let text = command.trim();
  const pins: string[] = [];
  const pin = (name: string, value: number): void => {
    const assignment = new RegExp(`(^|\\s)${name}=\\S*`);
    if (assignment.test(text)) text = text.replace(assignment, `$1${name}=${value}`);
    else pins.push(`${name}=${value}`);
  };
  pin('CONFORMANCE_SEED', seed);
  if (numRuns !== DEFAULTS.numRuns || /(^|\s)CONFORMANCE_NUM_RUNS=/.test(text)) pin('CONFORMANCE_NUM_RUNS', numRuns);
  return [...pins, text].join(' ');
}

/** README.md of a bundle: what was certified and run, the verdict, how to verify and how to reproduce. */
export function renderBundleReadme(input: ReadmeInput): string {
  const { report, environment, product } = input;
  const text = escapeMarkdownText;
  const counts = STATUSES.filter((s) => report.counts.byStatus[s] > 0)
    .map((s) => `${report.counts.byStatus[s]} ${s}`)
    .join(', ');
  const must = report.requirements.filter((r) => r.level === 'MUST').length;
  const lines: string[] = [
    `# Conformance certification: ${text(product.product)} ${text(product.version)}`,
    '',
    `**Verdict: ${VERDICT_ICON[report.verdict]} ${verdictLabel(report)}**`,
    '',
    text(verdictReason(report)),
    '',
    `- **Vendor:** ${text(product.vendor)}`,
    `- **Product:** ${text(product.product)} ${text(product.version)}`,
    `- **Target:** ${text(report.target.url)}${report.target.embedded ? ' (the embedded reference server)' : ''}`,
    `- **Contact:** ${text(product.contact)}`,
    `- **Run:** ${text(report.runId)}, ${report.startedAt} to ${report.finishedAt} (${formatDuration(report.durationMs)})`,
    `- **Checks:** ${report.counts.total} (${counts}); ${plural(must, 'MUST requirement')} in the catalogue`,
    `- **Tool:** ${text(toolText(environment.tool))} on Node ${text(environment.node)}, ${text(`${environment.os.type} ${environment.os.release} ${environment.os.arch}`)}`,
    `- **Spec:** ${markdownCode(environment.spec.file)}, SHA-256 ${markdownCode(environment.spec.sha256)}`,
    `- **Requirement catalogue:** ${environment.catalogue.requirements} requirements (${environment.catalogue.must} MUST), SHA-256 ${markdownCode(environment.catalogue.sha256)}`,
    `- **Seed:** ${report.settings.seed} (${plural(report.settings.numRuns, 'run')} per property)`,
  ];
  if (product.notes !== undefined && product.notes.trim() !== '') lines.push('', '## Notes from the vendor', '', text(product.notes));
  lines.push(
    '',
    '## What was run',
    '',
    '`conformance certify`: a full run that cannot be narrowed. Every suite ' +
      `(${report.settings.suites.join(', ')}) and every requirement of the catalogue, at least the default number of runs per property, ` +
      'with the seed recorded. The verdict is conformant only when every MUST requirement of the catalogue was verified and passed.',
    '',
    '## Files',
    '',
    '- `report.html`: the full report, for people (open it in a browser).',
    '- `summary.md`, `summary-full.md`: the report in Markdown (the first fits a pull-request comment).',
    '- `junit.xml`: one test case per check, for CI test views.',
    '- `report.json`: the report as data (schema: `schemas/report.schema.json` of the tool).',
    '- `exchanges.har`: every HTTP exchange of the run (HAR 1.2, keys and secrets redacted), each tied to its check by `_check`.',
    '- `product.json`: what was certified; `environment.json`: what judged it (tool, Node, OS, spec and catalogue hashes, seed, times).',
    "- `MANIFEST.sha256`: the SHA-256 of every file; `SIGNATURE`: the vendor's Ed25519 signature over the manifest, when signed.",
    '',
    '## Verify',
    '',
    markdownFence("conformance verify <this directory or its .tar.gz> --public-key <the vendor's public key file>", 'sh'),
    '',
    'Without the tool: `sha256sum -c MANIFEST.sha256` checks every file; the signature is the base64 value of the',
    '`signature:` line of `SIGNATURE`, an Ed25519 signature of the bytes of `MANIFEST.sha256` (`openssl pkeyutl -verify -pubin -rawin`).',
    '',
    '## Reproduce',
    '',
    `With the same tool version, target and keys (keys are never written into a bundle), this command sends the same generated values (seed ${report.settings.seed}):`,
    '',
    markdownFence(reproduceCommand(input.command, report.settings.seed, report.settings.numRuns), 'sh'),
    '',
  );
  return lines.join('\n');
}
