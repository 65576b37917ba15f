import { accessSync, constants, mkdirSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';

/*
 * Where vitest may keep the suites' transformed modules between runs (its fsModuleCache): a run
 * then starts its first checks about half a second sooner, which the rate-limit suite's minute
 * adds to the whole run. The user's own cache folder, never a shared temp folder (another user
 * could plant modules there), and only when it is ours and writable: vitest stops the run when
 * it cannot write its cache, so without such a folder there is no cache at all.
 */

/** The cache folder for this user, or undefined when there is none that is safe and writable. */
export function moduleCacheDir(env: Readonly<Record<string, string | undefined>> = process.env, home: () => string = homedir): string | undefined {
  try {
    const base = env['XDG_CACHE_HOME'] !== undefined && env['XDG_CACHE_HOME'] !== '' ? env['XDG_CACHE_HOME'] : join(home(), '.cache');
    const dir = join(base, 'work-management-conformance', 'modules');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const stat = statSync(dir);
    const uid = process.getuid?.();
    // Ours, and nobody else may write into it.
    if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return undefined;
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}
