import { InternalError } from '../errors.js';
import fc from 'fast-check';

/**
 * Building blocks for valid values. Values are valid by construction (no filters) and avoid
 * characters a correct server may legitimately normalise (surrounding spaces, control characters,
 * upper-case e-mail domains), so a round trip can be compared exactly.
 */

const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789éüøßñçÅ';
const INNER = `${LETTERS} .,'&()-`;

const letter = fc.constantFrom(...LETTERS);

/** Text of 1..max characters that starts and ends with a letter or digit. */
export function text(maxLength = 40): fc.Arbitrary<string> {
  if (maxLength < 2) return letter;
  return fc.oneof(
    letter,
    fc.tuple(letter, fc.string({ unit: fc.constantFrom(...INNER), maxLength: Math.max(0, maxLength - 2) }), letter).map(([a, b, c]) => a + b + c),
  );
}

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const label = fc.string({ unit: lower, minLength: 1, maxLength: 12 });

/** A plain address every e-mail validator accepts: `local@label.example`. */
export function email(): fc.Arbitrary<string> {
  // Eight hex digits in the local part that never shrink: a server may keep e-mails unique (the spec does not say).
  const suffix = fc.noShrink(fc.string({ unit: hex, minLength: 8, maxLength: 8 }));
  return fc
    .tuple(label, fc.option(label, { nil: undefined }), suffix, label, fc.constantFrom('com', 'org', 'io', 'example'))
    .map(([local, dotted, digits, domain, tld]) => `${local}${dotted ? `.${dotted}` : ''}.${digits}@${domain}.${tld}`);
}

/** An absolute https URL with a path (so no normaliser adds a trailing slash). */
export function url(): fc.Arbitrary<string> {
  return fc
    .tuple(label, fc.constantFrom('com', 'org', 'example'), fc.array(label, { minLength: 1, maxLength: 3 }))
    .map(([host, tld, path]) => `https://${host}.${tld}/${path.join('/')}`);
}

/** The body with the run tag appended to `tags` (everything the run creates is findable). */
export function withRunTag<T extends { tags?: string[] | undefined }>(body: T, runTag: string | undefined): T {
  return runTag === undefined ? body : { ...body, tags: [...(body.tags ?? []), runTag] };
}

/**
 * One tag: a lower-case `[a-z0-9-]` label (letters or digits, inner hyphens). Spec 2 types tags as
 * plain strings; a server may rightly normalise them (lower case, slugs, trimmed), so only values
 * every such normaliser leaves alone are sent and compared exactly.
 */
export function tag(): fc.Arbitrary<string> {
  const part = fc.string({ unit: lower, minLength: 1, maxLength: 8 });
  return fc.array(part, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('-'));
}

/** Tags: distinct, so a server that de-duplicates or sorts still returns the same set. */
export function tags(): fc.Arbitrary<string[]> {
  return fc.uniqueArray(tag(), { maxLength: 4 });
}

const hex = fc.constantFrom(...'0123456789abcdef');

/**
 * A short token of a run (from its run tag): the part of `identifier()` values that differs
 * between runs even when they share a seed. Empty without a run tag.
 */
export function runSalt(runTag: string | undefined): string {
  if (runTag === undefined) return '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < runTag.length; i++) hash = Math.imul(hash ^ runTag.charCodeAt(i), 0x01000193) >>> 0;
  return hash.toString(36).padStart(7, '0').slice(-5);
}

/**
 * Text for fields a server may plausibly keep unique (names, external user ids, tax numbers): the
 * spec states no uniqueness, but a server that enforces it answers 409 to a repeated value, and
 * `text()` repeats short values often. A `text()` stem, then `-`, the run's salt (see `runSalt`)
 * and 8 seeded hex digits, at most `maxLength` characters. The suffix never shrinks, so a shrinking
 * property does not send the same value twice either.
 */
export function identifier(maxLength = 40, salt = ''): fc.Arbitrary<string> {
  const suffixLength = salt.length + 8;
  if (maxLength < suffixLength + 2) throw new InternalError(`identifier(${maxLength}) leaves no room for its ${suffixLength}-character suffix`);
  const suffix = fc.noShrink(fc.string({ unit: hex, minLength: 8, maxLength: 8 }));
  return fc.tuple(text(maxLength - suffixLength - 1), suffix).map(([stem, digits]) => `${stem}-${salt}${digits}`);
}

export function uuid(): fc.Arbitrary<string> {
  return fc.uuid({ version: 4 });
}

/** Strings no UUID parser accepts. */
export function nonUuid(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('not-a-uuid', '12345', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '00000000-0000-0000-0000-00000000000'),
    fc.uuid({ version: 4 }).map((u) => u.replace(/-/g, '').slice(0, 20)),
    fc.uuid({ version: 4 }).map((u) => `${u}x`),
  );
}

/** Strings that are not e-mail addresses under any reading. */
export function nonEmail(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('plainaddress', 'missing-at.example.com', '@example.com', 'user@', 'two@@example.com', 'sp ace@example.com'),
    label.map((l) => `${l}.example.com`),
  );
}

/** Strings that are not absolute URLs under any reading. */
export function nonUrl(): fc.Arbitrary<string> {
  return fc.oneof(fc.constantFrom('not a url', 'just-text', '://missing-scheme.example', 'http//no-colon'), label);
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A real calendar date `YYYY-MM-DD` between 2000 and 2030 (spec `<date>`). */
export function realDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

/**
 * A real calendar date from 2000 to 2024: in the past in every time zone. For records of work
 * done (time entries, spec 2.3): the spec does not forbid future ones, but a server may.
 */
export function pastDate(): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2024-12-31T00:00:00Z'), noInvalidDate: true })
    .map((d) => d.toISOString().slice(0, 10));
}

/** The impossible or malformed dates the spec's "real calendar date" rule must reject. */
export const IMPOSSIBLE_DATES = ['2023-02-29', '2024-02-30', '2024-04-31', '2024-13-01', '2024-00-10', '2024-1-5'] as const;

/** Dates that do not exist (or are not `YYYY-MM-DD`): the listed ones and generated ones. */
export function impossibleDate(): fc.Arbitrary<string> {
  const year = fc.integer({ min: 2000, max: 2030 });
  return fc.oneof(
    fc.constantFrom(...IMPOSSIBLE_DATES),
    fc.tuple(year, fc.constantFrom(4, 6, 9, 11)).map(([y, m]) => `${y}-${pad(m)}-31`),
    fc.tuple(year, fc.constantFrom(30, 31)).map(([y, d]) => `${y}-02-${d}`),
    fc.constantFrom(2001, 2002, 2003, 2005, 2021, 2022, 2023, 2025).map((y) => `${y}-02-29`),
    fc.tuple(year, fc.integer({ min: 13, max: 99 })).map(([y, m]) => `${y}-${pad(m)}-01`),
    realDate()
      .map((d) => d.replace(/-0(\d)-/, '-$1-'))
      .filter((d) => !/^\d{4}-\d{2}-/.test(d)),
    fc.constantFrom('2024/03/01', '01-03-2024', '20240301', 'yesterday'),
  );
}

/** `HH:MM`, 24-hour (spec 2.3). */
export function hhmm(): fc.Arbitrary<string> {
  return fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${pad(h)}:${pad(m)}`);
}

/** `HH:MM:SS` (accepted by batch items, spec 4.10). */
export function hhmmss(): fc.Arbitrary<string> {
  return fc.tuple(hhmm(), fc.integer({ min: 0, max: 59 })).map(([t, s]) => `${t}:${pad(s)}`);
}

/** Times that are not `HH:MM` with hours 00-23 and minutes 00-59. */
export function badHhmm(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('24:00', '12:60', '7:05', '25:00', '12:5', 'noon', '1200'),
    fc.tuple(fc.integer({ min: 24, max: 99 }), fc.integer({ min: 0, max: 59 })).map(([h, m]) => `${h}:${pad(m)}`),
    fc.tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 60, max: 99 })).map(([h, m]) => `${pad(h)}:${m}`),
  );
}

/** A money amount from `min` (default 0) to `max` with at most two decimals (exact in binary floating point round trips). */
export function amount(max = 100_000, min = 0): fc.Arbitrary<number> {
  return fc.integer({ min: Math.round(min * 100), max: max * 100 }).map((cents) => cents / 100);
}

/** A 3-character currency code (spec: "string of exactly 3 characters"). */
export function currency(): fc.Arbitrary<string> {
  return fc.constantFrom('EUR', 'USD', 'GBP', 'CHF', 'SEK', 'JPY');
}

/** Strings that are not exactly 3 characters long. */
export function badCurrency(): fc.Arbitrary<string> {
  return fc.constantFrom('', 'EU', 'EURO', 'E', 'US DOLLAR');
}
