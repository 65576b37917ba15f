import type { ErrorCode } from '../errors.js';
import type { Config } from '../config/schema.js';
import { ApiClient, RAW_429, type ApiResponse } from '../http/client.js';
import { TargetHealth } from '../http/health.js';
import type { Redactor } from '../http/redact.js';
import { escapeTerminal } from '../report/escape/terminal.js';
import type { CreatedRecord } from './model.js';

/** The roles a key can have in the configuration, each with its variable. */
export const KEY_ROLES = ['admin', 'member', 'otherOrg', 'limited', 'customLimit'] as const;
export type KeyRole = (typeof KEY_ROLES)[number];

export const KEY_VARIABLE: Readonly<Record<KeyRole, string>> = {
  admin: 'CONFORMANCE_ADMIN_KEY',
  member: 'CONFORMANCE_MEMBER_KEY',
  otherOrg: 'CONFORMANCE_OTHER_ORG_KEY',
  limited: 'CONFORMANCE_LIMITED_KEY',
  customLimit: 'CONFORMANCE_CUSTOM_LIMIT_KEY',
};

/**
 * The doctor's functional requests wait out a 429 briefly (a key spent by an earlier run); the
 * probes that read a key's limit take the 429 as it comes.
 */
const DOCTOR_THROTTLE = { maxWaitMs: 10_000, maxRetries: 1 } as const;

/** What one GET /contacts?limit=1 with a key answered, in one header style. */
export interface KeyAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body was this API's list (records in `data`): the key was accepted, whatever the status says. */
  readonly listed?: boolean;
}

export interface ClientOptions {
  readonly authStyle?: 'x-api-key' | 'bearer';
  /** Every 429 returned, not waited out. */
  readonly raw429?: boolean;
  /** The request creates a record: after the stop it is not sent, but once sent it is let finish. */
  readonly creates?: boolean;
  /** A delete of what the doctor created: sent even after the stop. */
  readonly cleanup?: boolean;
}

/** The stop as a client's signal: a read is cut off, a create refused only before it is sent, a cleanup never. */
function stopSignal(stop: AbortSignal | undefined, options: ClientOptions): AbortSignal | undefined {
  if (stop === undefined || options.cleanup === true) return undefined;
  if (options.creates === true) return stop.aborted ? stop : undefined;
  return stop;
}

/** Where the doctor stands, shared by its items. */
export interface DoctorContext {
  readonly baseUrl: string;
  readonly config: Config;
  readonly redactor: Redactor;
  /** `conformance-doctor:<id>`: in the name or description of anything the doctor creates. */
  readonly tag: string;
  /** Records the doctor had to create, and whether it deleted them. */
  readonly created: CreatedRecord[];
  /**
   * The doctor's stop (SIGINT, SIGTERM): once aborted no new request goes out but the deletes of
   * what it created; a read in flight is cut off, a create is let finish (its answer holds the id to delete).
   */
  readonly stop?: AbortSignal | undefined;
  /** How keys travel: X-API-Key, or Bearer when the target accepts the admin key only that way (spec 5.1). */
  authStyle: 'x-api-key' | 'bearer';
  /** A client for a key: functional (429 waited out once) or raw (every 429 returned). */
  client(key: string, options?: ClientOptions): ApiClient;
}

export function doctorContext(baseUrl: string, config: Config, redactor: Redactor, tag: string, stop?: AbortSignal): DoctorContext {
  // A target that stops answering part way costs a few timeouts, not one per remaining request
  // (CONFORMANCE_BREAKER_FAILURES in a row): the items left say they could not be checked.
  const health = new TargetHealth(config.breakerFailures);
  const ctx: DoctorContext = {
    baseUrl,
    config,
    redactor,
    tag,
    created: [],
    stop,
    authStyle: 'x-api-key',
    client: (key, options = {}) => {
      const signal = stopSignal(stop, options);
      return new ApiClient({
        baseUrl,
        key,
        authStyle: options.authStyle ?? ctx.authStyle,
        timeoutMs: config.requestTimeoutMs,
        redactor,
        maxResponseBytes: config.maxResponseBytes,
        network: config.network,
        health,
        throttle: options.raw429 === true ? RAW_429 : DOCTOR_THROTTLE,
        ...(signal === undefined ? {} : { signal }),
      });
    },
  };
  return ctx;
}

export function is2xx(status: number): boolean {
  return status >= 200 && status < 300;
}

/**
 * `401`, or `400 ({"error":"…"})` with a short redacted body excerpt, for a detail line. The
 * excerpt is the target's bytes: stripped of control characters, since the line reaches the
 * terminal (the preflight prints it) as well as doctor.json.
 */
export function answered(res: ApiResponse, redactor: Redactor, max = 160): string {
  const text = redactor.redact(escapeTerminal(res.text).replace(/\s+/g, ' ').trim());
  if (text === '') return String(res.status);
  return `${res.status} (${text.length > max ? `${text.slice(0, max)}…` : text})`;
}

/** The `data` array of a list answer, or undefined when the body is not a list (spec 4). */
export function listRecords(res: ApiResponse): Array<Record<string, unknown>> | undefined {
  const data = (res.json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.filter((r): r is Record<string, unknown> => r !== null && typeof r === 'object' && !Array.isArray(r));
}

/** `pagination.total` (or `totalCount`, `count`) when the target gives one: spec 4 names no field. */
export function listTotal(res: ApiResponse): number | undefined {
  const pagination = (res.json as { pagination?: Record<string, unknown> } | undefined)?.pagination;
  if (pagination === undefined || pagination === null || typeof pagination !== 'object') return undefined;
  for (const name of ['total', 'totalCount', 'count', 'totalItems', 'totalRecords']) {
    const value = pagination[name];
    if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return value;
  }
  return undefined;
}

/** Errors a doctor request can end in without an answer to judge: the item says it could not check. */
export const NO_ANSWER_CODES: readonly ErrorCode[] = ['REQUEST_FAILED', 'THROTTLED', 'RESPONSE_TOO_LARGE', 'TARGET_UNHEALTHY'];
