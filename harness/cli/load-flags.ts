import { parseStage, parseStages } from '../config/stages.js';
import { parseThreshold } from '../config/thresholds.js';
import { UsageError } from '../errors.js';

/*
 * The options of `conformance load` that may be given more than once, as k6 takes them:
 * `--threshold EXPR` and `--stage DURATION:TARGET`. The settings table's flags set one variable to
 * one value; these collect theirs into CONFORMANCE_LOAD_THRESHOLDS (one per line) and
 * CONFORMANCE_LOAD_STAGES (comma-separated), which then win over the environment like any flag.
 * Each value is checked here, so a bad one is refused naming the option, not the variable.
 */

export const REPEATED_LOAD_FLAGS = ['--threshold', '--stage'] as const;

export interface LoadFlags {
  /** Variables the flags set (absent: the flag was not given). */
  readonly overrides: Readonly<Record<string, string>>;
  /** The arguments left for the other options of load. */
  readonly rest: string[];
}

/** Pure: takes every `--threshold` and `--stage` (`--name VALUE` or `--name=VALUE`) out of `argv`. */
export function takeLoadFlags(argv: readonly string[]): LoadFlags {
  const thresholds: string[] = [];
  const stages: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const name = REPEATED_LOAD_FLAGS.find((f) => arg === f || arg.startsWith(`${f}=`));
    if (name === undefined) {
      rest.push(arg);
      continue;
    }
    const value = arg === name ? argv[++i] : arg.slice(name.length + 1);
    if (value === undefined || value.trim() === '' || (arg === name && value.startsWith('--'))) {
      throw new UsageError(
        `${name} needs a value, e.g. ${name === '--threshold' ? "--threshold 'http_req_duration{scenario:throughput}:p(95)<300'" : '--stage 30s:20'} (see conformance load --help)`,
      );
    }
    if (name === '--threshold') {
      const parsed = parseThreshold(value.trim());
      if (!parsed.ok) throw new UsageError(`--threshold ${parsed.problem} (see docs/load.md#thresholds)`);
      thresholds.push(parsed.threshold.expression);
    } else {
      const parsed = parseStage(value.trim());
      if (!parsed.ok) throw new UsageError(`--stage ${parsed.problem}`);
      stages.push(value.trim());
    }
  }
  // The stages together: their length, their requests, not all at 0.
  const together = parseStages(stages);
  if (!together.ok) throw new UsageError(`--stage: ${together.problem}`);
  const overrides: Record<string, string> = {};
  if (thresholds.length > 0) overrides.CONFORMANCE_LOAD_THRESHOLDS = thresholds.join('\n');
  if (stages.length > 0) overrides.CONFORMANCE_LOAD_STAGES = stages.join(',');
  return { overrides, rest };
}
