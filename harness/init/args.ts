import { UsageError } from '../errors.js';
import { INIT_VARIABLES, type InitVariableName } from './variables.js';

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

const FLAGS = new Set(['--force', '--no-doctor', '--no-learn', '-h', '--help']);
/** Where to write; --dotenv is kept for the scripts that already use it. */
const OUTPUT = new Set(['--output', '-o', '--dotenv']);

/** Pure: the arguments after `init` (a leading `init` is tolerated). */
export function parseInitArgs(argv: readonly string[]): InitArgs {
  const args = argv[0] === 'init' ? argv.slice(1) : argv;
  let help = false;
  let force = false;
  let doctor = true;
  let learn = true;
  let output: string | undefined;
  const values: Partial<Record<InitVariableName, string>> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    if (FLAGS.has(name)) {
      if (eq > 0) throw new UsageError(`${name} takes no value (see conformance init --help)`);
      if (name === '--force') force = true;
      else if (name === '--no-doctor') doctor = false;
      else if (name === '--no-learn') learn = false;
      else help = true;
      continue;
    }
    // Node 20 reads --env-file itself, even after the script's name, and exits before we run.
    if (name === '--env-file') throw new UsageError('--env-file is an option of Node itself; give --output PATH (or -o PATH) instead');
    const variable = INIT_VARIABLES.find((v) => v.option === name);
    if (variable === undefined && !OUTPUT.has(name)) {
      throw new UsageError(`unknown argument "${name}" (see conformance init --help)`);
    }
    let value: string | undefined;
    if (eq > 0) value = arg.slice(eq + 1);
    else {
      value = args[++i];
      // `--admin-key --member-key x`: the value was forgotten, not meant to be "--member-key".
      if (value === undefined || (value.startsWith('--') && value.length > 2)) throw new UsageError(`${name} needs a value`);
    }
    if (variable === undefined) {
      if (value.trim() === '') throw new UsageError(`${name} needs a path`);
      if (output !== undefined) throw new UsageError(`${name}: where to write is already given; give one of --output, -o, --dotenv`);
      output = value;
    } else {
      if (values[variable.name] !== undefined) throw new UsageError(`${name} given twice`);
      values[variable.name] = value.trim();
    }
  }
  return { help, force, doctor, learn, output, values };
}
