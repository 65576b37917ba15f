import { SETTINGS, type FlagCommand, type Setting, type SettingFlag } from '../config/settings.js';
import { UsageError } from '../errors.js';

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

/** Pure: the arguments after `run`, `doctor` or `load`; every refusal says what to do. */
export function parseRunArgs(command: 'run' | 'doctor' | 'load', argv: readonly string[]): RunArgs {
  const see = `see conformance ${command} --help`;
  let envFile: string | null | undefined;
  let skipDoctor = false;
  let rerunFailed: string | null = null;
  const overrides: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const eq = arg.startsWith('--') ? arg.indexOf('=') : -1;
    const name = eq > 0 ? arg.slice(0, eq) : arg;
    const inline = eq > 0 ? arg.slice(eq + 1) : undefined;
    const value = (what: string): string => {
      const v = inline ?? argv[++i];
      if (v === undefined || v.trim() === '' || (inline === undefined && v.startsWith('--'))) throw new UsageError(`${name} needs ${what} (${see})`);
      return v;
    };
    const setting = FLAG_SETTINGS.find((s) => s.flag.name === name);
    if (setting !== undefined && !takesFlag(command, setting.flag)) {
      throw new UsageError(`${name} applies to conformance ${(setting.flag.commands ?? []).join(' and ')} only; leave it out of conformance ${command}`);
    } else if (setting?.flag.meta === undefined && setting !== undefined) {
      // A switch: present means true; `--external-workers=false` still says it outright.
      overrides[setting.name] = inline ?? 'true';
    } else if (setting !== undefined) {
      overrides[setting.name] = value(`a value: ${setting.flag.meta}, ${setting.kind.type}`);
    } else if (name === '--dotenv') {
      if (envFile === null) throw new UsageError(`--dotenv and --no-dotenv contradict each other; give one (${see})`);
      envFile = value('a path');
    } else if (name === '--no-dotenv') {
      if (typeof envFile === 'string') throw new UsageError(`--dotenv and --no-dotenv contradict each other; give one (${see})`);
      envFile = null;
    } else if (name === '--skip-doctor' && command !== 'doctor') skipDoctor = true;
    else if (name === '--rerun-failed' && command === 'run') {
      const next = inline ?? argv[i + 1];
      rerunFailed = inline ?? (next !== undefined && !next.startsWith('-') ? argv[++i]! : '');
    } else if (name === '--skip-doctor') {
      throw new UsageError(`--skip-doctor applies to conformance run and load; leave it out of conformance ${command}`);
    } else if (name === '--rerun-failed') {
      throw new UsageError(`--rerun-failed applies to conformance run only; leave it out of conformance ${command}`);
    } else if (arg.startsWith('-')) throw new UsageError(`unknown option "${name}" (${see})`);
    else throw new UsageError(`unknown argument "${arg}" (${see})`);
  }
  return { envFile, overrides, skipDoctor, rerunFailed };
}
