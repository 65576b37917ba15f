import { UsageError } from '../errors.js';
import { parseCommandArgs, type CommandSyntax, type OptionSpec } from './parse.js';
import { INIT_VARIABLES, type InitVariableName } from '../init/variables.js';

export interface InitArgs {
  readonly help: boolean;
  /** Overwrite an existing file. */
  readonly force: boolean;
  /** Do not run `conformance doctor` on the written file. */
  readonly doctor: boolean;
  /** Do not ask the target anything. */
  readonly learn: boolean;
  /** Where to write, as given (relative to the working directory); undefined: `<cwd>/.env`. */
  readonly output: string | undefined;
  /** Values given on the command line; an empty string means "leave it empty" (no prompt, no environment). */
  readonly values: Readonly<Partial<Record<InitVariableName, string>>>;
}

/** The options of `conformance init`: its switches, where to write, and one per variable it fills in. */
export const INIT_SYNTAX: CommandSyntax = {
  command: 'init',
  // It has always said "unknown argument" for an unknown option too.
  unknownWord: 'argument',
  options: {
    // Where to write; --dotenv is kept for the scripts that already use it.
    '--output': { kind: 'value', short: 'o', needs: 'a path', meta: 'PATH', help: ['Where to write (default ./.env; --dotenv PATH is the same)'] },
    '--dotenv': { kind: 'value', needs: 'a path', meta: 'PATH', help: ['The same as --output PATH'] },
    '--force': { kind: 'switch', help: ['Overwrite the file if it exists'] },
    '--no-learn': { kind: 'switch', help: ['Do not ask the target anything'] },
    '--no-doctor': { kind: 'switch', help: ['Do not run conformance doctor on the written file'] },
    // Node 20 reads --env-file itself, even after the script's name, and exits before we run.
    '--env-file': { kind: 'value', refused: '--env-file is an option of Node itself; give --output PATH (or -o PATH) instead' },
    // An empty value means "leave it empty": no prompt, no environment.
    ...Object.fromEntries(
      INIT_VARIABLES.map((v) => [
        v.option,
        { kind: 'value', blankAllowed: true, once: true, meta: v.meta, help: [`${v.name}: ${v.description}`] } satisfies OptionSpec,
      ]),
    ),
    '--help': { kind: 'switch', short: 'h', help: ['Show this help'] },
  },
};

/** Pure: the arguments after `init` (a leading `init` is tolerated). */
export function parseInitArgs(argv: readonly string[]): InitArgs {
  const { values, given } = parseCommandArgs(argv[0] === 'init' ? argv.slice(1) : argv, INIT_SYNTAX);
  const outputs = given.filter((g) => g.name === '--output' || g.name === '--dotenv');
  if (outputs.length > 1) throw new UsageError(`${outputs[1]!.as}: where to write is already given; give one of --output, -o, --dotenv`);
  const fromOptions: Partial<Record<InitVariableName, string>> = {};
  for (const variable of INIT_VARIABLES) {
    const value = values.get(variable.option);
    if (value !== undefined) fromOptions[variable.name] = value.trim();
  }
  return {
    help: values.has('--help'),
    force: values.has('--force'),
    doctor: !values.has('--no-doctor'),
    learn: !values.has('--no-learn'),
    output: outputs[0]?.value,
    values: fromOptions,
  };
}
