import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  constants,
  copyFileSync,
  linkSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { processAlive } from './process-alive.js';

/*
 * Where vitest may keep the suites' transformed modules between runs (its fsModuleCache): a run
 * then starts its first checks about half a second sooner, which the rate-limit suite's minute
 * adds to the whole run. The user's own cache folder, never a shared temp folder (another user
 * could plant modules there), and only when it is ours and writable: vitest stops the run when
 * it cannot write its cache, so without such a folder there is no cache at all.
 *
 * Vitest never gets the shared folder itself. When the lockfile it finds differs from the one
 * recorded in its folder it deletes the whole folder, with no regard for another process writing
 * there: two runs at once from two installs (a clone and the package, two CI jobs, two versions)
 * then lost their modules mid-write (ENOENT on vitest's `.tmp-` file) and their suites ended as
 * harness errors. So each run gets a folder of its own, seeded from the shared one, and at its
 * end hands the modules it compiled to the shared one by atomic renames (a module's file name
 * is the hash of everything it was compiled from, so two runs offering one name offer the same
 * file). The shared folder is kept per install, so one install's modules never meet another's.
 */

/** A module vitest cached: the hex hash of what it was compiled from. */
const MODULE_FILE = /^[0-9a-f]{40}$/;
/** The lockfiles vitest looks for, upwards from the code's root, to tell installs apart. */
const LOCKFILES = [
  'node_modules/.package-lock.json',
  'node_modules/.yarn-state.yml',
  '.pnp.cjs',
  '.pnp.js',
  'node_modules/.yarn-integrity',
  'node_modules/.pnpm/lock.yaml',
  'bun.lock',
  'bun.lockb',
];
/** A run's folder left behind by a process that no longer runs (killed) goes after this long. */
const STALE_RUN_MS = 24 * 3_600_000;
/** An install's shared folder no run has used for this long goes (an upgrade leaves the old one). */
const STALE_INSTALL_MS = 30 * 24 * 3_600_000;

export interface ModuleCache {
  /** The folder this run's vitest reads and writes, and no other process does. */
  readonly dir: string;
  /** The folder runs of this install share; only whole files are renamed into it. */
  readonly shared: string;
  /** Hands this run's new modules to the shared folder and removes the run's folder; never throws. */
  finish(): void;
}

type Env = Readonly<Record<string, string | undefined>>;

/** The user's cache root for this tool, made if missing; undefined when it is not safe and writable. */
function cacheRoot(env: Env, home: () => string): string | undefined {
  const base = env['XDG_CACHE_HOME'] !== undefined && env['XDG_CACHE_HOME'] !== '' ? env['XDG_CACHE_HOME'] : join(home(), '.cache');
  const dir = join(base, 'work-management-conformance');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return ownedAndWritable(dir) ? dir : undefined;
}

/** Ours, and nobody else may write into it. */
function ownedAndWritable(dir: string): boolean {
  const stat = statSync(dir);
  const uid = process.getuid?.();
  if (!stat.isDirectory() || (uid !== undefined && stat.uid !== uid) || (stat.mode & 0o022) !== 0) return false;
  accessSync(dir, constants.W_OK);
  return true;
}

/**
 * A short name for the install the code runs from: its folder and the lockfile vitest would find
 * (what vitest itself checks before it trusts a cache).
 */
export function installKey(codeRoot: string): string {
  const hash = createHash('sha256');
  let dir = realpathSync(codeRoot);
  hash.update(dir);
  for (;;) {
    const found = LOCKFILES.map((name) => join(dir, name)).find((file) => {
      try {
        return statSync(file).isFile();
      } catch {
        return false;
      }
    });
    if (found !== undefined) {
      hash.update(found).update(readFileSync(found));
      break;
    }
    const parent = dirname(dir);
    if (parent === dir) break;
    dir = parent;
  }
  return hash.digest('hex').slice(0, 16);
}

/** Removes what killed runs and old installs left; another live run's folder is never touched. */
function sweep(root: string, now: number): void {
  for (const [folder, maxAge, dead] of [
    [join(root, 'runs'), STALE_RUN_MS, (name: string) => !processAlive(Number(name.split('-')[0]))],
    [join(root, 'installs'), STALE_INSTALL_MS, () => true],
  ] as const) {
    let names: string[];
    try {
      names = readdirSync(folder);
    } catch {
      continue;
    }
    for (const name of names) {
      try {
        if (now - statSync(join(folder, name)).mtimeMs > maxAge && dead(name)) rmSync(join(folder, name), { recursive: true, force: true });
      } catch {
        // Another run removed it first.
      }
    }
  }
}

function moduleFiles(dir: string): string[] {
  try {
    return readdirSync(dir).filter((name) => MODULE_FILE.test(name));
  } catch {
    return [];
  }
}

/**
 * This run's module cache: a folder of its own seeded with what earlier runs of this install
 * compiled. Undefined (no cache, the run goes on) when the user's cache folder is missing and
 * cannot be made, read-only, or not safely ours.
 */
export function openModuleCache(codeRoot: string, env: Env = process.env, home: () => string = homedir, now: () => number = Date.now): ModuleCache | undefined {
  try {
    const root = cacheRoot(env, home);
    if (root === undefined) return undefined;
    sweep(root, now());
    const shared = join(root, 'installs', installKey(codeRoot));
    mkdirSync(shared, { recursive: true, mode: 0o700 });
    const dir = join(root, 'runs', `${process.pid}-${randomBytes(4).toString('hex')}`);
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // Links cost nothing and are safe: vitest replaces a file by renaming, never writes into one.
    // No metadata: vitest writes its own and so never finds a reason to clear this folder.
    for (const name of moduleFiles(shared)) {
      try {
        linkSync(join(shared, name), join(dir, name));
      } catch {
        try {
          copyFileSync(join(shared, name), join(dir, name));
        } catch {
          // Gone meanwhile, or unreadable: compiled again.
        }
      }
    }
    return {
      dir,
      shared,
      finish() {
        try {
          const have = new Set(moduleFiles(shared));
          for (const name of moduleFiles(dir)) {
            if (have.has(name)) continue;
            try {
              renameSync(join(dir, name), join(shared, name));
            } catch {
              // The shared folder went (a sweep, a user): this run's modules are simply not kept.
            }
          }
          const at = new Date(now());
          utimesSync(shared, at, at);
        } catch {
          // Not kept; the next run compiles again.
        }
        try {
          rmSync(dir, { recursive: true, force: true });
        } catch {
          // Left for a later run's sweep.
        }
      },
    };
  } catch {
    return undefined;
  }
}
