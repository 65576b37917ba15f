import { resetProblem } from './reset.js';

/** The rate headers of spec 8, lower-case as the HTTP client stores them. */
export const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
export type RateHeaderName = (typeof RATE_HEADERS)[number];

export interface RateHeaderValues {
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  /**
   * X-RateLimit-Reset as sent (trimmed), when it is a reasonable reset in one of the forms
   * harness/rate/reset.ts reads (a delay or an instant; the spec does not show which): read it
   * with interpretReset.
   */
  readonly reset: string | undefined;
}

export interface RateHeaderReading {
  readonly values: RateHeaderValues;
  /** One line per missing or unreadable header, e.g. `X-RateLimit-Reset missing`, each quoting the value. */
  readonly problems: readonly string[];
}

const DISPLAY: Record<RateHeaderName, string> = {
  'x-ratelimit-limit': 'X-RateLimit-Limit',
  'x-ratelimit-remaining': 'X-RateLimit-Remaining',
  'x-ratelimit-reset': 'X-RateLimit-Reset',
};

/**
 * A non-negative integer; a trailing policy after a comma (`60, 60;w=60`, the IETF RateLimit
 * draft's style) still says 60.
 */
const COUNT = /^([0-9]+)\s*(?:,.*)?$/;

function integerOf(name: RateHeaderName, raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) {
    problems.push(`${DISPLAY[name]} missing`);
    return undefined;
  }
  const match = COUNT.exec(raw.trim());
  if (match === null) {
    problems.push(`${DISPLAY[name]} is not a non-negative integer (${JSON.stringify(raw.slice(0, 40))})`);
    return undefined;
  }
  return Number(match[1]);
}

function resetOf(raw: string | undefined, date: string | undefined, receivedAt: number | undefined, problems: string[]): string | undefined {
  if (raw === undefined) {
    problems.push('X-RateLimit-Reset missing');
    return undefined;
  }
  const problem = resetProblem(raw, date, receivedAt);
  if (problem !== undefined) {
    problems.push(problem);
    return undefined;
  }
  return raw.trim();
}

/**
 * Reads the three headers: Limit and Remaining each a non-negative integer, Reset a reasonable
 * reset in any form a server may choose (judged against the response's Date header, or
 * `receivedAt`, the epoch ms the answer arrived, when the caller knows it).
 */
export function readRateHeaders(headers: Readonly<Record<string, string>>, receivedAt?: number): RateHeaderReading {
  const problems: string[] = [];
  return {
    values: {
      limit: integerOf('x-ratelimit-limit', headers['x-ratelimit-limit'], problems),
      remaining: integerOf('x-ratelimit-remaining', headers['x-ratelimit-remaining'], problems),
      reset: resetOf(headers['x-ratelimit-reset'], headers['date'], receivedAt, problems),
    },
    problems,
  };
}
