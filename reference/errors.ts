/**
 * HTTP error bodies. The spec (part 7) leaves the error body shape and codes open, so
 * the reference server uses one shape everywhere:
 *   { "error": { "code": "...", "message": "...", "issues"?: [{ "path", "message" }] } }
 */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'INVALID_JSON',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'BAD_REQUEST',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/** One problem with the input; `path` is dot-separated ("name", "tags.0"), "" for the whole body. */
export interface Issue {
  path: string;
  message: string;
}

export interface ErrorBody {
  error: {
    code: ErrorCode;
    message: string;
    issues?: Issue[];
  };
}

export function errorBody(code: ErrorCode, message: string, issues?: readonly Issue[]): ErrorBody {
  return issues === undefined ? { error: { code, message } } : { error: { code, message, issues: [...issues] } };
}

/** Thrown by hooks and handlers; the app's error handler turns it into a response. */
export class ApiError extends Error {
  readonly statusCode: number;
  readonly code: ErrorCode;
  readonly issues: Issue[] | undefined;

  constructor(statusCode: number, code: ErrorCode, message: string, issues?: readonly Issue[]) {
    // A 4xx is an answer, not a fault: no stack is captured for it (the suites draw many refused
    // requests; capturing was a quarter of a second of the server's CPU in a local functional run).
    const limit = Error.stackTraceLimit;
    if (statusCode < 500) Error.stackTraceLimit = 0;
    try {
      super(message);
    } finally {
      Error.stackTraceLimit = limit;
    }
    this.name = 'ApiError';
    this.statusCode = statusCode;
    this.code = code;
    this.issues = issues === undefined ? undefined : [...issues];
  }

  toBody(): ErrorBody {
    return errorBody(this.code, this.message, this.issues);
  }
}

export function validationFailed(issues: readonly Issue[], statusCode = 400): ApiError {
  const code: ErrorCode = statusCode >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_FAILED';
  const summary = issues.map((i) => (i.path === '' ? i.message : `${i.path}: ${i.message}`)).join('; ');
  return new ApiError(statusCode, code, `request validation failed: ${summary}`, issues);
}

/** spec 5.5: the key is known but lacks the permission (admin) the operation needs. */
export function forbidden(message: string): ApiError {
  return new ApiError(403, 'FORBIDDEN', message);
}

export function notFound(what: string): ApiError {
  return new ApiError(404, 'NOT_FOUND', `${what} not found`);
}

/** The request is valid but the record's current state refuses it (variant transitions-terminal-409). */
export function conflict(message: string): ApiError {
  return new ApiError(409, 'CONFLICT', message);
}
