import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { ApiError, forbidden } from './errors.js';
import type { AuthPolicy } from './auth.faults.js';
import { KEY_FORMAT, type Seed } from './seed.js';

/** What a request knows about its caller once the key is accepted (spec 5.4, 5.6). */
export interface AuthContext {
  organisationId: string;
  admin: boolean;
  /** The seeded key that was matched (not necessarily the text sent, see the auth faults). */
  key: string;
  role: string;
  /** null: the default per-minute limit applies (spec 8). */
  limitPerMinute: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

export class KeyRegistry {
  readonly #byKey = new Map<string, AuthContext>();
  readonly #byLowerKey = new Map<string, AuthContext>();
  /** The first organisation's admin key: who a request the auth policy admits without a known key becomes. */
  readonly fallback: AuthContext;

  constructor(seed: Seed) {
    let fallback: AuthContext | undefined;
    for (const org of seed.organisations) {
      for (const k of org.keys) {
        const context: AuthContext = {
          organisationId: org.id,
          admin: k.admin,
          key: k.key,
          role: k.role,
          limitPerMinute: k.limitPerMinute,
        };
        this.#byKey.set(k.key, context);
        if (!this.#byLowerKey.has(k.key.toLowerCase())) this.#byLowerKey.set(k.key.toLowerCase(), context);
      }
    }
    const first = seed.organisations[0];
    const firstKey = first?.keys.find((k) => k.admin) ?? first?.keys[0];
    if (firstKey !== undefined) fallback = this.#byKey.get(firstKey.key);
    if (fallback === undefined) throw new Error('seed has no key');
    this.fallback = fallback;
  }

  /** Exact, case-sensitive lookup unless the auth policy loosens the match (see `KeyMatching`). */
  lookup(key: string, matching: KeyMatching = {}): AuthContext | undefined {
    const exact = matching.caseInsensitive ? this.#byLowerKey.get(key.toLowerCase()) : this.#byKey.get(key);
    if (exact !== undefined) return exact;
    // A loose comparison takes the first seeded key (seed order) it finds.
    for (const [known, context] of this.#byKey) {
      if (matching.secretOnly && secretOf(known) === secretOf(key)) return context;
      if (matching.shorter && known.startsWith(key)) return context;
      if (matching.longer && key.startsWith(known)) return context;
    }
    return undefined;
  }
}

/** How loosely a key is matched (the auth policy): none set is the exact match of spec 5.2. */
export interface KeyMatching {
  /** Keys compare case-insensitively. */
  readonly caseInsensitive?: boolean;
  /** The part after the first `_` alone is compared. */
  readonly secretOnly?: boolean;
  /** A key that a known key starts with is taken as that key. */
  readonly shorter?: boolean;
  /** A key that starts with a known key is taken as that key. */
  readonly longer?: boolean;
}

/** spec 5.2 `<prefix>_<secret>`: the part after the first underscore. */
function secretOf(key: string): string {
  return key.slice(key.indexOf('_') + 1);
}

const BEARER = /^Bearer[ \t]+(\S+)[ \t]*$/i;

export function singleHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/**
 * spec 5.1: the key travels as `X-API-Key: <key>` or `Authorization: Bearer <key>`.
 * When both are present X-API-Key wins. Empty values count as absent.
 */
export function extractKey(request: FastifyRequest, bearerRecognised = true, apiKeyRecognised = true): string | undefined {
  const apiKey = apiKeyRecognised ? singleHeader(request.headers['x-api-key'])?.trim() : undefined;
  if (apiKey !== undefined && apiKey !== '') return apiKey;
  if (!bearerRecognised) return undefined;
  const authorization = singleHeader(request.headers.authorization);
  const match = authorization === undefined ? null : BEARER.exec(authorization.trim());
  return match?.[1];
}

/** onRequest hook: refuses a missing, malformed or unknown key with 401 (spec 5), as the auth policy says. */
export function authHook(registry: KeyRegistry, policy: AuthPolicy): onRequestAsyncHookHandler {
  return async (request) => {
    const apiKeyRecognised = policy.apiKeyHeader === 'every-method' || (policy.apiKeyHeader === 'reads-only' && request.method === 'GET');
    const key = extractKey(request, policy.bearerRecognised, apiKeyRecognised);
    if (key === undefined) {
      if (policy.keylessAdmitted.some((admitted) => admitted(request))) {
        request.auth = registry.fallback;
        return;
      }
      throw new ApiError(401, 'UNAUTHORIZED', 'missing API key: send X-API-Key or Authorization: Bearer');
    }
    if (!KEY_FORMAT.test(key)) {
      if (policy.malformedKeyAdmitted) {
        request.auth = registry.fallback;
        return;
      }
      throw new ApiError(401, 'UNAUTHORIZED', 'malformed API key: expected <prefix>_<secret>');
    }
    const context = registry.lookup(key, policy.matching);
    if (context === undefined) {
      if (policy.unknownKeyAdmitted) {
        request.auth = registry.fallback;
        return;
      }
      throw new ApiError(401, 'UNAUTHORIZED', 'unknown API key');
    }
    const adminOnly = context.admin ? undefined : policy.adminOnly.find((routes) => routes.matches(request));
    if (adminOnly !== undefined) throw forbidden(adminOnly.message);
    request.auth = context;
  };
}

/** For handlers behind the hook: the caller, or a 401 if the hook was somehow skipped. */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (request.auth === null) throw new ApiError(401, 'UNAUTHORIZED', 'missing API key');
  return request.auth;
}
