import { readFileSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../harness/config/defaults.js';
import { REQUIREMENT_SUITES } from '../harness/config/requirement-suites.js';
import { requirementSuitesOf } from '../harness/config/requirement-suites-text.js';
import { readSeed } from '../harness/config/seed.js';
import { PACKAGE_ROOT } from '../harness/package-root.js';
import { REPORT_JSON_SCHEMA } from '../harness/report/json-schema.js';
import { SUITE_ESTIMATES } from '../harness/runner/request-estimate.js';
import type { Report } from '../harness/report/model.js';
import { matchEndpoint } from '../harness/spec/endpoints.js';
import { REQUIREMENTS, isRequirementId } from '../harness/spec/requirements.js';
import type { HarEntry } from '../harness/har/format.js';
import { prismVerdict } from './openapi-prism.js';
import { readLatestReport, runCli, type CliResult } from './run-cli.js';
import { HAR_FILE } from '../harness/har/format.js';
import { RUN_FILES } from '../harness/report/files.js';

// The run keeps its HTTP archive too: the OpenAPI document is judged against every answer in it.
const REPORT_FILES = [...RUN_FILES, HAR_FILE].sort();

async function allFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

describe('a full run against the embedded reference server', () => {
  let result: CliResult;
  let report: Report;

  beforeAll(async () => {
    // The clone's TypeScript, as the README's `npm run conformance` runs it: the report names its source lines.
    result = await runCli(['run'], { CONFORMANCE_NUM_RUNS: '10', CONFORMANCE_HAR: 'true' }, 'source');
    report = await readLatestReport(result.reportDir);
  }, 180_000);

  it('passes every check and exits 0', () => {
    const broken = report.checks.filter((c) => c.status === 'fail' || c.status === 'error');
    expect(broken.map((c) => `${c.requirementId} ${c.title}: ${c.message}`)).toEqual([]);
    expect(report.verdict).toBe('conformant');
    // Conformant means every MUST requirement of the catalogue was verified and passed.
    expect(report.unverified.map((u) => `${u.id}: ${u.detail}`)).toEqual([]);
    expect(result.code).toBe(0);
  });

  it('says in every output that it tested the embedded reference server, not your server', async () => {
    expect(result.stdout).toMatch(/^CONFORMANT \(embedded reference server, not your server\) {2}Every MUST requirement/m);
    // From the start, and how to test one's own server instead.
    expect(result.stderr).toMatch(
      /conformance run \S+ against the embedded reference server, not your server \(CONFORMANCE_TARGET_URL is not set; --url tests yours\)/,
    );
    expect(report.target).toMatchObject({ embedded: true, kind: 'embedded reference server' });
    const dir = join(result.reportDir, 'latest');
    expect((await readFile(join(dir, 'summary.md'), 'utf8')).split('\n')[0]).toBe(
      '# Conformance report: ✅ CONFORMANT (embedded reference server, not your server)',
    );
    expect(await readFile(join(dir, 'report.html'), 'utf8')).toContain('<h1>Conformance report (embedded reference server, not your server)</h1>');
    expect(await readFile(join(dir, 'junit.xml'), 'utf8')).toContain('(not your server)"');
  });

  it('prints no warning of Node or of a library on its way (a burst of requests in one check is no listener leak)', () => {
    expect(result.stderr.split('\n').filter((line) => /Warning|\(node:\d+\)/.test(line))).toEqual([]);
  });

  it('writes every format into the run directory and into latest/', async () => {
    const dirs = (await readdir(result.reportDir)).sort();
    expect(dirs).toEqual([report.runId, 'latest'].sort());
    for (const dir of dirs) expect((await readdir(join(result.reportDir, dir))).sort()).toEqual(REPORT_FILES);
  });

  it('writes a report.json that the published JSON Schema accepts', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const committed = JSON.parse(await readFile(new URL('../schemas/report.schema.json', import.meta.url), 'utf8'));
    const validate = ajv.compile(committed);
    const valid = validate(report);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
  });

  it('says where every check is declared: the suite line that names it or declares it, then the helper line when a helper did', async () => {
    const lineOf = (l: { file: string; line: number }): string => readFileSync(join(PACKAGE_ROOT, l.file), 'utf8').split('\n')[l.line - 1] ?? '';
    const wrong: string[] = [];
    for (const c of report.checks) {
      const [suite, helper, ...more] = c.declaredAt ?? [];
      if (suite === undefined || !suite.file.startsWith('suites/') || more.length > 0) wrong.push(`${c.key}: ${JSON.stringify(c.declaredAt)}`);
      else if (helper === undefined) {
        // Declared in the suite: the line is the call, with its id (or the id on the lines after).
        if (!/\bcheck\(/.test(lineOf(suite)) && !lineOf(suite).includes(c.requirementId)) wrong.push(`${c.key}: ${lineOf(suite)}`);
      } else {
        // Declared by a helper the suite hands its check to; the helper's line declares it.
        if (!/\bcheck\b/.test(lineOf(suite))) wrong.push(`${c.key}: ${lineOf(suite)}`);
        if (!helper.file.startsWith('harness/') || (!/\bcheck\(/.test(lineOf(helper)) && !lineOf(helper).includes(c.requirementId))) {
          wrong.push(`${c.key}: ${helper.file}:${helper.line} ${lineOf(helper)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    // Both kinds occur, and report.html shows them under the titles.
    expect(report.checks.filter((c) => c.declaredAt?.length === 1).length).toBeGreaterThan(100);
    expect(report.checks.filter((c) => c.declaredAt?.length === 2).length).toBeGreaterThan(100);
    const page = await readFile(join(result.reportDir, 'latest', 'report.html'), 'utf8');
    expect(page).toMatch(/<div class="where mono muted">suites\/contacts\.test\.ts:\d+ via harness\/crosscutting\/validation\.ts:\d+<\/div>/);
  });

  it('names only catalogued requirements and covers every MUST requirement with a check', () => {
    expect(report.checks.filter((c) => !isRequirementId(c.requirementId)).map((c) => c.requirementId)).toEqual([]);
    const uncovered = report.requirements.filter((r) => r.level === 'MUST' && r.checks === 0).map((r) => r.id);
    expect(uncovered).toEqual([]);
    expect(report.requirements.map((r) => r.id).sort()).toEqual(Object.keys(REQUIREMENTS).sort());
  });

  it('checks each requirement in the suites the table of selections says (a narrowed run is refused by it)', () => {
    const measured = Object.fromEntries(requirementSuitesOf(report.checks, Object.keys(REQUIREMENTS)));
    // Stale: npx tsx harness/config/write-requirement-suites.ts <this run's report.json>
    expect(measured).toEqual(REQUIREMENT_SUITES);
  });

  it('reports as many checks of each suite as conformance list and the progress line say it holds', () => {
    const counted = Object.fromEntries(DOMAINS.map((d) => [d, report.checks.filter((c) => c.domain === d).length]));
    // Stale: the checks of harness/runner/request-estimate.ts SUITE_ESTIMATES, from this run's report.json.
    expect(counted).toEqual(Object.fromEntries(DOMAINS.map((d) => [d, SUITE_ESTIMATES[d].checks])));
  });

  it('exercises every documented endpoint and names the domains it cannot test', () => {
    expect(report.endpoints).toHaveLength(62);
    expect(report.endpoints.filter((e) => e.checks === 0).map((e) => `${e.method} ${e.path}`)).toEqual([]);
    expect(report.notTestable.map((n) => n.domain)).toEqual(expect.arrayContaining(['Invoices', 'Task Financials']));
  });

  it('gets no answer that schemas/openapi.json forbids, as Prism validates them (a real consumer of the document)', async () => {
    const document = JSON.parse(await readFile(new URL('../schemas/openapi.json', import.meta.url), 'utf8')) as object;
    const har = JSON.parse(await readFile(join(result.reportDir, 'latest', 'exchanges.har'), 'utf8')) as { log: { entries: HarEntry[] } };
    const entries = har.log.entries;
    const verdict = await prismVerdict(document, entries, new URL(report.target.url).pathname.replace(/\/+$/, ''));
    expect(verdict.violations).toEqual([]);
    expect(verdict.judged).toBeGreaterThan(1000);
    // Only paths the spec does not show go unrouted (the checks' probes of unknown routes, say).
    expect(verdict.unrouted.filter((r) => matchEndpoint(r.split(' ')[0]!, r.slice(r.indexOf(' ') + 1)) !== undefined)).toEqual([]);
    // Prism is no rubber stamp here: the same answers with the list envelope or a rate header taken out are refused.
    const list = entries.find((e) => e.request.method === 'GET' && e.response.status === 200 && /\/contacts\?/.test(e.request.url))!;
    const unpaged = { ...list, response: { ...list.response, content: { ...list.response.content, text: JSON.stringify({ data: [] }) } } };
    const headless = { ...list, response: { ...list.response, headers: list.response.headers.filter((h) => h.name.toLowerCase() !== 'x-ratelimit-limit') } };
    const broken = await prismVerdict(document, [unpaged, headless], new URL(report.target.url).pathname.replace(/\/+$/, ''));
    expect(broken.violations).toEqual([
      "GET /contacts 200: Response body must have required property 'pagination'",
      "GET /contacts 200: Response header must have required property 'x-ratelimit-limit'",
    ]);
  }, 60_000);

  it('records what the target chose where the spec is silent', () => {
    const topics = new Set(report.observations.map((o) => o.topic));
    for (const topic of ['validation-status', 'unknown-id-status', 'missing-key-status', 'paging-total-name']) {
      expect(topics).toContain(topic);
    }
  });

  it('never writes a configured key into the reports or the terminal', async () => {
    const seed = await readSeed();
    const keys = seed.organisations.flatMap((o) => o.keys.map((k) => k.key));
    const outputs = [result.stdout, result.stderr, ...(await Promise.all((await allFiles(result.reportDir)).map((f) => readFile(f, 'utf8'))))];
    for (const key of keys) {
      for (const output of outputs) expect(output.includes(key)).toBe(false);
    }
    // Webhook secrets are only known at run time: none may appear other than masked.
    for (const output of outputs) expect(output).not.toMatch(/whsec_(?!\*\*\*\*)[A-Za-z0-9]/);
    expect(report.checks.length).toBeGreaterThan(0);
  });

  it('ends the terminal output with a table per domain and the report paths', () => {
    expect(result.stdout).toMatch(/contacts\s+\d+/);
    expect(result.stdout).toMatch(/auth\s+\d+/);
    expect(result.stdout).toContain(join(result.reportDir, 'latest'));
  });
});

describe('the published report schema', () => {
  it('is the one generated from the report model (run npm run schema after changing model.ts)', async () => {
    const committed = JSON.parse(await readFile(new URL('../schemas/report.schema.json', import.meta.url), 'utf8'));
    expect(committed).toEqual(REPORT_JSON_SCHEMA.jsonSchema());
  });
});
