import { chmodSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { moduleCacheDir } from './module-cache.js';

const root = mkdtempSync(join(tmpdir(), 'module-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('moduleCacheDir', () => {
  it('makes the user cache folder, readable and writable by its owner only', () => {
    const dir = moduleCacheDir({ XDG_CACHE_HOME: join(root, 'xdg') });
    expect(dir).toBe(join(root, 'xdg', 'work-management-conformance', 'modules'));
    expect(statSync(dir!).mode & 0o777).toBe(0o700);
  });

  it('falls back to ~/.cache without XDG_CACHE_HOME', () => {
    expect(moduleCacheDir({}, () => join(root, 'home'))).toBe(join(root, 'home', '.cache', 'work-management-conformance', 'modules'));
  });

  it('gives no folder (no cache) where it cannot write one', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(moduleCacheDir({ XDG_CACHE_HOME: join(file, 'below') })).toBeUndefined();
  });

  it('gives no folder that others may write into', () => {
    const dir = moduleCacheDir({ XDG_CACHE_HOME: join(root, 'shared') })!;
    chmodSync(dir, 0o777);
    expect(moduleCacheDir({ XDG_CACHE_HOME: join(root, 'shared') })).toBeUndefined();
  });
});
