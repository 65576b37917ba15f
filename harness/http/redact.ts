/**
 * Hides API keys and webhook secrets in everything the harness writes.
 * A key `<prefix>_<secret>` is shown as `<prefix>_****` so the reader still knows which kind it was.
 */
// Up to a quote, whitespace, a delimiter or a backslash (so JSON escapes such as `\"` around it
// stay intact), except a JSON encoder's `\/`: a secret with other characters is still masked whole.
const WEBHOOK_SECRET = /whsec_(?:[^\s"'<>,;&)}\]\\]|\\\/)+/g;

export function maskSecret(secret: string): string {
  const underscore = secret.indexOf('_');
  return underscore > 0 && underscore < 16 ? `${secret.slice(0, underscore)}_****` : '****';
}

export class Redactor {
  readonly #secrets: string[];

  constructor(secrets: Iterable<string | undefined>) {
    const given = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= 4);
    // A target may echo only the secret part of `<prefix>_<secret>`: it is masked too,
    // when long enough not to be ordinary text.
    const parts = given.map((s) => (maskSecret(s) === '****' ? '' : s.slice(s.indexOf('_') + 1))).filter((p) => p.length >= 12);
    // Longest first, so a secret that contains another is replaced whole.
    this.#secrets = [...new Set([...given, ...parts])].sort((a, b) => b.length - a.length);
  }

  /** A redactor that also knows `more` secrets (for example a webhook secret just received). */
  with(more: Iterable<string | undefined>): Redactor {
    return new Redactor([...this.#secrets, ...more]);
  }

  redact(text: string): string {
    let out = text;
    for (const secret of this.#secrets) out = out.split(secret).join(maskSecret(secret));
    return out.replace(WEBHOOK_SECRET, 'whsec_****');
  }

  /** Header values that carry credentials are masked whatever they hold. */
  redactHeader(name: string, value: string): string {
    const lower = name.toLowerCase();
    if (lower === 'x-api-key') return value === '' ? value : maskSecret(value);
    if (lower === 'authorization') {
      const match = /^(\S+)\s+(.*)$/.exec(value);
      return match ? `${match[1]} ${match[2] === '' ? '' : maskSecret(match[2]!)}` : maskSecret(value);
    }
    return this.redact(value);
  }
}
