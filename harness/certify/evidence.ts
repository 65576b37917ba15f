import type { CheckResult, ExchangeRecord, Report } from '../report/model.js';
import { endpointKey, matchEndpoint } from '../spec/endpoints.js';
import { describeEntry, entryCheck, entryText, type Har, type HarEntryRead as HarEntry } from '../har/format.js';

/*
 * Does the HAR back the report? (verify's `har-evidence` check.) A conformant run's checks cite
 * no exchange (the report keeps one only for a failure, an error or an inconclusive check), so
 * three things are compared:
 *  1. every exchange a check cites is an entry of the HAR tied to that check, with the same
 *     method, URL and status, and a response body the report's excerpt is a prefix of (or that is
 *     a prefix of the excerpt, when the HAR cut the body shorter);
 *  2. every entry tied to a check names a check the report has;
 *  3. the report's endpoint coverage (how many checks sent a request to each documented endpoint)
 *     is what the HAR's entries give, counted the way the run counts it (harness/check/check.ts:
 *     the entries with a response, per check, matched against the spec's endpoints).
 */

function sameStatus(entry: HarEntry, exchange: ExchangeRecord): boolean {
  return entry.response.status === (exchange.status ?? 0);
}

function sameRequest(entry: HarEntry, exchange: ExchangeRecord): boolean {
  return entry.request.method === exchange.method && entry.request.url === exchange.url && sameStatus(entry, exchange);
}

function sameBody(entry: HarEntry, exchange: ExchangeRecord): boolean {
  const text = entryText(entry);
  if (text === null) return true;
  return text.startsWith(exchange.bodyExcerpt) || exchange.bodyExcerpt.startsWith(text);
}

function citedProblem(check: CheckResult, entries: readonly HarEntry[]): string | null {
  const exchange = check.exchange!;
  const cited = `${exchange.method} ${exchange.url} -> ${exchange.status ?? 'no response'}`;
  const label = `the ${check.status} check "${check.key}"`;
  const tied = entries.filter((e) => entryCheck(e) === check.key && sameRequest(e, exchange));
  if (tied.length === 0) {
    const elsewhere = entries.some((e) => sameRequest(e, exchange));
    return elsewhere ? `${label} cites ${cited}, which the HAR has but ties to another check or none` : `${label} cites ${cited}, which is not in the HAR`;
  }
  if (!tied.some((e) => sameBody(e, exchange))) return `${label} cites ${cited}, whose response body in the HAR differs from the report's`;
  return null;
}

/** Path of a URL relative to the base path, as check.ts computes it; null if not a URL. */
function relativePath(url: string, basePath: string): string | null {
  try {
    return new URL(url).pathname.slice(basePath.length);
  } catch {
    return null;
  }
}

function basePathOf(targetUrl: string): string {
  try {
    return new URL(targetUrl).pathname.replace(/\/+$/, '');
  } catch {
    return '/api/v1';
  }
}

export interface EvidenceResult {
  readonly problems: string[];
  /** Exchanges the report's checks cite. */
  readonly cited: number;
  /** Entries tied to a check. */
  readonly tied: number;
}

/** What in the HAR does not back the report; no problems when it does. */
export function harEvidenceProblems(report: Report, har: Har): EvidenceResult {
  const problems: string[] = [];
  const entries = har.log.entries;
  const keys = new Set(report.checks.map((c) => c.key));

  const withExchange = report.checks.filter((c) => c.exchange !== null);
  // Failures and errors first: they are what a reader of the bundle looks up.
  const order = { fail: 0, error: 1, inconclusive: 2, skip: 3, pass: 4 } as const;
  for (const check of [...withExchange].sort((a, b) => order[a.status] - order[b.status])) {
    const problem = citedProblem(check, entries);
    if (problem !== null) problems.push(problem);
  }

  let tied = 0;
  entries.forEach((entry, i) => {
    const key = entryCheck(entry);
    if (key === null) return;
    tied += 1;
    if (!keys.has(key)) problems.push(`HAR entry ${i + 1} (${describeEntry(entry)}) is tied to check "${key}", which report.json does not have`);
  });

  const basePath = basePathOf(report.target.url);
  const checksByEndpoint = new Map<string, Set<string>>();
  for (const entry of entries) {
    const key = entryCheck(entry);
    if (key === null || !keys.has(key) || entry.response.status === 0) continue;
    const path = relativePath(entry.request.url, basePath);
    const endpoint = path === null ? undefined : matchEndpoint(entry.request.method, path);
    if (endpoint === undefined) continue;
    const set = checksByEndpoint.get(endpointKey(endpoint)) ?? new Set<string>();
    set.add(key);
    checksByEndpoint.set(endpointKey(endpoint), set);
  }
  for (const endpoint of report.endpoints) {
    const key = `${endpoint.method} ${endpoint.path}`;
    const inHar = checksByEndpoint.get(key)?.size ?? 0;
    if (inHar !== endpoint.checks) {
      problems.push(`${key}: report.json says ${endpoint.checks} checks sent a request to it, the HAR shows ${inHar}`);
    }
  }
  return { problems, cited: withExchange.length, tied };
}
