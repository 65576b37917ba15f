import { renderSettingsHelp } from '../config/settings-help.js';
import { flagUsage } from '../config/settings-text.js';
import type { FlagCommand } from '../config/settings.js';
import { COMMANDS, FLAG_SETTINGS, type CommandName } from './args.js';
import { COMMAND_TABLE } from './commands.js';
import type { CommandSyntax, OptionSpec } from './parse.js';

/*
 * The general `--help` and each command's own, generated from the command table (commands.ts):
 * a command's help lists exactly the options its parser accepts, each with the help its syntax
 * gives it, so the two cannot drift.
 */

const line = (left: string, right: string): string => `  ${left.padEnd(20)}${right}`.trimEnd() + '\n';

/** The flags taken by exactly these commands (none: by run, doctor and load alike), for the general help's groups. */
const flagsOf = (commands: readonly FlagCommand[] | undefined): string =>
  FLAG_SETTINGS.filter((s) => (s.flag.commands ?? []).join() === (commands ?? []).join())
    .map((s) => line(flagUsage(s.flag), `${s.name} (${s.kind.type})`))
    .join('');

/** The general help's list of commands: each one's summary from the command table. */
function commandLines(): string {
  return COMMANDS.map((name) => COMMAND_TABLE[name].summary.map((text, at) => `  ${(at === 0 ? name : '').padEnd(11)}${text}\n`).join('')).join('');
}

/** `conformance --help`: the commands from the command table, the variables from the settings table; keep the rest in step with docs/verdicts.md. */
export const HELP = `Usage: conformance <command> [options]

Commands:
${commandLines()}
Options of every command:
  -h, --help          Show the command's own help (also: conformance help <command>)
  -V, --version       Show the version
  --dotenv PATH       Read variables from this file instead of ./.env (it must exist)
  --no-dotenv         Read no file of variables, only the environment

Options of run, doctor and load (they win over the environment and .env):
${flagsOf(undefined)}
run and doctor:
${flagsOf(['run', 'doctor'])}
run and load:
  --skip-doctor       Do not run the doctor's checks first (also CONFORMANCE_SKIP_DOCTOR=true)

load only:
${flagsOf(['load'])}  --threshold EXPR    A k6-like threshold, repeatable, e.g. 'http_req_duration:p(95)<300'
                      (also CONFORMANCE_LOAD_THRESHOLDS); one crossed: exit 1
  --stage DUR:TARGET  A ramp stage, repeatable, e.g. --stage 30s:20 --stage 1m:50
                      (requests per second; also CONFORMANCE_LOAD_STAGES)
run only:
${flagsOf(['run'])}  --rerun-failed [report.json]
                      Only the requirements that failed or erred in that report (default
                      the latest in the report directory), with its seed and runs per property

Configuration comes from the environment or .env (the environment wins); every variable,
with its kind and bounds, is in .env.example and docs/configuration.md.

${renderSettingsHelp()}
Checks that need a variable that is not set are skipped with the reason; conformance list
shows which, and why, before a run.

Verdicts: CONFORMANT (every MUST requirement of the catalogue verified and passed),
INCOMPLETE (nothing failed, but a MUST requirement was not verified: skipped, inconclusive,
or not selected by CONFORMANCE_SUITES / CONFORMANCE_REQUIREMENTS), NON-CONFORMANT (a MUST
check failed), ERROR (the harness broke, or the run stopped early: the target stopped
answering, the throttling budget or the run deadline was spent; a response past
CONFORMANCE_MAX_RESPONSE_BYTES leaves its check without a verdict). The load harness likewise: passed, incomplete
(a rate scenario skipped or not selected), failed, error.

Doctor exit codes: 0 nothing is a problem (warnings allowed), 1 something is a problem,
2 the configuration cannot be read, 130 / 143 stopped by SIGINT / SIGTERM (doctor.json says so).

Exit codes:
  0  conformant (load: every rate scenario ran and held); also incomplete, unless
     CONFORMANCE_FAIL_ON_INCOMPLETE is set
  1  non-conformant (load: a rate scenario failed or a threshold was crossed), or error (the harness broke, or the
     run stopped early)
  2  configuration error, or the target cannot be reached
  3  incomplete, with CONFORMANCE_FAIL_ON_INCOMPLETE=true
  130/143  run: interrupted by SIGINT (Ctrl-C) / SIGTERM; the report is written (verdict
     interrupted) and the run's records deleted within 8 s; a second signal quits at once
`;

/** One option's help lines: the flag and its value, its help beside it (or under it, when the flag is long). */
function optionLines(name: string, spec: OptionSpec, column: number): string {
  const left = spec.usage ?? `${spec.short === undefined ? '' : `-${spec.short}, `}${name}${spec.meta === undefined ? '' : ` ${spec.meta}`}`;
  const [first, ...rest] = spec.help ?? [];
  const indent = ' '.repeat(column + 2);
  const head =
    left.length + 2 > column || first === undefined ? `  ${left}\n${first === undefined ? '' : `${indent}${first}\n`}` : `  ${left.padEnd(column)}${first}\n`;
  return head + rest.map((l) => `${indent}${l}\n`).join('');
}

/** The options a syntax accepts (those it refuses are another command's), then -h, --help. */
export function renderOptions(syntax: CommandSyntax, column = 20, withHelp = true): string {
  const accepted = Object.entries(syntax.options).filter(([, spec]) => spec.refused === undefined);
  const lines = accepted.map(([name, spec]) => optionLines(name, spec, column)).join('');
  const help =
    withHelp && !Object.hasOwn(syntax.options, '--help') ? optionLines('--help', { kind: 'switch', short: 'h', help: ['Show this help'] }, column) : '';
  return lines + help;
}

/** `conformance <command> --help`, from its entry in the command table. */
export async function commandHelp(command: Exclude<CommandName, 'help'>): Promise<string> {
  const { help, syntax, subcommands } = COMMAND_TABLE[command];
  const own = await syntax();
  const column = help.column ?? 20;
  let text = `${help.usage}\n\n${help.about}\nOptions:\n${renderOptions(own, column)}`;
  for (const [name, sub] of Object.entries((await subcommands?.()) ?? {})) {
    const extra = Object.fromEntries(Object.entries(sub.options).filter(([option]) => !Object.hasOwn(own.options, option)));
    if (Object.keys(extra).length > 0) text += `\nOptions of ${command} ${name}:\n${renderOptions({ ...sub, options: extra }, column, false)}`;
  }
  return text + help.after;
}

/** The help for `conformance help [command]` or `conformance [command] --help`. */
export async function helpFor(command: CommandName | undefined): Promise<string> {
  return command === undefined || command === 'help' ? HELP : commandHelp(command);
}
