import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { readSeed } from '../harness/config/seed.js';
import type { HarEntry } from '../harness/har/format.js';
import type { Report } from '../harness/report/model.js';
import { readLatestReport } from './run-cli.js';
import { SHARED_FIXTURE_WAIT_MS, sharedRun } from './testing/shared-fixture.js';
import { FAULTY_RUN } from './testing/shared-runs.js';

/*
 * Issue 14: CONFORMANCE_HAR=true writes every exchange of an ordinary run as HAR 1.2, redacted
 * like the reports, each entry tied to the check that sent it (null: the end-of-file cleanup).
 */

let report: Report;
let entries: HarEntry[];
let har: string;
let reportDir: string;

beforeAll(async () => {
  // A run of contacts and auth (and security) with HAR on and contacts-email-unchecked among its
  // faults, shared with other files (test/testing/shared-runs.ts).
  const result = await sharedRun(FAULTY_RUN);
  expect(result.code, result.stderr).toBe(1);
  reportDir = result.reportDir;
  report = await readLatestReport(reportDir);
  expect(report.target.faults).toContain('contacts-email-unchecked');
  har = await readFile(join(reportDir, 'latest', 'exchanges.har'), 'utf8');
  const parsed = JSON.parse(har) as { log: { version: string; creator: { name: string }; entries: HarEntry[] } };
  expect(parsed.log.version).toBe('1.2');
  expect(parsed.log.creator.name).toBe(report.tool.name);
  entries = parsed.log.entries;
}, SHARED_FIXTURE_WAIT_MS + 20_000);

describe('exchanges.har (CONFORMANCE_HAR=true)', () => {
  it('holds every exchange, each tied to a check of the report (null for the end-of-file cleanup)', () => {
    expect(entries.length).toBeGreaterThan(500);
    const keys = new Set(report.checks.map((c) => c.key));
    expect(entries.filter((e) => e._check !== null && !keys.has(e._check)).map((e) => e._check)).toEqual([]);
    // The end-of-file cleanup belongs to no check.
    expect(entries.some((e) => e._check === null && e.request.method === 'DELETE')).toBe(true);
    // Every check that sent a request shows up.
    const owners = new Set(entries.map((e) => e._check));
    expect(report.checks.filter((c) => c.status === 'pass' && c.exchange !== null && !owners.has(c.key)).map((c) => c.key)).toEqual([]);
  });

  it('contains the exchange each failure cites, with its request and response bodies', () => {
    const failures = report.checks.filter((c) => c.status === 'fail' && c.exchange !== null);
    expect(failures.length).toBeGreaterThan(0);
    for (const failure of failures) {
      const cited = entries.filter(
        (e) =>
          e._check === failure.key &&
          e.request.method === failure.exchange!.method &&
          e.request.url === failure.exchange!.url &&
          e.response.status === failure.exchange!.status,
      );
      expect(cited.length, failure.key).toBeGreaterThan(0);
      expect(cited.every((e) => e._requirement === failure.requirementId)).toBe(true);
      // A property sends the same request many times: one of them carries the cited body.
      expect(cited.some((e) => e.response.content.text.startsWith(failure.exchange!.bodyExcerpt.slice(0, 200)))).toBe(true);
    }
    expect(entries.some((e) => e.request.postData !== undefined && e.request.postData.text.startsWith('{'))).toBe(true);
  });

  it('is redacted like the reports, and leaves no parts behind', async () => {
    const seed = await readSeed();
    for (const key of seed.organisations.flatMap((o) => o.keys.map((k) => k.key))) {
      expect(har).not.toContain(key);
      expect(har).not.toContain(key.slice(key.indexOf('_') + 1));
    }
    expect(har).not.toMatch(/whsec_[A-Za-z0-9]{8,}/);
    const keyed = entries.find((e) => e.request.headers.some((h) => h.name === 'x-api-key'));
    expect(keyed?.request.headers.find((h) => h.name === 'x-api-key')?.value).toMatch(/^wmk_\*+|\*{4}/);
    expect((await readdir(reportDir)).filter((f) => f.includes('har-parts'))).toEqual([]);
  });
});
