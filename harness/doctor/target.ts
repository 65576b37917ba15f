import { RequestFailedError } from '../errors.js';
import { type ApiResponse } from '../http/client.js';
import { diagnoseTls, proxyFor, shownProxy } from '../http/network.js';
import { readRateHeaders } from '../rate/headers.js';
import { readReset, resetForm } from '../rate/reset.js';
import { isJsonMediaType, shownContentType } from '../http/media-type.js';
import { PLAIN_ROUTES, displayUrl, firstPlainAnswer, notAList } from '../runner/target.js';
import { answered, is2xx, type DoctorContext, type KeyAnswer } from './context.js';
import { item, type DoctorItem } from './model.js';

const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;

/** CONFORMANCE_TARGET_URL did not end with /api/v1: the doctor tried `candidate` instead. */
export interface UrlFix {
  readonly given: string;
  readonly candidate: string;
}

export interface TargetFinding {
  readonly item: DoctorItem;
  /** The target answers like this API: the other items can be checked. */
  readonly answers: boolean;
  /** The admin key's answer in X-API-Key, when the target answered at all (reused by the key items). */
  readonly adminAnswer?: KeyAnswer;
}

const TITLE = 'Target URL answers like this API';
const VARIABLES = ['CONFORMANCE_TARGET_URL'];

/**
 * When the request failed on the way (an untrusted certificate, a proxy in between), the fix is a
 * network setting rather than the URL: say which.
 */
function networkFix(ctx: DoctorContext, failure: RequestFailedError): { fix: string; variables: string[] } | undefined {
  if (diagnoseTls(failure.cause) !== undefined && /not trusted/.test(failure.message)) {
    return {
      fix: "set CONFORMANCE_CA_FILE to the PEM file of the CA that signed the target's certificate (or NODE_EXTRA_CA_CERTS, for the whole process)",
      variables: ['CONFORMANCE_CA_FILE'],
    };
  }
  const proxy = proxyFor(ctx.baseUrl, ctx.config.network);
  if (proxy === undefined) return undefined;
  return {
    fix: `check CONFORMANCE_TARGET_URL and that the proxy ${shownProxy(proxy)} (HTTP_PROXY / HTTPS_PROXY) is up and reaches it; list the target's host in NO_PROXY to reach it directly`,
    variables: [...VARIABLES, 'HTTP_PROXY', 'HTTPS_PROXY', 'NO_PROXY'],
  };
}

export { notAList };

/**
 * The answer's body is JSON, yet its Content-Type does not say so: a finding of ENV-JSON-TYPE and
 * ENV-JSON-TYPE-SENT (spec 1: JSON bodies over HTTP), never evidence of a wrong base; undefined
 * when the type names JSON.
 */
export function jsonUnlabelled(res: Pick<ApiResponse, 'headers'>): string | undefined {
  const type = res.headers['content-type'];
  if (isJsonMediaType(type)) return undefined;
  return `its JSON body comes with Content-Type ${shownContentType(type)}, not a JSON type (spec 1: JSON response bodies): the checks ENV-JSON-TYPE${type === undefined || type.trim() === '' ? '-SENT' : ''} will report it`;
}

/**
 * A list without a `pagination` object: a finding of the paging checks (ENV-LIST, PAGE-*), not
 * evidence of a wrong base, since it is the behaviour under test (spec 4).
 */
export function withoutPagination(res: ApiResponse): boolean {
  const pagination = (res.json as { pagination?: unknown } | undefined)?.pagination;
  return pagination === undefined || pagination === null || typeof pagination !== 'object' || Array.isArray(pagination);
}

/**
 * GET {base}/contacts?limit=1 with the admin key: a spec 4 list in JSON, with the rate headers of
 * spec 8. The admin key's own verdict is its item's business; here a refusal only means the shape
 * cannot be seen.
 */
export async function checkTarget(ctx: DoctorContext, fix: UrlFix | undefined, embedded: boolean): Promise<TargetFinding> {
  const shownBase = embedded ? 'the embedded reference server' : displayUrl(ctx.baseUrl, ctx.redactor);
  const admin = ctx.config.keys.admin!;
  let res: ApiResponse;
  try {
    res = await ctx.client(admin, { raw429: true }).get('/contacts', { limit: 1 });
  } catch (cause) {
    if (!(cause instanceof RequestFailedError)) throw cause;
    const detail = fix === undefined ? `cannot reach ${shownBase}: ${cause.message}` : urlFixDetail(fix, ctx, `it does not answer either (${cause.message})`);
    const network = networkFix(ctx, cause);
    return {
      answers: false,
      item: item('target', TITLE, 'problem', detail, {
        fix:
          network?.fix ??
          (fix === undefined
            ? 'check CONFORMANCE_TARGET_URL (scheme, host, port, the /api/v1 base) and that the server is running and reachable from here'
            : fixLine(fix, ctx, false)),
        variables: network?.variables ?? VARIABLES,
        blocksRun: true,
      }),
    };
  }
  const adminAnswer: KeyAnswer = { status: res.status, headers: res.headers, listed: notAList(res) === undefined };
  const refused = res.status === 401 || res.status === 403;
  const missing = RATE_HEADERS.filter((h) => res.headers[h] === undefined);
  let status: 'ok' | 'warning' | 'problem' = 'ok';
  let detail: string;
  let answers = true;
  let noPagination = false;
  // A 404 or an odd answer to one query shape is not proof of a wrong base: the plainest
  // requests decide (a base is wrong when every route is unknown, or none answers a list).
  const plainList = async (): Promise<string | undefined> => {
    const plain = await firstPlainAnswer((path) => ctx.client(admin, { raw429: true }).get(path));
    if (plain === undefined) return undefined;
    const list = plain.path === '/contacts' && notAList(plain.response) === undefined;
    return `GET ${plain.path} answered ${plain.response.status}${list ? ' with a JSON list' : ''}`;
  };
  const shape = notAList(res);
  // This API's list in the body is the API, whatever the status and headers say (the checks judge those).
  const listed = shape === undefined && !refused && res.status !== 429;
  if (listed && !is2xx(res.status)) {
    status = 'warning';
    noPagination = withoutPagination(res);
    detail = `GET /contacts answered ${res.status} with a JSON list (data${noPagination ? ', no `pagination`' : ', pagination'}): the base is right; the run goes on and the checks report the status (spec 4: a list answers 200)`;
  } else if (is2xx(res.status)) {
    const wrong = shape;
    if (wrong !== undefined) {
      const plain = await plainList();
      if (plain?.endsWith('with a JSON list') === true) {
        status = 'warning';
        detail = `GET /contacts?limit=1 ${wrong}, but ${plain}: the base is right and the target mishandles the paging query (spec 4); the run goes on and the checks decide`;
      } else {
        status = 'problem';
        answers = false;
        detail = `GET /contacts ${wrong}: is this the API's /api/v1 base?`;
      }
    } else if (withoutPagination(res)) {
      status = 'warning';
      noPagination = true;
      detail = `GET /contacts answered ${res.status} with a JSON list (data) but no \`pagination\` object beside it (spec 4): the base is right; the run goes on and the paging checks (ENV-LIST, PAGE-*) report it`;
    } else {
      detail = `GET /contacts answered ${res.status} with a JSON list (data, pagination)`;
    }
  } else if (res.status === 429) {
    detail = "GET /contacts answered 429: the admin key's window is spent right now (its item says more)";
  } else if (res.status === 401 || res.status === 403) {
    status = 'warning';
    detail = `GET /contacts answered ${res.status} to the admin key: the URL answers, but whether it is this API cannot be seen without an accepted key`;
  } else {
    // Any other status: the plain routes decide, and only this API's list in a body proves the base when it is not a 404.
    const plain = await plainList();
    if (plain !== undefined && (res.status === 404 || plain.endsWith('with a JSON list'))) {
      status = 'warning';
      detail = `GET /contacts?limit=1 answered ${res.status}, but ${plain}: the base is right and the target mishandles the paging query (spec 4); the run goes on and the checks decide`;
    } else {
      status = 'problem';
      answers = false;
      detail = `GET /contacts?limit=1 answered ${answered(res, ctx.redactor)}${res.status === 404 ? `, and so did every plain route tried (${PLAIN_ROUTES.join(', ')}): there is no API under this base` : ''}`;
    }
  }
  // The rate headers below are read only from an answer that carries the list.
  const unlabelled = answers && shape === undefined && !refused ? jsonUnlabelled(res) : undefined;
  if (unlabelled !== undefined) detail += `; ${unlabelled}`;
  if (answers && missing.length > 0 && (status === 'ok' || noPagination)) {
    status = 'warning';
    detail += `; no ${missing.map(headerName).join(', ')} header${missing.length === 1 ? '' : 's'} (spec 8: on every response): the rate-limit checks will fail, and the run cannot plan around the keys' limits`;
  } else if (answers && missing.length === 0) {
    // The one reader of rate headers (harness/rate): any reasonable form of Reset is taken, and named.
    const reading = readRateHeaders(res.headers);
    const reset = reading.values.reset === undefined ? undefined : readReset(reading.values.reset);
    detail += reset === undefined ? '' : `; rate headers present (X-RateLimit-Reset as ${resetForm(reset)})`;
    if (reading.problems.length > 0 && status === 'ok') {
      status = 'warning';
      detail += `; rate headers present but ${reading.problems.join('; ')}: the rate-limit checks will report it (spec 8)`;
    }
  }
  // A JSON body without a JSON Content-Type: the run goes on, the content-type checks decide.
  if (unlabelled !== undefined && status === 'ok') status = 'warning';
  if (fix !== undefined) {
    return {
      answers,
      adminAnswer,
      item: item(
        'target',
        TITLE,
        'problem',
        urlFixDetail(fix, ctx, answers ? 'it answers like this API' : `it does not answer like this API either (${detail})`),
        {
          fix: fixLine(fix, ctx, answers),
          variables: VARIABLES,
          blocksRun: true,
        },
      ),
    };
  }
  return {
    answers,
    adminAnswer,
    item: item('target', TITLE, status, detail, {
      ...(status === 'problem'
        ? { fix: "set CONFORMANCE_TARGET_URL to the API's base address, ending with /api/v1 (spec 9), e.g. https://api.example.com/api/v1" }
        : {}),
      // A refused key says nothing about a proxy: the fix is the key's (its own item tells more).
      ...(refused
        ? { fix: 'check CONFORMANCE_ADMIN_KEY: a key this target issued, copied whole, not revoked, of an admin of organisation A (its item says more)' }
        : {}),
      ...(!refused && status === 'warning' && missing.length > 0
        ? { fix: 'if a proxy sits in front of the server, let it pass the X-RateLimit-* headers through' }
        : {}),
      variables: VARIABLES,
      blocksRun: status === 'problem',
    }),
  };
}

function headerName(lower: string): string {
  return lower.replace(/(^|-)([a-z])/g, (_, dash: string, c: string) => `${dash}${c.toUpperCase()}`).replace('Ratelimit', 'RateLimit');
}

function urlFixDetail(fix: UrlFix, ctx: DoctorContext, what: string): string {
  return `CONFORMANCE_TARGET_URL=${displayUrl(fix.given, ctx.redactor)} does not end with /api/v1 (spec 9: the base address ends with /api/v1); tried ${displayUrl(fix.candidate, ctx.redactor)}: ${what}`;
}

function fixLine(fix: UrlFix, ctx: DoctorContext, answers: boolean): string {
  return answers
    ? `set CONFORMANCE_TARGET_URL=${displayUrl(fix.candidate, ctx.redactor)}`
    : "set CONFORMANCE_TARGET_URL to the API's base address, ending with /api/v1 (spec 9), e.g. https://api.example.com/api/v1";
}
