import { TarError } from '../errors.js';
import { promisify } from 'node:util';
import { gunzip as gunzipCallback, gzip as gzipCallback } from 'node:zlib';
import { PLAIN_NAME } from './manifest.js';

/*
 * A minimal ustar (POSIX.1-1988) writer and reader for bundles: regular files in one directory,
 * gzip from node:zlib, no dependency. The writer's output extracts with any tar; the reader takes
 * what this writer, GNU tar and bsdtar write for such a directory, in memory (verify never
 * extracts to disk), within bounds: total size, entry count, no absolute path, no `..`, no link.
 */

const gzip = promisify(gzipCallback);
const gunzip = promisify(gunzipCallback);

const BLOCK = 512;

export interface TarLimits {
  /** Largest total of file contents (and of the decompressed archive, less headers). */
  readonly maxBytes: number;
  /** Most headers (files, the directory, pax headers). */
  readonly maxEntries: number;
}

/** A full run's HAR is tens of MB; a bundle holds about ten files. */
export const DEFAULT_TAR_LIMITS: TarLimits = { maxBytes: 512 * 1024 * 1024, maxEntries: 256 };

export interface TarContents {
  /** The one directory the files are in, or null when they are at the top of the archive. */
  readonly directory: string | null;
  readonly files: Map<string, Buffer>;
}

/* ---------------------------------------------------------------------------------------------
 * Writing
 * ------------------------------------------------------------------------------------------- */

function writeString(block: Buffer, offset: number, length: number, value: string): void {
  const bytes = Buffer.from(value, 'utf8');
  if (bytes.length > length) throw new TarError(`${JSON.stringify(value)} is longer than ${length} bytes`);
  bytes.copy(block, offset);
}

function writeOctal(block: Buffer, offset: number, length: number, value: number): void {
  const digits = Math.floor(value).toString(8);
  if (digits.length > length - 1) throw new TarError(`${value} does not fit a ${length}-byte tar field`);
  writeString(block, offset, length, `${digits.padStart(length - 1, '0')}\0`);
}

function checksum(block: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  return sum;
}

function header(entry: { name: string; prefix: string; size: number; mode: number; mtime: number; type: '0' | '5' }): Buffer {
  const block = Buffer.alloc(BLOCK);
  writeString(block, 0, 100, entry.name);
  writeOctal(block, 100, 8, entry.mode);
  writeOctal(block, 108, 8, 0);
  writeOctal(block, 116, 8, 0);
  writeOctal(block, 124, 12, entry.size);
  writeOctal(block, 136, 12, entry.mtime);
  writeString(block, 156, 1, entry.type);
  writeString(block, 257, 6, 'ustar\0');
  writeString(block, 263, 2, '00');
  writeString(block, 345, 155, entry.prefix);
  writeString(block, 148, 8, `${checksum(block).toString(8).padStart(6, '0')}\0 `);
  return block;
}

/** `dir/name` in the name field when it fits, else the directory in the ustar prefix field. */
function splitPath(directory: string, name: string): { name: string; prefix: string } {
  const full = `${directory}/${name}`;
  return Buffer.byteLength(full) <= 100 ? { name: full, prefix: '' } : { name, prefix: directory };
}

export interface PackOptions {
  /** Modification time of every entry (default: the epoch, for byte-identical archives). */
  readonly mtime?: Date;
}

/**
 * An uncompressed ustar archive of `files` inside `directory` (a directory entry first, then the
 * files sorted by name), ending in two zero blocks.
 */
export function packTar(directory: string, files: ReadonlyMap<string, Uint8Array | string>, options: PackOptions = {}): Buffer {
  if (!/^[A-Za-z0-9_][A-Za-z0-9._-]*$/.test(directory) || Buffer.byteLength(directory) > 155)
    throw new TarError(`${JSON.stringify(directory)} is not a plain directory name`);
  const mtime = Math.floor((options.mtime?.getTime() ?? 0) / 1000);
  const parts: Buffer[] = [header({ ...splitPath(directory, ''), size: 0, mode: 0o755, mtime, type: '5' })];
  for (const name of [...files.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (!PLAIN_NAME.test(name)) throw new TarError(`${JSON.stringify(name)} is not a plain file name`);
    const data = Buffer.from(files.get(name)!);
    parts.push(header({ ...splitPath(directory, name), size: data.length, mode: 0o644, mtime, type: '0' }), data);
    const pad = (BLOCK - (data.length % BLOCK)) % BLOCK;
    if (pad > 0) parts.push(Buffer.alloc(pad));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** `packTar`, gzipped. */
export async function packTarGz(directory: string, files: ReadonlyMap<string, Uint8Array | string>, options: PackOptions = {}): Promise<Buffer> {
  return gzip(packTar(directory, files, options), { level: 9 });
}

/* ---------------------------------------------------------------------------------------------
 * Reading
 * ------------------------------------------------------------------------------------------- */

function readString(block: Buffer, offset: number, length: number): string {
  const field = block.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.subarray(0, end < 0 ? length : end).toString('utf8');
}

function readOctal(block: Buffer, offset: number, length: number, what: string): number {
  if ((block[offset]! & 0x80) !== 0) throw new TarError(`${what}: base-256 numbers are not supported`);
  const text = readString(block, offset, length).trim();
  if (text === '') return 0;
  if (!/^[0-7]+$/.test(text)) throw new TarError(`${what}: not an octal number`);
  return parseInt(text, 8);
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  '1': 'a hard link',
  '2': 'a symbolic link',
  '3': 'a character device',
  '4': 'a block device',
  '6': 'a FIFO',
  '7': 'a contiguous file',
  L: 'a GNU long name',
  K: 'a GNU long link name',
};

/** Refuses absolute paths, `..`, `.`, empty segments, backslashes and control characters. */
function pathSegments(path: string): string[] {
  const trimmed = path.replace(/^(\.\/)+/, '').replace(/\/$/, '');
  if (path.startsWith('/')) throw new TarError(`${JSON.stringify(path)}: absolute paths are refused`);
  if (trimmed === '') return [];
  if (/[\\\u0000-\u001f\u007f]/.test(trimmed)) throw new TarError(`${JSON.stringify(path)}: backslashes and control characters are refused`);
  const segments = trimmed.split('/');
  for (const s of segments) {
    if (s === '..') throw new TarError(`${JSON.stringify(path)}: ".." is refused`);
    if (s === '' || s === '.') throw new TarError(`${JSON.stringify(path)}: not a plain path`);
  }
  return segments;
}

/**
 * The regular files of an uncompressed ustar archive, all in one directory (or all at the top).
 * Throws TarError for anything else: a bad checksum, a truncated archive, a link or device, a
 * path that climbs out, files in more than one directory, a name twice, a bound exceeded.
 */
export function unpackTar(archive: Buffer, limits: TarLimits = DEFAULT_TAR_LIMITS): TarContents {
  const files = new Map<string, Buffer>();
  let directory: string | null | undefined;
  let total = 0;
  let entries = 0;
  let offset = 0;
  const inDirectory = (dir: string | null, path: string): void => {
    if (directory === undefined) directory = dir;
    else if (directory !== dir) throw new TarError(`${JSON.stringify(path)}: a bundle archive holds one directory of files`);
  };
  // Bounded: every round moves `offset` on by at least one block, or ends.
  for (;;) {
    if (offset + BLOCK > archive.length) {
      if (offset === archive.length && entries > 0) break; // no end blocks: tolerated
      throw new TarError(entries === 0 ? 'not a tar archive (too short)' : 'truncated archive');
    }
    const block = archive.subarray(offset, offset + BLOCK);
    if (block.every((b) => b === 0)) break;
    entries += 1;
    if (entries > limits.maxEntries) throw new TarError(`more than ${limits.maxEntries} entries`);
    // POSIX writes `ustar\0` + `00`, GNU tar `ustar ` + ` \0`.
    const magic = readString(block, 257, 6).trimEnd();
    if (magic !== 'ustar') throw new TarError(entries === 1 ? 'not a ustar archive' : `entry ${entries}: not a ustar header`);
    const stored = readOctal(block, 148, 8, `entry ${entries} checksum`);
    let signed = 0;
    for (let i = 0; i < BLOCK; i++) signed += i >= 148 && i < 156 ? 0x20 : (block[i]! << 24) >> 24;
    if (stored !== checksum(block) && stored !== signed) throw new TarError(`entry ${entries}: header checksum mismatch`);
    const size = readOctal(block, 124, 12, `entry ${entries} size`);
    const type = String.fromCharCode(block[156]!);
    const prefix = readString(block, 345, 155);
    const rawName = readString(block, 0, 100);
    const path = prefix === '' ? rawName : `${prefix}/${rawName}`;
    const dataStart = offset + BLOCK;
    const dataEnd = dataStart + size;
    if (dataEnd > archive.length) throw new TarError(`${JSON.stringify(path)}: truncated archive`);
    offset = dataStart + Math.ceil(size / BLOCK) * BLOCK;
    if (type === 'x' || type === 'g') {
      // pax extended headers (bsdtar writes them for extended attributes): the ustar fields
      // already hold these short plain names, so the records are bounded and skipped.
      total += size;
      if (total > limits.maxBytes) throw new TarError(`more than ${limits.maxBytes} bytes of content`);
      continue;
    }
    const segments = pathSegments(path);
    if (type === '5') {
      // `./` (tar -C dir .): the top of the archive itself.
      if (segments.length === 0) continue;
      if (segments.length !== 1) throw new TarError(`${JSON.stringify(path)}: nested directories are refused`);
      inDirectory(segments[0]!, path);
      continue;
    }
    if (type !== '0' && type !== '\0') throw new TarError(`${JSON.stringify(path)}: ${TYPE_NAMES[type] ?? `entry type ${JSON.stringify(type)}`} is refused`);
    if (segments.length === 0 || segments.length > 2) throw new TarError(`${JSON.stringify(path)}: not a file in one directory`);
    const name = segments.at(-1)!;
    inDirectory(segments.length === 2 ? segments[0]! : null, path);
    total += size;
    if (total > limits.maxBytes) throw new TarError(`more than ${limits.maxBytes} bytes of content`);
    if (files.has(name)) throw new TarError(`${JSON.stringify(path)}: listed twice`);
    files.set(name, Buffer.from(archive.subarray(dataStart, dataEnd)));
  }
  return { directory: directory ?? null, files };
}

/** `unpackTar` of a gzipped archive, decompressing no more than the bounds allow. */
export async function unpackTarGz(archive: Buffer, limits: TarLimits = DEFAULT_TAR_LIMITS): Promise<TarContents> {
  let tar: Buffer;
  try {
    // Headers and padding come on top of the content: one block each, and one per entry at most.
    tar = await gunzip(archive, { maxOutputLength: limits.maxBytes + (2 * limits.maxEntries + 2) * BLOCK });
  } catch (cause) {
    const code = (cause as NodeJS.ErrnoException).code;
    if (code === 'ERR_BUFFER_TOO_LARGE' || cause instanceof RangeError) {
      throw new TarError(`decompresses to more than ${limits.maxBytes} bytes`, { cause });
    }
    throw new TarError(`not a gzip file (${(cause as Error).message})`, { cause });
  }
  return unpackTar(tar, limits);
}
