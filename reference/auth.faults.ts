import { defineFaults } from './policy/declaration.js';

/** What may bend in authentication and permissions (auth.ts): each field is one behaviour a fault can change. */
export interface AuthPolicy {}

/** The spec's behaviour. */
export const AUTH_POLICY: AuthPolicy = {};

/** The faults of authentication and permissions (auth.ts) (policy slot `auth`). */
export const AUTH_FAULTS = defineFaults({
  'auth-bearer-ignored': {
    changes: 'Authorization: Bearer is not recognised',
    suite: 'auth',
    breaks: 'AUTH-BEARER',
  },
  'auth-missing-key-allowed': {
    changes: 'a request without a key acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-MISSING-REFUSED',
  },
  'auth-unknown-key-allowed': {
    changes: 'a well-formed unknown key acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-UNKNOWN-REFUSED',
  },
  'auth-malformed-key-allowed': {
    changes: 'a key not of the form <prefix>_<secret> acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-MALFORMED-REFUSED',
  },
  'auth-key-case-insensitive': {
    changes: 'API keys are compared case-insensitively',
    suite: 'auth',
    breaks: 'AUTH-CASE-EXACT',
  },
  'auth-key-prefix-ignored': {
    changes: 'API keys are matched by their secret part only: the secret of a valid key under any other prefix is accepted as that key',
    suite: 'auth',
    breaks: 'AUTH-KEY-EXACT',
    also: ['AUTH-REFUSED-401'],
  },
  'auth-key-shorter-accepted': {
    changes: 'a key that a known key starts with (a valid key with characters removed from its end) is accepted as that key',
    suite: 'auth',
    breaks: 'AUTH-KEY-NEAR-MISS',
    also: ['AUTH-REFUSED-401'],
  },
  'auth-key-longer-accepted': {
    changes: 'a key that starts with a known key (a valid key with characters appended) is accepted as that key',
    suite: 'auth',
    breaks: 'AUTH-KEY-NEAR-MISS',
    also: ['AUTH-REFUSED-401'],
  },
  'auth-x-api-key-reads-only': {
    changes: 'X-API-Key is recognised on GET requests only: writes take the key from Authorization: Bearer alone',
    suite: 'auth',
    breaks: 'AUTH-X-API-KEY',
  },
  'auth-x-api-key-ignored': {
    changes: 'X-API-Key is never recognised: only Authorization: Bearer carries a key',
    suite: 'auth',
    breaks: 'AUTH-X-API-KEY',
  },
  'sec-auth-skipped-categories': {
    changes: 'GET /reports/categories without a key answers as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-MISSING-REFUSED',
    also: ['AUTH-REFUSED-401'],
  },
  'sec-empty-bearer-allowed': {
    changes: '`Authorization: Bearer` with an empty token acts as the first organisation admin key',
    suite: 'auth',
    breaks: 'AUTH-EMPTY-BEARER',
  },
  'sec-member-webhook-read-denied': {
    changes: 'a key without admin rights is refused (403) on every /webhooks route, reads included',
    suite: 'security',
    breaks: 'SEC-MEMBER-READ',
  },
});
