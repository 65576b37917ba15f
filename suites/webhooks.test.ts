import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { mapLimit } from '../harness/check/concurrency.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectNot2xx, expectStatus, fail, isClass, listPage } from '../harness/check/expect.js';
import { once } from '../harness/check/once.js';
import { runContext, runTag } from '../harness/check/run-context.js';
import { booleanFilterChecks } from '../harness/crosscutting/boolean-filter.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import {
  nameOfLength,
  subscriptionCreate,
  subscriptionCreateFull,
  subscriptionCreateViolations,
  subscriptionUpdate,
  subscriptionUpdateViolations,
  subscriptionViolationRequirements,
  urlOfLength,
} from '../harness/generators/webhooks.js';
import type { ApiResponse } from '../harness/http/client.js';
import { SinkEndpoint, type Received } from '../harness/sink/sink.js';
import {
  DELIVERY_STATUSES,
  EVENT_NAMES,
  MAX_ATTEMPTS,
  QUIET_EVENTS,
  SECRET_PREFIX,
  TRIGGERED_EVENTS,
  WEBHOOK_NAME_MAX,
  WEBHOOK_URL_MAX,
  deliveryBodySchema,
  type EventName,
  type TriggeredEvent,
} from '../harness/spec/webhooks.js';
import { uniqueToken } from '../harness/steps/unique-token.js';
import { listAll, pagingNumber } from '../harness/steps/lists.js';
import { secretOf, secretsIn } from '../harness/sink/secrets.js';
import { describeRecord, rowStatus } from '../harness/webhooks/attempt-record.js';
import { deliveryRows, expectDeliveryRows, observeLogModel, pollRecord } from '../harness/webhooks/delivery-log.js';
import { shapeOfList } from '../harness/webhooks/event-list.js';
import { about, describeAttempts, describeEndpoint, eventOf, intervals, isSuccess, naming } from '../harness/webhooks/received.js';
import {
  RETRY_EVENT,
  TAKEN_ROUNDS,
  attemptsOf,
  awaitAttempts,
  graceMs,
  observeRetries,
  secondRetryEvent,
  untilNotTaken,
  verdictOnTimeout,
} from '../harness/webhooks/retry-timing.js';
import { deliveredSample as deliveredSampleOf } from '../harness/webhooks/samples.js';
import { expectSigned } from '../harness/webhooks/signing.js';
import { Deadline, sleep, suiteSink, waitAbout, waitMs } from '../harness/webhooks/sink-use.js';
import {
  createSubscription,
  expectSubscription,
  readSubscription,
  remove,
  subscribe,
  subscribeAll,
  subscriptionBody,
  subscriptionsCollection,
  unsubscribe,
  type Subscriber,
} from '../harness/webhooks/subscriptions.js';
import { TRIGGERS, expectTriggered } from '../harness/webhooks/triggers.js';
import { EventLanes } from '../harness/webhooks/lane.js';
import { PROPAGATION_MS, pastPropagation } from '../harness/webhooks/propagation.js';
import { applyChange, sideBySide } from '../harness/webhooks/changes.js';
import { deliveryIds, expectedArrived, foreignRows, missing, snapshot, wrongDeliveries, type Round } from '../harness/webhooks/side-by-side.js';

/**
 * Webhooks (spec 2.10, 3.4, 4.11, 6): subscriptions and their rules, then deliveries as a receiver
 * sees them: format, headers, signature, triggers, test, rotation, retries and their record.
 * Asynchronous behaviour is waited for at most CONFORMANCE_WEBHOOK_WAIT_S; what does not finish in
 * that time is inconclusive, unless what arrived already proves a violation.
 */

// Registered before the checker: its end-of-file cleanup runs first, then the sink closes.
const sink = suiteSink();
const check = checker('webhooks');

/** A check that waits for deliveries: up to `waits` full waits, plus slack for the requests around them. */
const waiting = (waits: number) => ({ timeoutMs: (runContext().webhookWaitS * waits + 60) * 1000 });

/**
 * The checks that send or judge one event run side by side through that event's lane: a check
 * whose receivers are scripted takes it alone, the others share it (harness/webhooks/lane.ts).
 */
const lanes = new EventLanes();
/** The lane of the retry event (RETRY_EVENT): the delivery format sample, WH-RETRY-SUCCESS, WH-2XX-SUCCESS, the deliveries list. */
const approvals = lanes.of(RETRY_EVENT);
/** WH-RETRY-LIMIT's and WH-RETRY-TIMEOUT's event, on a lane of its own: milestone.completed, or RETRY_EVENT when no project is configured. */
const SECOND_EVENT = secondRetryEvent(runContext().projectId);

/**
 * A check on a lane may wait for every other one on it: the waits of all of them. WH-TRIGGERS 2 on
 * each event's lane; on the retry event's, the sample 1, retries 12 (success) + 3 (2xx) and the
 * deliveries list 4; on the second retry event's, retries 4 (limit) + 6 (timeout).
 */
const laneWaits = new Map<TriggeredEvent, number>();
const takesLane = (event: TriggeredEvent, waits: number): void => void laneWaits.set(event, (laneWaits.get(event) ?? 0) + waits);
for (const event of TRIGGERED_EVENTS) takesLane(event, 2);
takesLane(RETRY_EVENT, 1 + 4 * TAKEN_ROUNDS + 3 + 4);
takesLane(SECOND_EVENT, 4 + 2 * TAKEN_ROUNDS);
const onLane = (event: TriggeredEvent) => waiting(laneWaits.get(event) ?? 0);

/** Where subscriptions that must never be called point: a sink endpoint that answers 200 to anything. */
// A fresh endpoint each time: a server may keep one subscription per URL (the spec does not say).
const quiet = async (_t?: CheckContext): Promise<string> => sink().endpoint({}).url;
const collection = subscriptionsCollection(quiet, ['quote.created']);

/** Events no documented operation sends: subscriptions made for CRUD and validation list only these. */
const QUIET: readonly EventName[] = QUIET_EVENTS;

describe('webhooks: responses and ids', () => {
  crudChecks(check, collection);

  check('ID-UNKNOWN-REFUSED', 'never answer 2xx for deliveries, rotate-secret or test of an unknown subscription id', async (t) => {
    for (const [label, send] of [
      ['GET /webhooks/{unknown uuid}/deliveries', () => t.api.get(`/webhooks/${randomUUID()}/deliveries`)],
      ['POST /webhooks/{unknown uuid}/rotate-secret', () => t.api.post(`/webhooks/${randomUUID()}/rotate-secret`)],
      ['POST /webhooks/{unknown uuid}/test', () => t.api.post(`/webhooks/${randomUUID()}/test`)],
    ] as const) {
      const res = await send();
      t.observe('unknown-id-status', label, res.status);
      // A sub-list of a parent that does not exist may be an empty list (200 showing nothing):
      // no record is shown or acted on. Rows there, or an action taken, are what must not happen.
      const emptyList =
        label.startsWith('GET') &&
        isClass(res.status, '2xx') &&
        Array.isArray((res.json as { data?: unknown } | undefined)?.data) &&
        (res.json as { data: unknown[] }).data.length === 0;
      if (!emptyList) expectNot2xx(res, `${label.split(' ')[0]} of a subscription that does not exist`);
    }
  });
});

describe('webhooks: create', () => {
  invalidBodyChecks(check, {
    operation: 'POST /webhooks',
    requirementIds: subscriptionViolationRequirements('create'),
    cases: async (t) => subscriptionCreateViolations({ urls: [await quiet(t)], events: QUIET }),
    send: (t, body) => t.api.post('/webhooks', body),
  });

  check('WH-CREATE-VALID', 'accept every valid subscription create body and return the values sent', async (t) => {
    // Every event name of 6.1 is a valid choice; the sink endpoint answers 200 to whatever is sent meanwhile.
    const bodies = subscriptionCreate({ urls: [await quiet(t)], events: EVENT_NAMES });
    await t.property(bodies, async (body) => {
      const { res, record } = await createSubscription(t, body, 'create a subscription with a valid body');
      try {
        expectSubscription(record, { ...body }, 'create response', res);
        const back = await readSubscription(t, record.id);
        expectSubscription(back.record, { ...body }, 'read back after create', back.res);
      } finally {
        await remove(t, record.id);
      }
    });
  });

  check('WH-CREATE-VALID', `accept name of 1 and ${WEBHOOK_NAME_MAX} characters and url of ${WEBHOOK_URL_MAX} characters`, async (t) => {
    // A server may keep names or URLs unique (the spec does not say): the long name and URL carry a
    // token of this run, and a 1-character name another subscription holds is tried again with
    // other characters. A 500-character URL on the sink: an unknown path there answers 404 if it is ever called.
    const token = uniqueToken('');
    const longUrl = urlOfLength(`${sink().baseUrl}/hooks/${'0'.repeat(16)}/${token}`, WEBHOOK_URL_MAX);
    const longName = `${token} ${nameOfLength(WEBHOOK_NAME_MAX - token.length - 1)}`;
    type Made = { body: Record<string, unknown>; res?: ApiResponse };
    const oneCharacter = async (): Promise<Made> => {
      const refused: string[] = [];
      for (const name of [...'CQXZ7K3W'].sort(() => Math.random() - 0.5)) {
        const body = { ...subscriptionBody(t, await quiet(t), QUIET, 'x'), name };
        const res = await t.api.post('/webhooks', body);
        if (res.status !== 409) return { body, res };
        refused.push(name);
        t.observe('business-rule', 'POST /webhooks with a 1-character name another subscription may hold', 409);
      }
      return t.inconclusive(
        `every 1-character name tried (${refused.join(', ')}) was refused with 409: another subscription may hold each (a server may keep names unique)`,
      );
    };
    const cases: Array<[string, () => Promise<Made>]> = [
      ['name of 1 character', oneCharacter],
      [`name of ${WEBHOOK_NAME_MAX} characters`, async () => ({ body: { ...subscriptionBody(t, await quiet(t), QUIET, 'x'), name: longName } })],
      [`url of ${WEBHOOK_URL_MAX} characters`, async () => ({ body: subscriptionBody(t, longUrl, QUIET, 'long url') })],
    ];
    for (const [what, make] of cases) {
      const made = await make();
      const res = made.res ?? (await t.api.post('/webhooks', made.body));
      expectStatus(res, 201, `create a subscription with a ${what}`);
      const record = dataRecord(res);
      try {
        expectSubscription(record, { name: made.body['name'], url: made.body['url'] }, `create with a ${what}`, res);
      } finally {
        await remove(t, record.id);
      }
    }
  });

  check('WH-CREATE-VALID', 'default isActive to true when the create body leaves it out', async (t) => {
    const body = subscriptionBody(t, await quiet(t), QUIET, 'default active');
    const { res, record } = await createSubscription(t, body);
    try {
      ensure(record['isActive'] === true, `expected isActive true by default in the create response, got ${JSON.stringify(record['isActive'])}`, res);
      const back = await readSubscription(t, record.id);
      ensure(back.record['isActive'] === true, `expected isActive true by default on read, got ${JSON.stringify(back.record['isActive'])}`, back.res);
      // spec 2.10: description is "optional" on create; whether null is taken there is not shown.
      const nullDescription = await t.api.post('/webhooks', { ...subscriptionBody(t, await quiet(t), QUIET, 'null description'), description: null });
      t.observe('webhook-create-description-null', 'POST /webhooks with description null', nullDescription.status);
      const made = (nullDescription.json as { data?: { id?: unknown } } | undefined)?.data?.id;
      if (typeof made === 'string') await remove(t, made);
    } finally {
      await remove(t, record.id);
    }
  });
});

describe('webhooks: update', () => {
  const existing = once(async (t) => (await createSubscription(t, subscriptionBody(t, await quiet(t), QUIET, 'update target'))).record.id);

  invalidBodyChecks(check, {
    operation: 'PATCH /webhooks/{id}',
    requirementIds: subscriptionViolationRequirements('update'),
    cases: async (t) => subscriptionUpdateViolations({ urls: [await quiet(t)], events: QUIET }),
    send: async (t, body) => t.api.patch(`/webhooks/${await existing(t)}`, body),
  });

  const arbitraries = async (t: CheckContext) => {
    const constraints = { urls: [await quiet(t)], events: EVENT_NAMES };
    return { full: subscriptionCreateFull(constraints), update: subscriptionUpdate(constraints) };
  };

  check('WH-UPDATE-VALID', 'accept every valid subscription update body and apply its values', async (t) => {
    const { full, update } = await arbitraries(t);
    await t.property(fc.tuple(full, update), async ([created, changes]) => {
      const { record } = await createSubscription(t, created);
      try {
        const res = await t.api.patch(`/webhooks/${record.id}`, changes);
        expectStatus(res, 200, 'update a subscription with a valid body');
        expectSubscription(dataRecord(res), { ...changes }, 'update response', res);
        const back = await readSubscription(t, record.id);
        expectSubscription(back.record, { ...changes }, 'read back after update', back.res);
      } finally {
        await remove(t, record.id);
      }
    });
  });

  check('WH-UPDATE-VALID', 'leave fields omitted from a subscription update unchanged', async (t) => {
    const { full, update } = await arbitraries(t);
    await t.property(fc.tuple(full, update), async ([created, changes]) => {
      const { record } = await createSubscription(t, created);
      try {
        expectStatus(await t.api.patch(`/webhooks/${record.id}`, changes), 200, 'update a subscription');
        const back = await readSubscription(t, record.id);
        const omitted = Object.fromEntries(Object.entries(created).filter(([field]) => !(field in changes)));
        expectSubscription(back.record, omitted, 'a field the update did not name', back.res);
      } finally {
        await remove(t, record.id);
      }
    });
  });

  check('WH-UPDATE-VALID', 'clear description sent as null', async (t) => {
    const { full } = await arbitraries(t);
    await t.property(full, async (created) => {
      const { record } = await createSubscription(t, created);
      try {
        expectStatus(await t.api.patch(`/webhooks/${record.id}`, { description: null }), 200, 'set description to null');
        const back = await readSubscription(t, record.id);
        expectSubscription(back.record, { description: null }, 'description cleared with null', back.res);
      } finally {
        await remove(t, record.id);
      }
    });
  });

  check('WH-DELETE', 'no longer return a deleted subscription', async (t) => {
    const { record } = await createSubscription(t, subscriptionBody(t, await quiet(t), QUIET, 'delete'));
    await readSubscription(t, record.id);
    expectStatus(await t.api.delete(`/webhooks/${record.id}`), 204, 'delete the subscription');
    const gone = await t.api.get(`/webhooks/${record.id}`);
    t.observe('deleted-read-status', 'GET /webhooks/{deleted id}', gone.status);
    ensure(!(gone.status >= 200 && gone.status < 300), `expected a deleted subscription to be gone, GET answered ${gone.status}`, gone);
  });
});

describe('webhooks: secret and event list', () => {
  check('WH-SECRET', 'carry a whsec_ secret on create and the same secret on GET /webhooks/{id}', async (t) => {
    const { res, record } = await createSubscription(t, subscriptionBody(t, await quiet(t), QUIET, 'secret'));
    try {
      const created = secretOf(record);
      ensure(created !== undefined, 'expected the created subscription to carry a secret starting with whsec_, found none', res);
      t.observe('webhook-secret-field', 'POST /webhooks response', created.path);
      const back = await readSubscription(t, record.id);
      const shown = secretsIn(back.record);
      ensure(shown.length > 0, 'expected GET /webhooks/{id} to include the secret (a string starting with whsec_), found none', back.res);
      ensure(
        shown.some((s) => s.value === created.value),
        `expected GET /webhooks/{id} to include the secret returned on create; ${shown.map((s) => s.path).join(', ')} hold(s) another value`,
        back.res,
      );
      // spec 2.10 states the secret for create and get by id only: what a list shows is observed.
      const listed = (await listAll(t.api, '/webhooks')).find((r) => r['id'] === record.id);
      const inList = listed === undefined ? [] : secretsIn(listed);
      t.observe(
        'webhook-list-secret',
        'GET /webhooks',
        listed === undefined
          ? 'subscription not found in the list'
          : inList.some((s) => s.value === created.value)
            ? 'full secret'
            : inList.length > 0
              ? 'masked secret'
              : 'no secret',
      );
    } finally {
      await remove(t, record.id);
    }
  });

  check('WH-EVENTS-LIST', 'list all 16 event names of 6.1 on GET /webhooks/events', async (t) => {
    const res = await t.api.get('/webhooks/events');
    expectStatus(res, 200, 'list the event types');
    const body = res.json as { data?: unknown } | undefined;
    ensure(body !== undefined, 'expected a JSON body', res);
    // The item shape is not shown: strings, or objects carrying the name anywhere.
    const strings = new Set<string>();
    const walk = (value: unknown, depth: number): void => {
      if (typeof value === 'string') strings.add(value);
      else if (depth < 6 && value !== null && typeof value === 'object') for (const v of Object.values(value)) walk(v, depth + 1);
    };
    const listed = body.data ?? body;
    walk(listed, 0);
    const missing = EVENT_NAMES.filter((name) => !strings.has(name));
    t.observe('webhook-events-shape', 'GET /webhooks/events', shapeOfList(listed));
    const extra = [...strings].filter((s) => /^[a-z_]+\.[a-z_]+$/.test(s) && !(EVENT_NAMES as readonly string[]).includes(s));
    if (extra.length > 0) t.observe('webhook-events-extra', 'GET /webhooks/events', extra.sort().join(', '));
    ensure(missing.length === 0, `expected every event name of 6.1; missing: ${missing.join(', ')}`, res);
  });
});

// --- deliveries -------------------------------------------------------------------------------

const deliveredSample = deliveredSampleOf(sink, approvals);

describe('webhooks: delivery format', () => {
  check(
    'WH-DELIVERY-FORMAT',
    'deliver a JSON POST with event, timestamp (UTC, milliseconds) and a data object',
    async (t) => {
      const { received } = await deliveredSample(t);
      for (const delivery of received) {
        const label = `the ${eventOf(delivery) ?? 'unnamed'} delivery`;
        t.observe('webhook-content-type', 'delivery Content-Type', delivery.headers['content-type'] ?? '(none)');
        ensure(delivery.method === 'POST', `expected ${label} to be a POST, got ${delivery.method}`);
        ensure(delivery.json !== undefined, `expected ${label} to have a JSON body, got ${JSON.stringify(delivery.rawBody.toString('utf8').slice(0, 80))}`);
        const parsed = deliveryBodySchema.safeParse(delivery.json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0]!;
          const field = issue.path.join('.') || '(body)';
          const got = issue.path.length > 0 ? (delivery.json as Record<string, unknown>)[String(issue.path[0])] : delivery.json;
          fail(`${label}: ${field} ${issue.message} (got ${JSON.stringify(got)?.slice(0, 80)})`);
        }
        const fraction = /\.(\d+)/.exec(parsed.data.timestamp)?.[1]?.length ?? 0;
        t.observe('webhook-timestamp-form', 'delivery timestamp', `${fraction} fraction digits, ${parsed.data.timestamp.endsWith('Z') ? 'Z' : '+00:00'}`);
      }
    },
    onLane(RETRY_EVENT),
  );

  check(
    'WH-DELIVERY-HEADERS',
    'carry X-Service-Event equal to the body event and a non-empty X-Service-Delivery',
    async (t) => {
      const { received } = await deliveredSample(t);
      for (const delivery of received) {
        const bodyEvent = (delivery.json as { event?: unknown } | undefined)?.event;
        const header = delivery.headers['x-service-event'];
        ensure(header !== undefined && header !== '', `expected an X-Service-Event header on the ${String(bodyEvent)} delivery`);
        ensure(header === bodyEvent, `expected X-Service-Event to equal the body event ${JSON.stringify(bodyEvent)}, got ${JSON.stringify(header)}`);
        const id = delivery.headers['x-service-delivery'];
        ensure(id !== undefined && id.trim() !== '', `expected a non-empty X-Service-Delivery header on the ${String(bodyEvent)} delivery`);
      }
      const ids = received.map((r) => r.headers['x-service-delivery']);
      if (received.length > 1) t.observe('webhook-delivery-id', 'X-Service-Delivery of two events', new Set(ids).size === ids.length ? 'distinct' : 'shared');
    },
    onLane(RETRY_EVENT),
  );

  check(
    'WH-SIGNATURE',
    'sign each delivery with sha256=HMAC-SHA256 of the raw body, keyed with the subscription secret',
    async (t) => {
      const { subscriber, received } = await deliveredSample(t);
      const secret = subscriber.secret ?? t.skip('not applicable: the create response carried no whsec_ secret (see WH-SECRET)');
      for (const delivery of received) expectSigned(t, delivery, secret, `the ${eventOf(delivery) ?? 'unnamed'} delivery`);
    },
    onLane(RETRY_EVENT),
  );
});

describe('webhooks: triggers', () => {
  for (const event of TRIGGERED_EVENTS) {
    const trigger = TRIGGERS[event];
    // Shared on its event's lane: never while a check with scripted receivers of that event runs.
    check(
      'WH-TRIGGERS',
      `deliver ${event} to a subscriber after ${trigger.operation}`,
      async (t) => {
        await lanes.of(event).shared(() => expectTriggered(t, sink(), event));
      },
      onLane(event),
    );
  }

  check(
    'SEC-EVENTS-ISOLATED',
    "deliver no event caused by another organisation's operation to this organisation's subscription",
    async (t) => {
      const other = t.as('otherOrg');
      const listening = await subscribe(t, sink(), { events: ['expense.created'], label: 'org A listening' });
      try {
        // Org B's expense first, then org A's own: org A's own delivery shows the subscription is served.
        const theirs = await other.post('/expenses', {
          expenseType: 'direct_cost',
          amount: 17,
          date: '2024-05-14',
          description: `Conformance org B ${runTag(t.run)}`,
          tags: [runTag(t.run)],
        });
        const theirId = (theirs.json as { data?: { id?: unknown } } | undefined)?.data?.id;
        if (theirs.status !== 201 || typeof theirId !== 'string')
          return t.skip(`not applicable: org B could not create an expense with CONFORMANCE_OTHER_ORG_KEY (answered ${theirs.status})`);
        const ours = await TRIGGERS['expense.created'].fire(t);
        const fired = Date.now();
        const arrived = await waitAbout(listening.endpoint, ours, (got) => got.length > 0, waitMs(t), 'expense.created');
        // A grace period after org A's own delivery: org B's, caused earlier, would be as quick (it ends when one arrives).
        await listening.endpoint.waitFor(() => about(listening.endpoint, theirId).length > 0, Math.min(2000, waitMs(t)));
        const leaked = about(listening.endpoint, theirId);
        ensure(
          leaked.length === 0,
          `org B's expense ${theirId} (created with CONFORMANCE_OTHER_ORG_KEY) was delivered to org A's subscription: ${describeAttempts(leaked, fired)}`,
        );
        if (!arrived) {
          t.inconclusive(
            `org A's subscription got no expense.created for org A's own expense ${ours} within ${t.run.webhookWaitS} s, so the absence of org B's proves nothing; ${describeEndpoint(listening.endpoint, ours, fired)}`,
          );
        }
      } finally {
        await unsubscribe(t, listening);
      }
    },
    waiting(1),
  );

  check(
    'WH-NOT-SUBSCRIBED',
    'deliver an event neither to a subscription that does not list it nor to an inactive one',
    async (t) => {
      const listening = await subscribe(t, sink(), { events: ['expense.created'], label: 'listening' });
      const others = await subscribe(t, sink(), { events: EVENT_NAMES.filter((e) => e !== 'expense.created'), label: 'other events' });
      const inactive = await subscribe(t, sink(), { events: ['expense.created'], isActive: false, label: 'created inactive' });
      const deactivated = await subscribe(t, sink(), { events: ['expense.created'], label: 'deactivated' });
      try {
        expectStatus(await t.api.patch(`/webhooks/${deactivated.id}`, { isActive: false }), 200, 'deactivate a subscription with PATCH isActive false');
        const patched = Date.now();
        // A server may cache its subscriptions and apply a deactivation a little later (spec 3.5 shows
        // no timing): events reaching the deactivated subscription are tolerated within the
        // propagation bound after the PATCH, each time with a new event; the other two must never get one.
        for (;;) {
          const firedAt = Date.now();
          const marker = await TRIGGERS['expense.created'].fire(t);
          const fired = Date.now();
          const strict: Array<[string, () => Received[]]> = [
            ['a subscription listing every other event', () => about(others.endpoint, marker, 'expense.created')],
            ['a subscription created with isActive false', () => about(inactive.endpoint, marker)],
          ];
          const arrived = await waitAbout(listening.endpoint, marker, (ours) => ours.length > 0, waitMs(t), 'expense.created');
          // A grace period after the listening subscriber was served: deliveries to the others would be as quick (it ends when one arrives).
          await sink().waitFor(() => strict.some(([, got]) => got().length > 0), { timeoutMs: Math.min(2000, waitMs(t)) });
          for (const [which, got] of strict) {
            const wrong = got();
            ensure(wrong.length === 0, `expense.created for expense ${marker} was delivered to ${which}: ${describeAttempts(wrong, fired)}`);
          }
          if (!arrived) {
            t.inconclusive(
              `the listening subscriber got no expense.created for expense ${marker} within ${t.run.webhookWaitS} s, so the others' silence proves nothing; ${describeEndpoint(listening.endpoint, marker, fired)}`,
            );
          }
          const late = about(deactivated.endpoint, marker);
          if (late.length === 0) {
            t.observe('webhook-deactivation-delay', 'ms from PATCH isActive false to the first event not delivered', fired - patched);
            return;
          }
          ensure(
            !pastPropagation(patched, firedAt),
            `expense.created for expense ${marker}, created ${firedAt - patched} ms after PATCH isActive false answered 200 (past the ${PROPAGATION_MS} ms propagation bound), was delivered to that subscription: ${describeAttempts(late, fired)}`,
          );
          await sleep(1000);
        }
      } finally {
        await unsubscribe(t, listening, others, inactive, deactivated);
      }
    },
    waiting(3),
  );

  check(
    'WH-TEST-DELIVERY',
    'answer POST /webhooks/{id}/test with 200 and send a signed delivery',
    async (t) => {
      // Listing only an event no documented operation sends, the subscription receives the test alone.
      const subscriber = await subscribe(t, sink(), { events: ['quote.rejected'], label: 'test delivery' });
      try {
        const secret = subscriber.secret ?? t.skip('not applicable: the create response carried no whsec_ secret (see WH-SECRET)');
        // Taken before the request: the delivery may arrive before the answer does.
        const sent = Date.now();
        const res = await t.api.post(`/webhooks/${subscriber.id}/test`);
        expectStatus(res, 200, 'request a test delivery');
        const arrived = await subscriber.endpoint.waitFor((all) => all.length > 0, waitMs(t));
        if (!arrived) t.inconclusive(`no test delivery arrived within ${t.run.webhookWaitS} s of POST /webhooks/{id}/test answering 200`);
        const delivery = subscriber.endpoint.received[0]!;
        t.observe('webhook-test-event', 'POST /webhooks/{id}/test delivery event', eventOf(delivery) ?? '(none)');
        t.observe('webhook-test-latency', 'ms from POST /webhooks/{id}/test to the delivery', delivery.arrivedAt - sent);
        expectSigned(t, delivery, secret, 'the test delivery');
      } finally {
        await unsubscribe(t, subscriber);
      }
    },
    waiting(1),
  );

  check(
    'WH-ROTATE',
    'replace the secret on rotate-secret and sign later deliveries with the new one, not the old one',
    async (t) => {
      const subscriber = await subscribe(t, sink(), { events: ['expense.created'], label: 'rotate' });
      try {
        const old = subscriber.secret ?? t.skip('not applicable: the create response carried no whsec_ secret (see WH-SECRET)');
        const res = await t.api.post(`/webhooks/${subscriber.id}/rotate-secret`);
        expectStatus(res, 200, 'rotate the secret');
        const data = (res.json as { data?: unknown } | undefined)?.data;
        ensure(data !== undefined, 'expected the rotation result in data', res);
        const rotatedAt = Date.now();
        // Spec 4.11 "result in data" shows no result: the new secret may be in it, or only on GET /webhooks/{id}.
        const offered = secretsIn(data).filter((s) => s.value.length > SECRET_PREFIX.length && s.value !== old);
        const back = await t.api.get(`/webhooks/${subscriber.id}`);
        const shown = secretsIn((back.json as { data?: unknown } | undefined)?.data).filter((s) => s.value.length > SECRET_PREFIX.length);
        const fresh = offered[0]?.value ?? shown.find((s) => s.value !== old)?.value;
        t.observe('webhook-rotate-field', 'POST /webhooks/{id}/rotate-secret data', offered[0]?.path ?? '(no new secret: read from GET /webhooks/{id})');
        t.observe(
          'webhook-secret-after-rotate',
          'GET /webhooks/{id} after rotate-secret',
          shown.some((s) => s.value === fresh) ? 'new secret' : shown.some((s) => s.value === old) ? 'old secret' : 'no secret',
        );
        ensure(
          fresh !== undefined,
          `expected a new secret starting with whsec_ after rotate-secret, in its answer or on GET /webhooks/{id}; the answer holds ${offered.length === 0 ? 'none' : 'only the old one'}, GET shows ${shown.some((s) => s.value === old) ? 'the old one' : 'none'}`,
          shown.length > 0 ? res : back,
        );

        // A server may cache the subscription or let the old secret sign for a short while (spec 6.2
        // shows no timing): an event fired within the propagation bound after the rotation is only
        // observed; one fired past it must be signed with the new secret, and one signed with the
        // old secret is the violation, whatever else the endpoint received meanwhile.
        const early = await TRIGGERS['expense.created'].fire(t);
        await sleep(Math.max(0, rotatedAt + PROPAGATION_MS - Date.now()));
        const firedAt = Date.now();
        const marker = await TRIGGERS['expense.created'].fire(t);
        const arrived = await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > 0, waitMs(t), 'expense.created');
        const signedWith = (d: Received) => (SinkEndpoint.verifiesWith(d, fresh) ? 'new' : SinkEndpoint.verifiesWith(d, old) ? 'old' : 'neither');
        const earlyDeliveries = about(subscriber.endpoint, early, 'expense.created');
        if (earlyDeliveries.length > 0) {
          t.observe(
            'webhook-rotate-grace',
            `an event fired ${PROPAGATION_MS} ms or less after rotate-secret`,
            `signed with the ${signedWith(earlyDeliveries[0]!)} secret`,
          );
        }
        const deliveries = about(subscriber.endpoint, marker, 'expense.created');
        for (const d of [...earlyDeliveries, ...deliveries]) {
          ensure(
            signedWith(d) !== 'neither',
            `a delivery made after rotate-secret verifies neither with the new secret nor with the old one (X-Service-Delivery ${d.headers['x-service-delivery'] ?? '(none)'}, X-Service-Signature ${d.headers['x-service-signature'] ?? '(none)'})`,
          );
        }
        const onOld = deliveries.filter((d) => signedWith(d) === 'old');
        ensure(
          onOld.length === 0,
          `expense.created for expense ${marker}, created ${firedAt - rotatedAt} ms after rotate-secret answered 200 (past the ${PROPAGATION_MS} ms propagation bound), was signed with the secret the rotation replaced: ${describeAttempts(onOld, firedAt)}; X-Service-Delivery ${onOld[0]?.headers['x-service-delivery'] ?? '(none)'}`,
        );
        if (!arrived) {
          t.inconclusive(
            `no delivery about expense ${marker} arrived within ${t.run.webhookWaitS} s (it was created ${firedAt - rotatedAt} ms after the rotation); ${describeEndpoint(subscriber.endpoint, marker, firedAt)}`,
          );
        }
      } finally {
        await unsubscribe(t, subscriber);
      }
    },
    waiting(2),
  );
});

// --- subscriptions side by side ----------------------------------------------------------------

/** Rounds of changes after the first event: each attribute changed, back, changed again and back. */
const CHANGE_ROUNDS = 4;
/** The event the side-by-side check fires, and the one its events subscription switches to. */
const SIDE_EVENT: TriggeredEvent = 'expense.created';
const SIDE_QUIET: EventName = 'quote.rejected';

describe('webhooks: subscriptions side by side', () => {
  check(
    'WH-SUBSCRIPTION-CHANGES',
    "deliver by each subscription's current events, isActive, url and secret, each changed twice and back side by side, and list each one's own attempts only",
    async (t) => {
      const made: Subscriber[] = [];
      try {
        const subs = await sideBySide(t, sink(), SIDE_EVENT, SIDE_QUIET, made);
        const rounds: Round[] = [];
        for (let index = 0; index <= CHANGE_ROUNDS; index++) {
          if (index > 0) {
            rounds.at(-1)!.until = Date.now();
            await mapLimit(subs, t.run.concurrency, (s) => applyChange(t, s, index, SIDE_EVENT, SIDE_QUIET));
            // The event is fired past the propagation bound of the last change answered.
            await sleep(PROPAGATION_MS);
          }
          const firedAt = Date.now();
          const marker = await TRIGGERS[SIDE_EVENT].fire(t);
          const round = snapshot(index, marker, firedAt, subs);
          rounds.push(round);
          await sink().waitFor(() => expectedArrived(round, subs, SIDE_EVENT), { timeoutMs: waitMs(t) });
          // A grace after the expected ones arrived, twice their delay (200 ms to 2 s): a forbidden delivery
          // would be about as quick (it ends when one arrives); a later one is judged at the end of the check.
          const grace = Math.min(2000, waitMs(t), Math.max(200, 2 * (Date.now() - firedAt)));
          await sink().waitFor(() => wrongDeliveries(round, subs, SIDE_EVENT).length > 0, { timeoutMs: grace });
          const wrong = wrongDeliveries(round, subs, SIDE_EVENT);
          ensure(wrong.length === 0, wrong.join('; '));
        }
        // Late arrivals of every round, judged by the state of their round.
        const late = rounds.flatMap((round) => wrongDeliveries(round, subs, SIDE_EVENT));
        ensure(late.length === 0, late.join('; '));

        // spec 4.11: each list holds the subscription's own attempts; read side by side, judged in order.
        const ids = deliveryIds(rounds, subs, SIDE_EVENT);
        const all = [...ids.values()].flatMap((set) => [...set]);
        t.observe(
          'webhook-deliveries-own',
          'X-Service-Delivery of one event at several subscriptions',
          new Set(all).size === all.length ? 'distinct' : 'shared',
        );
        const lists = await mapLimit(subs, t.run.concurrency, (s) => t.ahead(() => expectDeliveryRows(t, s.id)));
        subs.forEach((s, i) => {
          const foreign = foreignRows(s, lists[i]!.rows, ids, subs);
          ensure(foreign.length === 0, foreign.join('; '), lists[i]!.res);
        });

        const absent = rounds.flatMap((round) => missing(round, subs, SIDE_EVENT).map((label) => `round ${round.index}: ${label}`));
        if (absent.length > 0) {
          t.inconclusive(
            `within ${t.run.webhookWaitS} s no ${SIDE_EVENT} about the round's expense reached ${absent.join('; ')}; what arrived was as each state allows`,
          );
        }
      } finally {
        await unsubscribe(t, ...made);
      }
    },
    { timeoutMs: ((CHANGE_ROUNDS + 1) * (runContext().webhookWaitS + 2) + CHANGE_ROUNDS * (PROPAGATION_MS / 1000) + 60) * 1000 },
  );
});

// --- retries ----------------------------------------------------------------------------------

describe('webhooks: retries', () => {
  check(
    'WH-RETRY-SUCCESS',
    'retry a receiver failing N < 5 times (500, then 404) until it answers 2xx: exactly N+1 attempts, then delivered',
    async (t) =>
      approvals.exclusive(async () => {
        await untilNotTaken(t, async () => {
          // Focused: only the deliveries about this check's record take the scripted failures.
          const scripts = [
            { failFirst: 2, failStatus: 500, focused: true },
            { failFirst: 1, failStatus: 404, focused: true },
          ] as const;
          const subscribers: Subscriber[] = [];
          try {
            await subscribeAll(
              t,
              sink(),
              scripts.map((script) => ({ events: [RETRY_EVENT], script, label: `retry ${script.failStatus}` })),
              subscribers,
            );
            const marker = await TRIGGERS[RETRY_EVENT].fire(t);
            for (const subscriber of subscribers) subscriber.endpoint.focus(naming(marker));
            const fired = Date.now();
            const deadline = new Deadline(waitMs(t));
            // The two receivers are independent: each is judged beside the other, and their verdicts
            // are taken in order, as one after the other would give them.
            const judge = async (subscriber: Subscriber, i: number): Promise<string | undefined> => {
              const script = scripts[i]!;
              const what = `a receiver answering ${script.failStatus} ${script.failFirst} time(s) then 200`;
              const expectation = `expected ${what} to be retried until it answered 2xx`;
              const served = await awaitAttempts(t, subscriber, marker, (ours) => ours.some((r) => isSuccess(r.answered)), deadline.remaining(), expectation);
              if (!served) await verdictOnTimeout(t, subscriber, marker, expectation, fired, script.failFirst + 1, 'end');
              // No attempt may follow the 2xx answer.
              const successAt = attemptsOf(subscriber, marker).findIndex((r) => isSuccess(r.answered));
              await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > successAt + 1, graceMs(t, attemptsOf(subscriber, marker)), RETRY_EVENT);
              const attempts = attemptsOf(subscriber, marker);
              observeRetries(t, `ms between attempts (${what})`, attempts);
              ensure(attempts.length === successAt + 1, `expected no attempt after the 2xx answer to ${what}; ${describeAttempts(attempts, fired)}`);
              if (successAt === 0) {
                return `the failures scripted for ${what} were taken by other deliveries to the same endpoint; ${describeEndpoint(subscriber.endpoint, marker, fired)}`;
              }
              // Either log model shows a delivered row or record: the latest row, or the delivery's own status.
              const { record, done } = await pollRecord(t, subscriber, marker, RETRY_EVENT, (r) => r.statuses.includes('delivered'), deadline.remaining());
              observeLogModel(t, 'GET /webhooks/{id}/deliveries after a retried success', record);
              if (!done) {
                const res = (await deliveryRows(t, subscriber.id))?.res;
                if (record !== undefined && record.ended === 'failed') {
                  fail(
                    `the receiver answered 2xx on attempt ${successAt + 1}, yet the target's log shows the delivery ended failed (${describeRecord(record)})`,
                    res,
                  );
                }
                t.inconclusive(
                  `the receiver answered 2xx on attempt ${successAt + 1}; within ${t.run.webhookWaitS} s the deliveries log showed no delivered status for it (${describeRecord(record)})`,
                );
              }
              return undefined;
            };
            for (const outcome of await Promise.allSettled(subscribers.map(judge))) {
              if (outcome.status === 'rejected') throw outcome.reason;
              if (outcome.value !== undefined) return outcome.value;
            }
            return undefined;
          } finally {
            await unsubscribe(t, ...subscribers);
          }
        });
      }),
    onLane(RETRY_EVENT),
  );

  check(
    'WH-RETRY-LIMIT',
    `stop after ${MAX_ATTEMPTS} attempts to a receiver that always fails, and record them with a final failed status`,
    async (t) =>
      lanes.of(SECOND_EVENT).exclusive(async () => {
        const subscriber = await subscribe(t, sink(), { events: [SECOND_EVENT], script: { alwaysFail: true, failStatus: 500 }, label: 'retry limit' });
        try {
          const marker = await TRIGGERS[SECOND_EVENT].fire(t);
          const fired = Date.now();
          const expectation = `expected ${MAX_ATTEMPTS} attempts to a receiver that always answers 500`;
          if (!(await awaitAttempts(t, subscriber, marker, (ours) => ours.length >= MAX_ATTEMPTS, waitMs(t), expectation, SECOND_EVENT))) {
            // Fewer than five: a log showing the delivery ended (e.g. failed after 3) is the violation.
            await verdictOnTimeout(t, subscriber, marker, expectation, fired, MAX_ATTEMPTS, 'attempt', SECOND_EVENT);
          }
          const grace = graceMs(t, attemptsOf(subscriber, marker, SECOND_EVENT));
          await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > MAX_ATTEMPTS, grace, SECOND_EVENT);
          const attempts = attemptsOf(subscriber, marker, SECOND_EVENT);
          observeRetries(t, 'ms between attempts (a receiver that always answers 500)', attempts);
          ensure(
            attempts.length === MAX_ATTEMPTS,
            `expected exactly ${MAX_ATTEMPTS} attempts in total (watched ${grace} ms after the fifth); ${describeAttempts(attempts, fired)}`,
          );

          // A failed row (the latest of one row per attempt) or a failed record (one per delivery), and every attempt.
          const { record, done } = await pollRecord(
            t,
            subscriber,
            marker,
            SECOND_EVENT,
            (r) => r.statuses.includes('failed') && r.recorded >= MAX_ATTEMPTS,
            waitMs(t),
          );
          const rows = await expectDeliveryRows(t, subscriber.id);
          observeLogModel(t, 'GET /webhooks/{id}/deliveries after the attempts ran out', record);
          ensure(
            record !== undefined && rows.rows.length > 0,
            'expected GET /webhooks/{id}/deliveries to list the attempts of the delivery, it lists nothing',
            rows.res,
          );
          if (!record.attributed) {
            // Spec 4.11 shows no row contents: rows carrying neither the expense id nor an X-Service-Delivery
            // value cannot be told from those of the other requests that reached this endpoint.
            t.inconclusive(
              `no row of the deliveries log (${rows.rows.length} listed) names ${SECOND_EVENT.split('.')[0]} ${marker} or an X-Service-Delivery value the attempts carried, and the endpoint also received other requests; ${describeEndpoint(subscriber.endpoint, marker)}`,
            );
          }
          if (record.statuses.includes('delivered'))
            fail(`every attempt was answered 500, yet the target's log shows the delivery as delivered (${describeRecord(record)})`, rows.res);
          if (!record.attemptDetail) {
            // One record with no attempts array or count the suite recognises: the attempts may sit under a name it does not know.
            t.inconclusive(
              `spec 6.2: every attempt can be read through the deliveries endpoint; its one record for the delivery shows no attempt details the suite recognises (fields: ${Object.keys(record.ours[0] ?? {}).join(', ')})`,
            );
          }
          if (record.recorded < MAX_ATTEMPTS) {
            // A log that says it is done with the delivery yet misses attempts will not catch up; one still going may.
            ensure(
              record.ended === undefined,
              `expected the deliveries endpoint to record all ${MAX_ATTEMPTS} attempts, it shows the delivery ended ${record.ended} and accounts for ${record.recorded} (${describeRecord(record)})`,
              rows.res,
            );
            t.inconclusive(
              `${MAX_ATTEMPTS} attempts were made; within ${t.run.webhookWaitS} s the deliveries log accounted for ${record.recorded} (${describeRecord(record)})`,
            );
          }
          if (!done) {
            t.inconclusive(
              `${MAX_ATTEMPTS} attempts were made; within ${t.run.webhookWaitS} s the deliveries log showed no failed status (${describeRecord(record)})`,
            );
          }
        } finally {
          await unsubscribe(t, subscriber);
        }
      }),
    onLane(SECOND_EVENT),
  );

  check(
    'WH-RETRY-TIMEOUT',
    'retry a delivery the receiver does not answer in time',
    async (t) =>
      lanes.of(SECOND_EVENT).exclusive(async () => {
        await untilNotTaken(t, async () => {
          const subscriber = await subscribe(t, sink(), { events: [SECOND_EVENT], script: { hangFirst: 1, focused: true }, label: 'retry timeout' });
          try {
            const marker = await TRIGGERS[SECOND_EVENT].fire(t);
            subscriber.endpoint.focus(naming(marker));
            const fired = Date.now();
            const expectation = 'expected a delivery the receiver held open without answering to be retried';
            // Stops early when the held-open answer went to another delivery (nothing to learn then).
            const retried = await awaitAttempts(
              t,
              subscriber,
              marker,
              (ours) => ours.length >= 2 || (ours[0] !== undefined && ours[0].answered !== null),
              waitMs(t),
              expectation,
              SECOND_EVENT,
            );
            const attempts = attemptsOf(subscriber, marker, SECOND_EVENT);
            if (attempts.length > 0 && attempts[0]!.answered !== null) {
              return `the endpoint's held-open answer was taken by another delivery, so this one was answered at once; ${describeEndpoint(subscriber.endpoint, marker, fired)}`;
            }
            if (!retried || attempts.length < 2) await verdictOnTimeout(t, subscriber, marker, expectation, fired, 2, 'attempt', SECOND_EVENT);
            t.observe('webhook-timeout-retry-after', 'ms from a held-open attempt to the next attempt', attempts[1]!.arrivedAt - attempts[0]!.arrivedAt);
            return undefined;
          } finally {
            await unsubscribe(t, subscriber);
          }
        });
      }),
    onLane(SECOND_EVENT),
  );

  check(
    'WH-2XX-SUCCESS',
    'treat 201 and 204 answers as success: no second attempt',
    async (t) =>
      approvals.shared(async () => {
        const receivers: Array<{ status: 201 | 204; subscriber: Subscriber }> = [];
        // A failing sibling shows how soon this target retries: the grace period is measured on it.
        let failing: Subscriber | undefined;
        try {
          const statuses = [201, 204] as const;
          const made: Subscriber[] = [];
          try {
            await subscribeAll(
              t,
              sink(),
              [
                ...statuses.map((status) => ({ events: [RETRY_EVENT], script: { successStatus: status }, label: `answers ${status}` })),
                { events: [RETRY_EVENT], script: { alwaysFail: true }, label: 'retry spacing' },
              ],
              made,
            );
          } catch (error) {
            await unsubscribe(t, ...made);
            throw error;
          }
          for (const [i, status] of statuses.entries()) receivers.push({ status, subscriber: made[i]! });
          failing = made[statuses.length]!;
          const marker = await TRIGGERS[RETRY_EVENT].fire(t);
          const fired = Date.now();
          const deadline = new Deadline(waitMs(t));
          const expectNoRetry = (context: string): void => {
            for (const { status, subscriber } of receivers) {
              const got = attemptsOf(subscriber, marker);
              ensure(got.length <= 1, `a delivery answered ${status} was attempted again${context}; ${describeAttempts(got, fired)}`);
            }
          };
          const measured = await waitAbout(failing.endpoint, marker, (ours) => ours.length >= 2, deadline.remaining(), RETRY_EVENT);
          const spacing = intervals(attemptsOf(failing, marker))[0];
          await unsubscribe(t, failing);
          failing = undefined;
          for (const { subscriber } of receivers) await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > 0, deadline.remaining(), RETRY_EVENT);
          expectNoRetry('');
          const seen = receivers
            .map(({ status, subscriber }) => `the receiver answering ${status} saw ${describeAttempts(attemptsOf(subscriber, marker), fired)}`)
            .join('; ');
          if (!measured || spacing === undefined) {
            return t.inconclusive(
              `a receiver answering 500 was not retried within ${t.run.webhookWaitS} s, so no grace period for a retry can be set; ${seen}`,
            );
          }
          if (receivers.some(({ subscriber }) => attemptsOf(subscriber, marker).length === 0)) {
            t.inconclusive(`not every 2xx receiver got the delivery about ${marker} within ${t.run.webhookWaitS} s; ${seen}`);
          }
          t.observe('webhook-first-retry-spacing', 'ms from a 500 answer to the retry', spacing);
          // A retry would come about as soon as the failing sibling's did: watch twice that long, plus a second.
          const firstArrival = Math.max(...receivers.map(({ subscriber }) => attemptsOf(subscriber, marker)[0]!.arrivedAt));
          const until = firstArrival + Math.min(2 * spacing + 1000, waitMs(t));
          for (const { subscriber } of receivers) {
            await waitAbout(subscriber.endpoint, marker, (ours) => ours.length > 1, Math.max(0, until - Date.now()), RETRY_EVENT);
          }
          expectNoRetry(` (a receiver answering 500 was retried after ${spacing} ms)`);
        } finally {
          await unsubscribe(t, ...receivers.map((r) => r.subscriber), failing);
        }
      }),
    onLane(RETRY_EVENT),
  );
});

// --- the deliveries endpoint ------------------------------------------------------------------

describe('webhooks: deliveries list', () => {
  check(
    'WH-DELIVERIES-LIST',
    'list deliveries paged, filter them by each status, and reject an unknown status',
    async (t) =>
      approvals.exclusive(async () => {
        const succeeding = sink().endpoint({});
        const subscriber = await subscribe(t, sink(), { events: [RETRY_EVENT], script: { alwaysFail: true }, label: 'deliveries list' });
        const path = `/webhooks/${subscriber.id}/deliveries`;
        try {
          // A delivery the receiver always refuses, until the target records it failed ...
          const failed = await TRIGGERS[RETRY_EVENT].fire(t);
          // Either log model: a failed row (one per attempt) or the delivery's record showing failed.
          const failedRecord = await pollRecord(t, subscriber, failed, RETRY_EVENT, (r) => r.statuses.includes('failed'), waitMs(t));
          observeLogModel(t, 'GET /webhooks/{id}/deliveries after a refused delivery', failedRecord.record);
          // ... then, pointed at a receiver that answers 200, a delivered one.
          expectStatus(await t.api.patch(`/webhooks/${subscriber.id}`, { url: succeeding.url }), 200, 'point the subscription at a receiver answering 200');
          const delivered = await TRIGGERS[RETRY_EVENT].fire(t);
          if (!(await waitAbout(succeeding, delivered, (ours) => ours.length > 0, waitMs(t), RETRY_EVENT))) {
            t.inconclusive(`no delivery about ${delivered} reached the subscription's new URL within ${t.run.webhookWaitS} s`);
          }
          await pollRecord(t, { id: subscriber.id, endpoint: succeeding }, delivered, RETRY_EVENT, (r) => r.statuses.includes('delivered'), waitMs(t));

          // These three reads do not depend on one another's answers: sent side by side (each in a
          // place of the file's budget), judged in this order.
          const [whole, one, listed] = await Promise.all([
            t.ahead(() => t.api.get(path)),
            t.ahead(() => t.api.get(path, { limit: 1 })),
            t
              .ahead(() => expectDeliveryRows(t, subscriber.id))
              .then(
                (got) => ({ got }),
                (error: unknown) => ({ error }),
              ),
          ]);
          expectStatus(whole, 200, 'list the deliveries of a subscription');
          listPage(whole);
          expectStatus(one, 200, 'list deliveries with limit=1');
          const page = listPage(one);
          ensure(page.records.length <= 1, `expected at most 1 delivery with limit=1, got ${page.records.length}`, one);
          ensure(pagingNumber(page.pagination['limit']) === 1, `expected pagination.limit 1, got ${JSON.stringify(page.pagination['limit'])}`, one);

          if ('error' in listed) throw listed.error;
          const all = listed.got.rows;
          const statuses = new Set(all.map(rowStatus).filter((s): s is string => s !== undefined));
          t.observe(
            'webhook-deliveries-statuses',
            'GET /webhooks/{id}/deliveries after a failed and a delivered delivery',
            [...statuses].sort().join(', ') || '(no status field)',
          );
          if (statuses.size < 2) {
            t.inconclusive(
              `the status filter needs deliveries of two statuses; the list shows ${[...statuses].join(', ') || 'no status field'} ` +
                `(the refused delivery: ${describeRecord(failedRecord.record)} after ${describeAttempts(about(subscriber.endpoint, failed, RETRY_EVENT))})`,
            );
          }
          // The id's format is not shown (spec 6.2): a string or a number; a row without one is known by its whole content.
          const idOf = (row: Record<string, unknown>) =>
            typeof row['id'] === 'string' || typeof row['id'] === 'number' ? String(row['id']) : JSON.stringify(row);
          // The filter applies to whatever the log lists (a row per attempt, or a record per delivery) by its own status.
          // Each status's reads side by side with the others' (a failure is the first status's in this order).
          await mapLimit(DELIVERY_STATUSES, t.run.concurrency, (status) =>
            t.ahead(async () => {
              const { res, rows } = await expectDeliveryRows(t, subscriber.id, { status });
              const wrong = rows.find((row) => rowStatus(row) !== undefined && rowStatus(row) !== status);
              ensure(
                wrong === undefined,
                `GET /webhooks/{id}/deliveries?status=${status} returned a delivery with status ${JSON.stringify(wrong && rowStatus(wrong))}`,
                res,
              );
              if (status !== 'failed' && status !== 'delivered') return;
              // Only rows of a final status, and only those that held it both before and after the filtered
              // read, must be in it: spec 3.4 shows no transitions, so anything else may have moved meanwhile.
              const returned = new Set(rows.map(idOf));
              const after = new Map((await expectDeliveryRows(t, subscriber.id)).rows.map((row) => [idOf(row), rowStatus(row)]));
              const left = all.find((row) => rowStatus(row) === status && after.get(idOf(row)) === status && !returned.has(idOf(row)));
              ensure(left === undefined, `GET /webhooks/{id}/deliveries?status=${status} left out a delivery with that status (${idOf(left ?? {})})`, res);
            }),
          );
          // Another case of a value (DELIVERED) is INPUT-FORMAT-STRICT's (a SHOULD).
          await mapLimit(['bogus', 'success'], t.run.concurrency, (status) =>
            t.ahead(() => expectInvalid(t, 'GET /webhooks/{id}/deliveries?status=', `status=${status} outside the enum`, () => t.api.get(path, { status }))),
          );
        } finally {
          await unsubscribe(t, subscriber);
        }
      }),
    onLane(RETRY_EVENT),
  );

  check('PAGE-LIMIT-RANGE', 'reject limit outside 1..100 on GET /webhooks/{id}/deliveries (0, 101, -1, abc)', async (t) => {
    const { record } = await createSubscription(t, subscriptionBody(t, await quiet(t), QUIET, 'deliveries paging'));
    try {
      for (const limit of ['0', '101', '-1', 'abc']) {
        await expectInvalid(t, 'GET /webhooks/{id}/deliveries?limit=', `limit=${limit}`, () => t.api.get(`/webhooks/${record.id}/deliveries`, { limit }));
      }
    } finally {
      await remove(t, record.id);
    }
  });
});

describe('webhooks: invalid input classes from the field table', () => {
  inputClassChecks(check, 'webhooks', inputTargets('webhooks', { webhookUrl: quiet }));
});

// The list checks last, once every check that writes subscriptions has ended: no filter scopes
// GET /webhooks to a check's own records (spec 4.11), so they judge the whole list, which must hold
// still meanwhile (the file's records are deleted only when it ends). Far from the target a chain
// of round trips each, so none waits for the file's long ones (retries, deliveries) to start.
// The filter checks alone, one after the other: they walk the whole list by offset, where a
// subscription created or deleted meanwhile would shift the pages and a correct server would skip
// a sample.
describe.sequential('webhooks: list filter', () => {
  const sample = once(async (t) => {
    const make = async (isActive: boolean) =>
      (await createSubscription(t, { ...subscriptionBody(t, await quiet(t), QUIET, `filter ${isActive}`), isActive })).record.id;
    // Made side by side within the file's budget: four independent creates, one round trip far from the target.
    const ids = await Promise.all([true, true, false, false].map((isActive) => t.ahead(() => make(isActive))));
    return { scope: {}, trueIds: ids.slice(0, 2), falseIds: ids.slice(2) };
  });
  // spec 4: "the value true means true, any other value means false", for the isActive filter of 4.11.
  booleanFilterChecks(check, { path: '/webhooks', filters: [{ name: 'isActive', requirementId: 'WH-FILTER-ACTIVE', sample }] });
});

// Then the paging checks, side by side (they only read): a group of their own between the two
// sequential blocks around them, which vitest runs alone (its groups are consecutive blocks of one kind).
describe('webhooks: paging', () => {
  pagingChecks(check, collection);
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe.sequential('webhooks: validation status', () => {
  validationConsistencyCheck(check, 'webhooks');
});
