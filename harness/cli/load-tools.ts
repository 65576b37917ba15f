import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../config/schema.js';
import { UsageError } from '../errors.js';
import { parseRunArgs } from './args.js';

/*
 * The tools of `conformance load` for runs across machines: `load keys-file [PATH]` writes the
 * workers' keys file from the configuration, `load export --kubernetes DIR` writes the cluster
 * manifests. Both read the configuration like `load` itself (flags, environment, .env).
 */

export const LOAD_TOOLS = ['keys-file', 'export'] as const;
export type LoadTool = (typeof LOAD_TOOLS)[number];

export const isLoadTool = (word: string | undefined): word is LoadTool => (LOAD_TOOLS as readonly string[]).includes(word ?? '');

async function configFrom(argv: readonly string[]): Promise<Config> {
  const args = parseRunArgs('load', argv);
  const { loadConfig } = await import('../config/load.js');
  return loadConfig({ envFile: args.envFile, overrides: args.overrides });
}

/** `--name VALUE` or `--name=VALUE` taken out of `argv`; the rest stays for the options of load. */
export function takeOption(argv: readonly string[], name: string): { value: string | undefined; rest: string[] } {
  const rest: string[] = [];
  let value: string | undefined;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg !== name && !arg.startsWith(`${name}=`)) {
      rest.push(arg);
      continue;
    }
    const v = arg === name ? argv[++i] : arg.slice(name.length + 1);
    if (v === undefined || v.trim() === '' || (arg === name && v.startsWith('--'))) throw new UsageError(`${name} needs a value (see conformance load --help)`);
    if (value !== undefined) throw new UsageError(`${name} given twice; give it once (see conformance load --help)`);
    value = v;
  }
  return { value, rest };
}

/** `conformance load keys-file [PATH] [options]`: 0 written, 2 nothing to write or no path. */
async function keysFile(argv: readonly string[], out: NodeJS.WritableStream): Promise<number> {
  const [first, ...others] = argv;
  const path = first !== undefined && !first.startsWith('-') ? first : undefined;
  const config = await configFrom(path === undefined ? argv : others);
  const target = path ?? config.locust.keysFile;
  if (target === undefined) throw new UsageError('load keys-file needs a path, or CONFORMANCE_LOCUST_KEYS_FILE set (see conformance load --help)');
  const { keysFileWritten, keysOf, writeKeysFile } = await import('../load/locust/keys-file.js');
  const keys = await keysOf(config);
  const written = await writeKeysFile(target, keys);
  out.write(keysFileWritten(written, keys.length));
  return 0;
}

/** `conformance load export --kubernetes DIR [--image IMAGE] [options]`: 0 written. */
async function exportManifests(argv: readonly string[], out: NodeJS.WritableStream): Promise<number> {
  const kubernetes = takeOption(argv, '--kubernetes');
  const image = takeOption(kubernetes.rest, '--image');
  if (kubernetes.value === undefined)
    throw new UsageError('load export needs --kubernetes DIR, the directory to write the manifests to (see conformance load --help)');
  if (image.value !== undefined && /\s/.test(image.value))
    throw new UsageError(`--image: an image reference has no spaces (got ${JSON.stringify(image.value)})`);
  const config = await configFrom(image.rest);
  const [{ kubernetesExport, writeKubernetesExport }, { locustfilePath }, { Redactor }, { displayUrl }] = await Promise.all([
    import('../load/export/kubernetes.js'),
    import('../load/locust/paths.js'),
    import('../http/redact.js'),
    import('../runner/target.js'),
  ]);
  const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
  const files = kubernetesExport({
    locust: config.locust,
    locustfile: await readFile(locustfilePath(), 'utf8'),
    target: config.targetUrl === null ? undefined : displayUrl(config.targetUrl, redactor),
    image: image.value,
  });
  const dir = resolve(kubernetes.value);
  const written = await writeKubernetesExport(dir, files);
  out.write(
    `wrote ${written.length} files to ${dir} (${config.locust.workers} worker${config.locust.workers === 1 ? '' : 's'}, master port ${config.locust.masterPort}); no key was written.\n` +
      `Next: read ${resolve(dir, 'README.txt')}: create the two Secrets, set the image, then kubectl apply -f ${dir}\n`,
  );
  return 0;
}

/** Runs `conformance load <tool> ...`; usage errors throw UsageError (exit 2). */
export async function runLoadTool(tool: LoadTool, argv: readonly string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return tool === 'keys-file' ? keysFile(argv, out) : exportManifests(argv, out);
}
