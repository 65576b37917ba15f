/**
 * `X-RateLimit-Reset` has no form in the spec (8): a delay or an instant, in whichever notation
 * a server prefers. These are the readings servers use; the suite records which one the target
 * chose as an observation and never fails a target for its choice, only for a value that fits
 * none of them or names a moment no per-minute limiter could mean.
 */
export type ResetUnit =
  | 'delta-seconds'
  | 'delta-milliseconds'
  | 'epoch-seconds'
  | 'epoch-milliseconds'
  /** RFC 9110 5.6.7 (IMF-fixdate, or the obsolete RFC 850 and asctime forms). */
  | 'http-date'
  /** ISO 8601 / RFC 3339 date-time with an offset (`Z`, `+01:00`), with or without fractional seconds. */
  | 'iso-8601';

export interface ResetReading {
  readonly unit: ResetUnit;
  /** Time until the window resets by that reading; never negative. */
  readonly msUntilReset: number;
  /**
   * How much later the reset may be than msUntilReset says: a value in whole seconds, truncated
   * by the server, hides up to a second (1 ms for milliseconds, less for finer fractions). A
   * wait that must be sure the reset has passed adds it.
   */
  readonly precisionMs: number;
  /** The value had a fractional part (`12.5`, `…T12:00:30.250Z`): noted in the observation. */
  readonly fractional?: boolean;
}

const EPOCH_MS_FROM = 1e12;
const EPOCH_S_FROM = 1e9;
/** Deltas up to this many are read as seconds (a minute window has at most 60). */
const MAX_DELTA_SECONDS = 3600;

/**
 * Farthest a reset may lie ahead: a per-minute limit (spec 8) gives its budget back within a
 * minute whatever the design; an hour is far past any reading or rounding of that.
 */
export const MAX_RESET_AHEAD_MS = 3_600_000;
/**
 * How far in the past an instant may lie before it is wrong: the Date header (or this client's
 * clock, without one) and the value each have whole-second precision, and clocks disagree a little.
 */
const PAST_ALLOWANCE_WITH_DATE_MS = 2000;
const PAST_ALLOWANCE_WITHOUT_DATE_MS = 5000;

const NUMBER = /^[0-9]+(\.[0-9]+)?$/;
/** RFC 3339 (ISO 8601 profile): a date-time with seconds optional, fraction optional, offset required. */
const ISO_8601 = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?([Zz]|[+-]\d{2}(?::?\d{2})?)$/;
/** IMF-fixdate `Sun, 06 Nov 1994 08:49:37 GMT`, RFC 850 `Sunday, 06-Nov-94 08:49:37 GMT`, asctime `Sun Nov  6 08:49:37 1994`. */
const HTTP_DATE = [
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday), \d{2}-(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)-\d{2} \d{2}:\d{2}:\d{2} GMT$/,
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) [ \d]\d \d{2}:\d{2}:\d{2} \d{4}$/,
];

/** Precision of a decimal value in `unitMs`: a whole number hides one unit, `12.5` a tenth of one. */
function precisionOf(text: string, unitMs: number): number {
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0;
  return Math.max(1, unitMs / 10 ** decimals);
}

/** An instant, parsed from a date form: epoch ms, or undefined when the text is no such date. */
function instantOf(
  text: string,
): { readonly unit: 'http-date' | 'iso-8601'; readonly ms: number; readonly precisionMs: number; readonly fractional: boolean } | undefined {
  const iso = ISO_8601.exec(text);
  if (iso !== null) {
    const [, y, mo, d, h, mi, s = '00', fraction = '', zone = 'Z'] = iso;
    const offset = /^[zZ]$/.test(zone) ? 'Z' : zone.length === 3 ? `${zone}:00` : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
    // An impossible day or time (2026-02-30, 24:00) is no instant, whatever Date.parse rolls it over to.
    const day = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
    if (day.getUTCMonth() !== Number(mo) - 1 || day.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return undefined;
    const ms = Date.parse(`${y}-${mo}-${d}T${h}:${mi}:${s}${fraction.slice(0, 4)}${offset}`);
    if (Number.isNaN(ms)) return undefined;
    return { unit: 'iso-8601', ms, precisionMs: fraction === '' ? 1000 : precisionOf(`0${fraction}`, 1000), fractional: fraction !== '' };
  }
  if (HTTP_DATE.some((form) => form.test(text))) {
    const ms = Date.parse(text);
    if (!Number.isNaN(ms)) return { unit: 'http-date', ms, precisionMs: 1000, fractional: false };
  }
  return undefined;
}

/**
 * How long until the reset, by the most plausible reading of the value: a number by its
 * magnitude (seconds or milliseconds, a delay or an epoch instant), a date by its own clock.
 * Undefined when the value fits no form. Instants are measured from `nowMs` (this client's clock).
 */
export function interpretReset(reset: number | string, nowMs: number = Date.now()): ResetReading {
  const reading = readReset(reset, nowMs);
  if (reading === undefined) return { unit: 'delta-seconds', msUntilReset: 0, precisionMs: 1000 };
  return reading;
}

/** Like interpretReset, but undefined for a value that fits no form (the caller says so). */
export function readReset(reset: number | string, nowMs: number = Date.now()): ResetReading | undefined {
  const text = typeof reset === 'number' ? String(reset) : reset.trim();
  if (NUMBER.test(text)) {
    const value = Number(text);
    const fractional = text.includes('.');
    const extra = fractional ? { fractional: true } : {};
    if (value >= EPOCH_MS_FROM)
      return { unit: 'epoch-milliseconds', msUntilReset: Math.max(0, Math.round(value - nowMs)), precisionMs: precisionOf(text, 1), ...extra };
    if (value >= EPOCH_S_FROM)
      return { unit: 'epoch-seconds', msUntilReset: Math.max(0, Math.round(value * 1000 - nowMs)), precisionMs: precisionOf(text, 1000), ...extra };
    if (value <= MAX_DELTA_SECONDS) return { unit: 'delta-seconds', msUntilReset: Math.round(value * 1000), precisionMs: precisionOf(text, 1000), ...extra };
    return { unit: 'delta-milliseconds', msUntilReset: Math.round(value), precisionMs: precisionOf(text, 1), ...extra };
  }
  const instant = instantOf(text);
  if (instant === undefined) return undefined;
  return {
    unit: instant.unit,
    msUntilReset: Math.max(0, instant.ms - nowMs),
    precisionMs: instant.precisionMs,
    ...(instant.fractional ? { fractional: true } : {}),
  };
}

/** The instant a reset value names, when it names one (epoch and date forms), in epoch ms. */
function namedInstant(text: string): number | undefined {
  if (NUMBER.test(text)) {
    const value = Number(text);
    if (value >= EPOCH_MS_FROM) return value;
    if (value >= EPOCH_S_FROM) return value * 1000;
    return undefined;
  }
  return instantOf(text)?.ms;
}

/**
 * What is wrong with one X-RateLimit-Reset value, or undefined when it is a reasonable reset:
 * a form above, not more than a little in the past (against the response's Date header, or
 * without one the moment it arrived, when known; allowing for whole-second precision and skew),
 * not absurdly far ahead. The problem quotes the value.
 */
export function resetProblem(raw: string, dateHeader: string | undefined, receivedAt?: number): string | undefined {
  const text = raw.trim();
  const quoted = JSON.stringify(raw.slice(0, 60));
  const reading = readReset(text, receivedAt ?? Date.now());
  if (reading === undefined) {
    return `X-RateLimit-Reset ${quoted} is no reset form this suite knows (delta or epoch seconds or milliseconds, fractional or not; an HTTP date; an ISO 8601 date-time with an offset)`;
  }
  const instant = namedInstant(text);
  if (instant !== undefined) {
    const serverNow = dateHeader === undefined ? Number.NaN : Date.parse(dateHeader);
    const hasDate = !Number.isNaN(serverNow);
    // Without a Date header only the moment the answer arrived measures the value; a response
    // read later without it cannot say whether its instant was already past.
    if (!hasDate && receivedAt === undefined) return undefined;
    const reference = hasDate ? serverNow : receivedAt!;
    const allowance = hasDate ? PAST_ALLOWANCE_WITH_DATE_MS : PAST_ALLOWANCE_WITHOUT_DATE_MS;
    const against = hasDate ? `the response's Date ${dateHeader!.trim()}` : "this client's clock (no Date header)";
    if (instant < reference - allowance)
      return `X-RateLimit-Reset ${quoted} (${reading.unit}) names an instant ${((reference - instant) / 1000).toFixed(1)} s before ${against}: a reset in the past`;
    if (instant - reference > MAX_RESET_AHEAD_MS)
      return `X-RateLimit-Reset ${quoted} (${reading.unit}) names an instant ${Math.round((instant - reference) / 1000)} s after ${against}: more than an hour away, which no per-minute limit (spec 8) means`;
    return undefined;
  }
  if (reading.msUntilReset > MAX_RESET_AHEAD_MS)
    return `X-RateLimit-Reset ${quoted} (${reading.unit}) is a delay of ${Math.round(reading.msUntilReset / 1000)} s: more than an hour, which no per-minute limit (spec 8) means`;
  return undefined;
}

/** How the observation names the form: the unit, and whether it had a fraction. */
export function resetForm(reading: ResetReading): string {
  return reading.fractional === true ? `${reading.unit} (fractional)` : reading.unit;
}
