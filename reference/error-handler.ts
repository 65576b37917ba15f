import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, errorBody, type ErrorCode, type Issue } from './errors.js';
import { pointerToPath } from './validation.js';

interface FastifyValidationItem {
  instancePath?: string;
  message?: string;
  params?: { missingProperty?: string };
}

/** Fastify's own error codes that are the client's fault. */
const FASTIFY_CLIENT_ERRORS: Record<string, { status: number; code: ErrorCode }> = {
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: 'INVALID_JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: 'PAYLOAD_TOO_LARGE' },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: 'BAD_REQUEST' },
  FST_ERR_BAD_URL: { status: 400, code: 'BAD_REQUEST' },
  // an over-long path parameter cannot name a record
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, code: 'NOT_FOUND' },
};

function fastifyValidationIssues(items: readonly FastifyValidationItem[]): Issue[] {
  return items.map((item) => {
    const base = pointerToPath(item.instancePath ?? '');
    const missing = item.params?.missingProperty;
    if (missing !== undefined) return { path: base === '' ? missing : `${base}.${missing}`, message: 'is required' };
    return { path: base, message: item.message ?? 'is invalid' };
  });
}

function statusCodeOf(error: unknown): number | undefined {
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** Maps every error to the common body; anything unexpected is a 500. */
export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toBody());

  const fastifyError = error as Partial<FastifyError> | null;
  if (Array.isArray(fastifyError?.validation)) {
    const issues = fastifyValidationIssues(fastifyError.validation as FastifyValidationItem[]);
    return reply.code(400).send(errorBody('VALIDATION_FAILED', fastifyError.message ?? 'request validation failed', issues));
  }
  const known = typeof fastifyError?.code === 'string' ? FASTIFY_CLIENT_ERRORS[fastifyError.code] : undefined;
  if (known !== undefined) {
    return reply.code(known.status).send(errorBody(known.code, fastifyError?.message ?? 'bad request'));
  }
  const status = statusCodeOf(error);
  if (status !== undefined && status >= 400 && status < 500) {
    const code: ErrorCode = status === 404 ? 'NOT_FOUND' : status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST';
    return reply.code(status).send(errorBody(code, fastifyError?.message ?? 'bad request'));
  }
  request.log.error({ err: error }, 'unhandled error');
  return reply.code(500).send(errorBody('INTERNAL_ERROR', 'internal server error'));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply): FastifyReply {
  return reply.code(404).send(errorBody('NOT_FOUND', `route ${request.method} ${request.url.split('?')[0]} not found`));
}

/** Fastify's router errors (bad URL encoding, over-long parameter) happen before any hook. */
export function handleFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void handleError(error, request, reply);
}
