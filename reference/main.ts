/**
 * Entry point of `npm run reference`: starts the reference server and prints where it
 * listens and which seeded keys it accepts. Errors become one line on stderr, exit 2.
 */
import { parseCliArgs, USAGE } from './cli-args.js';
import { FAULTS, type FaultName } from './faults.js';
import { VARIANTS, type VariantName } from './variants.js';
import { WINDOW_MS } from './rate-limit.js';
import { ReferenceServerError } from './reference-error.js';
import { startReferenceServer, type RunningReferenceServer } from './server.js';
import { MAX_ATTEMPTS, type WebhookOptions } from './webhooks/engine.js';

function describe(server: RunningReferenceServer, faults: readonly FaultName[], variants: readonly VariantName[], webhooks: WebhookOptions, rateWindowMs: number): string {
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

async function main(): Promise<void> {
  const options = parseCliArgs(process.argv.slice(2), process.env);
  if (options.help) {
    process.stdout.write(`${USAGE}\n`);
    return;
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
  process.stdout.write(`${describe(server, options.faults, options.variants, webhooks, options.rateWindowMs)}\n`);
  const stop = (signal: string): void => {
    process.stdout.write(`${signal}: closing\n`);
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        process.stderr.write(`reference: error while closing: ${(error as Error).message}\n`);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  const message =
    error instanceof ReferenceServerError
      ? `reference: ${error.code}: ${error.message}`
      : `reference: ${(error as NodeJS.ErrnoException).code ?? 'ERROR'}: ${(error as Error).message ?? String(error)}`;
  process.stderr.write(`${message}\n`);
  process.exit(2);
});
