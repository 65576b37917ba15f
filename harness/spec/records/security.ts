import { SPEC_GET_UPDATE_200, SPEC_KEY_ONE_ORGANISATION, ONLY_2XX_FAILS, THROTTLED_REFUSALS, SPEC_KEY_TWO_FORMS, SPEC_ORGANISATION_SCOPE } from './bases.js';
import type { Records } from './record.js';

/**
 * Security: organisation isolation and permissions (spec 5).
 *
 * Checks (security): suites/security.test.ts, harness/steps/isolation.ts, harness/spec/isolation.ts; SEC-EVENTS-ISOLATED in suites/webhooks.test.ts.
 */
export const SECURITY_RECORDS = {
  'AUTH-EMPTY-BEARER': {
    level: 'MUST',
    section: '5.1',
    area: 'auth',
    statement: 'An `Authorization: Bearer` header with an empty token is refused (never 2xx).',
    units: [
      // Every request carries an organisation API key, sent either as the header `X-API-Key: <API_KEY>` or as `Authori
      '5#d08e4a15',
    ],
    audit: [
      {
        relies: 'Authorization: Bearer with nothing after it never answers 2xx on every documented route',
        basis: SPEC_KEY_TWO_FORMS,
      },
      { relies: 'any non-2xx passes', basis: ONLY_2XX_FAILS },
      { relies: 'the status given to an empty Bearer token is recorded', basis: { observation: 'empty-bearer-status' } },
      {
        relies: 'a 429 answered to a refused request (a guard throttling refused requests per client address) is taken as the refusal it is, not waited out',
        basis: THROTTLED_REFUSALS,
      },
    ],
  },
  'SEC-ISOLATION-READ': {
    level: 'MUST',
    section: '5.4',
    area: 'security',
    statement: "Another organisation's record is never readable by id (never 2xx).",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
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
        basis: SPEC_KEY_ONE_ORGANISATION,
      },
      {
        relies: "org B's key is sent as X-API-Key and as Authorization: Bearer, and neither form reads the record",
        basis: SPEC_KEY_TWO_FORMS,
      },
      {
        relies: 'a 2xx counts as a read unless its data is absent, null or empty',
        basis: { tolerant: 'revealsNothing(): spec 7 shows no status for an id the key cannot see; an empty 2xx is recorded as cross-org-read-empty' },
      },
      { relies: 'each status org B got is recorded', basis: { observation: 'cross-org-status' } },
    ],
  },
  'SEC-ISOLATION-WRITE': {
    level: 'MUST',
    section: '5.4',
    area: 'security',
    statement:
      "Another organisation's record can be neither updated nor acted on through its sub-operations (approve, reject, complete, version create, rotate-secret, test): never 2xx; its sub-lists (versions, deliveries) reveal none of its entries, and a delete removes nothing (a 2xx that changes nothing is allowed).",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
    ],
    audit: [
      {
        relies: 'org B never gets a 2xx on PATCH, approve, reject, complete, version create, rotate-secret or test of an org A record',
        basis: SPEC_KEY_ONE_ORGANISATION,
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
  },
  'SEC-ISOLATION-INTACT': {
    level: 'MUST',
    section: '5.4',
    area: 'security',
    statement: "After another organisation's attempts, the record reads back unchanged for its own organisation: nothing lost, nothing altered.",
    units: [],
    audit: [
      {
        relies: "org A reads its record with 200 before (else skipped) and after org B's attempts",
        basis: SPEC_GET_UPDATE_200,
      },
      {
        relies: "nothing org B sent changed, removed or added anything on org A's record",
        basis: SPEC_KEY_ONE_ORGANISATION,
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
  },
  'SEC-ISOLATION-UNKNOWN-ALIKE': {
    level: 'SHOULD',
    section: '5.4, 7',
    area: 'security',
    statement: "Another organisation's id is answered exactly as an unknown id, so existence does not leak (403 or 404 observed).",
    units: [],
    audit: [
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
          tolerant:
            "the requirement's own SHOULD: a filter telling org A's ids from unknown ones is warned, never a MUST failure; recorded as cross-org-filter",
          variant: 'guarded-security',
        },
      },
      {
        relies: "reference requests (unknown id first, then org A's) differ only in the id (security.test.ts:380, isolation.ts:586, 643)",
        basis: { tolerant: 'every org B body carries a name of its own (uniqueToken), so the two requests differ only in the id', variant: 'unique-names' },
      },
      { relies: 'whether the two bodies differ in wording is recorded', basis: { observation: 'cross-org-body' } },
    ],
  },
  'SEC-LIST-ISOLATED': {
    level: 'MUST',
    section: '5.4',
    area: 'security',
    statement: "A key's lists never contain another organisation's records, also when filtered by that organisation's ids.",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      {
        relies: "no list org B walks (unfiltered, by org A's ids, by org A's words) shows an id org A made or lists",
        basis: SPEC_ORGANISATION_SCOPE,
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
  },
  'SEC-ERROR-NO-LEAK': {
    level: 'MUST',
    section: '1, 5.4, 7',
    area: 'security',
    statement:
      "The answer that refuses another organisation's key a read, write or sub-operation on a record reveals none of the record's values (its error body included).",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      {
        relies: 'a refusal of org B on an org A record holds none of the values org A sent',
        basis: SPEC_ORGANISATION_SCOPE,
      },
      {
        relies: 'legitimate echoes are ruled out: the id, enum words, dates, strings under 8 characters, org B own body values',
        basis: { tolerant: 'distinctiveValues() and the op.body filter: only values org B could not know are searched for' },
      },
      { relies: 'the searched values can only be org A data', basis: { tolerant: 'uniqueToken() in names, notes, descriptions and e-mails' } },
      { relies: 'a 2xx is not judged here', basis: { tolerant: 'left to SEC-ISOLATION-READ and SEC-ISOLATION-WRITE' } },
    ],
  },
  'SEC-EVENTS-ISOLATED': {
    level: 'MUST',
    section: '1, 5.4, 6',
    area: 'security',
    statement:
      "An event caused by another organisation's operation is never delivered to this organisation's subscriptions (data leaves the server through webhooks too).",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
      // A key belongs to one organisation; requests see that organisation's data.
      '5#aeba56cb',
    ],
    audit: [
      {
        relies: 'org B creates an expense (any 2xx with data.id), else skipped; org A subscribes to expense.created (any 2xx with data.id)',
        basis: { tolerant: 't.skip when org B cannot create; the subscription URL is a fresh sink endpoint' },
      },
      {
        relies: "no request to org A's endpoint mentions org B's expense id",
        basis: SPEC_ORGANISATION_SCOPE,
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
  },
  'SEC-REFERENCE-NO-LEAK': {
    level: 'MUST',
    section: '5.4',
    area: 'security',
    statement:
      "A record that points at another organisation's record never reveals that record's data (name, dates, amounts), in the response or in later reads.",
    units: [
      // All data is scoped to the organisation that owns the API key.
      '1#381cc4b0',
    ],
    audit: [
      {
        relies: "org B's creates, updates, batch items and execute scope naming an org A record never show its data, then or later",
        basis: SPEC_KEY_ONE_ORGANISATION,
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
        basis: SPEC_GET_UPDATE_200,
      },
    ],
  },
  'SEC-REFERENCE-REJECTED': {
    level: 'SHOULD',
    section: '5.4',
    area: 'security',
    statement: "A record that points at another organisation's record is rejected (the spec does not require referenced ids to exist).",
    units: [],
    audit: [
      {
        relies: "a target accepting both the unknown id and org A's is not judged",
        basis: { tolerant: 't.skip: spec 2 does not require referenced ids to exist' },
      },
      {
        relies: "otherwise org B's request naming org A's record is refused with a 4xx (never 2xx or 5xx)",
        basis: SPEC_KEY_ONE_ORGANISATION,
      },
      { relies: "the answers to the unknown id and to org A's id are recorded", basis: { observation: 'cross-org-reference' } },
    ],
  },
  'SEC-ADMIN-WEBHOOK-WRITE': {
    level: 'MUST',
    section: '4.11, 5.5',
    area: 'security',
    statement: 'A key without admin rights cannot create, update or delete webhook subscriptions (never 2xx) and changes nothing.',
    units: [
      // Creating, updating and deleting webhook subscriptions requires an admin key.
      '5#58a3f3d3',
    ],
    audit: [
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
  },
  'SEC-ADMIN-403': {
    level: 'SHOULD',
    section: '5.5, 7',
    area: 'security',
    statement: 'A webhook write with a key without admin rights is answered with 403 (status not shown).',
    units: [
      // Creating, updating and deleting webhook subscriptions requires an admin key.
      '5#58a3f3d3',
    ],
    audit: [
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
  },
  'SEC-MEMBER-READ': {
    level: 'MUST',
    section: '4.11, 5.5',
    area: 'security',
    statement:
      'A key without admin rights can list webhook subscriptions and the event types (admin rights are required only for writes); reading one subscription, which carries its secret, and its deliveries is observed.',
    units: [
      // Creating, updating and deleting webhook subscriptions requires an admin key.
      '5#58a3f3d3',
    ],
    audit: [
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
  },
} satisfies Records;
