import type { FastifyRequest } from 'fastify';
import { singleHeader, type KeyMatching } from './auth.js';
import { defineFaults } from './policy/declaration.js';

/** A test on a request (which route, which headers). */
export type RequestTest = (request: FastifyRequest) => boolean;

/** Routes where a key without admin rights is refused with 403, and the message that says why. */
export interface AdminOnlyRoutes {
  readonly matches: RequestTest;
  readonly message: string;
}

/** What may bend in authentication and permissions (auth.ts): each field is one behaviour a fault can change. */
export interface AuthPolicy {
  /** `Authorization: Bearer <key>` carries a key (spec 5.1). */
  readonly bearerRecognised: boolean;
  /** The methods on which `X-API-Key` carries a key: every method (spec 5.1), reads (GET) only, or none. */
  readonly apiKeyHeader: 'every-method' | 'reads-only' | 'never';
  /** How loosely a key is compared with the known ones (spec 5.2: exactly; every flag off). */
  readonly matching: Required<KeyMatching>;
  /** Requests without a key that act as the first organisation's admin key (spec 5: none, all refused with 401). */
  readonly keylessAdmitted: readonly RequestTest[];
  /** A key not of the form <prefix>_<secret> is refused with 401 (spec 5.2), or acts as the first organisation's admin key. */
  readonly malformedKeyAdmitted: boolean;
  /** A well-formed unknown key is refused with 401 (spec 5), or acts as the first organisation's admin key. */
  readonly unknownKeyAdmitted: boolean;
  /** Routes refused to keys without admin rights before any handler, reads included (spec 5.5: none so wide). */
  readonly adminOnly: readonly AdminOnlyRoutes[];
}

/** The spec's behaviour. */
export const AUTH_POLICY: AuthPolicy = {
  bearerRecognised: true,
  apiKeyHeader: 'every-method',
  matching: { caseInsensitive: false, secretOnly: false, shorter: false, longer: false },
  keylessAdmitted: [],
  malformedKeyAdmitted: false,
  unknownKeyAdmitted: false,
  adminOnly: [],
};

/** Every request. */
const anyRequest: RequestTest = () => true;

/** `Authorization: Bearer` with nothing after it. */
const emptyBearer: RequestTest = (request) => {
  const authorization = singleHeader(request.headers.authorization);
  return authorization !== undefined && /^Bearer[ \t]*$/i.test(authorization.trim());
};

/** GET /reports/categories. */
const categoriesRoute: RequestTest = (request) => request.method === 'GET' && (request.routeOptions.url ?? '').endsWith('/reports/categories');

/** Every /webhooks route, reads included. */
const webhooksRoutes: AdminOnlyRoutes = {
  matches: (request) => /\/webhooks(\/|$)/.test(request.routeOptions.url ?? ''),
  message: 'an admin key is required for webhook subscriptions',
};

/** The faults of authentication and permissions (auth.ts) (policy slot `auth`). */
export const AUTH_FAULTS = defineFaults({
  'auth-bearer-ignored': {
    changes: 'Authorization: Bearer is not recognised',
    suite: 'auth',
    breaks: 'AUTH-BEARER',
    policy: { auth: { bearerRecognised: false } },
  },
  'auth-missing-key-allowed': {
    changes: 'a request without a key acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-MISSING-REFUSED',
    policy: { auth: { keylessAdmitted: [anyRequest] } },
  },
  'auth-unknown-key-allowed': {
    changes: 'a well-formed unknown key acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-UNKNOWN-REFUSED',
    policy: { auth: { unknownKeyAdmitted: true } },
  },
  'auth-malformed-key-allowed': {
    changes: 'a key not of the form <prefix>_<secret> acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-MALFORMED-REFUSED',
    policy: { auth: { malformedKeyAdmitted: true } },
  },
  'auth-key-case-insensitive': {
    changes: 'API keys are compared case-insensitively',
    suite: 'auth',
    breaks: 'AUTH-CASE-EXACT',
    policy: { auth: { matching: { caseInsensitive: true } } },
  },
  'auth-key-prefix-ignored': {
    changes: 'API keys are matched by their secret part only: the secret of a valid key under any other prefix is accepted as that key',
    suite: 'auth',
    breaks: 'AUTH-KEY-EXACT',
    also: ['AUTH-REFUSED-401'],
    policy: { auth: { matching: { secretOnly: true } } },
  },
  'auth-key-shorter-accepted': {
    changes: 'a key that a known key starts with (a valid key with characters removed from its end) is accepted as that key',
    suite: 'auth',
    breaks: 'AUTH-KEY-NEAR-MISS',
    also: ['AUTH-REFUSED-401'],
    policy: { auth: { matching: { shorter: true } } },
  },
  'auth-key-longer-accepted': {
    changes: 'a key that starts with a known key (a valid key with characters appended) is accepted as that key',
    suite: 'auth',
    breaks: 'AUTH-KEY-NEAR-MISS',
    also: ['AUTH-REFUSED-401'],
    policy: { auth: { matching: { longer: true } } },
  },
  'auth-x-api-key-reads-only': {
    changes: 'X-API-Key is recognised on GET requests only: writes take the key from Authorization: Bearer alone',
    suite: 'auth',
    breaks: 'AUTH-X-API-KEY',
    policy: { auth: { apiKeyHeader: 'reads-only' } },
  },
  'auth-x-api-key-ignored': {
    changes: 'X-API-Key is never recognised: only Authorization: Bearer carries a key',
    suite: 'auth',
    breaks: 'AUTH-X-API-KEY',
    policy: { auth: { apiKeyHeader: 'never' } },
  },
  'sec-auth-skipped-categories': {
    changes: 'GET /reports/categories without a key answers as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-MISSING-REFUSED',
    also: ['AUTH-REFUSED-401'],
    policy: { auth: { keylessAdmitted: [categoriesRoute] } },
  },
  'sec-empty-bearer-allowed': {
    changes: '`Authorization: Bearer` with an empty token acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-EMPTY-BEARER',
    policy: { auth: { keylessAdmitted: [emptyBearer] } },
  },
  'sec-member-webhook-read-denied': {
    changes: 'a key without admin rights is refused (403) on every /webhooks route, reads included',
    suite: 'security',
    breaks: 'SEC-MEMBER-READ',
    policy: { auth: { adminOnly: [webhooksRoutes] } },
  },
});
