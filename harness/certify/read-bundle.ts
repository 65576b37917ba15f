import { BundleUnreadableError, TarError } from '../errors.js';
import { lstat, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DEFAULT_TAR_LIMITS, unpackTarGz, type TarLimits } from './tar.js';

/*
 * A bundle's files in memory, from its directory or its .tar.gz (never extracted to disk), within
 * the same bounds either way.
 */

export interface BundleFiles {
  readonly kind: 'directory' | 'tar.gz';
  /** Regular files by name. */
  readonly files: Map<string, Buffer>;
  /** Entries of a directory that are not regular files (subdirectories, links): never part of a bundle. */
  readonly irregular: string[];
}

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * Reads a bundle directory or `.tar.gz`. Throws BundleUnreadableError when the path does not
 * exist, is neither, the archive is bad or a bound is exceeded.
 */
export async function readBundleFiles(path: string, limits: TarLimits = DEFAULT_TAR_LIMITS): Promise<BundleFiles> {
  let stats;
  try {
    stats = await lstat(path);
  } catch (cause) {
    throw new BundleUnreadableError(`${path}: ${(cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file or directory' : (cause as Error).message}`, {
      cause,
    });
  }
  if (stats.isDirectory()) {
    const entries = await readdir(path, { withFileTypes: true });
    if (entries.length > limits.maxEntries) throw new BundleUnreadableError(`${path}: more than ${limits.maxEntries} entries`);
    const files = new Map<string, Buffer>();
    const irregular: string[] = [];
    let total = 0;
    for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
      if (!entry.isFile()) {
        irregular.push(entry.name);
        continue;
      }
      const file = join(path, entry.name);
      total += (await lstat(file)).size;
      if (total > limits.maxBytes) throw new BundleUnreadableError(`${path}: more than ${limits.maxBytes} bytes`);
      files.set(entry.name, await readFile(file));
    }
    return { kind: 'directory', files, irregular };
  }
  if (!stats.isFile()) throw new BundleUnreadableError(`${path}: neither a bundle directory nor a .tar.gz`);
  if (stats.size > limits.maxBytes) throw new BundleUnreadableError(`${path}: larger than ${limits.maxBytes} bytes`);
  const archive = await readFile(path);
  if (archive[0] !== GZIP_MAGIC[0] || archive[1] !== GZIP_MAGIC[1]) {
    throw new BundleUnreadableError(`${path}: neither a bundle directory nor a .tar.gz (no gzip header)`);
  }
  try {
    const { files } = await unpackTarGz(archive, limits);
    return { kind: 'tar.gz', files, irregular: [] };
  } catch (cause) {
    if (cause instanceof TarError) throw new BundleUnreadableError(`${path}: ${cause.message}`, { cause });
    throw cause;
  }
}
