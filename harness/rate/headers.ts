/** The rate headers of spec 8, lower-case as the HTTP client stores them. */
export const RATE_HEADERS = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'] as const;
export type RateHeaderName = (typeof RATE_HEADERS)[number];

export interface RateHeaderValues {
  readonly limit: number | undefined;
  readonly remaining: number | undefined;
  readonly reset: number | undefined;
}

export interface RateHeaderReading {
  readonly values: RateHeaderValues;
  /** One line per missing or non-integer header, e.g. `X-RateLimit-Reset missing`. */
  readonly problems: readonly string[];
}

const DISPLAY: Record<RateHeaderName, string> = {
  'x-ratelimit-limit': 'X-RateLimit-Limit',
  'x-ratelimit-remaining': 'X-RateLimit-Remaining',
  'x-ratelimit-reset': 'X-RateLimit-Reset',
};

function integerOf(name: RateHeaderName, raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) {
    problems.push(`${DISPLAY[name]} missing`);
    return undefined;
  }
  if (!/^[0-9]+$/.test(raw.trim())) {
    problems.push(`${DISPLAY[name]} is not a non-negative integer (${JSON.stringify(raw.slice(0, 40))})`);
    return undefined;
  }
  return Number(raw.trim());
}

/** Reads the three headers; each must be present and a non-negative integer. */
export function readRateHeaders(headers: Readonly<Record<string, string>>): RateHeaderReading {
  const problems: string[] = [];
  return {
    values: {
      limit: integerOf('x-ratelimit-limit', headers['x-ratelimit-limit'], problems),
      remaining: integerOf('x-ratelimit-remaining', headers['x-ratelimit-remaining'], problems),
      reset: integerOf('x-ratelimit-reset', headers['x-ratelimit-reset'], problems),
    },
    problems,
  };
}
