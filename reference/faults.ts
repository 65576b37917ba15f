import { ReferenceServerError } from './reference-error.js';

/**
 * Deliberate defects ("mutants") the reference server can be started with. Each one
 * breaks exactly one rule of the spec so that the conformance suite can prove it
 * notices. With no fault switched on the server must follow the spec.
 */
export const FAULTS = {
  'contacts-empty-name': 'contact create/update accept name ""',
  'contacts-email-unchecked': 'contact email and billingEmail format is not checked',
  'contacts-website-unchecked': 'contact website URL format is not checked',
  'contacts-fractional-payment-terms': 'contact paymentTermsDays accepts non-integers (still >= 0)',
  'contacts-bad-enum': 'contact contactType accepts any string on create and update',
  'contacts-parent-uuid-unchecked': 'contact parentContactId accepts non-UUID strings',
  'contacts-patch-resets-omitted': 'contact PATCH replaces the record: omitted optional fields become null/default',
  'contacts-null-ignored': 'contact PATCH with null on a nullable field keeps the old value',
  'contacts-filter-type-ignored': 'GET /contacts ignores the contactType filter',
  'contacts-filter-parent-ignored': 'GET /contacts ignores the parentContactId filter',
  'contacts-search-ignored': 'GET /contacts ignores the search filter',
  'contacts-type-key-unbounded': 'GET /contacts does not check the contactTypeKey length',
  'boolean-filter-lenient': 'boolean query filters treat TRUE, 1 and yes as true',
  'paging-limit-unbounded': 'list limit above 100 is accepted',
  'paging-offset-ignored': 'list offset is ignored (always the first page) but echoed',
  'paging-no-total': 'pagination carries only limit and offset',
  'paging-no-echo': 'pagination.limit is always 50 whatever was asked',
  'create-returns-200': 'POST /contacts answers 200 instead of 201',
  'delete-returns-200-body': 'DELETE /contacts/{id} answers 200 with the record instead of 204',
  'no-data-envelope': 'GET /contacts/{id} returns the bare record without data',
  'unknown-id-200': 'GET/PATCH/DELETE of an unknown contact id answers 200 with {data: null}',
  'malformed-json-500': 'a malformed JSON body answers 500',
  'validation-500': 'contact body validation failures answer 500 instead of 400',
  'validation-status-mixed': 'contact update body validation failures answer 422, everything else 400',
  'auth-bearer-ignored': 'Authorization: Bearer is not recognised',
  'auth-missing-key-allowed': 'a request without a key acts as the first organisation admin key',
  'auth-unknown-key-allowed': 'a well-formed unknown key acts as the first organisation admin key',
  'auth-malformed-key-allowed': 'a key not of the form <prefix>_<secret> acts as the first organisation admin key',
  'auth-key-case-insensitive': 'API keys are compared case-insensitively',
  'org-scope-leak': 'GET /contacts/{id} finds contacts of any organisation',
  'org-list-leak': 'GET /contacts lists contacts of every organisation',
  'te-date-unchecked': 'time entry date is only checked for the YYYY-MM-DD shape: impossible days are accepted',
  'te-hours-over-24': 'time entry create accepts hours up to 48',
  'te-min-hours-ignored': 'time entry create accepts non-timer entries below 0.25 h',
  'te-timer-min-enforced': 'time entry create rejects timer entries below 0.25 h',
  'te-duration-unbounded': 'time entry durationSeconds above 86400 is accepted',
  'te-start-time-lenient': 'time entry startTime accepts 24:00 and H:MM',
  'te-marked-billed-on-create': 'time entry create applies markedBilled',
  'te-update-hours-timer-lenient': 'time entry update accepts 0 < hours < 0.25 on a timer entry',
  'te-entry-source-on-update': 'time entry update applies entrySource',
  'te-null-ignored': 'time entry PATCH with null on a nullable field keeps the old value',
  'te-filter-project-ignored': 'GET /time-entries ignores the projectId filter',
  'te-filter-date-ignored': 'GET /time-entries ignores dateFrom and dateTo',
  'te-query-date-unchecked': 'GET /time-entries accepts impossible dateFrom/dateTo days (YYYY-MM-DD shape only)',
  'te-filter-invoiced-ignored': 'GET /time-entries ignores the isInvoiced filter',
  'batch-size-unbounded': 'batch create, update and delete accept more than 100 items',
  'batch-empty-accepted': 'batch create, update and delete accept 0 items',
  'batch-item-date-unchecked': 'batch create items accept (and store) impossible dates of the YYYY-MM-DD shape',
  'batch-start-time-seconds-rejected': 'batch create and update reject startTime HH:MM:SS',
  'batch-update-ignored': 'PATCH /batch/time-entries answers 200 but changes nothing',
  'batch-delete-ignored': 'DELETE /batch/time-entries answers 200 but deletes nothing',
  'batch-no-envelope': 'POST /batch/time-entries answers the bare array without data',
  'ex-negative-amount': 'expense amount accepts negative numbers',
  'ex-currency-length-unchecked': 'expense currency accepts any length',
  'ex-modifier-type-unchecked': 'expense billableModifiers type accepts any string',
  'ex-status-enum-unchecked': 'expense status accepts any string on create and update',
  'ex-approve-status-unchanged': 'POST /expenses/{id}/approve answers 200 but leaves the status',
  'ex-reject-returns-204': 'POST /expenses/{id}/reject answers 204 without body',
  'ex-filter-status-ignored': 'GET /expenses ignores the status filter',
  'ex-date-not-required': 'expense create without date is accepted',
  'ex-patch-resets-omitted': 'expense PATCH replaces the record: omitted optional fields become null/default',
  'rate-create-not-strict': 'rate create accepts (and ignores) unknown properties',
  'rate-update-amount-applied': 'rate update accepts amount and applies it as a new current version',
  'rate-version-date-unchecked': 'rate version effectiveFrom accepts impossible days of the YYYY-MM-DD shape',
  'rate-delete-hard': 'DELETE /rates/{id} removes the rate: later GET answers 404',
  'rate-versions-only-current': 'GET /rates/{id}/versions lists only the current version',
  'rate-filter-tags-ignored': 'GET /rates ignores the tags filter',
  'rate-type-enum-unchecked': 'rate rateType accepts any string on create and update',
  'rate-version-not-strict': 'rate version create accepts (and ignores) unknown properties',
  'rate-get-no-version': 'GET /rates/{id} returns the rate without currentVersion or any amount',
  'rs-email-unchecked': 'resource email format is not checked',
  'rs-negative-salary': 'resource salary accepts negative numbers',
  'rs-is-active-on-create': 'resource create applies isActive',
  'rs-employment-type-nullable': 'resource update accepts null employmentType and clears it',
  'rs-delete-returns-200': 'DELETE /resources/{id} answers 200 with the (deactivated) record instead of 204',
  'rs-filter-role-ignored': 'GET /resources ignores the roleId filter',
  'rs-filter-active-ignored': 'GET /resources ignores the isActive filter',
  'rs-patch-resets-omitted': 'resource PATCH replaces the record: omitted optional fields become null/default',
  'al-date-unchecked': 'allocation startDate/endDate are only checked for the YYYY-MM-DD shape: impossible days are accepted',
  'al-hours-per-day-unbounded': 'allocation hoursPerDay above 24 is accepted',
  'al-reason-untrimmed': 'allocation constraintReason length is counted before trimming: 1000 characters within spaces are refused',
  'al-reason-unbounded': 'allocation constraintReason longer than 1000 characters (after trimming) is accepted',
  'al-end-date-not-required': 'allocation create without endDate is accepted',
  'al-null-ignored': 'allocation PATCH with null on a nullable field keeps the old value',
  'al-filter-project-ignored': 'GET /allocations ignores the projectId filter',
  'al-filter-date-ignored': 'GET /allocations ignores dateFrom and dateTo',
  'al-resource-uuid-unchecked': 'allocation resourceId accepts non-UUID strings',
  'tk-status-on-create': 'task create applies status',
  'tk-color-unchecked': 'task color format is not checked on update',
  'tk-status-enum-unchecked': 'task status accepts any string on update',
  'tk-negative-position': 'task position accepts negative integers',
  'tk-lifecycle-scope-unchecked': 'GET /tasks accepts any lifecycleScope value, treating all but active as all',
  'tk-filter-parent-ignored': 'GET /tasks ignores the parentTaskId filter',
  'tk-version-not-required': 'task create without versionId is accepted',
  'tk-parent-on-update': 'task update applies parentTaskId',
  'pj-list-leak': 'GET /projects lists the projects of every organisation',
  'pj-limit-ignored': 'GET /projects ignores limit (every project from offset on) but still echoes it',
  'ms-target-date-unchecked': 'milestone targetDate is only checked for the YYYY-MM-DD shape: impossible days are accepted',
  'ms-project-on-update': 'milestone update applies projectId',
  'ms-complete-no-status': 'POST /milestones/{id}/complete answers 200 and sets completedDate but leaves the status',
  'ms-complete-date-unchecked': 'milestone complete accepts an impossible completedDate of the YYYY-MM-DD shape',
  'ms-filter-status-ignored': 'GET /milestones ignores the status filter',
  'ms-filter-date-ignored': 'GET /milestones ignores dateFrom and dateTo',
  'ms-type-id-null-rejected': 'milestone update refuses typeId null',
  'rp-categories-as-id': 'GET /reports/categories is handled as an unknown definition id: 404',
  'rp-filter-source-ignored': 'GET /reports ignores the source filter',
  'rp-filter-category-ignored': 'GET /reports ignores the category filter',
  'rp-page-size-unbounded': 'report execute accepts pageSize above 500',
  'rp-scope-not-strict': 'report execute accepts (and ignores) extra properties in scope',
  'rp-scope-kind-unchecked': 'report execute scope.kind accepts any string',
  'rp-execute-no-envelope': 'POST /reports/{id}/execute answers the bare result without data',
  'sec-expense-cross-org-read': "GET /expenses/{id} finds other organisations' expenses",
  'sec-time-entry-cross-org-update': "PATCH /time-entries/{id} updates other organisations' entries",
  'sec-milestone-cross-org-complete': "POST /milestones/{id}/complete works on other organisations' milestones",
  'sec-rate-cross-org-versions': "GET and POST /rates/{id}/versions work on other organisations' rates",
  'sec-allocation-cross-org-delete': "DELETE /allocations/{id} deletes other organisations' allocations",
  'sec-task-list-leak': "GET /tasks?projectId=<another organisation's project> lists that organisation's tasks",
  'sec-time-entry-list-leak': "GET /time-entries?taskId=<another organisation's task> lists that organisation's entries",
  'sec-reference-leak': 'POST /time-entries answers with a task {id, name} object naming the task, whichever organisation owns it',
  'sec-member-webhook-write': 'a key without admin rights can create, update and delete webhook subscriptions',
  'sec-auth-skipped-categories': 'GET /reports/categories without a key answers as the first organisation admin key',
  'sec-empty-bearer-allowed': '`Authorization: Bearer` with an empty token acts as the first organisation admin key',
  'sec-webhook-cross-org-rotate': "POST /webhooks/{id}/rotate-secret works on other organisations' subscriptions",
  'sec-cross-org-403': "GET /contacts/{id} answers 403 for another organisation's contact and 404 for an unknown id",
  'wh-signature-reserialised': 'webhook signatures are computed over JSON.stringify(JSON.parse(body), null, 1), not the bytes sent',
  'wh-old-secret-after-rotate': 'webhook deliveries keep signing with the old secret after rotate-secret',
  'wh-retry-six': 'a failing webhook delivery is attempted 6 times before it is failed',
  'wh-no-retry': 'a failed webhook delivery attempt is never retried',
  'wh-only-200-success': 'webhook answers 201 and 204 count as failures and are retried',
  'wh-timeout-not-retried': 'a webhook attempt that times out is recorded as delivered and not retried',
  'wh-inactive-delivers': 'inactive webhook subscriptions receive events',
  'wh-all-events': 'webhook subscriptions receive every event whatever they list',
  'wh-event-header-mismatch': 'X-Service-Event is always task.created',
  'wh-timestamp-no-ms': 'the delivery timestamp has no milliseconds (2026-01-01T10:00:00Z)',
  'wh-no-expense-approved': 'expense.approved is never delivered',
  'wh-events-list-incomplete': 'GET /webhooks/events lists 15 names, without milestone.completed',
  'wh-secret-hidden-on-get': 'GET /webhooks/{id} omits the secret',
  'wh-name-unbounded': 'webhook names longer than 255 characters are accepted',
  'wh-unknown-event-accepted': 'webhook events accepts names outside spec 6.1',
  'wh-deliveries-filter-ignored': 'GET /webhooks/{id}/deliveries ignores the status filter',
  'rl-no-retry-after': 'a 429 carries no Retry-After header',
  'rl-retry-after-ms': 'Retry-After is given in milliseconds (e.g. 57000) instead of seconds',
  'rl-one-too-many': 'each window admits limit + 1 requests (Remaining still clamps at 0)',
  'rl-shared-counter': 'one window and counter for all keys, each request judged by its own limit; the first refusal blocks every key until the window resets',
  'rl-headers-missing-on-errors': 'the X-RateLimit-* headers are sent on 2xx only, not on 4xx (429 included)',
  'rl-concurrent-over-admission': 'the limiter reads the count, yields to the event loop, then writes count + 1: concurrent requests are over-admitted',
  'rl-custom-limit-ignored': 'every key gets the default 60 per minute, whatever its own limit',
  'rl-503': 'a request over the limit answers 503 (with Retry-After and the rate headers) instead of 429',
  'rl-remaining-stuck': 'X-RateLimit-Remaining always equals the limit; admission is correct',
  'rl-never-recovers': 'a key once refused stays refused in every later window',
  'rl-endpoint-exempt': 'GET /webhooks/events neither counts nor is refused (headers show the current, undecremented values)',
  'rl-default-limit-100': 'keys without their own limit get 100 per minute instead of 60',
  'rl-reset-fractional': 'X-RateLimit-Reset has 3 decimals (e.g. 59.873) instead of whole seconds',
} as const;

export type FaultName = keyof typeof FAULTS;

/** Read-only view of the switched-on faults, passed to every plugin. */
export type FaultSet = ReadonlySet<FaultName>;

export const FAULT_NAMES: readonly FaultName[] = Object.keys(FAULTS) as FaultName[];

export class UnknownFaultError extends ReferenceServerError {
  readonly fault: string;

  constructor(fault: string) {
    super('UNKNOWN_FAULT', `unknown fault "${fault}"; valid faults: ${FAULT_NAMES.join(', ')}`);
    this.fault = fault;
  }
}

export function isFaultName(value: string): value is FaultName {
  return Object.hasOwn(FAULTS, value);
}

/** Turns a list of names (blank entries ignored, surrounding spaces trimmed) into a set. */
export function parseFaults(list: readonly string[]): Set<FaultName> {
  const faults = new Set<FaultName>();
  for (const raw of list) {
    const name = raw.trim();
    if (name === '') continue;
    if (!isFaultName(name)) throw new UnknownFaultError(name);
    faults.add(name);
  }
  return faults;
}
