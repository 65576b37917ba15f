import { runArgsOf, runSyntax } from './args.js';
import { parseCommandArgs, type CommandSyntax } from './parse.js';

/** The options of `conformance list`: `--json`, and run's options (what narrows or points a run), less the two that only change how a run runs. */
export function listSyntax(): CommandSyntax {
  const run = runSyntax('run');
  const refused = (name: string) => ({ kind: 'switch', refused: `${name} applies to conformance run only; leave it out of conformance list` }) as const;
  return {
    command: 'list',
    options: {
      '--json': { kind: 'switch', help: ['One JSON document instead of the table'] },
      ...run.options,
      '--skip-doctor': refused('--skip-doctor'),
      '--rerun-failed': refused('--rerun-failed'),
    },
  };
}

/** Pure: the options of `conformance list`: `--json`, the file of variables, and run's setting flags. */
export function parseListArgs(argv: readonly string[]): { json: boolean; envFile: string | null | undefined; overrides: Record<string, string> } {
  const parsed = parseCommandArgs(argv, listSyntax());
  const { envFile, overrides } = runArgsOf('run', parsed);
  return { json: parsed.values.has('--json'), envFile, overrides: { ...overrides } };
}
