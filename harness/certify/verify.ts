import { BundleUnreadableError, ManifestError, SignatureError, TarError, type ErrorCode } from '../errors.js';
import { reportSchema, type Report } from '../report/model.js';
import { formatAgreementProblems } from './agreement.js';
import { ENVIRONMENT_FILE, HAR_FILE, PRODUCT_FILE, README_FILE, REQUIRED_FILES } from './bundle.js';
import { environmentSchema, toolInfo, type Environment } from './environment.js';
import { toolText } from './image.js';
import { harEvidenceProblems } from './evidence.js';
import { harSchema, type Har } from '../har/format.js';
import { compareManifest, MANIFEST_FILE, parseManifest, SIGNATURE_FILE } from './manifest.js';
import { productProblem, type Product } from './product.js';
import { readBundleFiles, type BundleFiles } from './read-bundle.js';
import {
  catalogueHashProblems,
  certifyRunFindings,
  environmentFindings,
  mustRequirementProblems,
  reportConsistencyProblems,
  specHashProblems,
  type Findings,
} from './report-checks.js';
import { verifyManifestSignature } from './signature.js';
import { DEFAULT_TAR_LIMITS, type TarLimits } from './tar.js';

/*
 * `conformance verify`: checks a bundle the way a certification bot would, without
 * contacting any server, one line per check with the reason on failure. Exit 0 valid (warnings
 * allowed), 1 invalid, 2 unreadable (not a bundle, a bad archive, a JSON file that does not
 * parse, an unusable public key).
 */

/** Every check, in the order they are reported; ids are stable. */
export const VERIFY_CHECKS = [
  'files-present',
  'manifest',
  'signature',
  'readable',
  'certify-run',
  'environment',
  'spec-hash',
  'catalogue-hash',
  'report-consistent',
  'must-requirements',
  'formats-agree',
  'har-evidence',
  'product',
] as const;
export type VerifyCheckId = (typeof VERIFY_CHECKS)[number] | 'bundle';
export type VerifyStatus = 'ok' | 'warning' | 'fail';

export interface VerifyCheck {
  readonly id: VerifyCheckId;
  readonly status: VerifyStatus;
  readonly message: string;
}

export interface VerifyResult {
  readonly checks: VerifyCheck[];
  readonly exitCode: 0 | 1 | 2;
  /**
   * Why the bundle is unreadable (exit 2), the key to its row in docs/why-did-my-run-stop.md:
   * TAR_INVALID (the archive), SIGNATURE_INVALID (the public key or SIGNATURE), BUNDLE_UNREADABLE.
   */
  readonly errorCode?: ErrorCode;
}

export interface VerifyOptions {
  /** SPKI PEM of the vendor's Ed25519 public key (`--public-key FILE`). */
  readonly publicKeyPem?: string | undefined;
  readonly limits?: TarLimits | undefined;
}

export interface VerifyFilesOptions extends VerifyOptions {
  /** This tool's name and version (a bundle made by another version is a warning). */
  readonly verifier: { readonly name: string; readonly version: string };
}

/** The report, environment, HAR and product of a bundle, each parsed or the reason it is not. */
type Parsed<T> = { readonly value: T } | { readonly missing: true } | { readonly problem: string; readonly unreadable: boolean };

const SHOWN = 5;
function join(problems: readonly string[]): string {
  return problems.length <= SHOWN ? problems.join('; ') : `${problems.slice(0, SHOWN).join('; ')}; and ${problems.length - SHOWN} more`;
}

function parseJsonFile<T>(
  files: ReadonlyMap<string, Buffer>,
  name: string,
  validate: (value: unknown) => { ok: true; value: T } | { ok: false; problem: string },
): Parsed<T> {
  const data = files.get(name);
  if (data === undefined) return { missing: true };
  let value: unknown;
  try {
    value = JSON.parse(data.toString('utf8'));
  } catch (error) {
    return { problem: `${name} is not JSON (${(error as Error).message})`, unreadable: true };
  }
  const checked = validate(value);
  return checked.ok ? { value: checked.value } : { problem: `${name}: ${checked.problem}`, unreadable: false };
}

function zodCheck<T>(schema: {
  safeParse(v: unknown): { success: true; data: T } | { success: false; error: { issues: ReadonlyArray<{ path: PropertyKey[]; message: string }> } };
}) {
  return (value: unknown): { ok: true; value: T } | { ok: false; problem: string } => {
    const parsed = schema.safeParse(value);
    if (parsed.success) return { ok: true, value: parsed.data };
    const issue = parsed.error.issues[0]!;
    return { ok: false, problem: `${issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''}${issue.message}` };
  };
}

function from(id: VerifyCheckId, findings: Findings, ok: string): VerifyCheck {
  if (findings.problems.length > 0) return { id, status: 'fail', message: join(findings.problems) };
  if (findings.warnings.length > 0) return { id, status: 'warning', message: join(findings.warnings) };
  return { id, status: 'ok', message: ok };
}

function notChecked(id: VerifyCheckId, ...parts: Array<[string, Parsed<unknown>]>): VerifyCheck | null {
  const reasons = parts
    .filter(([, p]) => !('value' in p))
    .map(([name, p]) => ('missing' in p ? `${name} is missing` : 'unreadable' in p && p.unreadable ? `${name} is unreadable` : `${name} is not valid`));
  return reasons.length === 0 ? null : { id, status: 'fail', message: `not checked: ${reasons.join(', ')}` };
}

const value = <T>(p: Parsed<T>): T => (p as { value: T }).value;

/** Checks a bundle already read into memory. */
export function verifyBundleFiles(bundle: Pick<BundleFiles, 'files' | 'irregular'>, options: VerifyFilesOptions): VerifyResult {
  const { files } = bundle;
  const checks: VerifyCheck[] = [];
  // The code of the first thing that made the bundle unreadable.
  let unreadable: ErrorCode | undefined;

  if (!files.has(MANIFEST_FILE) && !files.has('report.json')) {
    return {
      checks: [{ id: 'bundle', status: 'fail', message: 'not a certification bundle: neither MANIFEST.sha256 nor report.json is in it' }],
      exitCode: 2,
      errorCode: 'BUNDLE_UNREADABLE',
    };
  }

  // Every file present.
  const missing = REQUIRED_FILES.filter((name) => !files.has(name));
  checks.push(
    missing.length > 0
      ? { id: 'files-present', status: 'fail', message: `missing: ${missing.join(', ')}` }
      : { id: 'files-present', status: 'ok', message: `all ${REQUIRED_FILES.length} files present${files.has(SIGNATURE_FILE) ? ', and SIGNATURE' : ''}` },
  );

  // Manifest hashes match every file, no file unlisted.
  const manifestData = files.get(MANIFEST_FILE);
  if (manifestData === undefined) {
    checks.push({ id: 'manifest', status: 'fail', message: `not checked: ${MANIFEST_FILE} is missing` });
  } else {
    try {
      const entries = parseManifest(manifestData.toString('utf8'));
      const diff = compareManifest(entries, files);
      const problems = [
        ...diff.changed.map((n) => `${n} does not match its SHA-256 in ${MANIFEST_FILE}`),
        ...diff.missing.map((n) => `${n} is listed but not in the bundle`),
        ...diff.unlisted.map((n) => `${n} is not listed`),
        ...bundle.irregular.map((n) => `${n} is not a regular file`),
      ];
      checks.push(
        problems.length > 0
          ? { id: 'manifest', status: 'fail', message: join(problems) }
          : { id: 'manifest', status: 'ok', message: `${entries.length} files match ${MANIFEST_FILE}` },
      );
    } catch (error) {
      if (!(error instanceof ManifestError)) throw error;
      checks.push({ id: 'manifest', status: 'fail', message: error.message });
    }
  }

  // Signature.
  const signature = files.get(SIGNATURE_FILE);
  if (options.publicKeyPem === undefined) {
    checks.push({
      id: 'signature',
      status: 'warning',
      message: signature === undefined ? 'unsigned: the bundle has no SIGNATURE' : 'not checked: SIGNATURE present but no public key given (--public-key)',
    });
  } else if (signature === undefined) {
    checks.push({ id: 'signature', status: 'fail', message: 'a public key was given but the bundle has no SIGNATURE' });
  } else if (manifestData === undefined) {
    checks.push({ id: 'signature', status: 'fail', message: `not checked: ${MANIFEST_FILE} is missing` });
  } else {
    try {
      const verdict = verifyManifestSignature(manifestData, signature.toString('utf8'), options.publicKeyPem);
      checks.push(
        verdict.valid
          ? { id: 'signature', status: 'ok', message: `valid Ed25519 signature of ${MANIFEST_FILE} by key sha256:${verdict.keySha256.slice(0, 16)}…` }
          : { id: 'signature', status: 'fail', message: verdict.reason },
      );
    } catch (error) {
      if (!(error instanceof SignatureError)) throw error;
      unreadable ??= error.code;
      checks.push({ id: 'signature', status: 'fail', message: error.message });
    }
  }

  // The JSON files parse (and match their schemas; product fields are the `product` check).
  const report = parseJsonFile<Report>(files, 'report.json', zodCheck(reportSchema));
  const environment = parseJsonFile<Environment>(files, ENVIRONMENT_FILE, zodCheck(environmentSchema));
  const har = parseJsonFile<Har>(files, HAR_FILE, zodCheck(harSchema));
  const product = parseJsonFile<unknown>(files, PRODUCT_FILE, (v) => ({ ok: true, value: v }));
  const parsed: Array<[string, Parsed<unknown>]> = [
    ['report.json', report],
    [ENVIRONMENT_FILE, environment],
    [HAR_FILE, har],
    [PRODUCT_FILE, product],
  ];
  const unparsed = parsed.flatMap(([, p]) => ('problem' in p ? [p] : []));
  if (unparsed.some((p) => p.unreadable)) unreadable ??= 'BUNDLE_UNREADABLE';
  checks.push(
    unparsed.length > 0
      ? { id: 'readable', status: 'fail', message: join(unparsed.map((p) => p.problem)) }
      : {
          id: 'readable',
          status: 'ok',
          message: `${parsed
            .filter(([, p]) => 'value' in p)
            .map(([n]) => n)
            .join(', ')} parse`,
        },
  );

  const R: [string, Parsed<unknown>] = ['report.json', report];
  const E: [string, Parsed<unknown>] = [ENVIRONMENT_FILE, environment];

  checks.push(
    notChecked('certify-run', R, E) ??
      from(
        'certify-run',
        certifyRunFindings(value(report), value(environment)),
        `made by certify: every suite, every requirement, ${value(report).settings.numRuns} runs per property`,
      ),
  );
  checks.push(
    notChecked('environment', R, E) ??
      from(
        'environment',
        environmentFindings(value(report), value(environment), options.verifier),
        `environment.json matches the run (${toolText(value(environment).tool)}, Node ${value(environment).node}, ${value(environment).os.type} ${value(environment).os.arch})`,
      ),
  );
  checks.push(
    notChecked('spec-hash', E) ??
      from(
        'spec-hash',
        { problems: specHashProblems(value(environment)), warnings: [] },
        `spec sha256 ${value(environment).spec.sha256.slice(0, 16)}… is the one this tool knows`,
      ),
  );
  checks.push(
    notChecked('catalogue-hash', E) ??
      from(
        'catalogue-hash',
        { problems: catalogueHashProblems(value(environment)), warnings: [] },
        `catalogue sha256 ${value(environment).catalogue.sha256.slice(0, 16)}… is this tool's catalogue`,
      ),
  );
  checks.push(
    notChecked('report-consistent', R) ??
      from(
        'report-consistent',
        { problems: reportConsistencyProblems(value(report)), warnings: [] },
        `counts, coverage and verdict agree with the ${value(report).checks.length} checks`,
      ),
  );
  checks.push(
    notChecked('must-requirements', R) ??
      from(
        'must-requirements',
        { problems: mustRequirementProblems(value(report)), warnings: [] },
        `every MUST requirement (${value(report).requirements.filter((r) => r.level === 'MUST').length}) present and passed; verdict conformant`,
      ),
  );

  // junit.xml, report.json and the Markdown agree check by check.
  const markdownName = files.has('summary-full.md') ? 'summary-full.md' : 'summary.md';
  const junit = files.get('junit.xml');
  const markdown = files.get(markdownName);
  if (!('value' in report)) checks.push(notChecked('formats-agree', R)!);
  else if (junit === undefined || markdown === undefined) {
    checks.push({
      id: 'formats-agree',
      status: 'fail',
      message: `not checked: ${[junit === undefined ? 'junit.xml' : '', markdown === undefined ? markdownName : ''].filter((s) => s !== '').join(', ')} missing`,
    });
  } else {
    const problems = formatAgreementProblems({
      report: report.value,
      junit: junit.toString('utf8'),
      markdown: { name: markdownName, text: markdown.toString('utf8') },
      readme: files.get(README_FILE)?.toString('utf8'),
    });
    checks.push(
      from(
        'formats-agree',
        { problems, warnings: [] },
        `junit.xml, ${markdownName}${files.has(README_FILE) ? ' and README.md' : ''} agree with report.json (${report.value.checks.length} checks)`,
      ),
    );
  }

  // Every exchange a check cites is in the HAR.
  const evidenceBlocked = notChecked('har-evidence', R, [HAR_FILE, har]);
  if (evidenceBlocked !== null) checks.push(evidenceBlocked);
  else {
    const evidence = harEvidenceProblems(value(report), value(har));
    checks.push(
      from(
        'har-evidence',
        { problems: evidence.problems, warnings: [] },
        `${value(har).log.entries.length} exchanges (${evidence.tied} tied to checks); every exchange the report cites (${evidence.cited}) is there; endpoint coverage matches`,
      ),
    );
  }

  // Product fields complete, and the target the report shows.
  const productBlocked = notChecked('product', [PRODUCT_FILE, product]);
  if (productBlocked !== null) checks.push(productBlocked);
  else {
    const problem = productProblem(value(product));
    const problems = problem === null ? [] : [`${PRODUCT_FILE}: ${problem}`];
    if (problem === null && 'value' in report) {
      const strip = (u: string) => u.replace(/\/+$/, '');
      const p = value(product) as Product;
      if (strip(p.targetUrl) !== strip(report.value.target.url))
        problems.push(`${PRODUCT_FILE} names target ${p.targetUrl}, the report tested ${report.value.target.url}`);
    }
    const p = value(product) as Product;
    checks.push(from('product', { problems, warnings: [] }, problem === null ? `${p.product} ${p.version} by ${p.vendor} (contact ${p.contact})` : ''));
  }

  if (unreadable !== undefined) return { checks, exitCode: 2, errorCode: unreadable };
  return { checks, exitCode: checks.some((c) => c.status === 'fail') ? 1 : 0 };
}

/** Reads a bundle directory or .tar.gz and checks it; an unreadable path gives exit code 2 with one line why. */
export async function verifyBundle(path: string, options: VerifyOptions = {}): Promise<VerifyResult> {
  let bundle: BundleFiles;
  try {
    bundle = await readBundleFiles(path, options.limits ?? DEFAULT_TAR_LIMITS);
  } catch (error) {
    if (!(error instanceof BundleUnreadableError)) throw error;
    // A bad archive keeps the tar reader's own code: its row says what to do about it.
    const errorCode = error.cause instanceof TarError ? error.cause.code : error.code;
    return { checks: [{ id: 'bundle', status: 'fail', message: error.message }], exitCode: 2, errorCode };
  }
  return verifyBundleFiles(bundle, { ...options, verifier: await toolInfo() });
}

const LABEL: Readonly<Record<VerifyStatus, string>> = { ok: 'ok     ', warning: 'warning', fail: 'FAIL   ' };

/**
 * One line per check, `ok      manifest: 12 files match MANIFEST.sha256`, then the outcome; an
 * unreadable bundle's outcome ends in its error code, `[TAR_INVALID]`, as every CLI error line does.
 */
export function formatVerifyResult(result: VerifyResult): string[] {
  const outcome = result.exitCode === 0 ? 'valid' : result.exitCode === 1 ? 'INVALID' : 'UNREADABLE';
  const warnings = result.checks.filter((c) => c.status === 'warning').length;
  return [
    ...result.checks.map((c) => `${LABEL[c.status]} ${c.id}: ${c.message.replace(/[\r\n]+/g, ' ')}`),
    `bundle ${outcome}${warnings > 0 ? ` (${warnings} warning${warnings === 1 ? '' : 's'})` : ''}${result.exitCode === 2 ? ` [${result.errorCode ?? 'BUNDLE_UNREADABLE'}]` : ''}`,
  ];
}
