import { WINDOW_MS } from './rate-limit.js';
import { DEFAULT_WEBHOOK_OPTIONS } from './webhooks/engine.js';

/** One option of the reference server's command: its flag (`--port`), its value's name (none for a switch) and its help lines. */
export interface ReferenceOption {
  readonly name: string;
  readonly value?: string;
  readonly short?: string;
  readonly help: readonly string[];
}

/**
 * The options `reference` takes (`npm run reference`, `conformance reference`): one table for its
 * parser and usage (cli-args.ts) and for `conformance reference --help` (harness/cli/commands.ts
 * reads it): each flag's value (none for a switch) and its help lines. A flag the parser accepts
 * is one the help lists.
 */
export const REFERENCE_OPTIONS = [
  { name: 'host', value: '<host>', help: ['interface to listen on (default 127.0.0.1)'] },
  { name: 'port', value: '<port>', help: ['port, 0 for a free one (default 0, or env REFERENCE_PORT)'] },
  { name: 'faults', value: '<a,b>', help: ['switch on deliberate faults (see reference/faults.ts)'] },
  {
    name: 'variants',
    value: '<a,b>',
    help: ['switch on legitimate alternative choices the spec leaves open', '(see reference/variants.ts); the server still conforms'],
  },
  { name: 'seed', value: '<path>', help: ['seed file (default fixtures/seed.json)'] },
  {
    name: 'webhook-backoff-ms',
    value: '<ms>',
    help: [`webhook retry spacing: attempt n+1 waits ms * 2^(n-1) (default ${DEFAULT_WEBHOOK_OPTIONS.backoffBaseMs})`],
  },
  { name: 'webhook-timeout-ms', value: '<ms>', help: [`timeout of one webhook delivery attempt (default ${DEFAULT_WEBHOOK_OPTIONS.timeoutMs})`] },
  {
    name: 'rate-window-s',
    value: '<n>',
    help: [
      `rate-limit window in whole seconds (default ${WINDOW_MS / 1000}); for self-tests`,
      "only: the spec's limit is per minute, so any other window is non-conforming",
    ],
  },
  { name: 'help', short: 'h', help: ['show this text'] },
] as const satisfies readonly ReferenceOption[];
