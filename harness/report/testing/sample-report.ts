import { requirement, type RequirementId } from '../../spec/requirements.js';
import {
  LEVELS,
  emptyCounts,
  reportSchema,
  worstStatus,
  type CheckResult,
  type DomainSummary,
  type ExchangeRecord,
  type Level,
  type Observation,
  type Report,
  type RequirementCoverage,
  type Status,
  type StatusCounts,
} from '../model.js';

/*
 * A realistic, valid `Report` for renderer tests (test-only, not shipped): a non-conformant
 * third-party target with MUST failures (one found by a property), a SHOULD warning, a harness
 * error caused by an HTML 502 page, an inconclusive webhook check, a skipped check, throttling,
 * observations and uncovered requirements. Every requirement id is one of the catalogue
 * (`RequirementId`: a wrong id does not compile) and its level, section and statement are the
 * catalogue's, so the sample cannot disagree with it. The catalogue has no MAY requirement, so
 * neither has the sample: a test of a MAY row builds one with `withLevel`. Counts, domain
 * summaries and coverage are derived from the checks below, so they always agree with them.
 */

const BASE = 'https://staging.acme-projects.example/api/v1';
const KEY = "-H 'X-API-Key: wmk_[REDACTED]'";
const JSON_HEADERS = {
  'content-type': 'application/json; charset=utf-8',
  date: 'Tue, 14 May 2024 09:12:03 GMT',
  'x-ratelimit-limit': '600',
  'x-ratelimit-remaining': '412',
  'x-request-id': 'req_7f3a9c',
};

interface CheckSpec {
  readonly domain: string;
  readonly requirementId: RequirementId;
  readonly title: string;
  readonly status: Status;
  readonly message?: string;
  readonly durationMs: number;
  readonly exchange?: ExchangeRecord;
  readonly property?: CheckResult['property'];
  readonly throttled?: number;
}

interface UncoveredSpec {
  readonly id: RequirementId;
  readonly domain: string;
}

function exchange(
  method: string,
  path: string,
  status: number | null,
  body: string,
  options: { data?: string; headers?: Record<string, string>; durationMs?: number } = {},
): ExchangeRecord {
  const url = `${BASE}${path}`;
  const data = options.data === undefined ? '' : ` -H 'Content-Type: application/json' --data-raw '${options.data}'`;
  return {
    curl: `curl -sS -X ${method} '${url}' ${KEY}${data}`,
    method,
    url,
    status,
    responseHeaders: options.headers ?? (status === 204 || status === null ? {} : JSON_HEADERS),
    bodyExcerpt: body,
    durationMs: options.durationMs ?? 38,
  };
}

const CHECKS: readonly CheckSpec[] = [
  // --- contacts -------------------------------------------------------------------------------
  {
    domain: 'contacts',
    requirementId: 'CT-CREATE-VALID',
    title: 'MUST answer a valid contact create with 201 and the record in data',
    status: 'pass',
    durationMs: 2140,
    exchange: exchange('POST', '/contacts', 201, '{"data":{"id":"6f1c2d7e-8b41-4c55-9a0e-2f4b1d9c3e11","contactType":"company","name":"Ørsted & Sons"}}', {
      data: '{"contactType":"company","name":"Ørsted & Sons"}',
    }),
    property: { seed: 1842906137, path: null, numRuns: 100, counterexample: null },
  },
  {
    domain: 'contacts',
    requirementId: 'CT-EMAIL-FORMAT',
    title: 'MUST reject a contact whose email is not an e-mail address',
    status: 'fail',
    message: 'Expected a 4xx rejection, got 201 Created.\nBroken rule: email must be in e-mail format (spec 2.1); sent email "a@b".',
    durationMs: 3312,
    exchange: exchange('POST', '/contacts', 201, '{"data":{"id":"0b9d5a36-1f7e-4d0c-b3a2-5c8e9f1a2b3c","contactType":"individual","name":"A","email":"a@b"}}', {
      data: '{"contactType":"individual","name":"A","email":"a@b"}',
    }),
    property: {
      seed: 1842906137,
      path: '17:0:2',
      numRuns: 100,
      counterexample: '[{"contactType":"individual","name":"A","email":"a@b"}]',
    },
  },
  {
    domain: 'contacts',
    requirementId: 'PAGE-LIMIT-RANGE',
    title: 'MUST reject a list limit outside 1 to 100',
    status: 'pass',
    durationMs: 410,
    exchange: exchange('GET', '/contacts?limit=101', 422, '{"error":{"code":"VALIDATION_ERROR","message":"limit must be <= 100"}}'),
  },
  {
    domain: 'contacts',
    requirementId: 'CT-DELETE',
    title: 'MUST answer a successful delete with 204 and no body',
    status: 'pass',
    durationMs: 95,
    exchange: exchange('DELETE', '/contacts/6f1c2d7e-8b41-4c55-9a0e-2f4b1d9c3e11', 204, ''),
  },
  // --- time-entries ---------------------------------------------------------------------------
  {
    domain: 'time-entries',
    requirementId: 'TE-DATE-REAL',
    title: 'MUST reject a time entry whose date does not exist',
    status: 'fail',
    message: 'Accepted date "2023-02-30" with 201 Created; a non-existent calendar day must be rejected (spec 2.3).',
    durationMs: 1873,
    exchange: exchange('POST', '/time-entries', 201, '{"data":{"id":"c3a1e5f0-2b7d-4e8a-9c6b-1d2e3f4a5b6c","date":"2023-03-02","hours":1}}', {
      data: '{"taskId":"c1458366-c560-45b8-9c25-c35957b5ae7c","resourceId":"2d4f6a8c-0e1b-4c3d-8e5f-7a9b1c3d5e7f","date":"2023-02-30","hours":1}',
    }),
    property: {
      seed: 1842906137,
      path: '4:0',
      numRuns: 100,
      counterexample: '[{"date":"2023-02-30","hours":1}]',
    },
  },
  {
    domain: 'time-entries',
    requirementId: 'TE-HOURS-MIN-NON-TIMER',
    title: 'MUST reject a non-timer time entry under 0.25 hours',
    status: 'pass',
    durationMs: 1502,
    property: { seed: 1842906137, path: null, numRuns: 100, counterexample: null },
  },
  {
    domain: 'time-entries',
    requirementId: 'TE-HOURS-TIMER-ACCEPTED',
    title: 'MUST accept a timer time entry under 0.25 hours',
    status: 'pass',
    durationMs: 120,
  },
  {
    domain: 'time-entries',
    requirementId: 'TE-START-TIME-FORMAT',
    title: 'MUST reject a startTime that is not HH:MM on a 24-hour clock',
    status: 'pass',
    durationMs: 1655,
    property: { seed: 1842906137, path: null, numRuns: 100, counterexample: null },
  },
  // --- expenses -------------------------------------------------------------------------------
  {
    domain: 'expenses',
    requirementId: 'EX-CREATE-VALID',
    title: 'MUST answer a valid expense create with 201 and the record in data',
    status: 'pass',
    durationMs: 88,
  },
  {
    domain: 'expenses',
    requirementId: 'EX-APPROVE',
    title: 'MUST answer an expense approval with 200 and the expense',
    status: 'error',
    message:
      "TypeError: Cannot read properties of undefined (reading 'id')\n    at createExpense (harness/steps/expenses.ts:41:22)\n    at check (suites/expenses.test.ts:88:19)",
    durationMs: 30_012,
    exchange: exchange(
      'POST',
      '/expenses',
      502,
      '<html><head><title>502 Bad Gateway</title></head><body><center><h1>502 Bad Gateway</h1></center></body></html>',
      {
        data: '{"expenseType":"project","amount":12.5,"date":"2024-05-14"}',
        headers: { 'content-type': 'text/html', server: 'nginx' },
        durationMs: 30_004,
      },
    ),
  },
  // --- webhooks -------------------------------------------------------------------------------
  {
    domain: 'webhooks',
    requirementId: 'SEC-ADMIN-WEBHOOK-WRITE',
    title: 'MUST refuse webhook subscription changes made with a non-admin key',
    status: 'pass',
    durationMs: 240,
  },
  {
    domain: 'webhooks',
    requirementId: 'WH-EVENTS-LIST',
    title: 'MUST list exactly the event names of spec 6.1 at GET /webhooks/events',
    status: 'pass',
    durationMs: 41,
  },
  {
    domain: 'webhooks',
    requirementId: 'WH-SIGNATURE',
    title: 'MUST sign each delivery with HMAC-SHA256 over the raw body',
    status: 'inconclusive',
    message: 'No delivery reached the receiver within 10 s: the target may not reach http://10.0.0.5:8787/hooks (set CONFORMANCE_SINK_PUBLIC_URL).',
    durationMs: 10_230,
    exchange: exchange('POST', '/webhooks/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d/test', 202, '{"data":{"queued":true}}'),
  },
  {
    domain: 'webhooks',
    requirementId: 'WH-RETRY-LIMIT',
    title: 'MUST retry a failed delivery, up to five attempts',
    status: 'skip',
    message: 'Needs a receiver the target can reach: CONFORMANCE_SINK_PUBLIC_URL is not set.',
    durationMs: 0,
  },
  // --- authentication -------------------------------------------------------------------------
  {
    domain: 'authentication',
    requirementId: 'AUTH-X-API-KEY',
    title: 'MUST accept the key in the X-API-Key header',
    status: 'pass',
    durationMs: 35,
  },
  {
    domain: 'authentication',
    requirementId: 'AUTH-BEARER',
    title: 'MUST accept the key as Authorization: Bearer',
    status: 'pass',
    durationMs: 37,
  },
  {
    domain: 'authentication',
    requirementId: 'AUTH-ORG-SCOPE',
    title: "MUST NOT show one organisation's records to another organisation's key",
    status: 'pass',
    durationMs: 64_410,
    throttled: 2,
  },
  // --- limits ---------------------------------------------------------------------------------
  {
    domain: 'limits',
    requirementId: 'RL-OVER-429',
    title: 'MUST answer an over-limit request with 429 and Retry-After',
    status: 'pass',
    durationMs: 5230,
  },
  {
    domain: 'limits',
    requirementId: 'RL-HEADERS-SUCCESS',
    title: 'MUST send X-RateLimit-Limit, -Remaining and -Reset on every successful response',
    status: 'fail',
    message: 'X-RateLimit-Reset is missing from GET /contacts (X-RateLimit-Limit and -Remaining are present).',
    durationMs: 52,
    exchange: exchange('GET', '/contacts?limit=1', 200, '{"data":[],"pagination":{"total":0,"limit":1,"offset":0}}'),
  },
  {
    domain: 'limits',
    requirementId: 'RL-RETRY-AFTER',
    title: 'MUST send Retry-After on every 429, at most 60 seconds',
    status: 'fail',
    message: 'Retry-After was "Tue, 14 May 2024 10:13:00 GMT": 3600 seconds away, more than 60.',
    durationMs: 5110,
    exchange: exchange('GET', '/contacts', 429, '{"error":{"code":"RATE_LIMITED","message":"Too many requests"}}', {
      headers: { ...JSON_HEADERS, 'retry-after': 'Tue, 14 May 2024 10:13:00 GMT', 'x-ratelimit-remaining': '0' },
    }),
    throttled: 1,
  },
  // --- errors ---------------------------------------------------------------------------------
  {
    domain: 'errors',
    requirementId: 'VALIDATION-STATUS-CONSISTENT',
    title: 'SHOULD answer every validation failure with the same status code',
    status: 'fail',
    message: 'Validation failures used 2 status codes: 422 (POST /contacts, POST /time-entries), 400 (POST /expenses).',
    durationMs: 12,
  },
];

/** Requirements of the catalogue that no check in this run names (coverage gaps). */
const UNCOVERED: readonly UncoveredSpec[] = [
  { id: 'BATCH-SIZE', domain: 'batch-operations' },
  { id: 'WH-DELIVERY-HEADERS', domain: 'webhooks' },
];

/** An observation whose requirement, when it names one, is of the catalogue. */
type SampleObservation = Observation & { readonly requirementId: RequirementId | null };

const OBSERVATIONS: readonly SampleObservation[] = [
  { topic: 'validation-status', domain: 'contacts', subject: 'POST /contacts', value: '422', requirementId: 'VALIDATION-STATUS-CONSISTENT' },
  { topic: 'validation-status', domain: 'time-entries', subject: 'POST /time-entries', value: '422', requirementId: 'VALIDATION-STATUS-CONSISTENT' },
  { topic: 'validation-status', domain: 'expenses', subject: 'POST /expenses', value: '400', requirementId: 'VALIDATION-STATUS-CONSISTENT' },
  { topic: 'unknown-id-status', domain: 'contacts', subject: 'GET /contacts/{id}', value: '404', requirementId: null },
  { topic: 'unknown-id-status', domain: 'time-entries', subject: 'GET /time-entries/{id}', value: '404', requirementId: null },
  { topic: 'unknown-id-status', domain: 'expenses', subject: 'GET /expenses/{id}', value: '404', requirementId: null },
  { topic: 'missing-key-status', domain: 'authentication', subject: 'GET /contacts', value: '401', requirementId: null },
  { topic: 'non-admin-status', domain: 'webhooks', subject: 'POST /webhooks', value: '403', requirementId: 'SEC-ADMIN-WEBHOOK-WRITE' },
  { topic: 'paging-total-name', domain: 'contacts', subject: 'GET /contacts', value: 'pagination.total', requirementId: null },
  { topic: 'paging-total-name', domain: 'time-entries', subject: 'GET /time-entries', value: 'pagination.total', requirementId: null },
  {
    topic: 'error-body-shape',
    domain: 'contacts',
    subject: 'POST /contacts',
    value: '{"error":{"code":string,"message":string,"details":[{"path":string,"message":string}]}}',
    requirementId: null,
  },
  { topic: 'retry-after-format', domain: 'limits', subject: 'GET /contacts', value: 'HTTP date', requirementId: 'RL-RETRY-AFTER' },
];

function count(checks: readonly CheckResult[]): StatusCounts {
  const counts = emptyCounts();
  for (const c of checks) counts[c.status] += 1;
  return counts;
}

function toCheck(spec: CheckSpec): CheckResult {
  const { level, section } = requirement(spec.requirementId);
  return {
    key: `${spec.domain} › ${spec.requirementId} › ${spec.title}`,
    requirementId: spec.requirementId,
    level,
    section,
    domain: spec.domain,
    title: spec.title,
    status: spec.status,
    message: spec.message ?? null,
    durationMs: spec.durationMs,
    exchange: spec.exchange ?? null,
    property: spec.property ?? null,
    throttled: spec.throttled ?? 0,
  };
}

/** The fixture's MUST requirements that neither passed nor failed: what the report lists as unverified. */
function unverifiedOf(requirements: readonly RequirementCoverage[]): Report['unverified'] {
  return requirements
    .filter(
      (r): r is RequirementCoverage & { status: 'skip' | 'inconclusive' | 'error' | null } => r.level === 'MUST' && r.status !== 'pass' && r.status !== 'fail',
    )
    .map((r) => ({
      id: r.id,
      section: r.section,
      domain: r.domain,
      statement: r.statement,
      reason: r.status === null ? 'not-selected' : r.status === 'skip' ? 'not-configured' : r.status,
      detail:
        r.status === null
          ? 'not selected: CONFORMANCE_SUITES=contacts'
          : r.status === 'skip'
            ? 'not configured: CONFORMANCE_LIMITED_KEY is not set'
            : `${r.status}: the delivery was still retrying after 60 s`,
    }));
}

/** A fresh copy of the fixture report (callers may mutate it). */
export function sampleReport(): Report {
  const checks = CHECKS.map(toCheck);

  const domainNames = [...new Set(checks.map((c) => c.domain))];
  const domains: DomainSummary[] = domainNames.map((domain) => {
    const inDomain = checks.filter((c) => c.domain === domain);
    return {
      domain,
      status: inDomain.reduce<Status>((worst, c) => worstStatus(worst, c.status), 'pass'),
      counts: count(inDomain),
    };
  });

  const covered = new Map<string, RequirementCoverage>();
  for (const spec of CHECKS) {
    const c = toCheck(spec);
    const { level, section, statement } = requirement(spec.requirementId);
    const seen = covered.get(c.requirementId);
    covered.set(c.requirementId, {
      id: c.requirementId,
      level,
      section,
      domain: c.domain,
      statement,
      checks: (seen?.checks ?? 0) + 1,
      status: seen?.status ? worstStatus(seen.status, c.status) : c.status,
    });
  }
  const requirements: RequirementCoverage[] = [
    ...covered.values(),
    ...UNCOVERED.map(({ id, domain }) => {
      const { level, section, statement } = requirement(id);
      return { id, level, section, domain, statement, checks: 0, status: null };
    }),
  ];

  const byLevel = {
    MUST: count(checks.filter((c) => c.level === LEVELS[0])),
    SHOULD: count(checks.filter((c) => c.level === LEVELS[1])),
    MAY: count(checks.filter((c) => c.level === LEVELS[2])),
  };
  const verdict = byLevel.MUST.fail > 0 ? 'non-conformant' : 'conformant';
  const unverified = unverifiedOf(requirements);
  const throttled = checks.reduce((sum, c) => sum + c.throttled, 0);

  return {
    schemaVersion: 1,
    tool: { name: 'work-management-conformance', version: '0.1.0' },
    runId: '2024-05-14T09-11-20Z-5c1e',
    startedAt: '2024-05-14T09:11:20.412Z',
    finishedAt: '2024-05-14T09:13:31.950Z',
    durationMs: 131_538,
    target: { url: BASE, embedded: false, faults: [], variants: [] },
    settings: {
      seed: 1842906137,
      numRuns: 100,
      suites: ['authentication', 'contacts', 'errors', 'expenses', 'limits', 'time-entries', 'webhooks'],
      requirements: [],
      failOnIncomplete: false,
      expectedFailures: null,
    },
    verdict,
    exitCode: verdict === 'conformant' ? 0 : 1,
    counts: { total: checks.length, byStatus: count(checks), byLevel },
    throttling: { waits: throttled, totalWaitMs: throttled * 21_500 },
    domains,
    checks,
    observations: OBSERVATIONS.map((o) => ({ ...o })),
    requirements,
    unverified,
    expectedFailures: [],
    endpoints: [
      { method: 'GET', path: '/contacts', domain: 'contacts', section: '4.1', checks: 9 },
      { method: 'GET', path: '/contacts/{id}', domain: 'contacts', section: '4.1', checks: 4 },
      { method: 'POST', path: '/webhooks/{id}/test', domain: 'webhooks', section: '4.11', checks: 0 },
    ],
    notTestable: [{ domain: 'Invoices', reason: 'spec 4.12: the domain exists; its endpoints and schemas are not shown' }],
    matrix: [
      { resource: 'contacts', operation: 'GET /contacts/{id}', key: 'other organisation', status: 'pass', answered: 404 },
      { resource: 'expenses', operation: 'POST /expenses/{id}/approve', key: 'other organisation', status: 'fail', answered: 200 },
    ],
  };
}

/**
 * `row` (a check or a requirement's coverage) at another level than the catalogue gives it: for a
 * test of how a renderer shows a level the catalogue holds no requirement of (MAY), named so that
 * the override shows in the test. The report's counts are not recomputed.
 */
export function withLevel<T extends { readonly level: Level }>(row: T, level: Level): T {
  return { ...row, level };
}

/**
 * The fixture as an incomplete run: its MUST failures removed (they pass), so nothing failed but
 * some MUST requirements were skipped, inconclusive or not selected.
 */
export function incompleteReport(): Report {
  const report = sampleReport();
  const checks = report.checks.map((c) =>
    c.level === 'MUST' && (c.status === 'fail' || c.status === 'error') ? { ...c, status: 'pass' as const, message: null, exchange: null } : c,
  );
  const mustStatus = new Map<string, Status>();
  for (const c of checks) mustStatus.set(c.requirementId, mustStatus.has(c.requirementId) ? worstStatus(mustStatus.get(c.requirementId)!, c.status) : c.status);
  const requirements = report.requirements.map((r) => ({ ...r, status: r.checks === 0 ? null : (mustStatus.get(r.id) ?? r.status) }));
  const byLevel = {
    MUST: count(checks.filter((c) => c.level === 'MUST')),
    SHOULD: count(checks.filter((c) => c.level === 'SHOULD')),
    MAY: count(checks.filter((c) => c.level === 'MAY')),
  };
  return reportSchema.parse({
    ...report,
    checks,
    requirements,
    counts: { total: checks.length, byStatus: count(checks), byLevel },
    domains: report.domains.map((d) => {
      const inDomain = checks.filter((c) => c.domain === d.domain);
      return { ...d, counts: count(inDomain), status: inDomain.reduce<Status>((worst, c) => worstStatus(worst, c.status), 'pass') };
    }),
    verdict: 'incomplete',
    exitCode: 0,
    unverified: unverifiedOf(requirements),
  });
}

/**
 * Text that tries every trick on a renderer: markup and script, attribute break-out, an external
 * resource, CDATA end, XML-illegal and terminal control characters, a lone surrogate, Markdown
 * table, fence, link and emphasis syntax, CRLF.
 */
export const HOSTILE_TEXT =
  '<script>alert("x")</script>" onmouseover="alert(1)" \' & &amp; ]]> <img src=https://evil.example/p.png> ' +
  '| ``` *b* _i_ [l](javascript:alert(1)) $x$ \u0000\u0007\u001b[31mRED\u001b[0m \u0085 \ud800 \ufffe\r\n# h';

/** Fields whose values are enums or formats: spiking them would make the report invalid. */
const KEEP_AS_IS = new Set(['level', 'status', 'verdict', 'reason', 'startedAt', 'finishedAt']);

function spike(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') return key !== undefined && KEEP_AS_IS.has(key) ? value : `${value}${HOSTILE_TEXT}`;
  if (Array.isArray(value)) return value.map((v) => spike(v, undefined));
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // Header names are data too (a record), other keys are the schema's own.
      out[key === 'responseHeaders' ? `${k}${HOSTILE_TEXT}` : k] = spike(v, k);
    }
    return out;
  }
  return value;
}

/**
 * `sampleReport()` with HOSTILE_TEXT appended to every free-text value (titles, messages, ids,
 * domains, curl, headers, bodies, observations, catalogue...). Still a valid Report, with ids
 * still consistent between checks, observations and requirements: for escaping tests.
 */
export function hostileReport(): Report {
  return reportSchema.parse(spike(sampleReport(), undefined));
}
