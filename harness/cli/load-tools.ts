import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Config } from '../config/schema.js';
import { UsageError } from '../errors.js';
import { runArgsOf, runSyntax, type RunArgs } from './args.js';
import { parseCommandArgs, type CommandSyntax, type OptionTable } from './parse.js';

/*
 * The tools of `conformance load` for runs across machines: `load keys-file [PATH]` writes the
 * workers' keys file from the configuration, `load export --kubernetes DIR` writes the cluster
 * manifests. Both read the configuration like `load` itself (flags, environment, .env).
 */

export const LOAD_TOOLS = ['keys-file', 'export'] as const;
export type LoadTool = (typeof LOAD_TOOLS)[number];

async function configFrom(args: RunArgs): Promise<Config> {
  const { loadConfig } = await import('../config/load.js');
  return loadConfig({ envFile: args.envFile, overrides: args.overrides });
}

/** A tool takes every option of `load` (they make its configuration), and its own. */
function toolSyntax(options: OptionTable, positionals = 0): CommandSyntax {
  const load = runSyntax('load');
  return { ...load, options: { ...load.options, ...options }, positionals };
}

/** The options of `load export` beside those of `load`. */
export const EXPORT_OPTIONS: OptionTable = {
  '--kubernetes': { kind: 'value', needs: 'a directory', once: true, meta: 'DIR', help: ['load export: the directory to write the manifests to'] },
  '--image': { kind: 'value', needs: 'an image reference', once: true, meta: 'IMAGE', help: ['load export: the image the manifests run'] },
};

/** `conformance load keys-file [PATH] [options]`: 0 written, 2 nothing to write or no path. */
async function keysFile(argv: readonly string[], out: NodeJS.WritableStream): Promise<number> {
  const parsed = parseCommandArgs(argv, toolSyntax({}, 1));
  const path = parsed.positionals[0];
  const config = await configFrom(runArgsOf('load', parsed));
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
  const parsed = parseCommandArgs(argv, toolSyntax(EXPORT_OPTIONS));
  const kubernetes = parsed.values.get('--kubernetes');
  const image = parsed.values.get('--image');
  if (kubernetes === undefined)
    throw new UsageError('load export needs --kubernetes DIR, the directory to write the manifests to (see conformance load --help)');
  if (image !== undefined && /\s/.test(image)) throw new UsageError(`--image: an image reference has no spaces (got ${JSON.stringify(image)})`);
  const config = await configFrom(runArgsOf('load', parsed));
  const [{ kubernetesExport, writeKubernetesExport }, { locustfilePath }, { Redactor }, { displayUrl }, { packageFile }] = await Promise.all([
    import('../load/export/kubernetes.js'),
    import('../load/locust/paths.js'),
    import('../http/redact.js'),
    import('../runner/target.js'),
    import('../package-root.js'),
  ]);
  const { version } = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { version: string };
  const redactor = new Redactor([...Object.values(config.keys), ...config.limitedKeys]);
  const files = kubernetesExport({
    locust: config.locust,
    locustfile: await readFile(locustfilePath(), 'utf8'),
    target: config.targetUrl === null ? undefined : displayUrl(config.targetUrl, redactor),
    image,
    packageVersion: version,
    imageDigest: config.imageDigest,
  });
  const dir = resolve(kubernetes);
  const written = await writeKubernetesExport(dir, files);
  out.write(
    `wrote ${written.length} files to ${dir} (${config.locust.workers} worker${config.locust.workers === 1 ? '' : 's'}, master port ${config.locust.masterPort}); no key was written.\n` +
      `Next: read ${resolve(dir, 'README.txt')}: create the two Secrets, push the image, then kubectl apply -f ${dir}\n`,
  );
  return 0;
}

/** Runs `conformance load <tool> ...`; usage errors throw UsageError (exit 2). */
export async function runLoadTool(tool: LoadTool, argv: readonly string[], out: NodeJS.WritableStream = process.stdout): Promise<number> {
  return tool === 'keys-file' ? keysFile(argv, out) : exportManifests(argv, out);
}
