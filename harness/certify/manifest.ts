import { ManifestError } from '../errors.js';
import { createHash } from 'node:crypto';

/*
 * MANIFEST.sha256: the SHA-256 of every file of a bundle in `sha256sum` format, so
 * `sha256sum -c MANIFEST.sha256` checks a bundle without this tool. The signature covers these
 * bytes, so it covers every file through them.
 */

export const MANIFEST_FILE = 'MANIFEST.sha256';
export const SIGNATURE_FILE = 'SIGNATURE';
/** Never listed: the manifest cannot hash itself, and the signature is made over it. */
export const UNLISTED_FILES: readonly string[] = [MANIFEST_FILE, SIGNATURE_FILE];

/** A plain file name: no directory, no leading dot, nothing a shell or sha256sum would escape. */
export const PLAIN_NAME = /^[A-Za-z0-9_][A-Za-z0-9._-]{0,99}$/;

export interface ManifestEntry {
  readonly name: string;
  readonly sha256: string;
}

const byName = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

export function sha256Of(data: Uint8Array | string): string {
  return createHash('sha256').update(data).digest('hex');
}

/** `<hex>  <name>` per file, sorted by name, MANIFEST.sha256 and SIGNATURE left out, final newline. */
export function renderManifest(files: ReadonlyMap<string, Uint8Array | string>): string {
  const names = [...files.keys()].filter((n) => !UNLISTED_FILES.includes(n)).sort(byName);
  for (const name of names) {
    if (!PLAIN_NAME.test(name)) throw new ManifestError(`cannot list ${JSON.stringify(name)}: not a plain file name`);
  }
  return names.map((name) => `${sha256Of(files.get(name)!)}  ${name}\n`).join('');
}

/**
 * Entries of a manifest, in file order. Accepts what `sha256sum` writes for plain names
 * (`<hex>  <name>` and the binary-mode `<hex> *<name>`), upper-case hex too; refuses anything
 * else with the line number, and a name listed twice.
 */
export function parseManifest(text: string): ManifestEntry[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const seen = new Set<string>();
  const entries: ManifestEntry[] = [];
  lines.forEach((line, i) => {
    const m = /^([0-9a-fA-F]{64}) [ *](.+)$/.exec(line);
    if (m === null) throw new ManifestError(`${MANIFEST_FILE} line ${i + 1}: expected "<sha-256 in hex>  <file name>"`);
    const name = m[2]!;
    if (!PLAIN_NAME.test(name)) throw new ManifestError(`${MANIFEST_FILE} line ${i + 1}: ${JSON.stringify(name)} is not a plain file name`);
    if (seen.has(name)) throw new ManifestError(`${MANIFEST_FILE} line ${i + 1}: ${name} is listed twice`);
    seen.add(name);
    entries.push({ name, sha256: m[1]!.toLowerCase() });
  });
  return entries;
}

export interface ManifestComparison {
  /** Listed, present, but the content hashes differently. */
  readonly changed: string[];
  /** Listed but not in the bundle. */
  readonly missing: string[];
  /** In the bundle but not listed (MANIFEST.sha256 and SIGNATURE excepted). */
  readonly unlisted: string[];
}

/** How a bundle's files differ from its manifest; all empty when they match. */
export function compareManifest(entries: readonly ManifestEntry[], files: ReadonlyMap<string, Uint8Array | string>): ManifestComparison {
  const listed = new Set(entries.map((e) => e.name));
  const changed: string[] = [];
  const missing: string[] = [];
  for (const entry of entries) {
    const data = files.get(entry.name);
    if (data === undefined) missing.push(entry.name);
    else if (sha256Of(data) !== entry.sha256) changed.push(entry.name);
  }
  const unlisted = [...files.keys()].filter((n) => !listed.has(n) && !UNLISTED_FILES.includes(n)).sort(byName);
  return { changed: changed.sort(byName), missing: missing.sort(byName), unlisted };
}
