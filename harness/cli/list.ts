import { checkList, type CheckList, type ListedCheck } from '../config/check-list.js';
import { loadConfig } from '../config/load.js';
import { estimateChecks } from '../runner/request-estimate.js';
import { parseListArgs } from './list-args.js';
import { writeOut } from './write-out.js';

/*
 * `conformance list` (a dry run): every check a run would start with the current settings and
 * selection, with its requirement, level, suite, spec section, the variables it needs and whether
 * they are set, so "skipped for want of X" is known before a run. It reads the configuration as
 * `run` does (a bad one exits 2 the same way) and never contacts the target.
 *
 * Two counts, two words: a row is a requirement in a suite; a check is one result of a run (what
 * the run's summary counts). A row is often several checks (per key, per collection, per field or
 * input class), so the list says both: its rows, and the checks the selected suites hold
 * (harness/runner/request-estimate.ts, which the run's progress line starts from; test/e2e.test.ts
 * keeps them equal to a full run's and test/list.test.ts the one figure to one suite's run).
 */

const needText = (check: ListedCheck): string =>
  check.needs.length === 0
    ? '-'
    : check.needs.map((n) => `${[n.variable, ...(n.or ?? [])].join(' or ')} (${n.optional ? 'optional, ' : ''}${n.set ? 'set' : 'NOT SET'})`).join(', ');

/** The checks a run of the list's selection reports, or, narrowed to requirements, at most that many. */
export function runChecksOf(list: CheckList): { readonly checks: number; readonly atMost: boolean } {
  return { checks: [...estimateChecks(list.suites).values()].reduce((a, b) => a + b, 0), atMost: list.requirements.length > 0 };
}

/** What the run would leave that the spec's deletes cannot remove, per suite (an estimate from declared counts). */
function residueLine(list: CheckList): string {
  const { all, byDomain } = list.residue;
  if (all.total === 0) return 'The run would leave no soft-deleted or deactivated records.\n';
  const per = Object.entries(byDomain)
    .map(([domain, e]) => `${domain} ${e.total}`)
    .join(', ');
  return (
    `The run would leave about ${all.tasks} soft-deleted tasks, ${all.resources} soft-deleted resources and ${all.rates} deactivated rates ` +
    `(${all.total}; spec 2 keeps them after a delete), by suite: ${per}. docs/preparing-your-server.md says how to remove them.\n`
  );
}

/** The table: a header line, one row per requirement and suite, then what would be skipped and what is not selected. */
export function renderCheckList(list: CheckList): string {
  const target = list.target ?? 'the embedded reference server (its seed sets every key and id)';
  const rows = list.checks.map((c) => [c.requirementId, c.level, c.domain, c.section, needText(c)]);
  const header = ['REQUIREMENT', 'LEVEL', 'SUITE', 'SECTION', 'NEEDS'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: readonly string[]): string => `${cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ')}\n`;
  const skipped = list.checks.filter((c) => c.skipped);
  const runChecks = runChecksOf(list);
  const suites = new Set(list.checks.map((c) => c.domain)).size;
  const missing = [...new Set(skipped.flatMap((c) => c.needs.filter((n) => !n.set && !n.optional).map((n) => n.variable)))].sort();
  return (
    `conformance list: ${list.checks.length} requirement rows of ${suites} suite${suites === 1 ? '' : 's'} would run against ${target}; nothing is sent\n` +
    `The run reports ${runChecks.atMost ? 'at most ' : ''}${runChecks.checks} checks: a row is a requirement in a suite, often checked more than once (per key, collection, field or input class).\n\n` +
    line(header) +
    rows.map(line).join('') +
    '\n' +
    (skipped.length === 0
      ? 'Every listed check has the variables it needs.\n'
      : `${skipped.length} of the rows would be skipped for want of ${missing.join(', ')} (set ${missing.length === 1 ? 'it' : 'them'} to run them).\n`) +
    residueLine(list) +
    (list.notSelected.length === 0
      ? ''
      : `Not selected (${list.notSelected.length} requirements): by CONFORMANCE_SUITES=${list.suites.join(',')}${list.requirements.length > 0 ? ` and CONFORMANCE_REQUIREMENTS=${list.requirements.join(',')}` : ''}.\n`)
  );
}

export async function list(argv: readonly string[], stdout: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { json, envFile, overrides } = parseListArgs(argv);
  const config = await loadConfig({ envFile, overrides });
  const listed = checkList(config);
  await writeOut(stdout, json ? `${JSON.stringify({ ...listed, runChecks: runChecksOf(listed) }, null, 2)}\n` : renderCheckList(listed));
  return 0;
}
