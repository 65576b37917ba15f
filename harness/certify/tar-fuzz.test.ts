import fc from 'fast-check';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TarError } from '../errors.js';
import { packTar, unpackTar, unpackTarGz, type TarContents, type TarLimits } from './tar.js';

/*
 * The bundle reader takes archives from strangers (`conformance verify` of a downloaded bundle),
 * so it is fuzzed: from random bytes, and from archives of its own writer that are then
 * truncated, corrupted, given huge sizes, climbing or absolute paths, links, devices or another
 * format's magic. Whatever it gets, it either returns files that lie inside the archive, with
 * plain names (a caller that joins one to its directory stays inside it), within its bounds,
 * or throws a TarError (TAR_INVALID): never another error, never a hang. The reader writes
 * nothing to disk, so no input can make it write outside a target.
 */

const LIMITS: TarLimits = { maxBytes: 64 * 1024, maxEntries: 16 };
const BLOCK = 512;

/** What must hold of any answer of the reader to `archive`. */
function judge(archive: Buffer, read: () => TarContents): void {
  let contents: TarContents;
  try {
    contents = read();
  } catch (error) {
    expect(error, (error as Error)?.stack).toBeInstanceOf(TarError);
    expect((error as TarError).code).toBe('TAR_INVALID');
    // One line: the CLI prints it as the reason of exit 2.
    expect((error as TarError).message).not.toMatch(/[\r\n]/);
    return;
  }
  expect(contents.files.size).toBeLessThanOrEqual(LIMITS.maxEntries);
  let total = 0;
  for (const [name, data] of contents.files) {
    // A plain name: no directory, no climbing, nothing a join could take elsewhere.
    expect(name).not.toMatch(/[/\\\u0000-\u001f]/);
    expect(['', '.', '..']).not.toContain(name);
    // Its bytes are bytes of the archive, read from within it, after a header.
    expect(data.length).toBeLessThanOrEqual(archive.length - BLOCK);
    expect(archive.includes(data)).toBe(true);
    total += data.length;
  }
  expect(total).toBeLessThanOrEqual(LIMITS.maxBytes);
  if (contents.directory !== null) expect(contents.directory).not.toMatch(/[/\\]|^\.\.?$/);
}

/** A header field's checksum made right again, so that a corruption reaches the code past it. */
function reseal(archive: Buffer, at: number): void {
  const block = archive.subarray(at, at + BLOCK);
  if (block.length < BLOCK) return;
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 0x20 : block[i]!;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
}

const names = fc.stringMatching(/^[A-Za-z0-9_][A-Za-z0-9._-]{0,20}$/);
const files = fc.uniqueArray(fc.tuple(names, fc.uint8Array({ maxLength: 1500 })), { minLength: 1, maxLength: 5, selector: ([n]) => n });
/** Archives of the writer, some without their directory entry (files that name their directory themselves). */
const archives = fc
  .tuple(files, fc.boolean())
  .map(([entries, bare]) => packTar('bundle', new Map(entries.map(([n, d]) => [n, Buffer.from(d)]))).subarray(bare ? BLOCK : 0))
  .map((archive) => Buffer.from(archive));

/** Values a hostile header field may hold (name 100, size 12, type 1, magic 6 bytes). */
const FIELDS = {
  name: { at: 0, length: 100, values: ['../evil', '/etc/passwd', 'bundle/../../x', 'a/b/c', './', 'bundle/.', 'x\\y', 'bundle//x', 'bundle/\u0001'] },
  size: {
    at: 124,
    length: 12,
    values: ['77777777777\0', '7777777777777', '00000001000\0', '-1', '99', '\u0080\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0000\u0001'],
  },
  type: { at: 156, length: 1, values: ['1', '2', '3', '4', '6', '7', 'L', 'K', 'x', 'g', '5', 'Z', '\0'] },
  magic: { at: 257, length: 6, values: ['\0\0\0\0\0\0', 'ustar ', 'USTAR\0', 'gnu\0\0\0'] },
  prefix: { at: 345, length: 155, values: ['..', '/abs', 'a/b', 'bundle', '.'] },
} as const;

describe('unpackTar, fuzzed', () => {
  it('random bytes: files within the archive, or a TarError', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 4 * BLOCK }), (bytes) => {
        const archive = Buffer.from(bytes);
        judge(archive, () => unpackTar(archive, LIMITS));
      }),
      { numRuns: 300 },
    );
  });

  it('a valid archive truncated anywhere, or with bytes overwritten anywhere', () => {
    fc.assert(
      fc.property(
        archives,
        fc.nat(),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.boolean(),
        (valid, cut, edits, resealed) => {
          const truncated = Buffer.from(valid.subarray(0, cut % (valid.length + 1)));
          judge(truncated, () => unpackTar(truncated, LIMITS));
          const corrupted = Buffer.from(valid);
          for (const [at, byte] of edits) corrupted[at % corrupted.length] = byte;
          if (resealed) for (const [at] of edits) reseal(corrupted, Math.floor((at % corrupted.length) / BLOCK) * BLOCK);
          judge(corrupted, () => unpackTar(corrupted, LIMITS));
        },
      ),
      { numRuns: 300 },
    );
  });

  it('hostile header fields (huge sizes, climbing paths, links, devices, other magic), checksums made right', () => {
    const field = fc
      .constantFrom(...(Object.keys(FIELDS) as (keyof typeof FIELDS)[]))
      .chain((key) => fc.tuple(fc.constant(key), fc.constantFrom(...FIELDS[key].values)));
    fc.assert(
      fc.property(archives, fc.array(fc.tuple(fc.nat(), field), { minLength: 1, maxLength: 3 }), (valid, changes) => {
        const archive = Buffer.from(valid);
        const headers = headerOffsets(archive);
        for (const [pick, [key, value]] of changes) {
          const at = headers[pick % headers.length]!;
          const { at: offset, length } = FIELDS[key];
          archive.fill(0, at + offset, at + offset + length);
          archive.write(value, at + offset, length, 'latin1');
          reseal(archive, at);
        }
        judge(archive, () => unpackTar(archive, LIMITS));
      }),
      { numRuns: 400 },
    );
  });

  it('refuses every climbing, absolute or linked entry outright', () => {
    for (const [key, value] of [
      ['name', '../evil'],
      ['name', '/etc/passwd'],
      ['name', 'bundle/../../x'],
      ['prefix', '..'],
      ['type', '1'],
      ['type', '2'],
    ] as const) {
      // Without the directory entry: no other rule (one directory only) stands in for the one under test.
      const archive = Buffer.from(packTar('bundle', new Map([['a.txt', 'x']])).subarray(BLOCK));
      const at = 0;
      archive.fill(0, at + FIELDS[key].at, at + FIELDS[key].at + FIELDS[key].length);
      archive.write(value, at + FIELDS[key].at, 'latin1');
      reseal(archive, at);
      expect(() => unpackTar(archive, LIMITS), `${key} ${value}`).toThrow(TarError);
    }
  });

  it('gzip of anything: a TarError or files within bounds, and a gzip bomb stops at the bound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.uint8Array({ maxLength: 2 * BLOCK }), archives), fc.boolean(), async (inner, compress) => {
        const archive = compress ? gzipSync(Buffer.from(inner)) : Buffer.from(inner);
        let answer: TarContents | undefined;
        let thrown: unknown;
        await unpackTarGz(archive, LIMITS).then(
          (c) => {
            answer = c;
          },
          (e: unknown) => {
            thrown = e;
          },
        );
        if (thrown !== undefined) expect(thrown).toBeInstanceOf(TarError);
        else judge(Buffer.from(inner), () => answer!);
      }),
      { numRuns: 150 },
    );
    await expect(unpackTarGz(gzipSync(Buffer.alloc(10 * LIMITS.maxBytes)), LIMITS)).rejects.toThrow(/decompresses to more than/);
  });
});

/** Where each header of a valid archive of this writer starts (the end blocks left out). */
function headerOffsets(archive: Buffer): number[] {
  const offsets: number[] = [];
  let at = 0;
  while (at + BLOCK <= archive.length && archive.subarray(at, at + BLOCK).some((b) => b !== 0)) {
    offsets.push(at);
    const size = Number.parseInt(archive.toString('latin1', at + 124, at + 135), 8);
    at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
  }
  return offsets;
}
