import { randomBytes } from 'node:crypto';
import type { Config } from '../config/schema.js';
import { ConfigError, EmbeddedServerError, RequestFailedError, TargetUnreachableError } from '../errors.js';
import { ApiClient, RAW_429, type ApiResponse } from '../http/client.js';
import { shownContentType } from '../http/media-type.js';
import type { Redactor } from '../http/redact.js';

/*
 * The target of a run, shared by `conformance run` and `conformance load`: started (embedded
 * reference server) or taken from the configuration, and probed once before anything else.
 */

/** The target URL as reports show it: credentials in the URL itself are masked too. */
export function displayUrl(url: string, redactor: Redactor): string {
  const parsed = new URL(url);
  if (parsed.username !== '' || parsed.password !== '') {
    parsed.username = '****';
    parsed.password = '';
  }
  return redactor.redact(parsed.toString().replace(/\/$/, ''));
}

/** `20261122T101500Z-a1b2`: sortable, unique enough, and safe in a path. */
export function newRunId(now: Date = new Date()): string {
  return `${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${randomBytes(2).toString('hex')}`;
}

export interface Target {
  readonly baseUrl: string;
  readonly embedded: boolean;
  close(): Promise<void>;
}

export async function startTarget(config: Config): Promise<Target> {
  if (config.targetUrl !== null) return { baseUrl: config.targetUrl, embedded: false, close: async () => {} };
  try {
    const { startReferenceServer } = await import('../../reference/server.js');
    const server = await startReferenceServer({
      faults: config.referenceFaults,
      variants: config.referenceVariants,
      ...(config.referenceRateWindowS === undefined ? {} : { rateWindowMs: config.referenceRateWindowS * 1000 }),
    });
    return { baseUrl: server.baseUrl, embedded: true, close: () => server.close() };
  } catch (cause) {
    if ((cause as { code?: string }).code === 'UNKNOWN_FAULT') throw new ConfigError(`CONFORMANCE_REFERENCE_FAULTS: ${(cause as Error).message}`);
    if ((cause as { code?: string }).code === 'UNKNOWN_VARIANT') throw new ConfigError(`CONFORMANCE_REFERENCE_VARIANTS: ${(cause as Error).message}`);
    throw new EmbeddedServerError(`the embedded reference server did not start: ${(cause as Error).message}`, { cause });
  }
}

/** What the probe learnt: how the run sends keys, and the admin key's advertised limit. */
export interface ProbeResult {
  /**
   * X-API-Key, or Bearer when the target refuses the key only in X-API-Key (spec 5.1 requires
   * both: the check AUTH-X-API-KEY then fails, the rest still runs).
   */
  readonly authStyle: 'x-api-key' | 'bearer';
  /** The admin key's X-RateLimit-Limit (spec 5.6, 8), undefined when the target sent none usable. */
  readonly adminLimit: number | undefined;
  /** Something the run should say before it starts (the probe's first request was answered oddly). */
  readonly note?: string;
}

/**
 * Routes of spec 4 that need no id and no query, tried in turn when the first request answered
 * 404: a base is wrong only when every one of them is unknown too. A 404 on one query shape is
 * as likely a target that mishandles that query (for the checks to judge) as a wrong base.
 */
export const PLAIN_ROUTES = ['/contacts', '/projects', '/webhooks/events', '/reports/categories'] as const;

/** The first plain route that answers anything but 404 (and its answer), or undefined when all are 404. */
export async function firstPlainAnswer(
  get: (path: string) => Promise<ApiResponse>,
): Promise<{ readonly path: string; readonly response: ApiResponse } | undefined> {
  for (const path of PLAIN_ROUTES) {
    const response = await get(path).catch((cause: unknown) => {
      if (cause instanceof RequestFailedError) return undefined;
      throw cause;
    });
    if (response !== undefined && response.status !== 404) return { path, response };
  }
  return undefined;
}

/**
 * What keeps an answer to GET /contacts from showing this API, or undefined when its body is a
 * JSON object with a `data` array (spec 4: a list carries its records in `data`). Read from the
 * body alone, parsed whatever its Content-Type (or none): the status and the headers are what
 * the checks judge (ENV-LIST, ENV-JSON-TYPE, ...), so they are no evidence of a wrong base.
 */
export function notAList(res: Pick<ApiResponse, 'status' | 'headers' | 'json'>): string | undefined {
  const body = res.json as { data?: unknown } | undefined;
  if (body === undefined) return `answered ${res.status} with Content-Type ${shownContentType(res.headers['content-type'])} and a body that is not JSON`;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return `answered ${res.status} with a body that is not a JSON object`;
  if (!Array.isArray(body.data)) return `answered ${res.status} with a JSON object without a \`data\` array (spec 4: a list carries its records in \`data\`)`;
  return undefined;
}

/**
 * A key's per-minute limit as the target advertises it. Only the leading whole number counts: a
 * target that appends a window or policy (`60, 60;w=60`) still says 60 a minute; anything else
 * (missing, 0, not a number) is not a limit the run can plan with.
 */
export function advertisedLimit(headers: Readonly<Record<string, string>>): number | undefined {
  const match = /^\s*(\d+)/.exec(headers['x-ratelimit-limit'] ?? '');
  const limit = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(limit) && limit > 0 ? limit : undefined;
}

/**
 * One request with the admin key before anything else: a wrong URL or key is a configuration
 * problem (exit 2). A 429 is taken as it comes, not waited out (a key spent by an earlier run
 * still authenticates, and its answer still carries the limit the run has to plan with).
 */
export async function probeTarget(baseUrl: string, config: Config, redactor: Redactor, options: { bearerFallback?: boolean } = {}): Promise<ProbeResult> {
  const client = new ApiClient({ baseUrl, key: config.keys.admin, timeoutMs: config.requestTimeoutMs, redactor, throttle: RAW_429, network: config.network });
  let response: ApiResponse;
  try {
    response = await client.get('/contacts', { limit: 1 });
  } catch (cause) {
    const reason = cause instanceof RequestFailedError ? cause.message : String(cause);
    throw new TargetUnreachableError(`CONFORMANCE_TARGET_URL: cannot reach the target (${reason})`, { cause });
  }
  const { status } = response;
  // This API's list in the body is the API answering, whatever the status says: the checks judge the status.
  if (status !== 200 && status !== 429 && notAList(response) === undefined) {
    return {
      authStyle: 'x-api-key',
      adminLimit: advertisedLimit(response.headers),
      note: `GET /contacts?limit=1 answered ${status} with this API's list (data) in its body: the base URL and the admin key are right; the checks will report the status (spec 4: a list answers 200)`,
    };
  }
  if (status === 401 || status === 403) {
    // A target that only reads Bearer is not a configuration problem of ours: say what it is.
    const bearer = await client
      .with({ authStyle: 'bearer' })
      .get('/contacts', { limit: 1 })
      .catch(() => undefined);
    if (bearer !== undefined && ((bearer.status >= 200 && bearer.status < 300) || bearer.status === 429)) {
      if (options.bearerFallback === true) return { authStyle: 'bearer', adminLimit: advertisedLimit(bearer.headers) };
      throw new ConfigError(
        `CONFORMANCE_ADMIN_KEY: the target refused the admin key in X-API-Key (${status}) but accepted it as Authorization: Bearer; ` +
          'spec 5.1 requires both, and the suite sends X-API-Key',
      );
    }
    throw new ConfigError(
      `CONFORMANCE_ADMIN_KEY: the target refused the admin key (GET /contacts answered ${status}); check that it is a key this target issued, copied whole, ` +
        'not revoked, of an admin of organisation A (conformance doctor checks every key)',
    );
  }
  if (status === 404) {
    const plain = await firstPlainAnswer((path) => client.get(path));
    if (plain === undefined) {
      throw new ConfigError(
        `CONFORMANCE_TARGET_URL: every route tried under ${redactor.redact(baseUrl)} answered 404 (GET /contacts?limit=1, ${PLAIN_ROUTES.map((p) => `GET ${p}`).join(', ')}): ` +
          'is this the /api/v1 base URL? Set it to the address that ends with /api/v1 (spec 9)',
      );
    }
    return {
      authStyle: 'x-api-key',
      adminLimit: advertisedLimit(plain.response.headers),
      note: `GET /contacts?limit=1 answered 404 but GET ${plain.path} answered ${plain.response.status}: the base URL is right; the target mishandles the paging query (spec 4), which the checks will report`,
    };
  }
  return { authStyle: 'x-api-key', adminLimit: advertisedLimit(response.headers) };
}

/** The auth style the run can use (see probeTarget). */
export async function probe(baseUrl: string, config: Config, redactor: Redactor, options: { bearerFallback?: boolean } = {}): Promise<'x-api-key' | 'bearer'> {
  return (await probeTarget(baseUrl, config, redactor, options)).authStyle;
}

/**
 * Another key's advertised limit: one GET /contacts?limit=1 with it. Undefined when the target
 * refuses the key or sends no usable header (the checks of that key will say what is wrong).
 */
export async function probeKeyLimit(
  baseUrl: string,
  key: string,
  authStyle: 'x-api-key' | 'bearer',
  config: Pick<Config, 'requestTimeoutMs'> & Partial<Pick<Config, 'network'>>,
  redactor: Redactor,
): Promise<number | undefined> {
  const client = new ApiClient({
    baseUrl,
    key,
    authStyle,
    timeoutMs: config.requestTimeoutMs,
    redactor,
    throttle: RAW_429,
    ...(config.network ? { network: config.network } : {}),
  });
  const response = await client.get('/contacts', { limit: 1 }).catch(() => undefined);
  if (response === undefined || !((response.status >= 200 && response.status < 300) || response.status === 429)) return undefined;
  return advertisedLimit(response.headers);
}
