import { chmod, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { writeBundle, HAR_FILE, REPORT_FILES, renderBundleReadme } from '../certify/bundle.js';
import { buildEnvironment } from '../certify/environment.js';
import { toolImage } from '../certify/image.js';
import { readProduct } from '../certify/product.js';
import { generateKeyPair, loadPrivateKey } from '../certify/signature.js';
import { formatVerifyResult, verifyBundle } from '../certify/verify.js';
import { loadConfig } from '../config/load.js';
import { DEFAULTS, type Config } from '../config/schema.js';
import { renderDoctorItem } from '../doctor/render-terminal.js';
import { runDoctor } from '../doctor/run.js';
import { UsageError } from '../errors.js';
import { Redactor } from '../http/redact.js';
import { renderTerminalSummary } from '../report/render-terminal.js';
import { Progress } from '../runner/progress.js';
import { INTERRUPT_EXIT_CODES } from '../runner/interrupt.js';
import { runConformance } from '../runner/run.js';
import { CERTIFY_SYNTAX, KEYGEN_SYNTAX, VERIFY_SYNTAX } from './certify-args.js';
import { parseCommandArgs } from './parse.js';
import { listenForStop } from './signals.js';
import { displayUrl } from '../runner/target.js';

/*
 * Issue 14: `conformance certify` (a full run that cannot be narrowed, written as a signed,
 * self-checking bundle), `conformance verify` (checks one without contacting any server) and
 * `conformance keygen` (an Ed25519 key pair for signing).
 */

/**
 * What keeps a configuration from certifying: a narrowed run, known failures, fewer runs per
 * property than the default, a variable the full suite needs. One line each (pure).
 */
export function certifyRefusals(config: Config): string[] {
  const lines: string[] = [];
  if (!config.allSuites) lines.push(`CONFORMANCE_SUITES=${config.suites.join(',')}: a certification runs every suite; unset it`);
  if (config.requirements.length > 0) lines.push('CONFORMANCE_REQUIREMENTS: a certification runs every requirement; unset it');
  if (config.expectedFailuresPath !== undefined) lines.push('CONFORMANCE_EXPECTED_FAILURES: known failures are never allowed in a certification; unset it');
  if (config.numRuns < DEFAULTS.numRuns)
    lines.push(`CONFORMANCE_NUM_RUNS=${config.numRuns}: a certification runs at least ${DEFAULTS.numRuns} runs per property`);
  if (config.referenceFaults.length > 0) lines.push('CONFORMANCE_REFERENCE_FAULTS: a reference server with faults on is no product to certify; unset it');
  const needed: Array<[unknown, string]> = [
    [config.keys.member, 'CONFORMANCE_MEMBER_KEY'],
    [config.keys.otherOrg, 'CONFORMANCE_OTHER_ORG_KEY'],
    [config.keys.limited, 'CONFORMANCE_LIMITED_KEY'],
    [config.keys.customLimit, 'CONFORMANCE_CUSTOM_LIMIT_KEY'],
    [config.projectId, 'CONFORMANCE_PROJECT_ID'],
    [config.versionId, 'CONFORMANCE_VERSION_ID'],
    [config.otherProjectId, 'CONFORMANCE_OTHER_PROJECT_ID'],
  ];
  for (const [value, variable] of needed)
    if (value === undefined) lines.push(`${variable}: not set; a certification verifies every requirement, and the checks that need it would be skipped`);
  return lines;
}

const say = (line: string): void => {
  process.stderr.write(`conformance: ${line}\n`);
};

/** `conformance certify --product FILE [--private-key FILE] [--passphrase-env VAR] [--out DIR] [--dotenv PATH]`. */
export async function certify(argv: readonly string[]): Promise<number> {
  const commandStarted = new Date();
  const { values } = parseCommandArgs(argv, CERTIFY_SYNTAX);
  const productPath = values.get('--product');
  if (productPath === undefined) throw new UsageError('--product FILE is required: product.json with vendor, product, version, targetUrl and contact');
  const product = await readProduct(productPath);
  const keyPath = values.get('--private-key');
  const privateKeyPem =
    keyPath === undefined
      ? undefined
      : await readFile(keyPath, 'utf8').catch((cause: Error) => {
          throw new UsageError(`--private-key: cannot read ${keyPath} (${cause.message})`);
        });
  const passphraseVariable = values.get('--passphrase-env');
  const passphrase = passphraseVariable === undefined ? undefined : process.env[passphraseVariable];
  if (passphraseVariable !== undefined && passphrase === undefined) throw new UsageError(`--passphrase-env: ${passphraseVariable} is not set`);
  // A key that cannot sign is found now, not after a run of minutes.
  if (privateKeyPem !== undefined) loadPrivateKey(privateKeyPem, passphrase);
  if (values.has('--dotenv') && values.has('--no-dotenv'))
    throw new UsageError('--dotenv and --no-dotenv contradict each other; give one (see conformance certify --help)');
  const config = await loadConfig({ envFile: values.has('--no-dotenv') ? null : values.get('--dotenv') });

  const refusals = certifyRefusals(config);
  const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
  if (config.targetUrl !== null) {
    const shown = displayUrl(config.targetUrl, redactor);
    if (product.targetUrl.replace(/\/+$/, '') !== shown)
      refusals.push(`${productPath}: targetUrl is ${product.targetUrl}, but the run tests ${shown}; they must be the same`);
  }
  if (refusals.length > 0) {
    for (const line of refusals) say(line);
    return 2;
  }
  // Against a real server, the whole doctor first: a certification of a wrong setup is worthless.
  if (config.targetUrl !== null) {
    const doctor = await runDoctor(config, { scope: 'full' });
    const problems = doctor.items.filter((i) => i.status === 'problem');
    if (problems.length > 0) {
      for (const found of problems) process.stderr.write(redactor.redact(renderDoctorItem(found, { color: false })));
      say(`the doctor found ${problems.length} problem${problems.length === 1 ? '' : 's'} in the setup: fix them first (conformance doctor)`);
      return 2;
    }
  }

  // Ctrl-C or a cancelled job: the run stops cleanly and reports; no bundle of an interrupted run.
  const { interrupt, release } = listenForStop();
  const { report, written } = await runConformance({ ...config, har: true, skipDoctor: true }, new Progress(), { interrupt }).finally(release);
  if (interrupt.received !== undefined) {
    process.stdout.write(redactor.redact(renderTerminalSummary(report, { color: process.stdout.isTTY === true })));
    process.stdout.write(`\nCertification: NOT CERTIFIED (${interrupt.received}: no bundle written)\nReport: ${written.runDir}\n`);
    return INTERRUPT_EXIT_CODES[interrupt.received];
  }
  const reportFiles = Object.fromEntries(
    await Promise.all(REPORT_FILES.map(async (name) => [name, await readFile(join(written.runDir, name), 'utf8')] as const)),
  );
  const har = await readFile(join(written.runDir, HAR_FILE), 'utf8');
  // The embedded reference server listens on a port of its own each time: the product it stands for is that run's URL.
  const certified = config.targetUrl === null ? { ...product, targetUrl: report.target.url } : product;
  const image = await toolImage(config.imageDigest);
  const environment = await buildEnvironment({ report, startedAt: commandStarted, finishedAt: new Date(), mode: 'certify', image });
  const command = ['npx conformance certify', ...argv.map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))].join(' ');
  const readme = renderBundleReadme({ report, environment, product: certified, command });
  const dir = resolve(values.get('--out') ?? resolve(config.reportDir, `certification-${report.runId}`));
  const bundle = await writeBundle({ dir, reportFiles, har, product: certified, environment, readme, privateKeyPem, passphrase });

  process.stdout.write(redactor.redact(renderTerminalSummary(report, { color: process.stdout.isTTY === true })));
  const verdict = report.verdict === 'conformant' ? 'CONFORMANT' : `NOT CERTIFIED (${report.verdict})`;
  process.stdout.write(
    `\nCertification: ${verdict}\nBundle: ${bundle.dir}\n  archive: ${bundle.archive}\n  ${bundle.keySha256 === null ? 'unsigned (give --private-key to sign; conformance keygen makes a key pair)' : `signed by key sha256:${bundle.keySha256}`}\n` +
      `  check it: npx conformance verify ${bundle.archive}${bundle.keySha256 === null ? '' : ' --public-key <your public key>'}\n`,
  );
  return report.verdict === 'conformant' ? 0 : 1;
}

/** `conformance verify <bundle dir or .tar.gz> [--public-key FILE]`: 0 valid, 1 invalid, 2 unreadable. */
export async function verify(argv: readonly string[]): Promise<number> {
  // --dotenv is accepted like every command's, and unused: verify reads no configuration.
  const { values, positionals: rest } = parseCommandArgs(argv, VERIFY_SYNTAX);
  if (rest.length !== 1)
    throw new UsageError('give one bundle: conformance verify <bundle directory or .tar.gz> [--public-key FILE] (see conformance verify --help)');
  const keyPath = values.get('--public-key');
  const publicKeyPem =
    keyPath === undefined
      ? undefined
      : await readFile(keyPath, 'utf8').catch((cause: Error) => {
          throw new UsageError(`--public-key: cannot read ${keyPath} (${cause.message})`);
        });
  const result = await verifyBundle(rest[0]!, publicKeyPem === undefined ? {} : { publicKeyPem });
  process.stdout.write(`${formatVerifyResult(result).join('\n')}\n`);
  return result.exitCode;
}

/** `conformance keygen [--out PREFIX] [--force]`: PREFIX.key (Ed25519 private, mode 0600) and PREFIX.pub. */
export async function keygen(argv: readonly string[]): Promise<number> {
  const { values } = parseCommandArgs(argv, KEYGEN_SYNTAX);
  const prefix = resolve(values.get('--out') ?? 'conformance-signing');
  const pair = generateKeyPair();
  const flag = values.has('--force') ? 'w' : 'wx';
  try {
    await writeFile(`${prefix}.key`, pair.privateKeyPem, { mode: 0o600, flag });
    await chmod(`${prefix}.key`, 0o600);
    await writeFile(`${prefix}.pub`, pair.publicKeyPem, { flag });
  } catch (cause) {
    if ((cause as NodeJS.ErrnoException).code === 'EEXIST')
      throw new UsageError(`${prefix}.key or .pub already exists; use --force to overwrite, or --out another prefix`);
    throw cause;
  }
  process.stdout.write(
    `wrote ${prefix}.key (private: keep it secret, give it to conformance certify --private-key)\nwrote ${prefix}.pub (public: hand it to whoever verifies your bundles)\n`,
  );
  return 0;
}
