import { checkAnchors } from './anchors.js';
import { escapeXml, escapeXmlAttribute } from './escape/xml.js';
import { checkMessage, formatDeclaredAt, formatProperty, formatResponse, plural, stopLine } from './format.js';
import { compareChecksByRequirement, compareText } from './order.js';
import { checkLabel, failureKind, targetWords, verdictLabel } from './verdict.js';
import type { CheckResult, Report } from './model.js';
import { EXPECTED_LABEL } from './expected.js';
import { groupUnverified, UNVERIFIED_LABEL } from './unverified.js';

export interface RenderJunitOptions {
  /**
   * How a failed SHOULD or MAY check appears. `failure` (default): a `<failure type="warning">`
   * (`type="notice"` for MAY) whose message starts with "Warning (SHOULD)", so GitLab's test
   * report and Jenkins list it among failures where people look. `pass`: a passed test case with
   * the warning in `<system-out>`, for pipelines that gate on JUnit failures (Jenkins marks a build
   * unstable, some GitHub reporters fail the check) while the target is still conformant.
   * Either way the conformance verdict is the exit code, not this file.
   */
  readonly warnings?: 'failure' | 'pass';
}

/** JUnit `time` attributes are seconds. */
function seconds(ms: number): string {
  return (ms / 1000).toFixed(3);
}

function attrs(pairs: ReadonlyArray<readonly [string, string | number]>): string {
  return pairs.map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`).join('');
}

function property(name: string, value: string | number, indent: string): string {
  return `${indent}<property${attrs([
    ['name', name],
    ['value', value],
  ])}/>`;
}

/**
 * Plain-text evidence: what a reader needs to reproduce the result without opening anything, and
 * where the check is in report.html.
 */
function evidence(check: CheckResult, headline: string, anchor: string): string {
  const blocks: string[] = [headline];
  if (check.message !== null && check.message !== '') blocks.push(check.message);
  if (check.exchange !== null) {
    blocks.push(`Reproduce:\n${check.exchange.curl}`);
    blocks.push(`Response to ${check.exchange.method} ${check.exchange.url}:\n${formatResponse(check.exchange)}`);
  }
  if (check.property !== null) {
    const counterexample = check.property.counterexample === null ? '' : `\nCounterexample: ${check.property.counterexample}`;
    blocks.push(`Property: ${formatProperty(check.property)}${counterexample}`);
  }
  if (check.throttled > 0) blocks.push(`Throttled: waited out HTTP 429 ${plural(check.throttled, 'time')} (not a failure).`);
  blocks.push(`In the HTML report: report.html#${anchor}`);
  return blocks.join('\n\n');
}

function requirementLine(check: CheckResult): string {
  return `${check.requirementId} (${check.level}, spec ${check.section}, domain ${check.domain})`;
}

interface RenderedCase {
  readonly xml: string;
  readonly failures: number;
  readonly errors: number;
  readonly skipped: number;
}

function renderCase(check: CheckResult, anchor: string, options: Required<RenderJunitOptions>): RenderedCase {
  const i2 = '    ';
  const i3 = '      ';
  const lines: string[] = [];
  lines.push(
    `${i2}<testcase${attrs([
      ['classname', check.domain],
      ['name', checkLabel(check)],
      ['time', seconds(check.durationMs)],
      // The first place that declared the check (the suite's line): CI annotators read `file`/`line`.
      ...(check.declaredAt === undefined
        ? []
        : ([
            ['file', check.declaredAt[0]!.file],
            ['line', check.declaredAt[0]!.line],
          ] as const)),
    ])}>`,
  );
  lines.push(`${i3}<properties>`);
  if (check.declaredAt !== undefined) lines.push(property('declared-at', formatDeclaredAt(check.declaredAt), `${i3}  `));
  lines.push(property('requirement', check.requirementId, `${i3}  `));
  lines.push(property('level', check.level, `${i3}  `));
  lines.push(property('section', check.section, `${i3}  `));
  lines.push(property('report', `report.html#${anchor}`, `${i3}  `));
  if (check.property !== null) {
    lines.push(property('seed', check.property.seed, `${i3}  `));
    if (check.property.path !== null) lines.push(property('path', check.property.path, `${i3}  `));
  }
  if (check.throttled > 0) lines.push(property('throttled', check.throttled, `${i3}  `));
  // Ran again from the start after an outage of the target interrupted it (harness/runner/outage.ts).
  if ((check.reruns ?? 0) > 0) lines.push(property('reruns', check.reruns!, `${i3}  `));
  lines.push(`${i3}</properties>`);

  let failures = 0;
  let errors = 0;
  let skipped = 0;
  // An error's message ends in its code (`[REQUEST_FAILED]`), the key to docs/why-did-my-run-stop.md.
  const message = checkMessage(check) ?? '';
  const hasEvidence = check.exchange !== null || check.property !== null || check.throttled > 0;

  switch (check.status) {
    case 'pass':
      break;
    case 'fail': {
      const kind = failureKind(check.level);
      if (kind === 'failure') {
        const body = evidence(check, `MUST requirement not met: ${requirementLine(check)}`, anchor);
        lines.push(
          `${i3}<failure${attrs([
            ['message', message === '' ? `MUST requirement ${check.requirementId} not met` : message],
            ['type', kind],
          ])}>${escapeXml(body)}</failure>`,
        );
        failures += 1;
      } else {
        const prefix = kind === 'warning' ? 'Warning (SHOULD)' : 'Notice (MAY)';
        const body = evidence(check, `${check.level} requirement not met (${kind}, not a conformance failure): ${requirementLine(check)}`, anchor);
        if (options.warnings === 'failure') {
          lines.push(
            `${i3}<failure${attrs([
              ['message', `${prefix}: ${message === '' ? `${check.requirementId} not met` : message}`],
              ['type', kind],
            ])}>${escapeXml(body)}</failure>`,
          );
          failures += 1;
        } else {
          lines.push(`${i3}<system-out>${escapeXml(body)}</system-out>`);
        }
      }
      break;
    }
    case 'error': {
      const body = evidence(check, `Error while checking ${requirementLine(check)}`, anchor);
      lines.push(
        `${i3}<error${attrs([
          ['message', message === '' ? 'error' : message],
          ['type', 'error'],
        ])}>${escapeXml(body)}</error>`,
      );
      errors += 1;
      break;
    }
    case 'skip':
    case 'inconclusive': {
      const text =
        check.status === 'inconclusive'
          ? `Inconclusive: ${message === '' ? 'no decisive evidence either way' : message}`
          : message === ''
            ? 'Skipped'
            : message;
      lines.push(`${i3}<skipped${attrs([['message', text]])}/>`);
      if (hasEvidence) {
        lines.push(`${i3}<system-out>${escapeXml(evidence(check, text, anchor))}</system-out>`);
      }
      skipped += 1;
      break;
    }
  }
  lines.push(`${i2}</testcase>`);
  return { xml: lines.join('\n'), failures, errors, skipped };
}

/**
 * CONFORMANCE_EXPECTED_FAILURES: one case per entry. A stale or expired entry is a
 * failure (it fails the run's exit code), the others are skipped with their state; the checks
 * themselves keep their own results in their suites.
 */
function renderExpectedSuite(
  report: Report,
  suiteProperties: ReadonlyArray<readonly [string, string | number]>,
): { xml: string; tests: number; failures: number; skipped: number } | null {
  if (report.expectedFailures.length === 0) return null;
  const i2 = '    ';
  const i3 = '      ';
  let failures = 0;
  const cases = report.expectedFailures.map((e) => {
    const failing = e.state === 'stale' || e.state === 'expired';
    if (failing) failures += 1;
    const message = `${EXPECTED_LABEL[e.state]}: ${e.reason}${e.expires === null ? '' : ` (expires ${e.expires})`}`;
    return [
      `${i2}<testcase${attrs([
        ['classname', 'expected failures'],
        ['name', `[${e.id}] ${EXPECTED_LABEL[e.state]}`],
        ['time', '0.000'],
      ])}>`,
      failing
        ? `${i3}<failure${attrs([
            ['message', message],
            ['type', e.state],
          ])}/>`
        : `${i3}<skipped${attrs([['message', message]])}/>`,
      `${i2}</testcase>`,
    ].join('\n');
  });
  const skipped = cases.length - failures;
  const name = `expected failures (${report.settings.expectedFailures ?? 'CONFORMANCE_EXPECTED_FAILURES'})`;
  return { xml: listSuite(name, cases, { failures, skipped }, report, suiteProperties), tests: cases.length, failures, skipped };
}

/** A suite of our own (no checks of vitest's): unverified requirements, expected failures. */
function listSuite(
  name: string,
  cases: readonly string[],
  counts: { readonly failures: number; readonly skipped: number },
  report: Report,
  suiteProperties: ReadonlyArray<readonly [string, string | number]>,
): string {
  return [
    `  <testsuite${attrs([
      ['name', name],
      ['tests', cases.length],
      ['failures', counts.failures],
      ['errors', 0],
      ['skipped', counts.skipped],
      ['time', '0.000'],
      ['timestamp', report.startedAt],
    ])}>`,
    '    <properties>',
    ...suiteProperties.map(([n, value]) => property(n, value, '      ')),
    '    </properties>',
    ...cases,
    '  </testsuite>',
  ].join('\n');
}

/**
 * The MUST requirements the run did not verify, as skipped test cases of a suite of their own, so
 * a CI test tab shows them beside the checks. Requirements left out by the selection are one case
 * per selection (a narrowed run would otherwise list hundreds); the others one case each.
 */
function renderUnverifiedSuite(report: Report, suiteProperties: ReadonlyArray<readonly [string, string | number]>): { xml: string; tests: number } | null {
  if (report.unverified.length === 0) return null;
  const i2 = '    ';
  const i3 = '      ';
  const cases: string[] = [];
  for (const group of groupUnverified(report.unverified)) {
    if (group.reason === 'not-selected') {
      cases.push(
        [
          `${i2}<testcase${attrs([
            ['classname', 'unverified'],
            ['name', `${group.ids.length} MUST requirements not selected`],
            ['time', '0.000'],
          ])}>`,
          `${i3}<skipped${attrs([['message', group.detail]])}/>`,
          `${i3}<system-out>${escapeXml(`Not verified (${group.detail}):\n${group.ids.join('\n')}`)}</system-out>`,
          `${i2}</testcase>`,
        ].join('\n'),
      );
      continue;
    }
    for (const id of group.ids) {
      const requirement = report.unverified.find((u) => u.id === id)!;
      cases.push(
        [
          `${i2}<testcase${attrs([
            ['classname', 'unverified'],
            ['name', `[${id}] MUST ${requirement.statement}`],
            ['time', '0.000'],
          ])}>`,
          `${i3}<properties>`,
          property('requirement', id, `${i3}  `),
          property('section', requirement.section, `${i3}  `),
          property('reason', UNVERIFIED_LABEL[group.reason], `${i3}  `),
          `${i3}</properties>`,
          `${i3}<skipped${attrs([['message', `Not verified: ${group.detail}`]])}/>`,
          `${i2}</testcase>`,
        ].join('\n'),
      );
    }
  }
  return { xml: listSuite('unverified MUST requirements', cases, { failures: 0, skipped: cases.length }, report, suiteProperties), tests: cases.length };
}

/**
 * JUnit XML for CI test-report views (GitLab, Jenkins and the like): one `<testsuite>` per domain,
 * one `<testcase>` per check named `[REQ-ID] LEVEL title`. A failed MUST is a `<failure>`, an
 * error an `<error>`, skip and inconclusive are `<skipped>`; SHOULD/MAY failures follow
 * `options.warnings`. Deterministic: suites and cases are sorted, no clock is read.
 */
export function renderJunit(report: Report, options: RenderJunitOptions = {}): string {
  const opts: Required<RenderJunitOptions> = { warnings: options.warnings ?? 'failure' };
  const domains = [...new Set([...report.domains.map((d) => d.domain), ...report.checks.map((c) => c.domain)])].sort(compareText);

  const suiteProperties = [
    ['tool', `${report.tool.name} ${report.tool.version}`],
    ['runId', report.runId],
    ['target', targetWords(report)],
    ['verdict', verdictLabel(report)],
    ['unverifiedMust', report.unverified.length],
    ['seed', report.settings.seed],
    ['numRuns', report.settings.numRuns],
    // The run stopped early: why, with its code, on every suite a CI tab shows.
    ...(report.stoppedBy === undefined ? [] : [['stoppedBy', stopLine(report.stoppedBy)] as const]),
  ] as const;

  const anchors = checkAnchors(report.checks);
  let total = { tests: 0, failures: 0, errors: 0, skipped: 0 };
  const suites: string[] = [];
  for (const domain of domains) {
    const checks = report.checks.filter((c) => c.domain === domain).sort(compareChecksByRequirement);
    const cases = checks.map((c) => renderCase(c, anchors.get(c) ?? '', opts));
    const failures = cases.reduce((n, c) => n + c.failures, 0);
    const errors = cases.reduce((n, c) => n + c.errors, 0);
    const skipped = cases.reduce((n, c) => n + c.skipped, 0);
    const time = checks.reduce((ms, c) => ms + c.durationMs, 0);
    total = {
      tests: total.tests + cases.length,
      failures: total.failures + failures,
      errors: total.errors + errors,
      skipped: total.skipped + skipped,
    };
    suites.push(
      [
        `  <testsuite${attrs([
          ['name', domain],
          ['tests', cases.length],
          ['failures', failures],
          ['errors', errors],
          ['skipped', skipped],
          ['time', seconds(time)],
          ['timestamp', report.startedAt],
        ])}>`,
        '    <properties>',
        ...suiteProperties.map(([name, value]) => property(name, value, '      ')),
        '    </properties>',
        ...cases.map((c) => c.xml),
        '  </testsuite>',
      ].join('\n'),
    );
  }

  const unverified = renderUnverifiedSuite(report, suiteProperties);
  if (unverified !== null) {
    suites.push(unverified.xml);
    total = { ...total, tests: total.tests + unverified.tests, skipped: total.skipped + unverified.tests };
  }
  const expected = renderExpectedSuite(report, suiteProperties);
  if (expected !== null) {
    suites.push(expected.xml);
    total = { ...total, tests: total.tests + expected.tests, failures: total.failures + expected.failures, skipped: total.skipped + expected.skipped };
  }

  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites${attrs([
      ['name', `${report.tool.name} ${report.tool.version}: ${targetWords(report)}`],
      ['tests', total.tests],
      ['failures', total.failures],
      ['errors', total.errors],
      ['skipped', total.skipped],
      ['time', seconds(report.durationMs)],
      ['timestamp', report.startedAt],
    ])}>`,
    ...suites,
    '</testsuites>',
    '',
  ].join('\n');
}
