import { parseStage, parseStages } from '../config/stages.js';
import { parseThreshold } from '../config/thresholds.js';
import { UsageError } from '../errors.js';

/*
 * The options of `conformance load` that may be given more than once, as k6 takes them:
 * `--threshold EXPR` and `--stage DURATION:TARGET`. The settings table's flags set one variable to
 * one value; these collect theirs into CONFORMANCE_LOAD_THRESHOLDS (one per line) and
 * CONFORMANCE_LOAD_STAGES (comma-separated), which then win over the environment like any flag.
 * Each value is checked here, so a bad one is refused naming the option, not the variable. They are
 * read by the one parser with the other options of load (args.ts); this file judges their values.
 */

/**
 * Pure: the variables set by every `--threshold` and `--stage` given (in the order given, as the
 * one parser (parse.ts) hands them over); a bad value is refused naming the option.
 */
export function loadFlagOverrides(given: readonly { readonly name: string; readonly value: string }[]): Record<string, string> {
  const thresholds: string[] = [];
  const stages: string[] = [];
  for (const { name, value } of given) {
    if (name === '--threshold') {
      const parsed = parseThreshold(value.trim());
      if (!parsed.ok) throw new UsageError(`--threshold ${parsed.problem} (see docs/load.md#thresholds)`);
      thresholds.push(parsed.threshold.expression);
    } else if (name === '--stage') {
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
  return overrides;
}
