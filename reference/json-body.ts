import type { FastifyInstance } from 'fastify';
import { ApiError } from './errors.js';
import type { BodyPolicy } from './body.faults.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes no body or an optional one (spec 4.2: approve has "No body",
     * reject an optional one): an empty JSON body means "no body" there too.
     */
    bodyOptional?: boolean;
  }
}

/** Methods whose empty JSON body means "no body" rather than malformed JSON. */
const BODYLESS = new Set(['DELETE', 'GET', 'HEAD', 'OPTIONS']);

/**
 * Replaces Fastify's JSON parser so that a malformed body is always a 400 INVALID_JSON
 * (or what the body policy answers instead). Records are built from known
 * fields only, so a `__proto__` key in the input is never merged anywhere.
 */
export function installJsonParser(app: FastifyInstance, policy: BodyPolicy): void {
  // JSON only: any other media type is a 415 rather than a string body
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') {
      if (BODYLESS.has(request.method) || request.routeOptions.config.bodyOptional === true) {
        done(null, undefined);
        return;
      }
      done(malformed(policy, 'request body is empty; expected JSON'), undefined);
      return;
    }
    try {
      done(null, JSON.parse(text));
    } catch (error) {
      done(malformed(policy, `request body is not valid JSON: ${(error as Error).message}`), undefined);
    }
  });
}

function malformed(policy: BodyPolicy, message: string): ApiError {
  if (policy.malformedJsonStatus === 500) return new ApiError(500, 'INTERNAL_ERROR', message);
  return new ApiError(400, 'INVALID_JSON', message);
}
