import { DOMAINS } from '../../config/schema.js';
import type { CheckResult, Report, Status } from '../../report/model.js';
import { renderAll } from '../../report/write.js';
import { buildReport } from '../../runner/build-report.js';
import { ENDPOINTS, endpointKey } from '../../spec/endpoints.js';
import { REQUIREMENTS } from '../../spec/requirements.js';
import { assembleBundle, renderBundleReadme } from '../bundle.js';
import { buildEnvironment, type Environment } from '../environment.js';
import type { ToolImage } from '../image.js';
import { HAR_VERSION, type Har, type HarEntryRead as HarEntry } from '../../har/format.js';
import { MANIFEST_FILE, renderManifest, SIGNATURE_FILE } from '../manifest.js';
import type { Product } from '../product.js';
import { signManifest } from '../signature.js';

/*
 * Test helpers (not used by the tool): reports, HARs and whole bundles made without a run, and
 * the edits a dishonest vendor could make to one.
 */

/** A product.json for a report's target. */
export function productFor(report: Pick<Report, 'target'>): Product {
  return { vendor: 'Example Vendor', product: 'Example Work Manager', version: '1.2.3', targetUrl: report.target.url, contact: 'conformance@vendor.example' };
}

function entry(method: string, url: string, status: number, text: string, check: string | null): HarEntry {
  return {
    startedDateTime: '2026-01-01T00:00:00.000Z',
    time: 1,
    request: { method, url, httpVersion: 'HTTP/1.1', cookies: [], headers: [], queryString: [], headersSize: -1, bodySize: 0 },
    response: {
      status,
      statusText: '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: [],
      content: { size: text.length, mimeType: 'application/json', text },
      redirectURL: '',
      headersSize: -1,
      bodySize: text.length,
    },
    cache: {},
    timings: { send: 0, wait: 1, receive: 0 },
    _check: check,
  };
}

/**
 * A HAR 1.2 log that backs `report` the way the runner's recording would: every exchange a check
 * cites, tied to it, and, for every documented endpoint, requests from as many distinct checks as
 * the report's endpoint coverage counts (which checks is made up: the report does not say), plus
 * one probe tied to no check.
 */
export function syntheticHar(report: Report): Har {
  const entries: HarEntry[] = [];
  const base = report.target.url.replace(/\/+$/, '');
  entries.push(entry('GET', `${base}/contacts?limit=1`, 200, '{"data":[]}', null));
  for (const check of report.checks) {
    const x = check.exchange;
    if (x !== null) entries.push(entry(x.method, x.url, x.status ?? 0, x.bodyExcerpt, check.key));
  }
  // Checks whose cited exchange already went to an endpoint count for it; others make up the rest.
  const keys = report.checks.map((c) => c.key);
  for (const endpoint of report.endpoints) {
    const url = `${base}${endpoint.path.replace('{id}', '00000000-0000-4000-8000-000000000001')}`;
    const path = `${new URL(base).pathname}${endpoint.path}`;
    const already = new Set(
      entries.filter((e) => e._check && e.request.method === endpoint.method && new URL(e.request.url).pathname === path).map((e) => e._check),
    );
    const others = keys.filter((k) => !already.has(k));
    for (let i = 0; i < endpoint.checks - already.size; i++) entries.push(entry(endpoint.method, url, 200, '{}', others[i % others.length]!));
  }
  return { log: { version: HAR_VERSION, creator: { name: 'work-management-conformance', version: 'test' }, entries } };
}

/** Options of syntheticReport. */
export interface SyntheticReportOptions {
  /** Status of every check of these requirement ids (default pass); non-passing ones cite an exchange. */
  readonly statuses?: Readonly<Record<string, Status>>;
  readonly numRuns?: number;
  readonly suites?: readonly string[];
  readonly requirements?: readonly string[];
  readonly embedded?: boolean;
  readonly targetUrl?: string;
}

/**
 * A report built by the runner's own buildReport from one check per requirement of the
 * catalogue (all passing unless `statuses` says otherwise), as a full certify run against an
 * external target would give: consistent by construction, conformant by default.
 */
export function syntheticReport(options: SyntheticReportOptions = {}): Report {
  const targetUrl = options.targetUrl ?? 'https://api.vendor.example/api/v1';
  const checks: CheckResult[] = Object.entries(REQUIREMENTS).map(([id, r]) => {
    const status = options.statuses?.[id] ?? 'pass';
    const cites = status === 'fail' || status === 'error' || status === 'inconclusive';
    return {
      key: `${r.area} ${id} holds`,
      requirementId: id,
      level: r.level,
      section: r.section,
      domain: r.area,
      title: `${r.level} hold ${id}`,
      status,
      message: status === 'pass' ? null : `${status}: ${id} did not hold`,
      durationMs: 10,
      exchange: cites
        ? {
            curl: `curl -sS '${targetUrl}/contacts'`,
            method: 'POST',
            url: `${targetUrl}/contacts?case=${id}`,
            status: 201,
            responseHeaders: {},
            bodyExcerpt: `{"data":{"id":"${id}"}}`,
            durationMs: 5,
          }
        : null,
      property: null,
      throttled: 0,
    };
  });
  // Every check that cites an exchange sent it to POST /contacts.
  const citing = checks.filter((c) => c.exchange !== null).length;
  const endpointChecks = new Map(ENDPOINTS.map((e, i) => [endpointKey(e), 1 + (i % 3) + (endpointKey(e) === 'POST /contacts' ? citing : 0)]));
  const startedAt = new Date('2026-11-20T10:00:00.000Z');
  return buildReport(
    { checks, observations: [], harnessErrors: [], throttledMs: 0, endpointChecks, matrix: [], inputClasses: [], stopped: null },
    {
      runId: '20261120T100000Z-0001',
      startedAt,
      finishedAt: new Date(startedAt.getTime() + 65_000),
      targetUrl,
      embedded: options.embedded ?? false,
      faults: [],
      variants: [],
      seed: 1234,
      numRuns: options.numRuns ?? 20,
      suites: options.suites ?? [...DOMAINS],
      allSuites: options.suites === undefined,
      requirements: options.requirements ?? [],
      failOnIncomplete: false,
      toolVersion: '0.1.0',
    },
  );
}

export interface BundleFor {
  readonly files: Map<string, Buffer>;
  readonly environment: Environment;
  readonly product: Product;
}

/** A whole bundle in memory for a report: every format rendered by the real renderers, a synthetic HAR. */
export async function bundleFor(report: Report, options: { privateKeyPem?: string; mode?: 'certify' | 'run'; image?: ToolImage } = {}): Promise<BundleFor> {
  const environment = await buildEnvironment({
    report,
    startedAt: report.startedAt,
    finishedAt: report.finishedAt,
    mode: options.mode ?? 'certify',
    image: options.image,
  });
  const product = productFor(report);
  const files = assembleBundle({
    reportFiles: renderAll(report),
    har: `${JSON.stringify(syntheticHar(report), null, 2)}\n`,
    product,
    environment,
    readme: renderBundleReadme({ report, environment, product, command: 'conformance certify --product product.json' }),
    privateKeyPem: options.privateKeyPem,
  });
  return { files, environment, product };
}

/**
 * The bundle after a dishonest edit by someone holding the key: MANIFEST.sha256 written again
 * and, with a key, signed again; so only the other checks can catch the edit.
 */
export function reseal(files: ReadonlyMap<string, Buffer>, privateKeyPem?: string): Map<string, Buffer> {
  const out = new Map([...files].filter(([name]) => name !== MANIFEST_FILE && name !== SIGNATURE_FILE));
  const manifest = Buffer.from(renderManifest(out), 'utf8');
  out.set(MANIFEST_FILE, manifest);
  if (privateKeyPem !== undefined) out.set(SIGNATURE_FILE, Buffer.from(signManifest(manifest, privateKeyPem), 'utf8'));
  return out;
}

/** `files` with one file's text edited (the manifest left as it was). */
export function editFile(files: ReadonlyMap<string, Buffer>, name: string, edit: (text: string) => string): Map<string, Buffer> {
  const out = new Map(files);
  const before = files.get(name);
  if (before === undefined) throw new Error(`no ${name} in the bundle`);
  const after = edit(before.toString('utf8'));
  if (after === before.toString('utf8')) throw new Error(`the edit left ${name} unchanged`);
  out.set(name, Buffer.from(after, 'utf8'));
  return out;
}
