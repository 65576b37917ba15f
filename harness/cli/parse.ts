import { parseArgs } from 'node:util';
import { UsageError } from '../errors.js';

/*
 * The one reader of every command's options, on node:util's parseArgs: each command declares a
 * table of its options and reads the answer; the refusals read the same everywhere (one line
 * naming the option and `conformance <command> --help`, a UsageError: exit 2).
 *
 * parseArgs runs with `strict: false` and its tokens are judged here, for two reasons: a value
 * may start with a dash (`--seed -3`), which strict mode refuses as ambiguous, and a refusal
 * must name the project's fix, not parseArgs' own wording.
 */

export interface OptionSpec {
  /**
   * `value`: takes one (`--url X` or `--url=X`); `switch`: takes none; `optional-value`: takes
   * the next argument when it is no option (`--rerun-failed [FILE]`), else ''.
   */
  readonly kind: 'value' | 'switch' | 'optional-value';
  /** A one-letter spelling (`o` for `-o`). */
  readonly short?: string;
  /** What the value is, in the refusal `--x needs <needs>` (default: "a value"). */
  readonly needs?: string;
  /** A value of only blanks is kept (init's `--member-key ""`: leave it empty); default: refused. */
  readonly blankAllowed?: boolean;
  /** A switch given a value (`--external-workers=false`) keeps it; default: refused. */
  readonly switchValue?: boolean;
  /** Given twice is refused; default: the last one wins. */
  readonly once?: boolean;
  /** Known, but refused by this command with this line (a flag of another command); its help lists it not. */
  readonly refused?: string;
  /** What its value is in the help (`--url URL`); none for a switch. */
  readonly meta?: string;
  /** The left column of its help line, when more than the flag and its value (`--rerun-failed [report.json]`). */
  readonly usage?: string;
  /** Its help, one entry a line (the command's `--help` lists every option it accepts). */
  readonly help?: readonly string[];
}

/** A command's options by long name (`--url`). */
export type OptionTable = Readonly<Record<`--${string}`, OptionSpec>>;

export interface CommandSyntax {
  /** For `see conformance <command> --help`: `run`, `load export`. */
  readonly command: string;
  readonly options: OptionTable;
  /** How many arguments that are no option it takes (default none). */
  readonly positionals?: number;
  /** The word of the unknown-option refusal (`init` has always said "unknown argument"). */
  readonly unknownWord?: 'option' | 'argument';
}

export interface ParsedArgs {
  /** Each option given, by long name, with its value ('true' for a switch); the last one wins. */
  readonly values: ReadonlyMap<string, string>;
  /** The options in the order given, with the spelling used (`-o`). */
  readonly given: readonly { readonly name: string; readonly as: string; readonly value: string }[];
  readonly positionals: readonly string[];
}

export const seeHelp = (command: string): string => `see conformance ${command} --help`;

/** Pure: the options of `argv` by `syntax`; the first problem, in argument order, throws a UsageError. */
export function parseCommandArgs(argv: readonly string[], syntax: CommandSyntax): ParsedArgs {
  const see = seeHelp(syntax.command);
  const names = Object.keys(syntax.options) as `--${string}`[];
  const options: Record<string, { type: 'string' | 'boolean'; short?: string }> = {};
  for (const name of names) {
    const spec = syntax.options[name]!;
    options[name.slice(2)] = { type: spec.kind === 'value' ? 'string' : 'boolean', ...(spec.short === undefined ? {} : { short: spec.short }) };
  }
  const { tokens } = parseArgs({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true });
  const values = new Map<string, string>();
  const given: { name: string; as: string; value: string }[] = [];
  const positionals: string[] = [];
  // The index of a positional an optional value took (`--rerun-failed r.json`).
  const taken = new Set<number>();
  for (const [at, token] of tokens.entries()) {
    if (token.kind === 'option-terminator') throw new UsageError(`unknown ${syntax.unknownWord ?? 'option'} "--" (${see})`);
    if (token.kind === 'positional') {
      if (taken.has(at)) continue;
      if (positionals.length >= (syntax.positionals ?? 0)) throw new UsageError(`unknown argument "${token.value}" (${see})`);
      positionals.push(token.value);
      continue;
    }
    const name = `--${token.name}` as const;
    const spec = Object.hasOwn(syntax.options, name) ? syntax.options[name] : undefined;
    // An unknown `-xyz` is named as typed, not as parseArgs splits it (`-x`).
    const as = token.rawName.startsWith('--') ? token.rawName : spec === undefined ? (argv[token.index]?.split('=')[0] ?? token.rawName) : token.rawName;
    if (spec === undefined) throw new UsageError(`unknown ${syntax.unknownWord ?? 'option'} "${as}" (${see})`);
    if (spec.refused !== undefined) throw new UsageError(spec.refused);
    let value: string;
    if (spec.kind === 'switch') {
      if (token.value !== undefined && spec.switchValue !== true) throw new UsageError(`${as} takes no value (${see})`);
      value = token.value ?? 'true';
    } else if (spec.kind === 'optional-value') {
      const next = tokens[at + 1];
      if (token.value !== undefined) value = token.value;
      else if (next?.kind === 'positional' && next.index === token.index + 1 && !next.value.startsWith('-')) {
        value = next.value;
        taken.add(at + 1);
      } else value = '';
    } else {
      // `--suites --seed 1`: the value was forgotten, not meant to be "--seed".
      const missing = token.value === undefined || (!token.inlineValue && token.value.startsWith('--'));
      if (missing || (spec.blankAllowed !== true && token.value!.trim() === '')) throw new UsageError(`${as} needs ${spec.needs ?? 'a value'} (${see})`);
      value = token.value!;
    }
    if (spec.once === true && values.has(name)) throw new UsageError(`${as} given twice; give it once (${see})`);
    values.set(name, value);
    given.push({ name, as, value });
  }
  return { values, given, positionals };
}
