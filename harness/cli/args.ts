import { flagUsage } from '../config/settings-text.js';
import { SETTINGS, type FlagCommand, type Setting, type SettingFlag } from '../config/settings.js';
import { loadFlagOverrides } from './load-flags.js';
import { UsageError } from '../errors.js';
import { parseCommandArgs, seeHelp, type CommandSyntax, type OptionSpec, type OptionTable, type ParsedArgs } from './parse.js';

/** `--dotenv` and `--no-dotenv`: every command that reads a configuration takes them (and a few that read none, as they always did). */
export const DOTENV_OPTIONS: OptionTable = {
  '--dotenv': { kind: 'value', needs: 'a path', meta: 'PATH', help: ['Read variables from this file instead of ./.env (it must exist)'] },
  '--no-dotenv': { kind: 'switch', help: ['Read no file of variables, only the environment'] },
};

/** The commands `conformance` knows, in the order help lists them. */
export const COMMANDS = ['run', 'doctor', 'init', 'load', 'list', 'openapi', 'certify', 'verify', 'keygen', 'reference', 'help'] as const;
export type CommandName = (typeof COMMANDS)[number];

export const isCommand = (word: string | undefined): word is CommandName => (COMMANDS as readonly string[]).includes(word ?? '');

/** Settings with a flag of their own (`--url`, `--suites`...), from the settings table. */
export const FLAG_SETTINGS = (SETTINGS as readonly Setting[]).filter((s): s is Setting & { flag: SettingFlag } => s.flag !== undefined);

/** Whether `command` takes the setting's flag (`--workers` is for `load` only). */
export const takesFlag = (command: FlagCommand, flag: SettingFlag): boolean => flag.commands === undefined || flag.commands.includes(command);

export const HELP_FLAGS: readonly string[] = ['-h', '--help'];
export const VERSION_FLAGS: readonly string[] = ['-V', '-v', '--version'];

/**
 * What was asked of `conformance`, before any command runs: the command and its own arguments, or
 * a help or version request. Pure. `-h`/`--help` anywhere asks for the command's help, so
 * `verify -h` never reads "-h" as a bundle.
 */
export type Request =
  | { readonly kind: 'help'; readonly command?: CommandName | undefined }
  | { readonly kind: 'version' }
  | { readonly kind: 'command'; readonly command: CommandName; readonly rest: readonly string[] };

export function parseRequest(argv: readonly string[]): Request {
  const first = argv[0];
  if (first !== undefined && !first.startsWith('-') && !isCommand(first)) {
    throw new UsageError(`unknown argument "${first}": not a command; the commands are ${COMMANDS.join(', ')} (see conformance --help)`);
  }
  if (first === 'help') {
    const topic = argv[1];
    if (topic === undefined) return { kind: 'help' };
    if (!isCommand(topic)) throw new UsageError(`help: unknown command "${topic}"; the commands are ${COMMANDS.join(', ')}`);
    return { kind: 'help', command: topic };
  }
  // `run`, `doctor` and `load` may come after their options (`--dotenv x run`), as they always could.
  const command: CommandName | undefined = isCommand(first)
    ? first
    : (argv.find((a) => a === 'run' || a === 'doctor' || a === 'load') as CommandName | undefined);
  const rest = isCommand(first) ? argv.slice(1) : argv.filter((a) => a !== command);
  if (argv.some((a) => HELP_FLAGS.includes(a))) return { kind: 'help', command };
  if (command === undefined && argv.some((a) => VERSION_FLAGS.includes(a))) return { kind: 'version' };
  return { kind: 'command', command: command ?? 'run', rest };
}

/** The options of `run`, `doctor` and `load`. */
export interface RunArgs {
  /** undefined: ./.env if present; a path: that file, which must exist; null: no file (--no-dotenv). */
  readonly envFile: string | null | undefined;
  /** Variables set by flags (`--url` => CONFORMANCE_TARGET_URL): they win over the environment. */
  readonly overrides: Readonly<Record<string, string>>;
  /** `run`/`load --skip-doctor`: no preflight (also CONFORMANCE_SKIP_DOCTOR=true). */
  readonly skipDoctor: boolean;
  /** `run --rerun-failed [report.json]`: null when not asked; '' for the latest report. */
  readonly rerunFailed: string | null;
}

/**
 * The flags of these commands that are no setting's: `commands` take it (default: all three), and
 * the refusal elsewhere names them as `takenBy` says.
 */
const RUN_FLAGS: Readonly<Record<`--${string}`, OptionSpec & { readonly takenBy?: string; readonly commands?: readonly FlagCommand[] }>> = {
  // Repeatable, as k6 takes them: every one given counts (load-flags.ts), not only the last.
  '--threshold': {
    kind: 'value',
    needs: "a value, e.g. --threshold 'http_req_duration{scenario:throughput}:p(95)<300'",
    commands: ['load'],
    takenBy: 'load only',
    meta: 'EXPR',
    help: [
      "A k6-like threshold, repeatable: 'METRIC{tag:value}:AGG OP NUMBER',",
      "e.g. 'http_req_duration{scenario:throughput}:p(95)<300', 'http_req_failed:rate<0.01',",
      "'http_reqs{endpoint:list}:rate>=50'; one crossed: exit 1 (docs/load.md#thresholds)",
    ],
  },
  '--stage': {
    kind: 'value',
    needs: 'a value, e.g. --stage 30s:20',
    commands: ['load'],
    takenBy: 'load only',
    meta: 'DUR:TARGET',
    help: [
      'A ramp stage, repeatable: the arrival rate moves in a straight line to',
      'TARGET requests per second over DUR (--stage 30s:20 --stage 1m:50 --stage 30s:0)',
    ],
  },
  '--skip-doctor': {
    kind: 'switch',
    commands: ['run', 'load'],
    takenBy: 'run and load',
    help: ["Do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)"],
  },
  '--rerun-failed': {
    kind: 'optional-value',
    commands: ['run'],
    takenBy: 'run only',
    usage: '--rerun-failed [report.json]',
    help: ['Only the requirements that failed or erred in that report (default', 'the latest in the report directory), with its seed and runs per property'],
  },
  ...DOTENV_OPTIONS,
};

const only = (commands: readonly FlagCommand[]): string => commands.join(' and ');

/**
 * The syntax of `run`, `doctor` or `load`: every flag of the settings table and the few above. A
 * flag of another of the three is known, and refused naming who takes it.
 */
export function runSyntax(command: FlagCommand): CommandSyntax {
  const options: Record<`--${string}`, OptionSpec> = {};
  for (const { flag, kind, name } of FLAG_SETTINGS) {
    const refused = takesFlag(command, flag)
      ? undefined
      : `${flag.name} applies to conformance ${only(flag.commands ?? [])} only; leave it out of conformance ${command}`;
    // A switch: present means true; `--external-workers=false` still says it outright.
    const help = { usage: flagUsage(flag), help: [`${name} (${kind.type})`] };
    options[flag.name as `--${string}`] =
      flag.meta === undefined
        ? { kind: 'switch', switchValue: true, refused, ...help }
        : { kind: 'value', needs: `a value: ${flag.meta}, ${kind.type}`, refused, ...help };
  }
  for (const [name, { commands, takenBy, ...spec }] of Object.entries(RUN_FLAGS) as [`--${string}`, (typeof RUN_FLAGS)[`--${string}`]][]) {
    const refused =
      commands === undefined || commands.includes(command) ? undefined : `${name} applies to conformance ${takenBy}; leave it out of conformance ${command}`;
    options[name] = { ...spec, refused };
  }
  return { command, options };
}

/** Pure: the arguments after `run`, `doctor` or `load`; every refusal says what to do. */
export function parseRunArgs(command: FlagCommand, argv: readonly string[]): RunArgs {
  return runArgsOf(command, parseCommandArgs(argv, runSyntax(command)));
}

/** The options of `run`, `doctor` or `load` among those parsed (a command with more of its own, `load export`, parses them together). */
export function runArgsOf(command: FlagCommand, { values, given }: ParsedArgs): RunArgs {
  if (values.has('--dotenv') && values.has('--no-dotenv'))
    throw new UsageError(`--dotenv and --no-dotenv contradict each other; give one (${seeHelp(command)})`);
  const overrides: Record<string, string> = {};
  for (const setting of FLAG_SETTINGS) {
    const value = values.get(setting.flag.name);
    if (value !== undefined) overrides[setting.name] = value;
  }
  if (command === 'load') Object.assign(overrides, loadFlagOverrides(given));
  return {
    envFile: values.has('--no-dotenv') ? null : values.get('--dotenv'),
    overrides,
    skipDoctor: values.has('--skip-doctor'),
    rerunFailed: values.get('--rerun-failed') ?? null,
  };
}
