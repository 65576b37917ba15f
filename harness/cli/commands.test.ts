import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { packageFile } from '../package-root.js';
import { renderCommandsDoc } from './commands-doc.js';
import { parseCliArgs } from '../../reference/cli-args.js';
import { UsageError } from '../errors.js';
import { COMMANDS } from './args.js';
import { COMMAND_TABLE } from './commands.js';
import { commandHelp, HELP } from './help.js';
import { parseCommandArgs } from './parse.js';

/*
 * The command table (commands.ts) is the one place a command's options are declared: its parser
 * and its --help read it. These tests hold the two together for every command.
 */

const NAMED = COMMANDS.filter((c) => c !== 'help');

/** The options an Options section lists: `  --url URL ...`, `  -o, --output PATH ...`. */
function listedOptions(help: string): string[] {
  const sections = help.split(/^Options(?: of [a-z -]+)?:\n/m).slice(1);
  return sections.flatMap((section) => [...section.split(/\n\n/)[0]!.matchAll(/^ {2}(?:-[a-zA-Z], )?(--[a-z][a-z0-9-]*)/gm)].map((m) => m[1]!));
}

describe('the command table', () => {
  it('has an entry for every command, in the order the general help lists them', () => {
    expect(Object.keys(COMMAND_TABLE).sort()).toEqual([...COMMANDS].sort());
    const order = [
      ...HELP.split('Commands:\n')[1]!
        .split('\n\n')[0]!
        .matchAll(/^ {2}([a-z]+) /gm),
    ].map((m) => m[1]);
    expect(order).toEqual([...COMMANDS]);
  });

  it.each(NAMED)('conformance %s --help lists exactly the options its parser accepts', async (command) => {
    const entry = COMMAND_TABLE[command];
    const syntax = await entry.syntax();
    const subcommands = Object.values((await entry.subcommands?.()) ?? {});
    const accepted = new Set(
      [syntax, ...subcommands].flatMap((s) =>
        Object.entries(s.options)
          .filter(([, spec]) => spec.refused === undefined)
          .map(([name]) => name),
      ),
    );
    accepted.add('--help');
    const listed = listedOptions(await commandHelp(command));
    expect(new Set(listed)).toEqual(accepted);
    // Each once: an option listed twice is a table gone wrong.
    expect(listed.length).toBe(new Set(listed).size);
    for (const [name, spec] of Object.entries(syntax.options))
      if (spec.refused === undefined) expect(spec.help?.length ?? 0, `${command} ${name}`).toBeGreaterThan(0);
  });

  it.each(NAMED.filter((c) => c !== 'reference'))('conformance %s refuses an option it does not take, naming its --help', async (command) => {
    const syntax = await COMMAND_TABLE[command].syntax();
    expect(() => parseCommandArgs(['--frobnicate'], syntax)).toThrow(UsageError);
    expect(() => parseCommandArgs(['--frobnicate'], syntax)).toThrow(`"--frobnicate" (see conformance ${syntax.command} --help)`);
  });

  it('reference --help lists the options of the reference server, which its own parser accepts and no other', async () => {
    const syntax = await COMMAND_TABLE.reference.syntax();
    const names = Object.keys(syntax.options);
    expect(names).toEqual(
      expect.arrayContaining(['--port', '--host', '--faults', '--variants', '--seed', '--webhook-backoff-ms', '--webhook-timeout-ms', '--rate-window-s']),
    );
    for (const [name, spec] of Object.entries(syntax.options)) {
      const argv =
        spec.kind === 'value'
          ? [name, { '--port': '0', '--host': 'localhost', '--rate-window-s': '60', '--faults': '', '--variants': '' }[name] ?? '10']
          : [name];
      expect(() => parseCliArgs(argv), argv.join(' ')).not.toThrow();
    }
    expect(() => parseCliArgs(['--frobnicate'])).toThrow();
    expect(listedOptions(await commandHelp('reference'))).toContain('--rate-window-s');
  });

  it('every command that creates records stops cleanly on SIGINT and SIGTERM', () => {
    const creating = NAMED.filter((c) => COMMAND_TABLE[c].traffic === 'records');
    expect(creating).toEqual(expect.arrayContaining(['run', 'doctor', 'load', 'certify']));
    for (const command of creating) expect(COMMAND_TABLE[command].signals, command).toBe('stop');
    expect(COMMAND_TABLE.reference.signals).toBe('close');
  });

  it('docs/commands.md shows the table as the code has it (npx tsx harness/cli/write-commands-doc.ts writes it)', async () => {
    const doc = await readFile(packageFile('docs/commands.md'), 'utf8');
    expect(doc).toContain(await renderCommandsDoc());
  });
});
