/**
 * The reference server as a command (`npm run reference`, `conformance reference`): starts it,
 * prints where it listens, which seeded keys it accepts and the variables that point a run at it,
 * then serves until SIGINT or SIGTERM closes it.
 */
import { parseCliArgs, USAGE } from './cli-args.js';
import { FAULTS, type FaultName } from './faults.js';
import { VARIANTS, type VariantName } from './variants.js';
import { WINDOW_MS } from './rate-limit.js';
import { ReferenceServerError } from './reference-error.js';
import type { Seed } from './seed.js';
import { startReferenceServer, type RunningReferenceServer } from './server.js';
import { MAX_ATTEMPTS, type WebhookOptions } from './webhooks/engine.js';

export function describe(
  server: RunningReferenceServer,
  faults: readonly FaultName[],
  variants: readonly VariantName[],
  webhooks: WebhookOptions,
  rateWindowMs: number,
): string {
  const lines = [`reference server listening at ${server.baseUrl}`];
  if (rateWindowMs !== WINDOW_MS) lines.push(`rate window: ${rateWindowMs / 1000} s (self-test only: spec 8 says per minute)`);
  lines.push(`webhooks: ${MAX_ATTEMPTS} attempts, timeout ${webhooks.timeoutMs} ms, backoff ${webhooks.backoffBaseMs} ms doubling`);
  if (faults.length > 0) lines.push(`faults: ${faults.map((f) => `${f} (${FAULTS[f]})`).join(', ')}`);
  if (variants.length > 0) lines.push(`variants: ${variants.map((v) => `${v} (${VARIANTS[v]})`).join(', ')}`);
  for (const org of server.seed.organisations) {
    lines.push(`organisation ${org.id} "${org.name}"`);
    for (const k of org.keys) {
      lines.push(`  key ${k.key}  role=${k.role} admin=${k.admin} limit=${k.limitPerMinute ?? '60 (default)'}/min`);
    }
    for (const p of org.projects) lines.push(`  project ${p.id} "${p.name}" version ${p.versionId}`);
  }
  return lines.join('\n');
}

/**
 * The variables that point `conformance run` at this server, ready for a .env file: the same
 * choice of seeded keys and ids the harness makes for its embedded server (the first
 * organisation's keys by role, the second one's admin key and project as the other organisation).
 */
export function runVariables(baseUrl: string, seed: Seed): string[] {
  const [orgA, orgB] = seed.organisations;
  if (orgA === undefined) return [`CONFORMANCE_TARGET_URL=${baseUrl}`];
  const keyOf = (role: string): string | undefined => orgA.keys.find((k) => k.role === role)?.key;
  const custom = orgA.keys.find((k) => k.role === 'custom');
  const limited = orgA.keys.filter((k) => k.role === 'limited').map((k) => k.key);
  const entries: [string, string | number | undefined][] = [
    ['CONFORMANCE_TARGET_URL', baseUrl],
    ['CONFORMANCE_ADMIN_KEY', keyOf('admin')],
    ['CONFORMANCE_MEMBER_KEY', keyOf('member')],
    ['CONFORMANCE_OTHER_ORG_KEY', orgB?.keys.find((k) => k.role === 'admin')?.key],
    ['CONFORMANCE_LIMITED_KEY', limited[0]],
    ['CONFORMANCE_LIMITED_KEYS', limited.length > 0 ? limited.join(',') : undefined],
    ['CONFORMANCE_CUSTOM_LIMIT_KEY', custom?.key],
    ['CONFORMANCE_CUSTOM_LIMIT', custom?.limitPerMinute ?? undefined],
    ['CONFORMANCE_PROJECT_ID', orgA.projects[0]?.id],
    ['CONFORMANCE_VERSION_ID', orgA.projects[0]?.versionId],
    ['CONFORMANCE_OTHER_PROJECT_ID', orgB?.projects[0]?.id],
  ];
  return entries.filter((entry): entry is [string, string | number] => entry[1] !== undefined).map(([name, value]) => `${name}=${value}`);
}

/** One line for an error of the command: the code says which kind. */
export function referenceErrorLine(error: unknown): string {
  return error instanceof ReferenceServerError
    ? `reference: ${error.code}: ${error.message}`
    : `reference: ${(error as NodeJS.ErrnoException).code ?? 'ERROR'}: ${(error as Error).message ?? String(error)}`;
}

export interface ReferenceCommandIo {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  /** How the usage names the command: `npm run reference --` or `conformance reference`. */
  readonly program: string;
}

/**
 * Parses the options, starts the server and resolves with the exit code once a signal closed it
 * (0, or 1 when closing failed); a refused option or a server that cannot start rejects.
 */
export async function runReference(argv: readonly string[], env: Readonly<Record<string, string | undefined>>, io: ReferenceCommandIo): Promise<number> {
  const options = parseCliArgs(argv, env);
  if (options.help) {
    io.stdout.write(`${USAGE.replace('npm run reference --', io.program)}\n`);
    return 0;
  }
  const webhooks: WebhookOptions = { backoffBaseMs: options.webhookBackoffMs, timeoutMs: options.webhookTimeoutMs };
  const server = await startReferenceServer({
    host: options.host,
    port: options.port,
    faults: options.faults,
    variants: options.variants,
    webhooks,
    rateWindowMs: options.rateWindowMs,
    ...(options.seedPath === undefined ? {} : { seedPath: options.seedPath }),
  });
  io.stdout.write(`${describe(server, options.faults, options.variants, webhooks, options.rateWindowMs)}\n`);
  io.stdout.write(
    `\nTo run the suite against it, put these in .env (or the environment):\n${runVariables(server.baseUrl, server.seed).join('\n')}\nCtrl-C stops the server.\n`,
  );
  // A reader that went away (`| head`) must not turn Ctrl-C into a crash: the server still closes.
  if ('on' in io.stdout && typeof io.stdout.on === 'function') io.stdout.on('error', () => undefined);
  return new Promise<number>((resolve) => {
    const stop = (signal: string): void => {
      process.removeListener('SIGINT', onSigint);
      process.removeListener('SIGTERM', onSigterm);
      io.stdout.write(`${signal}: closing\n`);
      server.close().then(
        () => resolve(0),
        (error: unknown) => {
          io.stderr.write(`reference: error while closing: ${(error as Error).message}\n`);
          resolve(1);
        },
      );
    };
    const onSigint = (): void => stop('SIGINT');
    const onSigterm = (): void => stop('SIGTERM');
    process.once('SIGINT', onSigint);
    process.once('SIGTERM', onSigterm);
  });
}
