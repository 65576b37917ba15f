import { SinkError } from '../errors.js';
import { WebhookSink, SINK_MAX_BODY_BYTES, type Received } from '../sink/sink.js';
import { secretOf } from '../sink/secrets.js';
import { answered, is2xx, listRecords, type DoctorContext } from './context.js';
import { item, type DoctorItem } from './model.js';
import { removeRecord } from './records.js';
import { isPermissionRefusal } from './rights.js';

/*
 * Spec 6.2, 4.11: the target must reach the webhook sink. A temporary subscription to a fresh
 * sink URL, a test delivery (POST /webhooks/{id}/test), a bounded wait, the signature checked on
 * the raw bytes, the subscription deleted. When nothing arrives, the deliveries log and the
 * sink's own record of stray requests tell "never called" from "could not connect" from
 * "called another address".
 */

const TITLE = 'The target reaches the webhook sink';
const VARIABLES = ['CONFORMANCE_SINK_PUBLIC_URL', 'CONFORMANCE_SINK_HOST', 'CONFORMANCE_SINK_PORT'];
/** The longest the doctor waits for the test delivery (less when CONFORMANCE_WEBHOOK_WAIT_S says so). */
export const SINK_WAIT_MS = 30_000;
const POLL_MS = 250;
const LOG_POLL_MS = 2_000;
/** After the log shows a failed attempt, how long a late success may still arrive. */
const AFTER_FAILURE_MS = 2_000;

/** What the deliveries log says about the attempts so far. */
export interface LogEvidence {
  /** Rows whose status is failed or retrying. */
  readonly failed: number;
  readonly pending: number;
  /** A non-2xx answer the target recorded (`responseStatus`, `statusCode`, …). */
  readonly answer?: number;
  /** An error the target recorded (`error`, `errorMessage`, `reason`, …). */
  readonly error?: string;
}

const ANSWER_KEY = /^(response[_-]?(status|code)|status[_-]?code|http[_-]?status(code)?)$/i;
const ERROR_KEY = /^(error|error[_-]?message|failure[_-]?reason|reason|last[_-]?error)$/i;

/** Reads failure evidence from log rows, and from attempts nested in them (record-per-delivery logs). */
export function logEvidence(rows: ReadonlyArray<Record<string, unknown>>): LogEvidence {
  let failed = 0;
  let pending = 0;
  let answer: number | undefined;
  let error: string | undefined;
  const visit = (row: Record<string, unknown>, depth: number): void => {
    const status = row['status'];
    if (status === 'failed' || status === 'retrying') failed += 1;
    if (status === 'pending') pending += 1;
    for (const [key, value] of Object.entries(row)) {
      if (ANSWER_KEY.test(key) && typeof value === 'number' && value >= 100 && value <= 599 && !is2xx(value)) answer ??= value;
      if (ERROR_KEY.test(key) && typeof value === 'string' && value.trim() !== '') error ??= value.trim().slice(0, 200);
      if (depth < 2 && Array.isArray(value)) {
        for (const inner of value) if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) visit(inner as Record<string, unknown>, depth + 1);
      }
    }
  };
  for (const row of rows) visit(row, 0);
  return { failed, pending, ...(answer === undefined ? {} : { answer }), ...(error === undefined ? {} : { error }) };
}

function reachFix(sink: WebhookSink): string {
  return (
    `CONFORMANCE_SINK_PUBLIC_URL must be an address at which the target reaches this machine's sink (it listens on ${sink.listeningOn}). ` +
    'For a server on another host: CONFORMANCE_SINK_HOST=0.0.0.0, a fixed CONFORMANCE_SINK_PORT open to it, and ' +
    'CONFORMANCE_SINK_PUBLIC_URL=http://<this machine as the server sees it>:<that port>'
  );
}

export interface SinkOutcome {
  readonly received: readonly Received[];
  readonly strays: ReadonlyArray<{ readonly path: string }>;
  readonly evidence: LogEvidence;
  readonly waitedMs: number;
  readonly secretKnown: boolean;
}

/** The verdict from what arrived and what the log says (pure, for the tests). */
export function sinkVerdict(outcome: SinkOutcome, where: { readonly url: string; readonly fix: string }): DoctorItem {
  const seconds = `${(outcome.waitedMs / 1000).toFixed(1)} s`;
  const first = outcome.received[0];
  if (first !== undefined) {
    const event = first.headers['x-service-event'];
    const base = `the test delivery arrived after ${seconds}${event === undefined ? '' : ` (X-Service-Event: ${event})`}`;
    if (!outcome.secretKnown) {
      return item('sink', TITLE, 'warning', `${base}; the create answer carried no whsec_ secret, so its signature could not be checked (spec 2.10)`, {
        variables: VARIABLES,
      });
    }
    if (first.signatureValid !== true) {
      return item(
        'sink',
        TITLE,
        'warning',
        `${base}, but its X-Service-Signature does not verify with the subscription's secret (spec 6.2: HMAC-SHA256 of the raw body)`,
        {
          fix: 'if a proxy sits between the server and the sink, it must pass request bodies through unchanged; otherwise the webhooks checks will report the signature',
          variables: VARIABLES,
        },
      );
    }
    return item('sink', TITLE, 'ok', `${base}; its signature verifies`, { variables: VARIABLES });
  }
  const stray = outcome.strays[0];
  if (stray !== undefined) {
    return item('sink', TITLE, 'problem', `the target called the sink, but at ${stray.path} instead of the subscription's URL ${where.url}`, {
      fix: 'the target must POST to the subscription url exactly as given (spec 6: "to the subscription url"); if a proxy rewrites paths, give CONFORMANCE_SINK_PUBLIC_URL the prefix it strips',
      variables: VARIABLES,
    });
  }
  const { evidence } = outcome;
  if (evidence.answer !== undefined) {
    return item('sink', TITLE, 'problem', `the target called ${where.url} and got ${evidence.answer}: something other than the sink answers at that address`, {
      fix: where.fix,
      variables: VARIABLES,
    });
  }
  if (evidence.failed > 0) {
    return item(
      'sink',
      TITLE,
      'problem',
      `the target could not deliver to ${where.url}: its deliveries log shows ${evidence.failed} failed attempt${evidence.failed === 1 ? '' : 's'}${evidence.error === undefined ? '' : ` (${evidence.error})`} and nothing reached the sink`,
      {
        fix: where.fix,
        variables: VARIABLES,
      },
    );
  }
  if (evidence.pending > 0) {
    return item('sink', TITLE, 'warning', `the target queued the test delivery (its log shows it pending) but had not sent it after ${seconds}`, {
      fix: 'the webhook checks wait CONFORMANCE_WEBHOOK_WAIT_S for a delivery: if the target delivers this slowly, raise it',
      variables: [...VARIABLES, 'CONFORMANCE_WEBHOOK_WAIT_S'],
    });
  }
  return item('sink', TITLE, 'problem', `the target never called: nothing reached the sink in ${seconds} and its deliveries log shows no attempt`, {
    fix: `POST /webhooks/{id}/test must send a test event to the subscription (spec 4.11); if it did and the log does not show it, ${where.fix}`,
    variables: VARIABLES,
  });
}

export async function checkSink(ctx: DoctorContext): Promise<DoctorItem> {
  const { config } = ctx;
  const admin = config.keys.admin!;
  let sink: WebhookSink;
  try {
    sink = await WebhookSink.start({
      host: config.sink.host,
      port: config.sink.port,
      maxBodyBytes: Math.min(config.maxResponseBytes, SINK_MAX_BODY_BYTES),
      ...(config.sink.publicUrl === undefined ? {} : { publicUrl: config.sink.publicUrl }),
    });
  } catch (cause) {
    if (!(cause instanceof SinkError)) throw cause;
    return item('sink', TITLE, 'problem', cause.message, {
      fix: 'set CONFORMANCE_SINK_PORT to a free port (0: any) and CONFORMANCE_SINK_HOST to an address of this machine',
      variables: VARIABLES,
    });
  }
  let subscription: string | undefined;
  try {
    const endpoint = sink.endpoint({});
    const where = { url: endpoint.url, fix: reachFix(sink) };
    const created = await ctx.client(admin, { creates: true }).post('/webhooks', {
      name: `Conformance doctor sink check ${ctx.tag}`,
      url: endpoint.url,
      // A rare event: nothing else the target does sends it here while the doctor waits.
      events: ['quote.rejected'],
      description: ctx.tag,
    });
    const id = (created.json as { data?: { id?: unknown } } | undefined)?.data?.id;
    if (isPermissionRefusal(created.status)) {
      return item(
        'sink',
        TITLE,
        'not-checked',
        `the admin key may not create webhook subscriptions (POST /webhooks answered ${created.status}; see CONFORMANCE_ADMIN_KEY's rights)`,
        { variables: VARIABLES },
      );
    }
    if (!is2xx(created.status) || typeof id !== 'string') {
      return item(
        'sink',
        TITLE,
        'problem',
        `the target refused a subscription to ${endpoint.url}: POST /webhooks answered ${answered(created, ctx.redactor)}`,
        {
          fix: `some servers refuse loopback or plain-http addresses: ${where.fix}`,
          variables: VARIABLES,
        },
      );
    }
    subscription = id;
    const secret = secretOf(created.json)?.value;
    if (secret !== undefined) endpoint.useSecret(secret);
    const test = await ctx.client(admin).post(`/webhooks/${id}/test`);
    if (!is2xx(test.status)) {
      return item('sink', TITLE, 'problem', `POST /webhooks/{id}/test answered ${answered(test, ctx.redactor.with([secret]))}: no test delivery to wait for`, {
        fix: 'spec 4.11: the test operation answers 200 and sends a test event to the subscription',
        variables: VARIABLES,
      });
    }
    const outcome = await waitForDelivery(ctx, sink, endpoint.received, id, Math.min(SINK_WAIT_MS, config.webhookWaitS * 1000));
    return sinkVerdict({ ...outcome, secretKnown: secret !== undefined }, where);
  } finally {
    if (subscription !== undefined) await removeRecord(ctx, `/webhooks/${subscription}`, [admin], 'to see whether the target reaches the webhook sink');
    await sink.close();
  }
}

async function waitForDelivery(
  ctx: DoctorContext,
  sink: WebhookSink,
  received: readonly Received[],
  id: string,
  waitMs: number,
): Promise<Omit<SinkOutcome, 'secretKnown'>> {
  const started = Date.now();
  const admin = ctx.config.keys.admin!;
  let evidence: LogEvidence = { failed: 0, pending: 0 };
  let lastLog = 0;
  let failedAt: number | undefined;
  const strays = (): Array<{ path: string }> => sink.strays.filter((s) => s.arrivedAt >= started);
  while (Date.now() - started < waitMs) {
    if (received.length > 0 || strays().length > 0) break;
    // Stopped (SIGINT, SIGTERM): no more waiting; the subscription is deleted below.
    if (ctx.stop?.aborted === true) break;
    if (failedAt !== undefined && Date.now() - failedAt >= AFTER_FAILURE_MS) break;
    if (Date.now() - lastLog >= LOG_POLL_MS) {
      lastLog = Date.now();
      const log = await ctx
        .client(admin)
        .get(`/webhooks/${id}/deliveries`, { limit: 100 })
        .catch(() => undefined);
      const rows = log !== undefined && is2xx(log.status) ? listRecords(log) : undefined;
      if (rows !== undefined) evidence = logEvidence(rows);
      if ((evidence.failed > 0 || evidence.answer !== undefined) && failedAt === undefined) failedAt = Date.now();
    }
    // Woken by any request reaching the sink; the bound only paces the log reads above.
    await sink.waitFor(() => received.length > 0 || strays().length > 0, { timeoutMs: POLL_MS });
  }
  return { received: [...received], strays: strays(), evidence, waitedMs: Date.now() - started };
}
