import { HarnessError, InternalError, RequestFailedError, ResponseTooLargeError, RunStoppedError, ThrottledError, type ErrorCode } from '../errors.js';
import { setMaxListeners } from 'node:events';
import { fileURLToPath } from 'node:url';
import { afterAll, test } from 'vitest';
import type { Domain } from '../config/schema.js';
import { ApiClient, type AuthStyle, type ClientStats } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import type { ExchangeRecord, InputClassCell, MatrixCell, Observation, PropertyRecord, SourceLocation, Status } from '../report/model.js';
import { endpointKey, matchEndpoint } from '../spec/endpoints.js';
import { adminWebhookGuard } from './admin-webhook-guard.js';
import { declaredAt } from './declared-at.js';
import { REQUIREMENTS, isRequirementId, type RequirementId } from '../spec/requirements.js';
import { CreatedRecords, type CleanupTally } from './cleanup.js';
import { logAnswer, logUnansweredCreate } from './created-log.js';
import { limiter } from './concurrency.js';
import { harRecorder } from '../har/recorder.js';
import { CheckFailure, CheckInconclusive, CheckSkipped } from './outcomes.js';
import { PROPERTY_TIME_LIMIT_MS, runProperty, type PropertyOptions } from './property.js';
import { runContext, targetHealth, type RunContext } from './run-context.js';
import { checkTimeoutSlackMs, runGovernor } from '../runner/throttle-worker.js';
import type fc from 'fast-check';

/** What a check leaves in its vitest task meta for the reporter (serialisable). */
export interface CheckMeta {
  requirementId: string;
  level: string;
  section: string;
  domain: string;
  title: string;
  status?: Status;
  message?: string | null;
  exchange?: ExchangeRecord | null;
  property?: PropertyRecord | null;
  throttled?: number;
  throttledMs?: number;
  observations?: Observation[];
  /** Documented endpoints (`GET /contacts/{id}`) this check sent requests to. */
  endpoints?: string[];
  matrix?: MatrixCell[];
  /** Invalid classes the input-table checks sent. */
  inputClasses?: InputClassCell[];
  /** The run stopped sending (breaker, deadline) while or before this check ran: why. */
  stopped?: string;
  /** Times the check ran again from the start because an outage interrupted it. */
  reruns?: number;
  /** The code of the harness error that ended the check (status error), for report.json. */
  errorCode?: ErrorCode;
  /** Where the check is declared: the suite's line, then the helper's when a helper declared it. */
  declaredAt?: SourceLocation[];
}

declare module '@vitest/runner' {
  interface TaskMeta {
    conformance?: CheckMeta;
    /** On a suite file: what its cleanup left (the report counts what the spec keeps). */
    conformanceCleanup?: CleanupTally;
  }
}

export type KeyRole = 'admin' | 'member' | 'otherOrg' | 'limited' | 'customLimit';

const KEY_VARIABLES: Record<KeyRole, string> = {
  admin: 'CONFORMANCE_ADMIN_KEY',
  member: 'CONFORMANCE_MEMBER_KEY',
  otherOrg: 'CONFORMANCE_OTHER_ORG_KEY',
  limited: 'CONFORMANCE_LIMITED_KEY',
  customLimit: 'CONFORMANCE_CUSTOM_LIMIT_KEY',
};

/** Everything a check body may use. */
export interface CheckContext {
  readonly run: RunContext;
  /** The suite file's domain: what per-file state (fixtures, statuses seen) is kept by. */
  readonly domain: Domain;
  /** Org A admin key (CONFORMANCE_ADMIN_KEY), X-API-Key style. */
  readonly api: ApiClient;
  /** A client for another configured key; skips the check when that key is not configured. */
  as(role: KeyRole, authStyle?: AuthStyle): ApiClient;
  /** A client with an arbitrary key (or none), for authentication checks. */
  withKey(key: string | undefined, authStyle?: AuthStyle): ApiClient;
  /** Records what the target chose where the spec is silent. */
  observe(topic: string, subject: string, value: string | number): void;
  /**
   * Runs `fn` within the suite file's budget for requests sent side by side (at most
   * CONFORMANCE_CONCURRENCY such calls in flight across the file's checks; a property's cases
   * sent ahead take their places in it too).
   */
  ahead<R>(fn: () => Promise<R>): Promise<R>;
  /** Runs a fast-check property; a counterexample fails the check with its seed and path. */
  property<T>(arbitrary: fc.Arbitrary<T>, predicate: (value: T) => Promise<void>, options?: PropertyOptions): Promise<void>;
  skip(reason: string): never;
  inconclusive(message: string): never;
  /** Skips unless the value (a configured variable) is set. */
  need<T>(value: T | undefined | null, variable: string): T;
  /**
   * Registers a record made without a plain create (a batch, say) for the end-of-file cleanup,
   * deleted with the key of `role` (default admin): the key whose organisation holds it.
   */
  track(path: string, role?: KeyRole): void;
  /**
   * At the file's end, before its cleanup, every record `GET path?query` lists is registered as
   * `track` does (harness/check/cleanup.ts sweepAtEnd): for records whose create named none (a
   * batch), found by an equality filter on a parent made for them alone, never a date, search or tag filter.
   */
  sweepAtEnd(path: string, query: Readonly<Record<string, string>>, role?: KeyRole, tag?: string): void;
  /** Records one cell of the security matrix shown in the report. */
  matrixCell(cell: MatrixCell): void;
  /** Records one invalid class sent by an input-table check. */
  inputClass(cell: InputClassCell): void;
}

/** Stable seed per check, derived from the run seed so CONFORMANCE_SEED reproduces every property. */
function checkSeed(runSeed: number, key: string): number {
  let hash = runSeed | 0;
  for (let i = 0; i < key.length; i++) hash = (Math.imul(hash, 31) + key.charCodeAt(i)) | 0;
  return hash;
}

/**
 * The check's key as report.json gives it (harness/runner/collector.ts: the domain and vitest's
 * full name, describe blocks joined with ` > `), so an HTTP archive entry names its check.
 */
function reportKeyOf(
  domain: Domain,
  task: { readonly name: string; readonly suite?: { readonly name: string; readonly suite?: unknown } | undefined; readonly file?: unknown },
): string {
  const names = [task.name];
  let parent = task.suite as { name: string; suite?: unknown } | undefined;
  for (let depth = 0; parent !== undefined && parent !== task.file && parent.name !== '' && depth < 20; depth++) {
    names.unshift(parent.name);
    parent = parent.suite as { name: string; suite?: unknown } | undefined;
  }
  return `${domain} ${names.join(' > ')}`;
}

const validationByDomain = new Map<Domain, Array<{ subject: string; status: number }>>();

/**
 * Validation statuses seen by one suite file (for VALIDATION-STATUS-CONSISTENT), by its domain:
 * the files of a worker share their modules (the runner does not isolate them), so per-file
 * state is keyed by the file's domain, never kept in a module's variable.
 */
export function validationStatusesOf(domain: Domain): Array<{ subject: string; status: number }> {
  let statuses = validationByDomain.get(domain);
  if (statuses === undefined) validationByDomain.set(domain, (statuses = []));
  return statuses;
}

function buildContext(
  domain: Domain,
  key: string,
  meta: CheckMeta,
  created: CreatedRecords,
  signal: AbortSignal,
  reportKey: string,
  ahead: () => <R>(fn: () => Promise<R>) => Promise<R>,
): CheckContext {
  const run = runContext();
  const health = targetHealth();
  // Each request of the check listens to its signal while it lasts (harness/http/deadline.ts): a
  // check that sends a burst has dozens at once, which is no leak; Node would warn past 10.
  setMaxListeners(0, signal);
  // Pacing under the keys' limits and the throttling budget, shared by the run's clients.
  const governor = runGovernor();
  const redactor = new Redactor(Object.values(run.keys));
  // Written through to the meta: a wait that ends the check (the throttling budget spent) is
  // followed by no exchange, and must still show in the report.
  const stats: ClientStats = {
    get throttled() {
      return meta.throttled ?? 0;
    },
    set throttled(n: number) {
      meta.throttled = n;
    },
    get throttledMs() {
      return meta.throttledMs ?? 0;
    },
    set throttledMs(n: number) {
      meta.throttledMs = n;
    },
  };
  meta.observations = [];
  const basePath = new URL(run.baseUrl).pathname.replace(/\/+$/, '');
  const endpoints = new Set<string>();
  const onExchange = (exchange: ExchangeRecord): void => {
    meta.exchange = exchange;
    const endpoint = matchEndpoint(exchange.method, new URL(exchange.url).pathname.slice(basePath.length));
    if (endpoint && !endpoints.has(endpointKey(endpoint))) {
      endpoints.add(endpointKey(endpoint));
      meta.endpoints = [...endpoints];
    }
  };
  // Issue 14: every exchange into the run's HTTP archive, tied to this check.
  const onWire = run.harDir === undefined ? undefined : harRecorder(run.harDir).for({ check: reportKey, requirement: meta.requirementId });
  const client = (clientKey: string | undefined, authStyle: AuthStyle = run.authStyle, clientRedactor = redactor, guarded = false): ApiClient =>
    new ApiClient({
      // The configured admin key's webhook writes, where its rights are in doubt (spec 5.5).
      ...(guarded ? { guard: adminWebhookGuard(run.adminWebhookWrites) } : {}),
      baseUrl: run.baseUrl,
      key: clientKey,
      authStyle: clientKey === undefined ? 'none' : authStyle,
      timeoutMs: run.requestTimeoutMs,
      redactor: clientRedactor,
      stats,
      onExchange,
      ...(onWire === undefined ? {} : { onWire }),
      maxResponseBytes: run.maxResponseBytes,
      ...(run.network === undefined ? {} : { network: run.network }),
      health,
      signal,
      ...(governor ? { governor } : {}),
      // A record made with a refused-but-accepted key (a broken target) is still ours: delete it with the admin key.
      // So is one made with the limited key (org A): that key may be spent when the file ends.
      onCreated: (path, id) => {
        const own = clientKey !== undefined && clientKey !== run.keys.limited && Object.values(run.keys).includes(clientKey);
        const owner = own ? clientKey : run.keys.admin;
        if (owner !== undefined) created.add(`${path}/${id}`, owner, run);
      },
      // A check's own delete, for the read-back after cleanup: a soft-deleted record whose cleanup delete is refused was deleted here.
      onDeleted: (path, status) => logAnswer(run.createdLog, path, { status }),
      onCreateUnanswered: (path) => logUnansweredCreate(run.createdLog, path),
    });
  const skip = (reason: string): never => {
    throw new CheckSkipped(reason);
  };
  const need = <T>(value: T | undefined | null, variable: string): T =>
    value === undefined || value === null ? skip(`not configured: ${variable} is not set`) : value;
  return {
    run,
    domain,
    api: client(need(run.keys.admin, KEY_VARIABLES.admin), undefined, undefined, true),
    as: (role, authStyle) => client(need(run.keys[role], KEY_VARIABLES[role]), authStyle, undefined, role === 'admin'),
    // Unguarded: the authentication checks judge whatever a key they chose is answered.
    // A key made up by a check (another case or prefix of a configured key, say) is no configured
    // secret, yet a target may echo it in a body: it is masked too, and so is its secret part alone.
    withKey: (key, authStyle) => client(key, authStyle, key === undefined ? redactor : redactor.with([key, key.slice(key.indexOf('_') + 1)])),
    ahead: (fn) => ahead()(fn),
    observe: (topic, subject, value) => {
      meta.observations!.push({ topic, domain, subject, value: String(value), requirementId: meta.requirementId });
    },
    property: async (arbitrary, predicate, options) => {
      const record = await runProperty(arbitrary, predicate, {
        // A paced run spaces its requests out on purpose: the property gets that time too.
        timeLimitMs: PROPERTY_TIME_LIMIT_MS + checkTimeoutSlackMs(),
        seed: checkSeed(run.seed, key),
        numRuns: run.numRuns,
        // Cases sent side by side, as many as one check's independent requests (CONFORMANCE_CONCURRENCY),
        // within one budget of that size for the whole file: its checks run side by side too.
        concurrency: run.concurrency,
        gate: ahead(),
        ...options,
      });
      meta.property = record;
    },
    skip,
    inconclusive: (message) => {
      throw new CheckInconclusive(message, meta.exchange ?? null);
    },
    need,
    matrixCell: (cell) => {
      meta.matrix = [...(meta.matrix ?? []), cell];
    },
    inputClass: (cell) => {
      (meta.inputClasses ??= []).push(cell);
    },
    track: (path, role = 'admin') => {
      // Org B's records are invisible to org A's keys (spec 5.4): only org B's key deletes them.
      const owner = run.keys[role];
      if (owner !== undefined) created.add(path, owner, run);
    },
    sweepAtEnd: (path, query, role = 'admin', tag) => {
      const owner = run.keys[role];
      if (owner !== undefined) created.sweepAtEnd(path, query, owner, tag);
    },
  };
}

/**
 * What an error check says. The target not answering, or answering past the read bound, leaves
 * the check without a verdict (not a failure: nothing was verified either way); a run that had
 * stopped sending says so; anything else is the harness breaking.
 */
function errorMessage(error: unknown, meta: CheckMeta): string {
  if (error instanceof RunStoppedError) {
    meta.stopped = error.reason;
    // A check that got some answers before the stop did run, in part.
    return meta.exchange ? `stopped before it finished: ${error.reason}` : error.message;
  }
  if (error instanceof RequestFailedError) {
    return error.reason === 'stopped' ? `no verdict: ${error.message}` : `no verdict: the target did not answer: ${error.message}`;
  }
  if (error instanceof ResponseTooLargeError) {
    meta.exchange = error.exchange;
    return `no verdict: ${error.message}`;
  }
  // The target kept answering 429: not the check's failure, and not the harness breaking.
  if (error instanceof ThrottledError) return `no verdict: throttled: ${error.message}`;
  return `harness error: ${(error as Error)?.message ?? String(error)}`;
}

export type CheckBody = (t: CheckContext) => Promise<void>;

export interface CheckOptions {
  /** The check's own time bound (default 120 s). */
  readonly timeoutMs?: number;
  /**
   * In a `sequential` file: this check runs beside the checks next to it that say so too, as one
   * group that starts once the checks before it ended (within CONFORMANCE_CONCURRENCY). For checks
   * that wait on different keys' windows, which need no order between them.
   */
  readonly sideBySide?: boolean;
}

/** Times a check runs again from the start after an outage interrupted it (each outage is bounded by CONFORMANCE_OUTAGE_WAIT_S). */
export const MAX_OUTAGE_RERUNS = 2;

/** What one outage may add to a check: the wait for the target, and the body once more. */
function outageRoomMs(bodyMs: number): number {
  try {
    const waitS = runContext().outageWaitS ?? 0;
    return waitS > 0 ? waitS * 1000 + bodyMs : 0;
  } catch {
    return 0;
  }
}

/** This file: its frames are the declaring function's, not the declaring code's. */
const THIS_FILE = fileURLToPath(import.meta.url);

/**
 * `checker('contacts')` gives the suite its `check(id, title, body)`: a vitest test tied to one
 * requirement of the catalogue. The title says what must hold, without the level (added here).
 * Records created through the check's clients are deleted when the file ends.
 * The checks of a file run side by side (the runner's `sequence.concurrent`): each
 * stands on records of its own or on shared fixtures it only reads. `sequential: true` runs the
 * file's checks one after another instead, for a file whose checks share one state (the
 * rate-limit suite: one key's window), except a group of consecutive `sideBySide` checks.
 */
export function checker(domain: Domain, fileOptions: { readonly sequential?: boolean } = {}) {
  const created = new CreatedRecords(domain);
  // What the file's properties send ahead, all together (harness/check/cases-ahead.ts).
  let aheadGate: (<R>(fn: () => Promise<R>) => Promise<R>) | undefined;
  const ahead = () => (aheadGate ??= limiter(runContext().concurrency));
  // vitest reads a hook's first parameter as its fixtures: an empty pattern asks for none.
  afterAll(async ({}, file) => {
    // Handed to the reporter with the file: the report says what the spec keeps of the deleted.
    // Paced like the checks' requests, and counted for the progress line (its estimate includes cleanup).
    file.meta.conformanceCleanup = await created.cleanUp(runContext(), targetHealth(), undefined, runGovernor());
  });

  return function check(id: RequirementId, title: string, body: CheckBody, options: CheckOptions = {}): void {
    if (!isRequirementId(id)) throw new InternalError(`unknown requirement id ${id as string}`);
    const requirement = REQUIREMENTS[id];
    const fullTitle = `${requirement.level} ${title}`;
    const key = `${domain} ${id} ${title}`;
    // Once per declared check, never per request: one stack, read while the declaring code is on it.
    const where = declaredAt(THIS_FILE);
    const staticMeta: CheckMeta = {
      requirementId: id,
      level: requirement.level,
      section: requirement.section,
      domain,
      title: fullTitle,
      ...(where.length === 0 ? {} : { declaredAt: where }),
    };
    // `concurrent: false` too: a test takes `concurrent` from its suite (the file's, from the
    // runner's sequence.concurrent) over its own `sequential`.
    // A sequential file's `sideBySide` checks take the file default back: consecutive ones run as one group.
    const order = fileOptions.sequential === true && options.sideBySide !== true ? { sequential: true, concurrent: false } : {};
    // Room for one outage waited out and the run again from the start (CONFORMANCE_OUTAGE_WAIT_S).
    const outageMs = outageRoomMs(options.timeoutMs ?? 120_000);
    const testOptions = { meta: { conformance: staticMeta }, timeout: (options.timeoutMs ?? 120_000) + checkTimeoutSlackMs() + outageMs, ...order };
    test(`[${id}] ${fullTitle}`, testOptions, async (testContext) => {
      let meta: CheckMeta = { ...staticMeta };
      testContext.task.meta.conformance = meta;
      const health = targetHealth();
      let reruns = 0;
      let outagesBefore = health.outages;
      try {
        for (;;) {
          const attemptStartedAt = Date.now();
          try {
            await body(buildContext(domain, key, meta, created, testContext.signal, reportKeyOf(domain, testContext.task), ahead));
            break;
          } catch (error) {
            // An outage of the target (the run paused, harness/runner/outage.ts) while this check
            // ran: what it saw is no verdict. Once the target answers again it runs from the start
            // (its records of the first attempt are deleted with the file's); a rate-limit check
            // whose window the outage spoiled and that cannot run again is inconclusive, never failed.
            // A request lost just before the breaker paused the run counts too: the wait below
            // tells an outage from one lost request (the target answering something after it).
            const sawNoAnswer = health.outageWaitMs > 0 && health.lastFailureAt >= attemptStartedAt;
            const interrupted =
              !(error instanceof CheckSkipped) &&
              (health.outages !== outagesBefore ||
                health.pausedSince !== null ||
                (sawNoAnswer && (await health.outageSince(outagesBefore, runContext().requestTimeoutMs + 2000))));
            if (!interrupted) throw error;
            await health.ready().catch(() => undefined);
            if (health.stopped === null && reruns < MAX_OUTAGE_RERUNS && !testContext.signal.aborted) {
              reruns += 1;
              outagesBefore = health.outages;
              meta = { ...staticMeta, reruns };
              testContext.task.meta.conformance = meta;
              continue;
            }
            if (domain === 'rate-limit' && !(error instanceof RunStoppedError)) {
              throw new CheckInconclusive(
                `an outage of the target spanned this check (its rate window and counters mean nothing now) and it could not run again: ${(error as Error)?.message ?? String(error)}`,
                meta.exchange ?? null,
              );
            }
            throw error;
          }
        }
        meta.status = 'pass';
        meta.message = null;
        // A pass shows no exchange (harness/runner/collector.ts): not sent to the reporter, so
        // its curl command and redacted excerpt are never built.
        meta.exchange = null;
      } catch (error) {
        if (error instanceof CheckSkipped) {
          meta.status = 'skip';
          meta.message = error.message;
          meta.exchange = null;
          testContext.skip(error.message);
          return;
        }
        if (error instanceof CheckInconclusive) {
          meta.status = 'inconclusive';
          meta.message = error.message;
          meta.exchange = error.exchange;
          return;
        }
        if (error instanceof CheckFailure) {
          meta.status = 'fail';
          meta.message = error.message;
          meta.exchange = error.exchange ?? meta.exchange ?? null;
          if (error.property) meta.property = error.property;
        } else {
          meta.status = 'error';
          meta.message = errorMessage(error, meta);
          if (error instanceof HarnessError) meta.errorCode = error.code;
        }
        throw error;
      }
    });
  };
}
