import { COMMANDS } from './args.js';
import { COMMAND_TABLE, type SignalHandling } from './commands.js';

/*
 * The command table as docs/commands.md shows it, between its markers: written by
 * harness/cli/write-commands-doc.ts, compared by harness/cli/commands.test.ts.
 */

export const COMMANDS_DOC_BEGIN = '<!-- commands:begin (written from harness/cli/commands.ts by harness/cli/write-commands-doc.ts) -->';
export const COMMANDS_DOC_END = '<!-- commands:end -->';

const SIGNALS: Readonly<Record<SignalHandling, string>> = {
  stop: 'the first stops it cleanly (exit 130 / 143), a second quits at once',
  close: 'closes the server, exit 0',
  default: "Node's own",
};

/** The Markdown table: each command, the options its parser accepts, what it sends, SIGINT and SIGTERM. */
export async function renderCommandsDoc(): Promise<string> {
  const rows: string[] = [];
  for (const name of COMMANDS) {
    const entry = COMMAND_TABLE[name];
    const syntaxes = [await entry.syntax(), ...Object.values((await entry.subcommands?.()) ?? {})];
    const options = [
      ...new Set(
        syntaxes.flatMap((s) =>
          Object.entries(s.options)
            .filter(([option, spec]) => spec.refused === undefined && option !== '--help')
            .map(([option]) => option),
        ),
      ),
    ];
    const shown = options.length === 0 ? '-' : options.map((o) => `\`${o}\``).join(', ');
    rows.push(`| \`${name}\` | ${options.length} | ${shown} | ${entry.traffic} | ${SIGNALS[entry.signals]} |`);
  }
  return [
    COMMANDS_DOC_BEGIN,
    '| Command | Options | Its options (besides `-h`, `--help`) | Sends | SIGINT, SIGTERM |',
    '| --- | --- | --- | --- | --- |',
    ...rows,
    COMMANDS_DOC_END,
  ].join('\n');
}
