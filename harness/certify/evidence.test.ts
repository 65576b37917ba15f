import { describe, expect, it } from 'vitest';
import { harEvidenceProblems } from './evidence.js';
import type { Har } from '../har/format.js';
import { syntheticHar, syntheticReport } from './testing/synthetic-bundle.js';

const report = syntheticReport({ statuses: { 'CT-NAME-MIN': 'fail', 'PAGE-DEFAULTS': 'error', 'PAGE-TOTAL': 'inconclusive' } });
const failed = report.checks.find((c) => c.requirementId === 'CT-NAME-MIN')!;

function edit(change: (har: Har) => void): string[] {
  const har = structuredClone(syntheticHar(report));
  change(har);
  return harEvidenceProblems(report, har).problems;
}

describe('the HAR backs the report', () => {
  it('finds every cited exchange and the endpoint coverage in a HAR that backs the report', () => {
    const result = harEvidenceProblems(report, syntheticHar(report));
    expect(result.problems).toEqual([]);
    expect(result.cited).toBe(3);
  });

  it('names a failure whose exchange is not in the HAR', () => {
    const problems = edit((har) => {
      har.log.entries = har.log.entries.filter((e) => e._check !== failed.key || e.request.method !== 'POST');
    });
    expect(problems).toContain(
      `the fail check "${failed.key}" cites POST https://api.vendor.example/api/v1/contacts?case=CT-NAME-MIN -> 201, which is not in the HAR`,
    );
  });

  it('names an exchange tied to another check, and one whose status or body was edited', () => {
    const cited = (har: Har) => har.log.entries.find((e) => e._check === failed.key && e.request.method === 'POST')!;
    expect(edit((har) => void (cited(har)._check = null))).toContain(
      `the fail check "${failed.key}" cites POST https://api.vendor.example/api/v1/contacts?case=CT-NAME-MIN -> 201, which the HAR has but ties to another check or none`,
    );
    expect(edit((har) => void (cited(har).response.status = 422))).toContain(
      `the fail check "${failed.key}" cites POST https://api.vendor.example/api/v1/contacts?case=CT-NAME-MIN -> 201, which is not in the HAR`,
    );
    expect(edit((har) => void (cited(har).response.content = { text: '{"data":{"id":"x"}}' }))).toContain(
      `the fail check "${failed.key}" cites POST https://api.vendor.example/api/v1/contacts?case=CT-NAME-MIN -> 201, whose response body in the HAR differs from the report's`,
    );
    // A body the HAR cut shorter than the report's excerpt, or one in base64, is not a difference.
    expect(edit((har) => void (cited(har).response.content = { text: '{"data"' }))).toEqual([]);
    expect(edit((har) => void (cited(har).response.content = { text: 'e30=', encoding: 'base64' }))).toEqual([]);
  });

  it('names an entry tied to a check the report does not have', () => {
    const problems = edit((har) => void (har.log.entries[1]!._check = 'contacts made up'));
    expect(problems.some((p) => /^HAR entry 2 \(.*\) is tied to check "contacts made up", which report.json does not have$/.test(p))).toBe(true);
  });

  it("names the endpoints whose coverage the HAR does not give when a check's requests are removed", () => {
    const victim = syntheticHar(report).log.entries.find((e) => e._check !== null && e.request.url.endsWith('/webhooks/events'))!._check!;
    const problems = edit((har) => {
      har.log.entries = har.log.entries.filter((e) => e._check !== victim);
    });
    expect(problems).toContain(
      `GET /webhooks/events: report.json says ${report.endpoints.find((e) => e.path === '/webhooks/events')!.checks} checks sent a request to it, the HAR shows ${report.endpoints.find((e) => e.path === '/webhooks/events')!.checks - 1}`,
    );
  });

  it('does not count requests that got no response, nor those outside any check', () => {
    const extra = (har: Har, check: string | null, status: number) =>
      har.log.entries.push({
        ...structuredClone(har.log.entries[1]!),
        request: { method: 'GET', url: 'https://api.vendor.example/api/v1/rates/1/versions' },
        response: { status },
        _check: check,
      });
    expect(edit((har) => extra(har, report.checks.at(-1)!.key, 0))).toEqual([]);
    expect(edit((har) => extra(har, null, 200))).toEqual([]);
    expect(edit((har) => extra(har, report.checks.at(-1)!.key, 200))[0]).toMatch(
      /^GET \/rates\/\{id\}\/versions: report.json says [0-9]+ checks sent a request to it, the HAR shows [0-9]+$/,
    );
  });
});
