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
  /** Each secret's mask, in the order of `#secrets` (built once: redact runs on every text the harness keeps). */
  readonly #masks: string[];

  constructor(secrets: Iterable<string | undefined>) {
    const given = [...secrets].filter((s): s is string => typeof s === 'string' && s.length >= 4);
    // A target may echo only the secret part of `<prefix>_<secret>`: it is masked too,
    // when long enough not to be ordinary text.
    const parts = given.map((s) => (maskSecret(s) === '****' ? '' : s.slice(s.indexOf('_') + 1))).filter((p) => p.length >= 12);
    // Longest first, so a secret that contains another is replaced whole.
    this.#secrets = [...new Set([...given, ...parts])].sort((a, b) => b.length - a.length);
    this.#masks = this.#secrets.map(maskSecret);
  }

  /** A redactor that also knows `more` secrets (for example a webhook secret just received). */
  with(more: Iterable<string | undefined>): Redactor {
    return new Redactor([...this.#secrets, ...more]);
  }

  redact(text: string): string {
    let out = text;
    // Replaced one secret after another, longest first, as before; a text that holds a secret
    // nowhere (most of them) is only searched, never split and joined.
    for (let i = 0; i < this.#secrets.length; i++) {
      const secret = this.#secrets[i]!;
      if (out.includes(secret)) out = out.split(secret).join(this.#masks[i]);
    }
    return out.includes('whsec_') ? out.replace(WEBHOOK_SECRET, 'whsec_****') : out;
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
