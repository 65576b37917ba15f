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
    fc
      .tuple(letter, fc.string({ unit: fc.constantFrom(...INNER), maxLength: Math.max(0, maxLength - 2) }), letter)
      .map(([a, b, c]) => a + b + c),
  );
}

const lower = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyz0123456789');
const label = fc.string({ unit: lower, minLength: 1, maxLength: 12 });

/** A plain address every e-mail validator accepts: `local@label.example`. */
export function email(): fc.Arbitrary<string> {
  return fc
    .tuple(label, fc.option(label, { nil: undefined }), label, fc.constantFrom('com', 'org', 'io', 'example'))
    .map(([local, dotted, domain, tld]) => `${local}${dotted ? `.${dotted}` : ''}@${domain}.${tld}`);
}

/** An absolute https URL with a path (so no normaliser adds a trailing slash). */
export function url(): fc.Arbitrary<string> {
  return fc
    .tuple(label, fc.constantFrom('com', 'org', 'example'), fc.array(label, { minLength: 1, maxLength: 3 }))
    .map(([host, tld, path]) => `https://${host}.${tld}/${path.join('/')}`);
}

/** Tags: distinct, so a server that de-duplicates or sorts still returns the same set. */
export function tags(): fc.Arbitrary<string[]> {
  return fc.uniqueArray(text(20), { maxLength: 4 });
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
