import type { PolicyPatch } from './policy/patch.js';
import type { Policy } from './policy/policy.js';
import { ReferenceServerError } from './reference-error.js';
import { refuseUnsupportedExecute } from './report-choices.js';
import { FINAL_EXPENSE_STATES } from './routes/expenses.faults.js';
import { FINAL_MILESTONE_STATES } from './routes/milestones.faults.js';
import { FINISHED_TASK_STATUSES } from './routes/tasks.faults.js';

/**
 * Legitimate choices the spec leaves open, switchable on the reference server. Unlike a fault,
 * a variant keeps the server conforming: the suite must pass it (0 failed MUST checks). They
 * exist so that the suite is proven not to hard-code the reference server's own choices
 * (a false failure on a correct server is as bad as a missed bug).
 */
export const VARIANTS = {
  'transitions-terminal-409':
    'spec 3.1, 3.2, 3.3 show no transitions: an expense whose status (or reimbursementStatus) is paid or rejected refuses any change of that field, and a paid or rejected expense refuses approve and reject; a completed or cancelled task refuses any status change, and a task is completed only from in_progress; a completed or missed milestone refuses complete; all with 409, before anything is written',
  'retry-after-http-date':
    'Retry-After as an HTTP date (RFC 9110) rounded up to the next whole second, with the Date header truncated down: up to 61 s ahead of Date for a 60 s wait',
  'limiter-sliding-window':
    'a sliding-window log limiter: a request is admitted when fewer than the limit were admitted in the trailing window; X-RateLimit-Reset is when the oldest counted request leaves it, the moment the next request frees up (epoch milliseconds)',
  'limiter-refilling-bucket':
    'a refilling token bucket: a key holds at most its limit and earns it back continuously over the window (one request every window / limit); X-RateLimit-Reset and Retry-After are when the next request frees up (delta seconds: 1 at 60 a minute)',
  'limiter-smoothing':
    'a smoothing limiter (nginx limit_req without a burst): a key may send one request every window / limit (one a second at 60 a minute) and never more than the limit in the trailing window, so a fast burst is refused from its second request on; Remaining is the limit less the requests of the trailing window, Reset and Retry-After when the next request is allowed',
  'reset-iso8601':
    'X-RateLimit-Reset as an ISO 8601 / RFC 3339 date-time with milliseconds at offset +01:00 (spec 8 shows no form: an instant is as good as a delay)',
  'reset-epoch-seconds': 'X-RateLimit-Reset as the epoch seconds of the reset moment (spec 8 shows no form)',
  'reset-epoch-milliseconds': 'X-RateLimit-Reset as the epoch milliseconds of the reset moment, with the plain fixed window (spec 8 shows no form)',
  'reset-http-date': 'X-RateLimit-Reset as an HTTP date (RFC 9110 IMF-fixdate) of the reset moment rounded up to the second (spec 8 shows no form)',
  'reset-fractional-seconds': 'X-RateLimit-Reset as delta seconds with three decimals, e.g. 59.873 (spec 8 shows no form or precision)',
  'retry-after-fractional':
    'Retry-After as delta seconds with three decimals (RFC 9110 names whole seconds; a finer delay still tells the client when to come back, and is observed)',
  'retry-after-penalty':
    'Retry-After asks for the rest of the window plus a penalty of half a window (up to 90 s at 60 a minute): spec 7 and 8 set no bound on the wait',
  'retry-after-rounded-down':
    'Retry-After as the whole seconds left in the window rounded down (at least 1): a client that waits just that long may come a fraction of a second early and is refused once more, with Retry-After 1 (RFC 9110: Retry-After is advisory)',
  'business-rules':
    "rules the spec neither states nor forbids: a resource's day holds at most 24 hours of time entries (a create, update or batch above it is refused with 409, before anything is written), a resource is booked at most 24 hours a day over its overlapping allocations (409), a URL has at most one webhook subscription (409), and one rate per organisation is default (a rate made or set default takes the flag from the one that had it)",
  'normalised-values':
    'answers carry values in a normal form, not as sent: e-mails in lower case, currencies in upper case, text trimmed, tags sorted without repeats, start times with seconds, URLs in their standard serialisation, money rounded to the cent (spec 2: response record fields are not shown)',
  'unique-names':
    'names are unique in the organisation: a contact, resource, rate, task, milestone or webhook subscription created or renamed to a name another record of the collection has (case and surrounding spaces ignored) is refused with 409 (spec 2 neither states nor forbids it)',
  'eventual-lists':
    'the list endpoints follow the writes 2 s behind, as a search index or read replica does: a record created, changed or deleted shows in lists (filters, totals, pages) as it stood 2 s ago; a read by id is current (spec 4 says nothing about when a write shows in lists)',
  'brief-lists':
    'lists show each record in brief, its id and (where it has one) its name, and the whole record only on a read by id (spec 4 and 2: record contents are not shown); contacts, expenses, time entries, resources, rates, allocations, tasks, milestones and webhook subscriptions',
  'exclusive-date-bounds':
    'dateTo is an exclusive bound on every list that takes it (time entries, expenses, allocations, milestones): a record of that very day is left out, dateFrom stays inclusive (spec 4 names the filters, not the kind of bound)',
  'newest-first':
    'every list shows the newest record first (the order of creation reversed), so paging walks from the latest write back (spec 4 shows no order of a list)',
  'string-paging':
    'list answers carry the paging figures (limit, offset, total) as decimal strings, as echoed from the query string (spec 4 gives pagination no JSON type)',
  'batch-item-refusals':
    'a batch whose items break a field rule is answered 200 with the refused items inside (data.failed) and nothing applied, not 400 (spec 4.10: per-item outcome and partial failure not shown); a body wrong as a whole is still 400',
  'planning-rules':
    "task and milestone choices the spec leaves open: a milestone's targetDate lies between today and 5 years ahead, completion criteria items are { title }, a projectId filter naming no project answers 404, a completed milestone shows completedAt (the moment of the call) and keeps the completedDate sent as actualDate; task dates lie within the project (2005 to 2028), no task is of type project nor a template inside a project (all 409), a top-level task shows parentTaskId null, the legacy taskType is stored as a taskTypeId and not shown, a cleared colour reads back as an empty string",
  'lax-formats':
    'input read as widely used parsers read it: a URL without a scheme is taken as https, a start time with second 60 (a leap second) is taken, numbers are read to the cent (24.000000000000004 is 24), an empty query value is the parameter left out (spec 2 names no URL grammar, no seconds range, no number precision)',
  'record-rules':
    "rules tying record fields together that the spec neither states nor forbids, refused with 400: a company has no jobTitle (and a contact made a company loses it), a contactTypeKey names no configured type, phone numbers are international (stored in E.164), a resource's regionCode needs its countryCode and must be one of its subdivisions, salary and salaryPeriod go together, an ended resource is inactive and deactivation ends it, hoursPerPeriod is bounded by its period, a rate version may not predate the latest, a deactivated rate answers 404 by id, isActive may be set on rate create, and an allocation needs a resource or a group and spans at most 366 days",
  'sparse-records':
    "records are answered without fields the server keeps write-only: a contact's taxNumber and notes, a resource's salary, salaryPeriod, externalUserId and employmentType, a rate's period and hoursPerPeriod (spec 2: response record fields are not shown)",
  'expense-rules':
    'expense rules the spec neither states nor forbids (409): an approved, rejected or paid expense refuses PATCH and DELETE; a staff_claim needs its claimant, a supplier_invoice its supplier; a reimbursementStatus only on a staff claim; no future date; whole amounts in JPY; taskId not a project; no repeated referenceNumber per supplier. rootTaskId is derived from a taskId sent alone; answers show an unset billableAmount computed from amount and markup, and modifiers with keys reordered, appliesTo added and values with two decimals',
  'time-entry-rules':
    'time entry rules the spec neither states nor forbids (409): hours and durationSeconds sent together must agree to within a second, and an entry marked billed refuses any change, single or in a batch, but { markedBilled: false } alone',
  'expense-self-review':
    'an expense is approved or rejected only with another key of the organisation than the one that created it; the creating key is refused with 409 (spec 3.1 and 4.2 neither state nor forbid it)',
  'time-entry-assignment':
    'a resource logs time (POST /time-entries) only on a task it is assigned to by an allocation; another valid entry is refused with 409 (spec 2.3 and 2.6 neither state nor forbid it; batch items are not checked)',
  'webhook-choices':
    'webhooks chosen otherwise: the HMAC key is the base64 decoding of the part after whsec_, rotate-secret answers {rotated: true} (the new secret on GET) and the old secret signs 1.5 s more, every failed attempt is logged failed even when a retry follows, a deactivation applies 2 s later, a cleared description reads "", and subscriptions carry a lastCheckedAt that moves on every read',
  'guarded-security':
    "security chosen otherwise: an id of another organisation's record is answered 403 and an unknown one 404, webhook URLs on loopback or private hosts are refused with 422 (an SSRF guard, judged before permission), and records read by id carry lastAccessedAt, the time of that read",
  'deliveries-per-delivery':
    'GET /webhooks/{id}/deliveries lists one record per delivery with its attempts inside (attempts[], attemptCount), not one row per attempt',
  'read-only-keys':
    'keys of the limited role (CONFORMANCE_LIMITED_KEY and its kind) may read but not write: a POST, PATCH or DELETE with one is refused with 403, counted by the rate limiter (spec 5.7: key permission levels other than admin are not shown)',
  'load-shedding':
    'a request arriving while 8 others are being answered is refused with 503 and Retry-After 1 before authentication and the rate limiter see it, as a proxy shedding load would (spec 8 says nothing of concurrency)',
  'throttled-refusals':
    'a brute-force guard: a client address that had 5 requests refused for their key (401) within 5 s is answered 429 with Retry-After, not 401, for any further request without a known key until those 5 s end (spec 5 and 8 neither state nor forbid it)',
  'report-choices':
    'report definitions that need more than the spec shows: the first listed definition needs the filter values from and to and refuses an execute without them, the second can be scoped to a project only, both refusals 422; GET /reports shows a category by its label (the filter takes its key, which GET /reports/categories lists beside the label) and the source as {key,label}; GET /reports/{id} shows both as {key,label}; an execute result holds twelve monthly totals in rows, returned whole, and pages its rows under detail (spec 2.9 and 4.9 show no such rules or forms, nor forbid them)',
  'json-media-types':
    'JSON answers labelled otherwise: application/json without a charset on success, application/problem+json (RFC 9457) on an error (spec 1 says JSON bodies, not which JSON media type)',
} as const;

export type VariantName = keyof typeof VARIANTS;

/** Variant eventual-lists: how far the list endpoints lag behind the writes. */
export const EVENTUAL_LIST_LAG_MS = 2000;

/**
 * What a variant changes in the routes, as a patch over the server's policy (reference/policy/),
 * for the variants a route reads; the others are hooks of their own file, installed by app.ts.
 */
export const VARIANT_PATCHES: { readonly [V in VariantName]?: PolicyPatch<Policy> } = {
  'transitions-terminal-409': {
    // a paid or rejected expense keeps its state; a finished task keeps its status, and work is
    // completed only once it was in progress; a completed or missed milestone is not completed again
    expenses: { finalStates: FINAL_EXPENSE_STATES },
    tasks: { finalStatuses: FINISHED_TASK_STATUSES, completableFrom: ['in_progress'] },
    milestones: { complete: { final: FINAL_MILESTONE_STATES } },
  },
  // a search index or read replica: lists show the writes of 2 s ago
  'eventual-lists': { lists: { lagMs: EVENTUAL_LIST_LAG_MS } },
  'exclusive-date-bounds': { lists: { dateToExclusive: true } },
  'newest-first': { lists: { newestFirst: true } },
  'report-choices': {
    // the first two definitions refuse an execute they do not support (the answers' forms are a hook of app.ts)
    reports: { executeChecks: [refuseUnsupportedExecute] },
  },
  'deliveries-per-delivery': { webhooks: { deliveriesLog: 'per-delivery' } },
  'webhook-choices': { webhooks: { retriedAttemptStatus: 'failed' }, deliveries: { lateChanges: true } },
  'json-media-types': { responses: { jsonContentType: 'bare-or-problem' } },
};

/** Read-only view of the switched-on variants, passed to every plugin beside the faults. */
export type VariantSet = ReadonlySet<VariantName>;

export const VARIANT_NAMES: readonly VariantName[] = Object.keys(VARIANTS) as VariantName[];

export class UnknownVariantError extends ReferenceServerError {
  readonly variant: string;

  constructor(variant: string) {
    super('UNKNOWN_VARIANT', `unknown variant "${variant}"; valid variants: ${VARIANT_NAMES.join(', ')}`);
    this.variant = variant;
  }
}

export function isVariantName(value: string): value is VariantName {
  return Object.hasOwn(VARIANTS, value);
}

/** Turns a list of names (blank entries ignored, surrounding spaces trimmed) into a set. */
export function parseVariants(list: readonly string[]): Set<VariantName> {
  const variants = new Set<VariantName>();
  for (const raw of list) {
    const name = raw.trim();
    if (name === '') continue;
    if (!isVariantName(name)) throw new UnknownVariantError(name);
    variants.add(name);
  }
  return variants;
}
