import { parseArgs } from 'node:util';
import { parseFaults, type FaultName } from './faults.js';
import { parseVariants, type VariantName } from './variants.js';
import { REFERENCE_OPTIONS as OPTIONS } from './cli-options.js';
import { WINDOW_MS } from './rate-limit.js';
import { ReferenceServerError } from './reference-error.js';
import { DEFAULT_WEBHOOK_OPTIONS } from './webhooks/engine.js';

export class UsageError extends ReferenceServerError {
  constructor(message: string) {
    super('USAGE', message);
  }
}

export interface ReferenceCliOptions {
  help: boolean;
  host: string;
  port: number;
  faults: FaultName[];
  /** Legitimate alternative choices (reference/variants.ts); the server still follows the spec. */
  variants: VariantName[];
  seedPath: string | undefined;
  /** Retry spacing base of webhook deliveries (spec 6.2 leaves it open). */
  webhookBackoffMs: number;
  /** Timeout of one webhook delivery attempt. */
  webhookTimeoutMs: number;
  /** Rate-limit window; anything but 60 s is for self-tests only (spec 8 says per minute). */
  rateWindowMs: number;
}

/** Upper bound of both webhook flags: one hour. */
const MAX_WEBHOOK_MS = 3_600_000;

/** The help column: a flag longer than this puts its help on the next line. */
const HELP_COLUMN = 21;

/** One option's help lines: the flag and its value, then its help beside it (or under it, when the flag is long). */
function optionHelp(option: (typeof OPTIONS)[number]): string[] {
  const flag = `  --${option.name}${'value' in option ? ` ${option.value}` : ''}`;
  const indent = ' '.repeat(HELP_COLUMN);
  if (flag.length + 2 > HELP_COLUMN) return [flag, ...option.help.map((line) => `${indent}${line}`)];
  const [first, ...rest] = option.help;
  return [`${flag.padEnd(HELP_COLUMN)}${first}`, ...rest.map((line) => `${indent}${line}`)];
}

export const USAGE = [
  'Usage: npm run reference -- [options]',
  '',
  'Starts the reference Work-management API server (spec v1) in memory.',
  '',
  'Options:',
  ...OPTIONS.flatMap(optionHelp),
].join('\n');

/** node:util parseArgs' options, from the table. */
const PARSE_OPTIONS = Object.fromEntries(
  OPTIONS.map((o) => [o.name, { type: 'value' in o ? ('string' as const) : ('boolean' as const), ...('short' in o ? { short: o.short } : {}) }]),
) as { [O in (typeof OPTIONS)[number] as O['name']]: O extends { value: string } ? { type: 'string' } : { type: 'boolean'; short?: string } };

function parsePort(raw: string, source: string): number {
  if (!/^\d+$/.test(raw) || Number(raw) > 65535) throw new UsageError(`${source} must be an integer 0..65535, got "${raw}"`);
  return Number(raw);
}

function parseMs(raw: string | undefined, flag: string, min: number, fallback: number): number {
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > MAX_WEBHOOK_MS) {
    throw new UsageError(`${flag} must be an integer ${min}..${MAX_WEBHOOK_MS}, got "${raw}"`);
  }
  return Number(raw);
}

function parseWindowSeconds(raw: string | undefined): number {
  if (raw === undefined) return WINDOW_MS;
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(Number(raw) * 1000) || Number(raw) < 1) {
    throw new UsageError(`--rate-window-s must be a positive integer, got "${raw}"`);
  }
  return Number(raw) * 1000;
}

/** Pure: argv (without node and script) and env in, options out; throws UsageError or UnknownFaultError. */
export function parseCliArgs(argv: readonly string[], env: Readonly<Record<string, string | undefined>> = {}): ReferenceCliOptions {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: PARSE_OPTIONS,
    }));
  } catch (error) {
    throw new UsageError((error as Error).message.split('\n')[0] ?? 'bad arguments');
  }
  const envPort = env.REFERENCE_PORT;
  const port =
    values.port !== undefined ? parsePort(values.port, '--port') : envPort !== undefined && envPort !== '' ? parsePort(envPort, 'REFERENCE_PORT') : 0;
  if (values.host !== undefined && values.host.trim() === '') throw new UsageError('--host must not be empty');
  return {
    help: values.help ?? false,
    host: values.host ?? '127.0.0.1',
    port,
    faults: [...parseFaults((values.faults ?? '').split(','))],
    variants: [...parseVariants((values.variants ?? '').split(','))],
    seedPath: values.seed,
    webhookBackoffMs: parseMs(values['webhook-backoff-ms'], '--webhook-backoff-ms', 0, DEFAULT_WEBHOOK_OPTIONS.backoffBaseMs),
    webhookTimeoutMs: parseMs(values['webhook-timeout-ms'], '--webhook-timeout-ms', 1, DEFAULT_WEBHOOK_OPTIONS.timeoutMs),
    rateWindowMs: parseWindowSeconds(values['rate-window-s']),
  };
}
