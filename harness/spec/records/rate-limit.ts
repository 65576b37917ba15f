import { SPEC_KEY_TWO_FORMS, SPEC_SIXTY_PER_MINUTE, ROUTE_LEAVES_ROTATION } from './bases.js';
import type { Records } from './record.js';

/**
 * Rate limiting (spec 5.6, 7, 8).
 *
 * Checks: suites/rate-limit.test.ts, harness/steps/rate-limit.ts, harness/steps/rate-limit-verdicts.ts, harness/rate/*.ts.
 */
export const RATE_LIMIT_RECORDS = {
  'RL-HEADERS-SUCCESS': {
    level: 'MUST',
    section: '8',
    area: 'rate-limit',
    statement:
      'A 2xx response carries `X-RateLimit-Limit` and `X-RateLimit-Remaining`, each a non-negative integer, and `X-RateLimit-Reset`, a reset within the next hour in any reasonable form (delta or epoch seconds or milliseconds, fractional or not, an HTTP date, an ISO 8601 date-time; the form is not shown by the spec and is observed).',
    units: [
      // Rate headers | `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on responses | all endpoints
      '8#403cc633',
    ],
    audit: [
      {
        relies: 'every admitted answer of the limited key (or the admin key without it) carries the three headers',
        basis: { spec: '8: "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset on responses"' },
      },
      {
        relies: 'Limit and Remaining are non-negative integers',
        basis: { tolerant: 'headers.ts COUNT: a trailing policy after a comma (IETF draft style) is read too' },
      },
      {
        relies: 'Reset is a delay or an instant in any usual notation, not past, at most an hour ahead',
        basis: { tolerant: 'reset.ts reads delta or epoch s/ms, fractions, HTTP dates, ISO 8601', variant: 'reset-iso8601' },
      },
      { relies: 'the Reset form is recorded', basis: { observation: 'rate-limit-reset-form' } },
      {
        relies: 'the burst reaches the budget (the limited key may create and read contacts and /webhooks/events)',
        basis: { tolerant: 'an early non-2xx only shortens the sample of admitted answers judged here' },
      },
    ],
  },
  'RL-HEADERS-ERROR': {
    level: 'MUST',
    section: '8',
    area: 'rate-limit',
    statement: 'A 4xx response to an authenticated request (validation failure, unknown id) carries the three rate headers, read as for a 2xx response.',
    units: [],
    audit: [
      {
        relies: 'limit=101, an unknown contact id and an invalid contactType are answered 4xx with the admin key',
        basis: { tolerant: 'other statuses are skipped; none examined is inconclusive' },
      },
      {
        relies: 'each of those 4xx carries the three headers, read as for a 2xx',
        basis: { spec: '8: "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset on responses"' },
      },
    ],
  },
  'RL-HEADERS-429': {
    level: 'MUST',
    section: '7, 8',
    area: 'rate-limit',
    statement: 'A 429 response carries the three rate headers, read as for a 2xx response.',
    units: [],
    audit: [
      {
        relies: 'every 429 of the burst carries the three headers, read as for a 2xx',
        basis: { spec: '8: "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset on responses"' },
      },
      { relies: 'a burst without any 429 proves nothing here', basis: { tolerant: 't.inconclusive (RL-OVER-429 judges it)' } },
    ],
  },
  'RL-LIMIT-DEFAULT': {
    level: 'MUST',
    section: '5.6, 8',
    area: 'rate-limit',
    statement: '`X-RateLimit-Limit` is 60 for a key without a custom limit.',
    units: [
      // Each key has a per-minute request limit (see part 8).
      '5#eceaa071',
      // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
      '8#2eb0bcd8',
      // Rate headers | `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on responses | all endpoints
      '8#403cc633',
    ],
    audit: [
      {
        relies: 'CONFORMANCE_LIMITED_KEY has no custom limit and nothing else uses it',
        basis: { tolerant: 'configuration checked by the doctor; the check is skipped without the key' },
      },
      {
        relies: 'every burst answer with a readable Limit says 60',
        basis: SPEC_SIXTY_PER_MINUTE,
      },
      {
        relies: 'a fresh window is found within 135 s',
        basis: { tolerant: 'waitForFreshWindow works for fixed, sliding and refilling limiters; inconclusive otherwise', variant: 'limiter-sliding-window' },
      },
    ],
  },
  'RL-LIMIT-CUSTOM': {
    level: 'MUST',
    section: '5.6, 8',
    area: 'rate-limit',
    statement: 'A key with a custom per-minute limit reports it in `X-RateLimit-Limit`, and a sequential burst admits exactly that many requests.',
    units: [
      // Each key has a per-minute request limit (see part 8).
      '5#eceaa071',
      // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
      '8#2eb0bcd8',
      // Rate headers | `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on responses | all endpoints
      '8#403cc633',
    ],
    audit: [
      {
        relies: 'CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT are set and match the target',
        basis: { tolerant: 'skipped without them; the doctor warns on a mismatch' },
      },
      {
        relies: 'every burst answer with a readable Limit shows the configured custom limit',
        basis: SPEC_SIXTY_PER_MINUTE,
      },
      {
        relies: 'a quick burst of reads admits at least that many, or the key keeps its rate when paced',
        basis: {
          tolerant:
            "pacedRun(): a burst refused early with a wait of about one request's share of the window (a smoothing limiter) passes when 10 requests paced a little slower than the rate are all admitted; recorded (rate-limit-smoothing)",
          variant: 'limiter-smoothing',
        },
      },
      {
        relies: 'at most that many plus a refill; one over is repeated once',
        basis: { tolerant: 'judgeAdmission and confirmed()', variant: 'limiter-refilling-bucket' },
      },
    ],
  },
  'RL-REMAINING': {
    level: 'MUST',
    section: '8',
    area: 'rate-limit',
    statement: '`X-RateLimit-Remaining` falls by exactly one per sequential admitted request (less what a refilling window earns back meanwhile).',
    units: [
      // Rate headers | `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on responses | all endpoints
      '8#403cc633',
    ],
    audit: [
      {
        relies: 'Remaining falls by one per admitted sequential request, whatever the route or method',
        basis: SPEC_SIXTY_PER_MINUTE,
      },
      {
        relies: 'a refilling limiter may give requests back meanwhile, one more for whole-request rounding',
        basis: { tolerant: 'refillAllowance + 1', variant: 'limiter-refilling-bucket' },
      },
      { relies: 'a window reset inside the burst proves nothing', basis: { tolerant: 'exactBurst: Remaining rising beyond the allowance is inconclusive' } },
    ],
  },
  'RL-EXACT-SEQUENTIAL': {
    level: 'MUST',
    section: '5.6, 8',
    area: 'rate-limit',
    statement:
      'A sequential burst beyond the limit in a fresh window admits exactly the limit, plus only what a refilling window could earn back during the burst; every other request is refused.',
    units: [
      // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
      '8#2eb0bcd8',
    ],
    audit: [
      {
        relies: 'a fresh window: Remaining Limit-1 or Limit, 5 s or more left, found within 135 s',
        basis: { tolerant: 'waitForFreshWindow; inconclusive otherwise', variant: 'limiter-sliding-window' },
      },
      {
        relies: 'at least the limit is admitted in a quick sequential burst, or the key keeps its rate when paced',
        basis: {
          tolerant:
            "pacedRun(): a burst refused early with a wait of about one request's share of the window (a smoothing limiter) passes when 10 requests paced a little slower than the rate are all admitted; recorded (rate-limit-smoothing)",
          variant: 'limiter-smoothing',
        },
      },
      {
        relies: 'at most the limit plus what a refilling window earns back; one over is repeated once',
        basis: { tolerant: 'judgeAdmission and confirmed()', variant: 'limiter-refilling-bucket' },
      },
      {
        relies: 'a request is refused within limit + 20 requests',
        basis: { spec: '7: "Request limit of the key exceeded | HTTP 429 with header Retry-After"' },
      },
      {
        relies: "every non-2xx of the burst, but a 403 or 404 of a route at its first use, is the limit's refusal",
        basis: ROUTE_LEAVES_ROTATION,
      },
    ],
  },
  'RL-EXACT-CONCURRENT': {
    level: 'MUST',
    section: '5.6, 8',
    area: 'rate-limit',
    statement:
      'A concurrent burst (150 requests over 50 connections) in a fresh window admits exactly the remaining budget, plus only what a refilling window could earn back during the burst.',
    units: [
      // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
      '8#2eb0bcd8',
    ],
    audit: [
      {
        relies: 'the first request after RL-RECOVERY, or a fresh-window wait, finds the window fresh',
        basis: { tolerant: 'isFreshAnswer or waitForFreshWindow; inconclusive otherwise' },
      },
      {
        relies: '150 GET /contacts over 50 connections admit at least the budget left (limit - 1), or the key keeps its rate when paced',
        basis: {
          tolerant:
            "pacedRun(): a burst refused early with a wait of about one request's share of the window (a smoothing limiter) passes when 10 requests paced a little slower than the rate are all admitted; recorded (rate-limit-smoothing)",
          variant: 'limiter-smoothing',
        },
      },
      {
        relies: 'the target serves 50 concurrent connections of one key without other refusals',
        basis: {
          tolerant:
            'judgeAdmission shed: each 503 lowers the floor by one (it may have spared the budget), the ceiling stays; the count is in the observed summary',
          variant: 'load-shedding',
        },
      },
      {
        relies: 'at most the budget plus what a refilling window earns back; one over is repeated once',
        basis: { tolerant: 'judgeAdmission and confirmed()', variant: 'limiter-refilling-bucket' },
      },
    ],
  },
  'RL-OVER-429': {
    level: 'MUST',
    section: '7, 8',
    area: 'rate-limit',
    statement: "A request refused for the key's limit is answered 429, not another status.",
    units: [],
    audit: [
      { relies: 'the refusals of a spent budget are 429', basis: { spec: '7: "Request limit of the key exceeded | HTTP 429 with header Retry-After"' } },
      {
        relies: 'the first non-2xx of the burst is a limit refusal, unless it is a 403 or 404 of a route at its first use',
        basis: ROUTE_LEAVES_ROTATION,
      },
    ],
  },
  'RL-RETRY-AFTER': {
    level: 'MUST',
    section: '7, 8',
    area: 'rate-limit',
    statement:
      'Every 429 carries `Retry-After`, as delta-seconds or an HTTP date, positive (0 only where the window visibly ends within the second: a truncated wait) and at most 60 seconds (allowing for whole-second precision).',
    units: [
      // Request limit of the key exceeded | HTTP 429 with header `Retry-After`
      '7#aa24aae1',
      // Over-limit response | 429 with `Retry-After` | all endpoints
      '8#93f60aba',
    ],
    audit: [
      { relies: 'every 429 carries Retry-After', basis: { spec: '8: "Over-limit response | 429 with Retry-After | all endpoints"' } },
      {
        relies: 'its value is delta-seconds (fractions too) or an HTTP date',
        basis: { tolerant: 'readRetryAfter takes both RFC 9110 forms and a fraction; the form is recorded', variant: 'retry-after-http-date' },
      },
      {
        relies: 'it is positive; 0 only where Reset shows the window ending within a second',
        basis: { tolerant: 'windowEndingNow: a truncated wait under a second passes' },
      },
      {
        relies: 'it asks for at most two windows, 120 s (an HTTP date at most 121 s after Date)',
        basis: {
          tolerant:
            'rate/retry-after.ts MAX_RETRY_AFTER_S: jitter or a penalty beyond the minute passes and is recorded (retry-after-beyond-window); a value in milliseconds is still far beyond',
          variant: 'retry-after-penalty',
        },
      },
      { relies: 'the Retry-After form is recorded', basis: { observation: 'retry-after-format' } },
    ],
  },
  'RL-PER-KEY': {
    level: 'MUST',
    section: '5.6, 8',
    area: 'rate-limit',
    statement: "Exhausting one key's limit does not limit another key of the same organisation (admin) or of another organisation.",
    units: [
      // Each key has a per-minute request limit (see part 8).
      '5#eceaa071',
    ],
    audit: [
      { relies: 'the limited key is still refused when the other keys are tried', basis: { tolerant: 't.inconclusive when its window has passed' } },
      {
        relies: "the admin key and the other organisation's key are not answered 429",
        basis: { spec: '5: "Each key has a per-minute request limit (see part 8)."' },
      },
      {
        relies: "the admin key's own traffic (other suites) has not spent its budget",
        basis: { tolerant: 'the runner paces the admin key under its advertised limit (harness/runner/throttle.ts)' },
      },
    ],
  },
  'RL-PER-KEY-COUNTERS': {
    level: 'MUST',
    section: '5.6, 8',
    area: 'rate-limit',
    statement:
      "Each key has its own counter: while one key spends its budget, another key's `X-RateLimit-Remaining` falls only by that key's own requests (judged on keys nothing else uses during the run: a second limited key, the custom-limit key; the admin key is observed).",
    units: [
      // Rate headers | `X-RateLimit-Limit`, `X-RateLimit-Remaining`, `X-RateLimit-Reset` on responses | all endpoints
      '8#403cc633',
    ],
    audit: [
      {
        relies:
          'the second limited key, and the custom-limit key when it is read (only without a second limited key: with one, its own burst runs meanwhile), are used by nothing else during the run',
        basis: { tolerant: 'configuration; skipped when neither is set; the admin key is only observed' },
      },
      {
        relies: 'their Remaining falls by no more than their own one request across the burst',
        basis: { spec: '5: "Each key has a per-minute request limit (see part 8)."' },
      },
      {
        relies: 'a rise (reset, refill) or unreadable headers prove nothing',
        basis: { tolerant: 'judgeOwnCounter: reset and unreadable verdicts are inconclusive' },
      },
      { relies: "each key's counter reading is recorded", basis: { observation: 'rate limit' } },
    ],
  },
  'RL-RECOVERY': {
    level: 'MUST',
    section: '7, 8',
    area: 'rate-limit',
    statement: 'After waiting as long as `Retry-After` says, a request with the same key is admitted again.',
    units: [
      // Request limit of the key exceeded | HTTP 429 with header `Retry-After`
      '7#aa24aae1',
      // Over-limit response | 429 with `Retry-After` | all endpoints
      '8#93f60aba',
    ],
    audit: [
      {
        relies: 'the limited key is refused within limit + 20 requests',
        basis: SPEC_SIXTY_PER_MINUTE,
      },
      {
        relies:
          'one request sent Retry-After + 250 ms later is admitted, or, refused with a short new Retry-After (at most 2 s or a quarter of the first wait), once more after that',
        basis: {
          tolerant: 'recover(): the one early refusal is waited out and recorded (rate-limit-recovery-retried); a second refusal fails',
          variant: 'retry-after-rounded-down',
        },
      },
      { relies: 'Reset, then a minute, stands in for an unreadable Retry-After', basis: { tolerant: 'recover(): the wait basis is recorded' } },
      { relies: 'the wait is recorded', basis: { observation: 'rate limit' } },
    ],
  },
  'RL-ALL-ENDPOINTS': {
    level: 'MUST',
    section: '8',
    area: 'rate-limit',
    statement:
      "The limit covers every endpoint: requests to a list, a get, a create and `/webhooks/events` each count against the key's budget, and each is refused with 429 once it is spent.",
    units: [
      // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
      '8#2eb0bcd8',
    ],
    audit: [
      {
        relies: 'GET /contacts, GET /contacts/{id}, POST /contacts, GET /resources, GET /resources/{id} and GET /webhooks/events each lower Remaining',
        basis: { spec: '8: "Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoints"' },
      },
      {
        relies: 'after the first refusal each route is refused, less a refill',
        basis: { spec: '8: "Over-limit response | 429 with Retry-After | all endpoints"' },
      },
      {
        relies: 'a refilling limiter may earn requests back meanwhile',
        basis: {
          tolerant:
            "uncountedRoute(): what a route's steps may get back is bounded by the time from its first step to its last, plus one; after the refusal, refillAllowance, +1 for a limiter seen to refill",
          variant: 'limiter-refilling-bucket',
        },
      },
      {
        relies: "the limited key may create contacts and read the admin's contact and the event list; a route it may not use is not judged",
        basis: ROUTE_LEAVES_ROTATION,
      },
    ],
  },
  'RL-ONE-COUNTER': {
    level: 'MUST',
    section: '5.1, 5.6, 8',
    area: 'rate-limit',
    statement:
      'A key has one per-minute budget over all endpoints, whichever header carries it: requests to lists, gets, a create and `/webhooks/events`, the key sent as `X-API-Key` and as `Authorization: Bearer` in turn, lower one `X-RateLimit-Remaining`, a refusal on one route and form is a refusal on the others, and all of them together are admitted at most the one limit.',
    units: [
      // Every request carries an organisation API key, sent either as the header `X-API-Key: <API_KEY>` or as `Authori
      '5#d08e4a15',
      // Each key has a per-minute request limit (see part 8).
      '5#eceaa071',
      // Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoin
      '8#2eb0bcd8',
    ],
    audit: [
      {
        relies: "the limited key's sequential burst alternates X-API-Key and Authorization: Bearer request by request, each route in each form",
        basis: SPEC_KEY_TWO_FORMS,
      },
      {
        relies: "after k more admitted requests, over every route and form, Remaining is at most the first answer's less k",
        basis: {
          tolerant:
            "rate-limit-one-counter.ts remainingTooHigh: plus refillAllowance over the time since the first request and one (RL-REMAINING's bound); only a Remaining too high is judged here, a target without the headers is judged by its refusals",
          variant: 'limiter-refilling-bucket',
        },
      },
      {
        relies: 'after the first refusal, the requests on the other routes, the first in the other form, are refused, less a refill',
        basis: { spec: '8: "Over-limit response | 429 with Retry-After | all endpoints"' },
      },
      {
        relies: 'the admitted requests of all routes and forms together are at most the limit plus the refill allowance, plus one',
        basis: {
          tolerant: "judgeSequential's ceiling + 1: one over is a clock tick's (RL-EXACT-SEQUENTIAL repeats it), a second counter admits a whole budget more",
        },
      },
      {
        relies: 'the target takes both forms of the key',
        basis: {
          tolerant:
            'sequentialBurst(): a form refused 401 at its first use leaves the alternation (AUTH-BEARER, AUTH-X-API-KEY judge it) and the check is inconclusive when nothing else showed a second counter',
        },
      },
      {
        relies: 'the limited key may use the sample routes; a route it may not use is not judged',
        basis: ROUTE_LEAVES_ROTATION,
      },
      { relies: 'the routes and forms the burst used are recorded', basis: { observation: 'rate limit' } },
    ],
  },
} satisfies Records;
