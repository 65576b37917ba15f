import type { AuditTable } from './types.js';

/** Issue 22 audit: areas reports, security, webhooks, rate-limit. */
export const AUDIT_REPORTS_SECURITY_WEBHOOKS_RATE: AuditTable = {
  // --- Reports (suites/reports.test.ts, harness/steps/reports.ts, harness/generators/reports.ts) ---
  'RP-LIST': [
    {
      relies: 'GET /reports?limit=100 answers exactly 200',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination"' },
    },
    {
      relies: 'the body is an object with a `data` array and a `pagination` object',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination"' },
    },
    { relies: 'limit=100 is accepted', basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50"' } },
    {
      relies: 'every listed definition carries its identifier as a non-empty string, under id or another usual name',
      basis: {
        tolerant:
          'steps/reports.ts identifierOf(): id, reportId, definitionId, reportDefinitionId, key or slug, recorded (report-definition-identifier); no variant renames it yet, as the paging checks (PAGE-*) still read id',
      },
    },
    { relies: 'an empty list is not judged', basis: { tolerant: 't.skip: a target that lists no definition (seed data missing) is skipped, not failed' } },
    { relies: 'the fields of the first definition are recorded', basis: { observation: 'report-definition-fields' } },
  ],
  'RP-FILTER-CATEGORY': [
    {
      relies: 'every definition is listed by walking pages of 100 (at most 2000), each answering 200',
      basis: { spec: '4 Common rules: "Paging parameters on every list: limit integer 1 to 100, default 50"' },
    },
    {
      relies: 'category=conformance-<random> lists none of the definitions',
      basis: {
        tolerant: 'expectFilteredUnlessRefused(): a 4xx for an unknown category lists nothing too; which answer came is recorded (report-unknown-category)',
      },
    },
    {
      relies: 'definitions whose category is no string (an object, another field name) are left out of the judgement',
      basis: { tolerant: 'steps/reports.ts stringField(): only a plain string category is compared' },
    },
    { relies: 'how a definition shows its category is recorded', basis: { observation: 'report-definition-category' } },
    {
      relies: 'the category filter selects definitions of that category and leaves out the others',
      basis: { spec: '4.9: "Query: category (string), source (system/user), limit, offset. Lists report definitions."' },
    },
    {
      relies: 'the filter value is the category string a definition shows, and every record returned shows that string',
      basis: {
        tolerant:
          'categoryFilterValue(): when the shown string lists none of its definitions, another string GET /reports/categories shows beside it (a key beside a label) is filtered on; recorded (report-category-filter)',
        variant: 'report-choices',
      },
    },
  ],
  'RP-FILTER-SOURCE': [
    {
      relies: 'source=system and source=user each answer 200 (pages of 100)',
      basis: { spec: '4.9: "Query: category (string), source (system/user), limit, offset. Lists report definitions."' },
    },
    {
      relies: 'definitions showing source system or user as a string are included in and excluded from the right filter',
      basis: { spec: '2.9: "A report definition has a category and a source (system or user)."' },
    },
    {
      relies: 'a returned record whose `source` is set but shows another source (or none of the two) fails',
      basis: {
        tolerant:
          'steps/reports.ts sourceOf(): a plain string or an object showing system or user among its strings ({key,label}, a label in any case); recorded (report-definition-source)',
        variant: 'report-choices',
      },
    },
    { relies: 'no definition is returned by both filters', basis: { spec: '2.9: "A report definition has a category and a source (system or user)."' } },
    {
      relies: 'source=builtin, source=all and source=systems are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'an enum value in another case (System, USER) is not sent under this MUST',
      basis: { tolerant: "only builtin, all and systems are sent here; another case of a value is INPUT-FORMAT-STRICT's (SHOULD)" },
    },
    { relies: 'any 4xx counts as the rejection', basis: { tolerant: 'expectInvalid: any 4xx passes; only 2xx and 5xx fail' } },
    { relies: 'the status and error body of each rejection are recorded', basis: { observation: 'validation-status' } },
  ],
  'RP-GET': [
    {
      relies: 'GET /reports/{id} of the first three listed definitions answers exactly 200 with the record in `data`',
      basis: { spec: '4.9: "Returns one report definition." and 4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    { relies: 'the identifier read by id equals the listed one', basis: { tolerant: 'as RP-LIST: identifierOf() reads it under whichever usual name it has' } },
    {
      relies: 'category and source read by id are the listed ones',
      basis: {
        tolerant: 'sameShownValue(): deep-equal, or a string the other form (an object) shows among its strings (a brief form listed, a full one read)',
        variant: 'report-choices',
      },
    },
  ],
  'RP-CATEGORIES': [
    { relies: 'GET /reports/categories answers exactly 200', basis: { spec: '4.9: "Lists report categories; 200."' } },
    {
      relies: 'the fixed path is not routed to GET /reports/{id}',
      basis: { spec: '4.11: "The fixed paths /webhooks/events, /reports/categories coexist with the {id} routes of the same collections."' },
    },
    { relies: 'the shape of the answer and of its items is recorded, never judged', basis: { observation: 'report-categories-shape' } },
  ],
  'RP-EXECUTE': [
    {
      relies: 'POST /reports/{id}/execute with {} answers exactly 200 with a `data` key in an object body',
      basis: { spec: '4.9: "Body below. Returns 200 with results in data."' },
    },
    {
      relies: '{} is a valid body: every execute property is optional',
      basis: { spec: '4.9: "filterValues (object with arbitrary keys, optional); page integer >= 1, default 1; pageSize integer 1 to 500, default 100"' },
    },
    {
      relies: 'the executed definition runs with {} and with any valid body',
      basis: {
        tolerant:
          'steps/reports.ts findRunnableDefinitions(): the first of the first 5 listed definitions that answers {} with 200 is run; a 4xx of the others is recorded (report-execute-definition), any other refusal fails; none runnable is inconclusive',
        variant: 'report-choices',
      },
    },
    {
      relies: 'filterValues with keys no report defines (conformance_*) and any JSON values are accepted',
      basis: { spec: '4.9: "filterValues (object with arbitrary keys, optional)"' },
    },
    {
      relies: 'page 1 to 5 (maybe past the last page) and pageSize 1 to 500 answer 200',
      basis: { spec: '4.9: "page integer >= 1, default 1; pageSize integer 1 to 500, default 100"' },
    },
    {
      relies: 'the valid bodies carry only scopes the executed definition accepted',
      basis: {
        tolerant: 'acceptedScopes(): each scope is tried once alone; the property and the invalid bodies use those answered 200',
        variant: 'report-choices',
      },
    },
    {
      relies: 'scopes name records that exist; without them no scope is sent',
      basis: { tolerant: 'steps/reports.ts executeScopes: only records the target made are used' },
    },
    { relies: 'the shape of `data`, and the status of a POST without any body, are recorded', basis: { observation: 'report-execute-data' } },
  ],
  'RP-EXECUTE-PAGING': [
    {
      relies: 'page 1, page 2, pageSize 1, pageSize 500 and page 1 with pageSize 500 each answer exactly 200',
      basis: { spec: '8: "Report pageSize | 1 to 500, default 100; page >= 1, default 1 | report execute"' },
    },
    {
      relies: 'the executed definition runs without filterValues',
      basis: { tolerant: 'as RP-EXECUTE: the first listed definition that answers {} with 200', variant: 'report-choices' },
    },
    {
      relies: 'pageSize 0, 501, 1.5 and page 0, 1.5 (and generated page <= 0, pageSize <= 0 or > 500, fractions) are rejected',
      basis: { spec: '4.9: "page integer >= 1, default 1; pageSize integer 1 to 500, default 100"' },
    },
    {
      relies: 'each invalid body is otherwise valid',
      basis: { tolerant: 'generators/violations.ts: one rule broken on a generated valid body; any 4xx passes' },
    },
    { relies: 'the status of each rejection is recorded', basis: { observation: 'validation-status' } },
  ],
  'RP-EXECUTE-PAGE-ROWS': [
    {
      relies: 'the executed definition answers 200 to {}',
      basis: {
        tolerant: 'as RP-EXECUTE: the first listed definition that does; others of the first 5 refusing {} are no candidates',
        variant: 'report-choices',
      },
    },
    {
      relies: 'rows are data itself or the one array named rows/items/results/records/data/entries/lines; else only observed',
      basis: { tolerant: 'steps/reports.ts rowsPath(): a result that is no list of rows is recorded (report-execute-rows), not judged' },
    },
    {
      relies: 'a report with fewer than 3 rows proves nothing',
      basis: { tolerant: 't.inconclusive when the most rows of the first five definitions is below 3' },
    },
    {
      relies: 'at most 100 rows without pageSize, at most 1 or 2 with pageSize 1 or 2 (page 1 and 2)',
      basis: { spec: '4.9: "pageSize integer 1 to 500, default 100"' },
    },
    {
      relies: 'the array judged is the one pageSize pages',
      basis: {
        tolerant:
          'steps/reports.ts pagedPath(): the rows found when they hold fewer with pageSize 1, else another array of the result that does (a summary list returned whole); none responding is inconclusive and recorded (report-execute-rows)',
        variant: 'report-choices',
      },
    },
    {
      relies: 'the rows sit at the same path for every body',
      basis: { tolerant: 'the pages compared are never empty (>= 3 rows, page 2 of size 1 or 2), so no rows array can be left out' },
    },
    { relies: 'without page the rows are those of page 1', basis: { spec: '4.9: "page integer >= 1, default 1"' } },
    {
      relies: 'rows are compared as a multiset; rows that change between identical runs are retried, then inconclusive',
      basis: { tolerant: 'pageContent() ignores row order; three bracketing attempts before t.inconclusive' },
    },
    { relies: 'where the rows sit and how many there were is recorded', basis: { observation: 'report-execute-rows' } },
  ],
  'RP-EXECUTE-SCOPE': [
    {
      relies: 'a scope of kind project, person (a fresh resource) and contact each answers 200 on some definition that runs with {}',
      basis: {
        tolerant:
          "each kind is tried on every runnable definition of the first 5; a 4xx is that report's rule, recorded (report-scope-kinds); only another status, or no kind accepted anywhere, fails",
        variant: 'report-choices',
      },
    },
    {
      relies: 'at least one of the three kinds is accepted by one of the runnable definitions',
      basis: { spec: '4.9: "scope (optional, no extra properties) with kind enum project, person, contact and id uuid"' },
    },
    { relies: 'without any record to scope to the check is skipped', basis: { tolerant: 't.skip when no project, resource or contact exists' } },
    {
      relies: 'kind team/organisation/client/empty, a non-UUID id, kind or id missing, an extra property, a non-object are rejected',
      basis: { spec: '4.9: "scope (optional, no extra properties) with kind enum project, person, contact and id uuid, both required inside scope"' },
    },
    {
      relies: 'a kind in another case (Project, PERSON) is not sent under this MUST',
      basis: { tolerant: "generators/reports.ts: another case of a kind is INPUT-FORMAT-STRICT's (SHOULD)" },
    },
    {
      relies: 'the non-UUID ids are no UUID under any reading',
      basis: { tolerant: 'nonUuid(): hyphen-free and braced forms are left to INPUT-FORMAT-STRICT' },
    },
    { relies: 'any 4xx counts as the rejection; the status is recorded', basis: { observation: 'validation-status' } },
  ],
  'RP-EXECUTE-FILTER-VALUES': [
    {
      relies: 'filterValues {} and an object of conformance_* keys (text, number, boolean array) answer exactly 200',
      basis: { spec: '4.9: "filterValues (object with arbitrary keys, optional)"' },
    },
    {
      relies: 'the executed definition runs with filter values it does not define',
      basis: {
        tolerant: 'as RP-EXECUTE: a definition that runs with {} needs no filter value; keys it does not define are "arbitrary keys"',
        variant: 'report-choices',
      },
    },
    {
      relies: 'filterValues as a string, integer, array or boolean is rejected',
      basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' },
    },
    { relies: 'any 4xx counts as the rejection; the status is recorded', basis: { observation: 'validation-status' } },
  ],

  // --- Security (suites/security.test.ts, harness/steps/isolation.ts, harness/spec/isolation.ts; SEC-EVENTS-ISOLATED in suites/webhooks.test.ts) ---
  'SEC-ISOLATION-READ': [
    {
      relies: 'CONFORMANCE_OTHER_ORG_KEY is a key of another organisation',
      basis: { tolerant: 't.as(otherOrg): the check is skipped when the key is not configured' },
    },
    {
      relies: 'org A can create each kind of record (webhooks on a loopback or .invalid URL)',
      basis: { tolerant: 'createOwned/createWebhook: a refused create skips the check; names and URLs carry unique tokens', variant: 'unique-names' },
    },
    {
      relies: 'org B never gets a 2xx on GET of an org A record',
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    {
      relies: 'a 2xx counts as a read unless its data is absent, null or empty',
      basis: { tolerant: 'revealsNothing(): spec 7 shows no status for an id the key cannot see; an empty 2xx is recorded as cross-org-read-empty' },
    },
    { relies: 'each status org B got is recorded', basis: { observation: 'cross-org-status' } },
  ],
  'SEC-ERROR-NO-LEAK': [
    {
      relies: 'a refusal of org B on an org A record holds none of the values org A sent',
      basis: { spec: '1: "All data is scoped to the organisation that owns the API key."' },
    },
    {
      relies: 'legitimate echoes are ruled out: the id, enum words, dates, strings under 8 characters, org B own body values',
      basis: { tolerant: 'distinctiveValues() and the op.body filter: only values org B could not know are searched for' },
    },
    { relies: 'the searched values can only be org A data', basis: { tolerant: 'uniqueToken() in names, notes, descriptions and e-mails' } },
    { relies: 'a 2xx is not judged here', basis: { tolerant: 'left to SEC-ISOLATION-READ and SEC-ISOLATION-WRITE' } },
  ],
  'SEC-ISOLATION-WRITE': [
    {
      relies: 'org B never gets a 2xx on PATCH, approve, reject, complete, version create, rotate-secret or test of an org A record',
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    {
      relies: 'the bodies org B sends are valid, so a server judging the body first still looks the record up',
      basis: { tolerant: 'harness/spec/isolation.ts FOREIGN bodies follow part 2' },
    },
    {
      relies: 'a 2xx on a sub-list (versions, deliveries) passes when it shows none of the UUIDs or fractional amounts org A sees there',
      basis: { tolerant: 'revealing(): an empty 2xx scoped to org B is accepted; recorded as cross-org-sub-list' },
    },
    {
      relies: 'a 2xx DELETE passes when org A reads its record back unchanged',
      basis: { tolerant: 'spec 7 shows no status for it: an idempotent 2xx that removes nothing is allowed' },
    },
    {
      relies: 'unchanged means every field org A reads is equal on the two reads, but fields that move by themselves',
      basis: {
        tolerant:
          'movingFields(): a field differing between two reads by org A alone, or named as a last access or check time, is left out and recorded as moving-fields',
        variant: 'guarded-security',
      },
    },
    { relies: 'each status org B got is recorded', basis: { observation: 'cross-org-status' } },
  ],
  'SEC-ISOLATION-INTACT': [
    {
      relies: "org A reads its record with 200 before (else skipped) and after org B's attempts",
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: "nothing org B sent changed, removed or added anything on org A's record",
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    {
      relies: 'values compared up to representation (null or absent, tags as a set, numbers as strings)',
      basis: { tolerant: 'compare.ts mismatch and sameValue', variant: 'normalised-values' },
    },
    {
      relies: 'every field shown is equal on the two reads but those that move by themselves; the fields org B named are always compared',
      basis: {
        tolerant:
          'movingFields(): a field differing between two reads by org A alone, or named as a last access or check time, is left out (never one org B named) and recorded as moving-fields',
        variant: 'guarded-security',
      },
    },
    {
      relies: 'GET /rates/{id}/versions (whole data) and GET /webhooks/{id}/deliveries (ids) read the same after',
      basis: { tolerant: 'the rate holds only its initial version (no order to change); the subscription lists an event no operation sends' },
    },
    { relies: 'a dependent read org A cannot make is recorded, not judged', basis: { observation: 'dependent-read-status' } },
  ],
  'SEC-ISOLATION-UNKNOWN-ALIKE': [
    {
      relies: "each org B operation gets the same status (and error body key shape) on org A's id as on a random UUID",
      basis: {
        tolerant:
          "the requirement's own SHOULD (existence must not leak): 403 for another organisation's id is warned, never a MUST failure; statuses recorded as cross-org-status",
        variant: 'guarded-security',
      },
    },
    {
      relies: "a list filtered by org A's ids answers with the same status as filtered by unknown ids",
      basis: {
        tolerant: "the requirement's own SHOULD: a filter telling org A's ids from unknown ones is warned, never a MUST failure; recorded as cross-org-filter",
        variant: 'guarded-security',
      },
    },
    {
      relies: "reference requests (unknown id first, then org A's) differ only in the id (security.test.ts:380, isolation.ts:586, 643)",
      basis: { tolerant: 'every org B body carries a name of its own (uniqueToken), so the two requests differ only in the id', variant: 'unique-names' },
    },
    { relies: 'whether the two bodies differ in wording is recorded', basis: { observation: 'cross-org-body' } },
  ],
  'SEC-LIST-ISOLATED': [
    {
      relies: "no list org B walks (unfiltered, by org A's ids, by org A's words) shows an id org A made or lists",
      basis: { spec: '1: "All data is scoped to the organisation that owns the API key."' },
    },
    { relies: 'a list refusing org B (any non-200) lists nothing', basis: { tolerant: 'walkList: a refusal is an answer, not a failure' } },
    {
      relies: 'GET /projects with org B lists no project of org A',
      basis: { spec: '4.12: "returns a paged list of the projects of the key\'s organisation"' },
    },
    { relies: 'built-in report definitions listed for both organisations are recorded, not judged', basis: { observation: 'shared-records' } },
    {
      relies: "a shared built-in definition is recognised by a source reading system in any form, or by org A's own list filtered by source=system",
      basis: { tolerant: 'saysSystem() and the source=system list (spec 4.9 filter): a definition both organisations see is recorded as shared-records' },
    },
    { relies: "how a filter naming org A's ids is answered is recorded", basis: { observation: 'cross-org-filter' } },
  ],
  'SEC-EVENTS-ISOLATED': [
    {
      relies: 'org B creates an expense (201), else skipped; org A subscribes to expense.created (201)',
      basis: { tolerant: 't.skip when org B cannot create; the subscription URL is a fresh sink endpoint' },
    },
    {
      relies: "no request to org A's endpoint mentions org B's expense id",
      basis: { spec: '1: "All data is scoped to the organisation that owns the API key."' },
    },
    {
      relies: "legitimate reasons are ruled out: only org B's own record id counts as evidence",
      basis: { tolerant: 'about(endpoint, theirId): no delivery for org A can carry that id' },
    },
    {
      relies: "org A's own delivery arrives within CONFORMANCE_WEBHOOK_WAIT_S, then a 2 s grace",
      basis: { tolerant: "spec 6.2 shows no timing: without org A's delivery the check is inconclusive; a late leak is missed, never invented" },
    },
  ],
  'SEC-REFERENCE-NO-LEAK': [
    {
      relies: "org B's creates, updates, batch items and execute scope naming an org A record never show its data, then or later",
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    {
      relies: 'values that show with an unknown id, that org B sent, or that are under 6 characters are not searched for',
      basis: { tolerant: "attempt(): the unknown-id answer and org B's own body rule out echoes and org B's own data" },
    },
    {
      relies: "the values searched for are org A's alone",
      basis: { tolerant: 'unique tokens, dates in 2081-2089, ids; the project name only when 8 characters or more' },
    },
    {
      relies: "org B's records stand on CONFORMANCE_OTHER_PROJECT_ID (a random UUID without it)",
      basis: { tolerant: 'orgBTask(); without an own record for an update the case is skipped' },
    },
    {
      relies: "the read-back and the list filtered by org A's id are org B's documented reads",
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
  ],
  'SEC-REFERENCE-REJECTED': [
    {
      relies: "a target accepting both the unknown id and org A's is not judged",
      basis: { tolerant: 't.skip: spec 2 does not require referenced ids to exist' },
    },
    {
      relies: "otherwise org B's request naming org A's record is refused with a 4xx (never 2xx or 5xx)",
      basis: { spec: '5: "A key belongs to one organisation; requests see that organisation\'s data."' },
    },
    { relies: "the answers to the unknown id and to org A's id are recorded", basis: { observation: 'cross-org-reference' } },
  ],
  'SEC-ADMIN-WEBHOOK-WRITE': [
    { relies: 'CONFORMANCE_MEMBER_KEY is a key of org A without admin rights', basis: { tolerant: 't.as(member): skipped when not configured' } },
    {
      relies: "the member's POST, PATCH and DELETE of a subscription never answer 2xx",
      basis: { spec: '5: "Creating, updating and deleting webhook subscriptions requires an admin key."' },
    },
    { relies: 'a member POST refused for its loopback URL also passes', basis: { tolerant: 'expectNot2xx: any refusal passes' } },
    {
      relies: "the admin list then shows no subscription with the member's unique name",
      basis: { tolerant: 'a list without names can only miss a made subscription, never invent one' },
    },
    {
      relies: 'after a refused PATCH or DELETE every field the admin reads is unchanged, but fields that move by themselves (never those the member sent)',
      basis: { tolerant: 'movingFields() on two admin reads before the attempt; recorded as moving-fields', variant: 'webhook-choices' },
    },
    { relies: 'the statuses the member got are recorded', basis: { observation: 'member-webhook-status' } },
  ],
  'SEC-ADMIN-403': [
    {
      relies: "the member's POST, PATCH and DELETE of a subscription each answer exactly 403",
      basis: {
        tolerant:
          "the requirement's own SHOULD (spec 7 shows no status): 401 or 404 is warned, never a MUST failure (SEC-ADMIN-WEBHOOK-WRITE judges the refusal); statuses recorded as member-webhook-status",
      },
    },
    {
      relies: 'the member POST is refused for permission, not for its body',
      basis: {
        tolerant:
          "memberWebhookBody() uses the non-loopback URL; a 4xx other than 403 is judged only when the admin's same body is taken (recorded as member-webhook-body-refused)",
        variant: 'guarded-security',
      },
    },
  ],
  'SEC-MEMBER-READ': [
    {
      relies: 'the member key lists GET /webhooks and GET /webhooks/events with 2xx',
      basis: { spec: '5: "Creating, updating and deleting webhook subscriptions requires an admin key."' },
    },
    {
      relies: "the member may list subscriptions, unless the admin's list shows full secrets",
      basis: { tolerant: 'listShowsSecrets: a list carrying every secret may be refused like GET by id; recorded as webhook-list-secret' },
    },
    { relies: 'GET by id, deliveries, rotate-secret and test with the member key are recorded only', basis: { observation: 'member-webhook-status' } },
    { relies: 'whether the member sees the secret is recorded', basis: { observation: 'member-webhook-secret' } },
  ],

  // --- Webhooks (suites/webhooks.test.ts, harness/webhooks/, harness/generators/webhooks.ts, harness/sink) ---
  'WH-CREATE-VALID': [
    {
      relies: 'every generated valid create answers exactly 201 with the record in data',
      basis: { spec: '4.11: "Body: webhook create fields (2.10). 201. Admin key required."' },
    },
    {
      relies: 'the target accepts the sink URL (http on the runner host)',
      basis: { tolerant: 'CONFORMANCE_SINK_PUBLIC_URL lets the run give a public https URL instead' },
    },
    {
      relies: 'the create answer and GET /webhooks/{id} (200, no wait) show each field sent under its name',
      basis: { spec: '4 Common rules: "Contents of the records inside data beyond the request fields: not shown"' },
    },
    {
      relies: 'events come back as the same set, url as the same URL',
      basis: { tolerant: 'eventsMatch (any order) and sameUrl (WHATWG serialisation)', variant: 'normalised-values' },
    },
    {
      relies: 'name and description come back as sent, up to white space collapsed and Unicode normal form',
      basis: { tolerant: 'subscriptionMismatch uses compare.ts sameValue', variant: 'normalised-values' },
    },
    {
      relies: 'no two bodies share a name or URL',
      basis: { tolerant: 'identifier() names, a ?s=<8 hex> query per body, each subscription deleted before the next', variant: 'unique-names' },
    },
    {
      relies: 'names of 1 and 255 characters and a URL of 500 characters are accepted and come back',
      basis: { spec: '2.10: "name | string, length 1 to 255 | required | optional" and "url | string, URL format, max length 500 | required | optional"' },
    },
    {
      relies: 'the 1-character name, the 255-character name and the 500-character URL are held by no other subscription',
      basis: {
        tolerant:
          'the long name and URL carry a token of the run; a 1-character name refused with 409 is tried again with others (recorded as business-rule), all refused is inconclusive',
        variant: 'unique-names',
      },
    },
    {
      relies: 'isActive left out reads true in the create answer and on GET',
      basis: { spec: '2.10: "isActive | boolean, default true | optional | optional"' },
    },
    { relies: 'whether description null is taken on create is recorded', basis: { observation: 'webhook-create-description-null' } },
  ],
  'WH-FIELD-RULES': [
    {
      relies: 'empty or over-255 names, non-URL or over-500 URLs, wrong types and null name/url/events/isActive are rejected',
      basis: { spec: '2.10: "name | string, length 1 to 255 | required | optional" and "url | string, URL format, max length 500 | required | optional"' },
    },
    {
      relies: 'events empty, not an array, with a non-string item, or with an unknown name are rejected',
      basis: { spec: '2.10: "events | array with at least 1 item, each one of the event names in part 6 | required | optional"' },
    },
    { relies: 'Task.Created, TASK.CREATED, task_created, invoice.* and * are unknown event names', basis: { spec: '6.1: "Event names (exact)"' } },
    { relies: 'a create without name, url or events is rejected', basis: { spec: '7: "Bodies that do not match the schemas in part 2 are invalid input"' } },
    {
      relies: 'the non-URLs are no absolute URL under any reading; lengths are ASCII',
      basis: { tolerant: 'nonUrl(), nameOfLength() and urlOfLength(): every reading of URL and length agrees' },
    },
    {
      relies: 'each invalid body is otherwise valid, with a URL of its own',
      basis: { tolerant: 'violations() on subscriptionCreate/Update with a ?s= query per body', variant: 'business-rules' },
    },
    { relies: 'any 4xx counts as the rejection; the status is recorded', basis: { observation: 'validation-status' } },
  ],
  'WH-SECRET': [
    {
      relies: 'the create answer holds a string starting with whsec_ (longer than the prefix), under any field name',
      basis: { spec: '2.10: "A subscription record returned on creation carries a signing secret starting with whsec_"' },
    },
    { relies: 'where the secret sits is recorded', basis: { observation: 'webhook-secret-field' } },
    {
      relies: 'GET /webhooks/{id} answers 200 and holds the same secret value (a masked one fails)',
      basis: { spec: '2.10: "reading one subscription by id also includes its secret" and 4.11: "Returns the subscription including its secret."' },
    },
    { relies: 'what the list shows of the secret is recorded', basis: { observation: 'webhook-list-secret' } },
  ],
  'WH-UPDATE-VALID': [
    {
      relies: 'a full create answers 201 and every generated valid update exactly 200 with the record',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'the update answer and GET show each field sent; events as a set, url serialised',
      basis: { tolerant: 'subscriptionMismatch: eventsMatch and sameUrl', variant: 'normalised-values' },
    },
    {
      relies: 'name and description come back as sent, up to white space collapsed and Unicode normal form',
      basis: { tolerant: 'subscriptionMismatch uses compare.ts sameValue', variant: 'normalised-values' },
    },
    {
      relies: 'fields the update leaves out read as created',
      basis: { spec: '2: "Every update (PATCH) body lists only optional fields: omitted fields stay unchanged."' },
    },
    {
      relies: 'description set to null reads back null, absent or ""',
      basis: { tolerant: 'subscriptionMismatch: a cleared text may be stored as ""', variant: 'webhook-choices' },
    },
    { relies: 'names and URLs of the updates are fresh', basis: { tolerant: 'identifier() names and a ?s= query per body', variant: 'unique-names' } },
  ],
  'WH-FILTER-ACTIVE': [
    {
      relies: 'two subscriptions created active and two with isActive false answer 201',
      basis: { spec: '2.10: "isActive | boolean, default true | optional | optional"' },
    },
    {
      relies: 'isActive=true lists both active ones and no inactive one; isActive=false the reverse',
      basis: { spec: '4.11: "Query: isActive (boolean), limit, offset." and 4 Common rules: "the value true means true, any other value means false"' },
    },
    {
      relies: 'the sample keeps its flags meanwhile',
      basis: { tolerant: 'quiet events and a sink answering 200: nothing gives a server cause to disable them' },
    },
    {
      relies: 'an unscoped offset walk of /webhooks sees every sample',
      basis: {
        tolerant:
          'the filter checks run alone in their file (describe.sequential right after paging): no other check of the file deletes subscriptions meanwhile',
      },
    },
  ],
  'WH-DELETE': [
    {
      relies: 'a subscription is created (201) and read (200), and DELETE answers exactly 204',
      basis: { spec: '4 Common rules: "Delete success: 204 without body"' },
    },
    {
      relies: 'a GET right after the delete answers no 2xx',
      basis: { spec: '2: "Deleting contacts, expenses, time entries, allocations, milestones and webhooks is described as delete"' },
    },
    { relies: 'the status of the read after delete is recorded', basis: { observation: 'deleted-read-status' } },
  ],
  'WH-EVENTS-LIST': [
    { relies: 'GET /webhooks/events answers exactly 200', basis: { spec: '4.11: "Lists the available event types; 200."' } },
    { relies: 'all 16 names of 6.1 appear in the answer', basis: { spec: '6.1: "The list is also returned by GET /webhooks/events."' } },
    {
      relies: 'the names may sit anywhere in data (strings, objects, up to 6 levels)',
      basis: { tolerant: 'the walk collects every string; the shape is recorded as webhook-events-shape' },
    },
    { relies: 'names beyond the 16 are recorded, not judged', basis: { observation: 'webhook-events-extra' } },
  ],
  'WH-DELIVERIES-LIST': [
    { relies: 'an expense can be created pending and approved', basis: { tolerant: 'a trigger the target refuses skips the check (precondition)' } },
    {
      relies: 'the log shows the refused delivery failed within CONFORMANCE_WEBHOOK_WAIT_S',
      basis: { tolerant: 'not required: pollRecord only waits; a later lack of two statuses is inconclusive' },
    },
    { relies: 'PATCH of the subscription url answers exactly 200', basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' } },
    { relies: 'the next delivery reaches the new URL within the wait', basis: { tolerant: 't.inconclusive otherwise (timing not shown)' } },
    {
      relies: 'GET /webhooks/{id}/deliveries answers 200 with a data array and a pagination object',
      basis: { spec: '4.11: "Query: status (pending/delivered/failed/retrying), limit, offset. Lists delivery attempts, paged."' },
    },
    {
      relies: 'limit=1 gives at most one row and pagination.limit 1 (a number)',
      basis: { spec: '4 Common rules: "List (GET collection) success: 200 with the records in data and paging totals, limit and offset in pagination"' },
    },
    {
      relies: 'rows show their status in a `status` field; fewer than two statuses seen is inconclusive',
      basis: { tolerant: 'rowStatus(): rows without it are not judged', variant: 'deliveries-per-delivery' },
    },
    { relies: 'status=<value> returns no row showing another status', basis: { spec: '3.4: "Values: pending, delivered, failed, retrying."' } },
    {
      relies: "a row failed or delivered before and after the filtered read is in that filter's answer",
      basis: { tolerant: 'only rows stable across the read are required (3.4 shows no transitions)' },
    },
    {
      relies: 'status bogus and success are rejected',
      basis: {
        spec: '7: "malformed query or body values (wrong enum value, non-UUID id, invalid date, out-of-range limit) must be rejected rather than accepted"',
      },
    },
    {
      relies: 'another case of a status value (DELIVERED) is not judged here',
      basis: { tolerant: 'left to INPUT-FORMAT-STRICT (SHOULD), as the other suites do with enum values in another case' },
    },
    { relies: 'the statuses seen and the log model are recorded', basis: { observation: 'webhook-deliveries-statuses' } },
  ],
  'WH-DELIVERY-FORMAT': [
    {
      relies: 'a subscriber of expense.created and expense.approved is made (201) and an expense approved',
      basis: { tolerant: 'a trigger the target refuses skips the check' },
    },
    {
      relies: 'deliveries are recognised by the expense id in their raw body, within CONFORMANCE_WEBHOOK_WAIT_S',
      basis: { tolerant: 'spec 6.2: data content and timing not shown; without one the check is inconclusive' },
    },
    {
      relies: 'each is a POST whose JSON body has event (one of 6.1), timestamp and a data object',
      basis: {
        spec: '6.2: "Method POST, body is JSON: event (string, one of the names above), timestamp (string, ISO 8601 date-time in UTC with milliseconds), data (object, the event payload)."',
      },
    },
    {
      relies: 'timestamp is YYYY-MM-DDTHH:MM:SS with 3 to 9 fraction digits and Z or +00:00',
      basis: { tolerant: 'DELIVERY_TIMESTAMP: both UTC notations and finer precision pass; the form is recorded' },
    },
    { relies: 'the timestamp form and the content type are recorded', basis: { observation: 'webhook-timestamp-form' } },
  ],
  'WH-DELIVERY-HEADERS': [
    {
      relies: 'X-Service-Event is present and equals the body event; X-Service-Delivery is non-empty',
      basis: { spec: '6.2: "Headers: X-Service-Event (event name), X-Service-Signature (sha256=<hex>), X-Service-Delivery (delivery identifier)."' },
    },
    { relies: 'the sample deliveries arrive within the wait', basis: { tolerant: 'shared with WH-DELIVERY-FORMAT: inconclusive without them' } },
    { relies: 'whether two events share a delivery id is recorded', basis: { observation: 'webhook-delivery-id' } },
  ],
  'WH-SIGNATURE': [
    { relies: 'X-Service-Signature is sha256= and 64 hex digits (either case, trimmed)', basis: { spec: '6.2: "X-Service-Signature (sha256=<hex>)"' } },
    {
      relies: 'the digest is HMAC-SHA256 over the exact bytes received',
      basis: {
        spec: '6.2: "Signature: the hex digest of HMAC-SHA256 over the raw request body bytes (not a re-serialised object), keyed with the subscription secret."',
      },
    },
    {
      relies: 'the HMAC key is the secret: the whole string, the part after whsec_, or its base64 decoding',
      basis: {
        tolerant: 'signingKeyForm(): each form is tried in constant time; the one that verifies is recorded as webhook-signing-key',
        variant: 'webhook-choices',
      },
    },
    {
      relies: 'without a secret in the create answer the check is skipped; the sample waits as WH-DELIVERY-FORMAT',
      basis: { tolerant: 't.skip, t.inconclusive' },
    },
  ],
  'WH-TRIGGERS': [
    {
      relies: 'POST /tasks, a task to completed, POST /time-entries, POST /expenses, approve and complete deliver their event',
      basis: {
        spec: '6.2: "Which operation triggers each event, beyond what the event name implies: not shown." and 3.3: "event milestone.completed is available to subscribers"',
      },
    },
    {
      relies: 'the operation itself is possible (task reached completed by any path, expense approvable)',
      basis: { tolerant: 'a refused operation skips the check; reachTaskStatus tries intermediate statuses' },
    },
    {
      relies: 'a delivery is tied to the operation by the record id in its body',
      basis: { tolerant: 'a delivery of the event without the id is inconclusive, never failed (recorded as webhook-payload-id)' },
    },
    {
      relies:
        'no delivery of the event at all within CONFORMANCE_WEBHOOK_WAIT_S after the operation and again after the later control expense.created arrived = not delivered',
      basis: { tolerant: "the full wait is given from the control's arrival too; without the control the check is inconclusive" },
    },
    { relies: 'neither delivery within the wait proves nothing', basis: { tolerant: 't.inconclusive' } },
  ],
  'WH-NOT-SUBSCRIBED': [
    {
      relies: 'four subscriptions are made (201) and PATCH isActive false answers exactly 200',
      basis: { spec: '4 Common rules: "Get and update success: 200 with the record in data"' },
    },
    {
      relies: 'a subscription listing every other event gets no expense.created',
      basis: { spec: '2.10: "events | array with at least 1 item, each one of the event names in part 6 | required | optional"' },
    },
    {
      relies: 'a subscription created inactive or deactivated gets nothing about the expense',
      basis: {
        spec: '3.5: "Contacts, resources, rates and webhooks carry an active flag (isActive) that can be set or filtered" (its effect on delivery is implied only)',
      },
    },
    {
      relies: 'the deactivation applies to events fired from CONFORMANCE_WEBHOOK_WAIT_S after the PATCH on',
      basis: {
        tolerant:
          'deliveries to the deactivated subscription are tolerated for the wait, each time with a new event; the delay is recorded as webhook-deactivation-delay',
        variant: 'webhook-choices',
      },
    },
    {
      relies: 'the listening subscriber is served within the wait, then a 2 s grace',
      basis: { tolerant: 't.inconclusive without it; late wrong deliveries are missed, never invented' },
    },
  ],
  'WH-TEST-DELIVERY': [
    { relies: 'POST /webhooks/{id}/test answers exactly 200', basis: { spec: '4.11: "No body; sends a test event to the subscription; 200."' } },
    { relies: 'a request reaches the fresh endpoint within the wait', basis: { tolerant: 't.inconclusive otherwise' } },
    {
      relies: 'the first request at the endpoint is the test delivery and is signed',
      basis: { spec: '6: "Subscriptions deliver events as signed JSON POST requests to the subscription url."' },
    },
    {
      relies: 'the HMAC key is the secret: the whole string, the part after whsec_, or its base64 decoding',
      basis: { tolerant: 'signingKeyForm(), recorded as webhook-signing-key', variant: 'webhook-choices' },
    },
    { relies: 'the test event name and latency are recorded', basis: { observation: 'webhook-test-event' } },
  ],
  'WH-ROTATE': [
    { relies: 'POST /webhooks/{id}/rotate-secret answers exactly 200 with data', basis: { spec: '4.11: "No body; 200, result in data."' } },
    {
      relies: "a new whsec_ secret, other than the old, shows in the answer's data or on GET /webhooks/{id} after it",
      basis: {
        tolerant: "the answer's shape is not shown: the new secret is read from GET when data lacks it (recorded as webhook-rotate-field)",
        variant: 'webhook-choices',
      },
    },
    { relies: 'where the new secret sits, and what GET shows after, are recorded', basis: { observation: 'webhook-secret-after-rotate' } },
    {
      relies: 'later deliveries verify with the new secret and not with the old',
      basis: { spec: '6.2: "the secret can be replaced with POST /webhooks/{id}/rotate-secret"' },
    },
    {
      relies: 'events fired from the rotation on are signed with the new secret within CONFORMANCE_WEBHOOK_WAIT_S',
      basis: {
        tolerant: 'deliveries signed with the old secret are tolerated for the wait, each time with a new event; the delay is recorded as webhook-rotate-grace',
        variant: 'webhook-choices',
      },
    },
    {
      relies: 'the HMAC key is the secret: the whole string, the part after whsec_, or its base64 decoding',
      basis: { tolerant: 'signingKeyForm() for the old and the new secret', variant: 'webhook-choices' },
    },
    { relies: 'the delivery arrives within the wait', basis: { tolerant: 't.inconclusive otherwise' } },
  ],
  'WH-RETRY-SUCCESS': [
    {
      relies: 'a receiver answering 500 twice, or 404 once, then 200 is retried until it answers 2xx',
      basis: { spec: '6.2: "A 2xx response is success. A non-2xx response or a timeout is retried, up to five attempts"' },
    },
    { relies: 'the attempts come within CONFORMANCE_WEBHOOK_WAIT_S', basis: { tolerant: 'spec 6.2 shows no spacing: too slow is inconclusive' } },
    {
      relies: 'a log showing failed as the latest state with fewer attempts proves the delivery ended, unless it may mark attempts so',
      basis: {
        tolerant:
          'attemptRecord(): failed followed by more rows, a row naming its next attempt, or a lone failed row once the run saw failed followed by a retry (deliveryLogConvention, recorded as deliveries-log-failed) prove no end',
        variant: 'webhook-choices',
      },
    },
    {
      relies:
        'a lone failed row (one attempt, no next attempt named) with no retry in the whole wait is the end, until the run sees this log mark a failed attempt that another followed',
      basis: {
        assumption:
          'a log marking every failed attempt failed whose first retry comes later than CONFORMANCE_WEBHOOK_WAIT_S cannot be told from a target that never retries (the wh-no-retry fault) within the wait; a longer wait settles it',
      },
    },
    {
      relies: 'no attempt follows the 2xx within twice the longest spacing plus a second',
      basis: { spec: '3.4: "A delivery answered with a 2xx status is successful"' },
    },
    {
      relies: 'failures scripted for the receiver taken by another approval are run again (3 rounds)',
      basis: { tolerant: 'untilNotTaken, then inconclusive' },
    },
    {
      relies: 'the log shows delivered within the wait (a row or record), ended failed fails, else inconclusive',
      basis: { tolerant: 'attemptRecord reads either log model', variant: 'deliveries-per-delivery' },
    },
    {
      relies: 'a log showing delivered while the receiver never answered 2xx fails at once',
      basis: { spec: '3.4: "A delivery answered with a 2xx status is successful"' },
    },
    { relies: 'retry spacing and delivery id reuse are recorded', basis: { observation: 'webhook-retry-intervals' } },
  ],
  'WH-RETRY-LIMIT': [
    {
      relies: 'a receiver that always answers 500 sees exactly 5 attempts and no sixth within the grace',
      basis: {
        spec: '3.4: "a non-2xx answer or a timeout is retried, up to five attempts in total" and 8: "Delivery attempts | up to 5 | webhook deliveries"',
      },
    },
    {
      relies: 'fewer than 5 within the wait fail when the log shows the delivery ended',
      basis: {
        tolerant:
          'attemptRecord() with failedNotFinal: a lone failed row is never the end here; failed ends a delivery only after earlier rows retrying, in a record per delivery, and with no next attempt named',
        variant: 'webhook-choices',
      },
    },
    {
      relies: 'some deliveries row can be tied to the delivery (expense id, X-Service-Delivery value, or a lone endpoint)',
      basis: { tolerant: 'rows that cannot be tied leave the check inconclusive; an empty log fails (spec 6.2: every attempt is recorded)' },
    },
    { relies: 'no row of the delivery shows delivered', basis: { spec: '3.4: "A delivery answered with a 2xx status is successful"' } },
    {
      relies: 'attempts inside one record under an unknown name leave the check inconclusive',
      basis: { tolerant: 'attemptFields() names; t.inconclusive', variant: 'deliveries-per-delivery' },
    },
    { relies: 'every attempt is recorded and readable', basis: { spec: '6.2: "every attempt is recorded and can be read through the deliveries endpoint"' } },
    { relies: 'a failed status within CONFORMANCE_WEBHOOK_WAIT_S', basis: { tolerant: 't.inconclusive otherwise' } },
  ],
  'WH-RETRY-TIMEOUT': [
    {
      relies: 'a first attempt held open without an answer is retried',
      basis: { spec: '3.4: "a non-2xx answer or a timeout is retried, up to five attempts in total"' },
    },
    {
      relies: "the target's timeout and retry spacing fit in CONFORMANCE_WEBHOOK_WAIT_S",
      basis: { tolerant: 'spec 6.2: "Delivery timeout and spacing between retries: not shown."; too slow is inconclusive' },
    },
    {
      relies: 'a lone failed row after the one timed-out attempt is never read as the end',
      basis: {
        tolerant:
          'attemptRecord() with failedNotFinal: undecidable within the wait is inconclusive; a log recording the timed-out attempt delivered still fails at once',
        variant: 'webhook-choices',
      },
    },
    { relies: 'a held-open answer taken by another delivery is run again', basis: { tolerant: 'untilNotTaken (3 rounds), then inconclusive' } },
    { relies: 'the time to the retry is recorded', basis: { observation: 'webhook-timeout-retry-after' } },
  ],
  'WH-2XX-SUCCESS': [
    { relies: 'receivers answering 201 and 204 get no second attempt', basis: { spec: '6.2: "A 2xx response is success."' } },
    {
      relies: 'watched for twice the first retry spacing of a failing sibling, plus a second',
      basis: { tolerant: 'the grace is measured on this target, bounded by the wait' },
    },
    { relies: 'no retry of the sibling, or a 2xx receiver without a delivery, within the wait proves nothing', basis: { tolerant: 't.inconclusive' } },
    { relies: 'the first retry spacing is recorded', basis: { observation: 'webhook-first-retry-spacing' } },
  ],

  // --- Rate limiting (suites/rate-limit.test.ts, harness/steps/rate-limit.ts, harness/steps/rate-limit-verdicts.ts, harness/rate/*.ts) ---
  'RL-HEADERS-SUCCESS': [
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
  'RL-HEADERS-ERROR': [
    {
      relies: 'limit=101, an unknown contact id and an invalid contactType are answered 4xx with the admin key',
      basis: { tolerant: 'other statuses are skipped; none examined is inconclusive' },
    },
    {
      relies: 'each of those 4xx carries the three headers, read as for a 2xx',
      basis: { spec: '8: "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset on responses"' },
    },
  ],
  'RL-HEADERS-429': [
    {
      relies: 'every 429 of the burst carries the three headers, read as for a 2xx',
      basis: { spec: '8: "X-RateLimit-Limit, X-RateLimit-Remaining, X-RateLimit-Reset on responses"' },
    },
    { relies: 'a burst without any 429 proves nothing here', basis: { tolerant: 't.inconclusive (RL-OVER-429 judges it)' } },
  ],
  'RL-LIMIT-DEFAULT': [
    {
      relies: 'CONFORMANCE_LIMITED_KEY has no custom limit and nothing else uses it',
      basis: { tolerant: 'configuration checked by the doctor; the check is skipped without the key' },
    },
    {
      relies: 'every burst answer with a readable Limit says 60',
      basis: { spec: '8: "60 requests per minute per key; a key may carry a custom per-minute limit"' },
    },
    {
      relies: 'a fresh window is found within 135 s',
      basis: { tolerant: 'waitForFreshWindow works for fixed, sliding and refilling limiters; inconclusive otherwise', variant: 'limiter-sliding-window' },
    },
  ],
  'RL-REMAINING': [
    {
      relies: 'Remaining falls by one per admitted sequential request, whatever the route or method',
      basis: { spec: '8: "60 requests per minute per key; a key may carry a custom per-minute limit"' },
    },
    {
      relies: 'a refilling limiter may give requests back meanwhile, one more for whole-request rounding',
      basis: { tolerant: 'refillAllowance + 1', variant: 'limiter-refilling-bucket' },
    },
    { relies: 'a window reset inside the burst proves nothing', basis: { tolerant: 'exactBurst: Remaining rising beyond the allowance is inconclusive' } },
  ],
  'RL-EXACT-SEQUENTIAL': [
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
    { relies: 'a request is refused within limit + 20 requests', basis: { spec: '7: "Request limit of the key exceeded | HTTP 429 with header Retry-After"' } },
    {
      relies: "every non-2xx of the burst, but a 403 or 404 of a route at its first use, is the limit's refusal",
      basis: {
        tolerant:
          "sequentialBurst(): a route answered 403 or 404 at its first use leaves the rotation, is recorded (rate-limit-routes) and counts as spent budget where Remaining fell; a 403 or 404 of a route admitted before is the limit's answer",
        variant: 'read-only-keys',
      },
    },
  ],
  'RL-EXACT-CONCURRENT': [
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
  'RL-OVER-429': [
    { relies: 'the refusals of a spent budget are 429', basis: { spec: '7: "Request limit of the key exceeded | HTTP 429 with header Retry-After"' } },
    {
      relies: 'the first non-2xx of the burst is a limit refusal, unless it is a 403 or 404 of a route at its first use',
      basis: {
        tolerant:
          "sequentialBurst(): a route answered 403 or 404 at its first use leaves the rotation, is recorded (rate-limit-routes) and counts as spent budget where Remaining fell; a 403 or 404 of a route admitted before is the limit's answer",
        variant: 'read-only-keys',
      },
    },
  ],
  'RL-RETRY-AFTER': [
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
  'RL-PER-KEY': [
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
  'RL-PER-KEY-COUNTERS': [
    {
      relies: 'the second limited key and the custom-limit key are used by nothing else during the run',
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
  'RL-RECOVERY': [
    {
      relies: 'the limited key is refused within limit + 20 requests',
      basis: { spec: '8: "60 requests per minute per key; a key may carry a custom per-minute limit"' },
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
  'RL-ALL-ENDPOINTS': [
    {
      relies: 'GET /contacts, GET /contacts/{id}, POST /contacts and GET /webhooks/events each lower Remaining',
      basis: { spec: '8: "Default request rate | 60 requests per minute per key; a key may carry a custom per-minute limit | all endpoints"' },
    },
    {
      relies: 'after the first refusal each route is refused, less a refill',
      basis: { spec: '8: "Over-limit response | 429 with Retry-After | all endpoints"' },
    },
    {
      relies: 'a refilling limiter may earn requests back meanwhile',
      basis: { tolerant: 'refillAllowance, +1 for a limiter seen to refill', variant: 'limiter-refilling-bucket' },
    },
    {
      relies: "the limited key may create contacts and read the admin's contact and the event list; a route it may not use is not judged",
      basis: {
        tolerant:
          "sequentialBurst(): a route answered 403 or 404 at its first use leaves the rotation, is recorded (rate-limit-routes) and counts as spent budget where Remaining fell; a 403 or 404 of a route admitted before is the limit's answer",
        variant: 'read-only-keys',
      },
    },
  ],
  'RL-LIMIT-CUSTOM': [
    {
      relies: 'CONFORMANCE_CUSTOM_LIMIT_KEY and CONFORMANCE_CUSTOM_LIMIT are set and match the target',
      basis: { tolerant: 'skipped without them; the doctor warns on a mismatch' },
    },
    {
      relies: 'every burst answer with a readable Limit shows the configured custom limit',
      basis: { spec: '8: "60 requests per minute per key; a key may carry a custom per-minute limit"' },
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
};
