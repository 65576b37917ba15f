import { SETTINGS, type InitSettingName, type SettingEntry } from '../config/settings.js';

/*
 * `conformance init`: the variables init fills in, each with the option that sets it, whether a
 * terminal is asked for it, and whether it is a secret (never echoed, never printed). They are
 * the entries of the settings table (harness/config/settings.ts) that say what init asks; the
 * table's order is the order of the prompts and of the summary.
 */

export interface InitVariable {
  readonly name: InitVariableName;
  /** The command-line option that sets it, e.g. `--admin-key`. */
  readonly option: string;
  /** What the option's value is, for `--help`. */
  readonly meta: string;
  /** One line for `--help` and the prompt. */
  readonly description: string;
  /** Asked on a terminal when neither an option nor the environment gave it. */
  readonly prompted: boolean;
  /** An API key (or a list of them): read without echo, never printed. */
  readonly secret: boolean;
  /** conformance init can learn it from the target (harness/init/learn.ts). */
  readonly learnable: boolean;
}

export type InitVariableName = InitSettingName;

type InitEntry = Extract<SettingEntry, { readonly init: unknown }>;

export const INIT_VARIABLES: readonly InitVariable[] = SETTINGS.filter((s): s is InitEntry => 'init' in s).map((s) => ({
  name: s.name,
  option: s.init.option,
  meta: s.init.meta,
  description: s.init.ask,
  prompted: s.init.prompted,
  secret: 'secret' in s && s.secret,
  learnable: s.init.learnable,
}));

export function initVariable(name: InitVariableName): InitVariable {
  return INIT_VARIABLES.find((v) => v.name === name)!;
}
