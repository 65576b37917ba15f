/**
 * What a unit-tier test file may not do, read from its source: start a process, run the CLI, wait
 * for real longer than a moment, or assert an upper bound on the wall clock (on a busy machine that
 * flakes; a bound that matters is a bench figure). A static scan, so the check itself is instant.
 */

/** The longest real wait a unit test may spell out: a tick, not a window. */
export const UNIT_MAX_LITERAL_WAIT_MS = 100;

const RULES: { pattern: RegExp; problem: string }[] = [
  { pattern: /from ['"](node:)?child_process['"]/, problem: 'imports child_process (a process belongs in the e2e or system tier)' },
  { pattern: /\b(runCli|spawnCli)\b|run-cli\.js['"]/, problem: 'runs the CLI (belongs in the e2e tier)' },
  {
    pattern: /expect\(\s*(performance\.now\(\)|Date\.now\(\))\s*-[^)]*\)\s*\.toBeLessThan(OrEqual)?\(/,
    problem: 'asserts an upper bound on the wall clock (use fake timers or an injected clock; measure a real bound in the bench)',
  },
];

/** Literal waits: setTimeout(fn, N) and sleep/tick/delay/after(N). */
const WAITS = [/\bsetTimeout\([^;]*?,\s*([\d_]+)\s*\)/g, /\b(?:sleep|tick|delay|after)\(\s*([\d_]+)\b/g];

/** One line per problem found in a unit-tier test file's source; empty when it is fine. */
export function unitTierProblems(source: string): string[] {
  const problems = RULES.filter((rule) => rule.pattern.test(source)).map((rule) => rule.problem);
  for (const wait of WAITS) {
    for (const match of source.matchAll(wait)) {
      const ms = Number(match[1]!.replace(/_/g, ''));
      if (ms >= UNIT_MAX_LITERAL_WAIT_MS) problems.push(`waits ${ms} ms for real (${match[0]}): use fake timers or an injected clock`);
    }
  }
  return problems;
}
