import { ManifestError } from '../errors.js';
import { describe, expect, it } from 'vitest';
import { compareManifest, parseManifest, renderManifest, sha256Of } from './manifest.js';

const ABC = 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad';

describe('MANIFEST.sha256', () => {
  it('lists every file in sha256sum format, sorted by name, without itself and SIGNATURE', () => {
    const files = new Map<string, Buffer | string>([
      ['report.json', 'abc'],
      ['MANIFEST.sha256', 'old'],
      ['SIGNATURE', 'sig'],
      ['README.md', Buffer.from('abc')],
      ['exchanges.har', ''],
    ]);
    expect(renderManifest(files)).toBe(`${ABC}  README.md\n${sha256Of('')}  exchanges.har\n${ABC}  report.json\n`);
  });

  it('refuses to list a name that is not a plain file name', () => {
    expect(() => renderManifest(new Map([['../x', 'a']]))).toThrow(ManifestError);
    expect(() => renderManifest(new Map([['a b', 'a']]))).toThrow(ManifestError);
  });

  it('parses what it writes and what sha256sum writes in binary mode, upper-case hex too', () => {
    expect(parseManifest(`${ABC}  a.txt\n${ABC.toUpperCase()} *b.txt\r\n`)).toEqual([
      { name: 'a.txt', sha256: ABC },
      { name: 'b.txt', sha256: ABC },
    ]);
    expect(parseManifest('')).toEqual([]);
  });

  it.each([
    [`${ABC} a.txt\n`, 'line 1: expected'],
    [`${ABC.slice(1)}  a.txt\n`, 'line 1: expected'],
    [`${ABC}  a.txt\n\n`, 'line 2: expected'],
    [`${ABC}  sub/a.txt\n`, 'not a plain file name'],
    [`${ABC}  a.txt\n${ABC}  a.txt\n`, 'line 2: a.txt is listed twice'],
  ])('refuses a malformed manifest with the line (%#)', (text, message) => {
    expect(() => parseManifest(text)).toThrow(message);
  });

  it('tells changed, missing and unlisted files apart', () => {
    const entries = parseManifest(`${ABC}  a.txt\n${ABC}  b.txt\n${ABC}  c.txt\n`);
    const files = new Map<string, Buffer>([
      ['a.txt', Buffer.from('abc')],
      ['b.txt', Buffer.from('abd')],
      ['d.txt', Buffer.from('abc')],
      ['MANIFEST.sha256', Buffer.from('x')],
      ['SIGNATURE', Buffer.from('x')],
    ]);
    expect(compareManifest(entries, files)).toEqual({ changed: ['b.txt'], missing: ['c.txt'], unlisted: ['d.txt'] });
  });
});
