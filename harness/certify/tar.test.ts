import { TarError } from '../errors.js';
import { randomBytes } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packTar, packTarGz, unpackTar, unpackTarGz } from './tar.js';

const FILES = new Map<string, Buffer | string>([
  ['report.json', '{"verdict":"conformant"}\n'],
  ['empty.txt', ''],
  ['block.bin', randomBytes(512)],
  ['big.bin', randomBytes(70_000)],
  ['README.md', 'é ✅\n'],
]);

/** One 512-byte ustar header, written by hand, for archives this writer would never make. */
function rawHeader(name: string, size: number, type: string, options: { magic?: string; version?: string; prefix?: string } = {}): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write('0000644\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write('00000000000\0', 136);
  block.write(type, 156);
  block.write(options.magic ?? 'ustar\0', 257, 'binary');
  block.write(options.version ?? '00', 263, 'binary');
  if (options.prefix !== undefined) block.write(options.prefix, 345);
  let sum = 0;
  for (let i = 0; i < 512; i++) sum += i >= 148 && i < 156 ? 32 : block[i]!;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'binary');
  return block;
}

function rawArchive(entries: Array<{ name: string; data?: string; type?: string; magic?: string; version?: string; prefix?: string }>): Buffer {
  const parts: Buffer[] = [];
  for (const e of entries) {
    const data = Buffer.from(e.data ?? '');
    parts.push(rawHeader(e.name, data.length, e.type ?? '0', e), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

describe('tar', () => {
  it('round-trips regular files in one directory, byte for byte', async () => {
    const archive = await packTarGz('bundle-1', FILES);
    const { directory, files } = await unpackTarGz(archive);
    expect(directory).toBe('bundle-1');
    expect([...files.keys()].sort()).toEqual([...FILES.keys()].sort());
    for (const [name, data] of FILES) expect(files.get(name)!.equals(Buffer.from(data))).toBe(true);
  });

  it('writes the same bytes for the same files, and blocks of 512', () => {
    const a = packTar('d', FILES, { mtime: new Date('2026-01-01T00:00:00Z') });
    expect(packTar('d', FILES, { mtime: new Date('2026-01-01T00:00:00Z') }).equals(a)).toBe(true);
    expect(a.length % 512).toBe(0);
    expect(a.subarray(a.length - 1024).every((b) => b === 0)).toBe(true);
  });

  it('puts a long directory name in the ustar prefix field and reads it back', () => {
    const dir = `certification-${'x'.repeat(90)}`;
    const { directory, files } = unpackTar(packTar(dir, new Map([['summary-full.md', 'x']])));
    expect(directory).toBe(dir);
    expect(files.get('summary-full.md')!.toString()).toBe('x');
  });

  it('reads what GNU tar writes: its magic, `./` entries, files at the top', () => {
    const gnu = { magic: 'ustar ', version: ' \0' };
    const contents = unpackTar(
      rawArchive([
        { name: './', type: '5', ...gnu },
        { name: './report.json', data: '{}', ...gnu },
      ]),
    );
    expect(contents.directory).toBeNull();
    expect(contents.files.get('report.json')!.toString()).toBe('{}');
  });

  it('skips pax extended headers (bsdtar)', () => {
    const contents = unpackTar(
      rawArchive([
        { name: 'PaxHeader/a', type: 'x', data: '30 LIBARCHIVE.xattr.x=aGVsbG8\n' },
        { name: 'b/a.txt', data: 'A' },
      ]),
    );
    expect([...contents.files.keys()]).toEqual(['a.txt']);
  });

  it.each([
    ['an absolute path', [{ name: '/etc/passwd', data: 'x' }], 'absolute paths are refused'],
    ['a path that climbs out', [{ name: 'b/../../x', data: 'x' }], '".." is refused'],
    ['a symbolic link', [{ name: 'b/link', type: '2' }], 'a symbolic link is refused'],
    ['a hard link', [{ name: 'b/link', type: '1' }], 'a hard link is refused'],
    ['nested directories', [{ name: 'a/b/c.txt', data: 'x' }], 'not a file in one directory'],
    [
      'files in two directories',
      [
        { name: 'a/x', data: 'x' },
        { name: 'b/y', data: 'y' },
      ],
      'one directory of files',
    ],
    [
      'a file twice',
      [
        { name: 'a/x', data: 'x' },
        { name: 'a/x', data: 'y' },
      ],
      'listed twice',
    ],
    ['a backslash', [{ name: 'a\\x', data: 'x' }], 'backslashes'],
    ['a v7 header without magic', [{ name: 'a/x', data: 'x', magic: '\0\0\0\0\0\0', version: '\0\0' }], 'not a ustar archive'],
  ])('refuses %s', (_what, entries, message) => {
    expect(() => unpackTar(rawArchive(entries))).toThrow(TarError);
    expect(() => unpackTar(rawArchive(entries))).toThrow(message);
  });

  it('refuses a bad checksum and a truncated archive', () => {
    const archive = packTar('d', FILES);
    const corrupt = Buffer.from(archive);
    corrupt[600] = corrupt[600]! ^ 0xff; // inside the second header's name
    expect(() => unpackTar(corrupt)).toThrow(/checksum mismatch/);
    // Cut inside the 70,000 bytes of big.bin (after README.md: names sort upper case first).
    expect(() => unpackTar(archive.subarray(0, 4096))).toThrow(/truncated archive/);
    expect(() => unpackTar(Buffer.alloc(100))).toThrow(/not a tar archive/);
  });

  it('keeps within the bounds: entry count, content size, decompressed size', async () => {
    const many = new Map(Array.from({ length: 10 }, (_, i) => [`f${i}.txt`, 'x']));
    expect(() => unpackTar(packTar('d', many), { maxBytes: 1e6, maxEntries: 5 })).toThrow(/more than 5 entries/);
    expect(() => unpackTar(packTar('d', FILES), { maxBytes: 1000, maxEntries: 100 })).toThrow(/more than 1000 bytes/);
    // A gzip bomb: 64 MiB of zeros in a small file is refused without inflating it all.
    const bomb = gzipSync(Buffer.alloc(64 * 1024 * 1024));
    await expect(unpackTarGz(bomb, { maxBytes: 1024 * 1024, maxEntries: 10 })).rejects.toThrow(/decompresses to more than 1048576 bytes/);
    await expect(unpackTarGz(Buffer.from('not gzip'))).rejects.toThrow(/not a gzip file/);
  });

  it('refuses names a bundle never has when writing', () => {
    expect(() => packTar('d', new Map([['../x', 'a']]))).toThrow(TarError);
    expect(() => packTar('a/b', new Map())).toThrow(TarError);
  });
});
