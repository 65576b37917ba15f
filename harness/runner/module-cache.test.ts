import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { installKey, openModuleCache } from './module-cache.js';

const root = mkdtempSync(join(tmpdir(), 'module-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A fake install: a code folder with a lockfile vitest would find. */
function install(name: string, lock: string): string {
  const dir = join(root, name);
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  writeFileSync(join(dir, 'node_modules', '.package-lock.json'), lock);
  return dir;
}

const MODULE_A = 'a'.repeat(40);
const MODULE_B = 'b'.repeat(40);

describe('openModuleCache', () => {
  const code = install('clone', '{"v":1}');

  it('gives each run a folder of its own under the user cache folder, readable and writable by its owner only', () => {
    const one = openModuleCache(code, { XDG_CACHE_HOME: join(root, 'xdg') })!;
    const two = openModuleCache(code, { XDG_CACHE_HOME: join(root, 'xdg') })!;
    expect(one.dir).not.toBe(two.dir);
    expect(one.shared).toBe(two.shared);
    for (const dir of [one.dir, one.shared, join(root, 'xdg', 'work-management-conformance')]) expect(statSync(dir).mode & 0o777).toBe(0o700);
    expect(one.dir.startsWith(join(root, 'xdg', 'work-management-conformance', 'runs'))).toBe(true);
    one.finish();
    two.finish();
  });

  it('falls back to ~/.cache without XDG_CACHE_HOME', () => {
    const cache = openModuleCache(code, {}, () => join(root, 'home'))!;
    expect(cache.shared.startsWith(join(root, 'home', '.cache', 'work-management-conformance', 'installs'))).toBe(true);
    cache.finish();
  });

  it('hands a run its modules to the shared folder at its end, and the next run starts with them', () => {
    const env = { XDG_CACHE_HOME: join(root, 'handover') };
    const first = openModuleCache(code, env)!;
    writeFileSync(join(first.dir, MODULE_A), 'compiled a');
    writeFileSync(join(first.dir, '_metadata.json'), '{}');
    first.finish();
    expect(existsSync(first.dir)).toBe(false);
    expect(readdirSync(first.shared)).toEqual([MODULE_A]);
    const second = openModuleCache(code, env)!;
    expect(readFileSync(join(second.dir, MODULE_A), 'utf8')).toBe('compiled a');
    // Vitest writes its own lockfile record in the run's folder, so it has no reason to clear it.
    expect(existsSync(join(second.dir, '_metadata.json'))).toBe(false);
    second.finish();
  });

  it('keeps two runs at once apart: one clearing its folder (as vitest does on another lockfile) leaves the other and the shared modules whole', () => {
    const env = { XDG_CACHE_HOME: join(root, 'together') };
    const seed = openModuleCache(code, env)!;
    writeFileSync(join(seed.dir, MODULE_A), 'compiled a');
    seed.finish();
    const one = openModuleCache(code, env)!;
    const two = openModuleCache(code, env)!;
    writeFileSync(join(two.dir, MODULE_B), 'compiled b');
    rmSync(one.dir, { recursive: true, force: true });
    expect(readFileSync(join(two.dir, MODULE_A), 'utf8')).toBe('compiled a');
    expect(readFileSync(join(two.shared, MODULE_A), 'utf8')).toBe('compiled a');
    one.finish();
    two.finish();
    expect(readdirSync(two.shared).sort()).toEqual([MODULE_A, MODULE_B]);
  });

  it('keeps another install (another lockfile) in a shared folder of its own', () => {
    const other = install('package', '{"v":2}');
    expect(installKey(other)).not.toBe(installKey(code));
    const env = { XDG_CACHE_HOME: join(root, 'installs') };
    const a = openModuleCache(code, env)!;
    const b = openModuleCache(other, env)!;
    expect(a.shared).not.toBe(b.shared);
    a.finish();
    b.finish();
  });

  it('removes a killed run its folder once it is a day old, never a live one', () => {
    const env = { XDG_CACHE_HOME: join(root, 'sweep') };
    const live = openModuleCache(code, env)!;
    const runs = dirname(live.dir);
    // Pid 2^22 + 1 is above Linux's largest pid: no process has it.
    const dead = join(runs, `${2 ** 22 + 1}-00000000`);
    mkdirSync(dead);
    const old = new Date(Date.now() - 2 * 24 * 3_600_000);
    utimesSync(dead, old, old);
    utimesSync(live.dir, old, old);
    openModuleCache(code, env)!.finish();
    expect(existsSync(dead)).toBe(false);
    expect(existsSync(live.dir)).toBe(true);
    live.finish();
  });

  it('gives no cache where it cannot make a folder (the run goes on without one)', () => {
    const file = join(root, 'a-file');
    writeFileSync(file, '');
    expect(openModuleCache(code, { XDG_CACHE_HOME: join(file, 'below') })).toBeUndefined();
  });

  it('gives no cache in a folder that others may write into', () => {
    openModuleCache(code, { XDG_CACHE_HOME: join(root, 'shared') })!.finish();
    chmodSync(join(root, 'shared', 'work-management-conformance'), 0o777);
    expect(openModuleCache(code, { XDG_CACHE_HOME: join(root, 'shared') })).toBeUndefined();
  });
});
