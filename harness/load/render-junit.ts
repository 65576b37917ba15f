import { escapeXml, escapeXmlAttribute } from '../report/escape/xml.js';
import type { LoadReport } from './model.js';

/*
 * `junit.xml` of a load run, for CI test reports: one suite of the scenarios (a testcase each:
 * failed is a failure, error an error, skipped skipped) and one suite of the thresholds (a testcase
 * each: crossed is a failure, unverified skipped). Pure; write.ts decides the path.
 */

function attrs(pairs: ReadonlyArray<readonly [string, string | number]>): string {
  return pairs.map(([name, value]) => ` ${name}="${escapeXmlAttribute(String(value))}"`).join('');
}

const seconds = (ms: number): string => (ms / 1000).toFixed(3);

interface Case {
  readonly name: string;
  readonly classname: string;
  readonly timeMs: number;
  readonly outcome: 'passed' | 'failure' | 'error' | 'skipped';
  readonly message: string;
}

function testcase(c: Case): string {
  const head = `    <testcase${attrs([
    ['name', c.name],
    ['classname', c.classname],
    ['time', seconds(c.timeMs)],
  ])}`;
  if (c.outcome === 'passed') return `${head}>\n      <system-out>${escapeXml(c.message)}</system-out>\n    </testcase>`;
  const tag = c.outcome;
  return `${head}>\n      <${tag}${attrs([['message', c.message]])}>${escapeXml(c.message)}</${tag}>\n    </testcase>`;
}

function suite(name: string, cases: readonly Case[]): string {
  const count = (o: Case['outcome']): number => cases.filter((c) => c.outcome === o).length;
  const head = `  <testsuite${attrs([
    ['name', name],
    ['tests', cases.length],
    ['failures', count('failure')],
    ['errors', count('error')],
    ['skipped', count('skipped')],
    ['time', seconds(cases.reduce((t, c) => t + c.timeMs, 0))],
  ])}`;
  return cases.length === 0 ? `${head}/>` : `${head}>\n${cases.map(testcase).join('\n')}\n  </testsuite>`;
}

export function renderLoadJunit(report: LoadReport): string {
  const scenarios: Case[] = report.scenarios.map((s) => ({
    name: `${s.id}: ${s.name}`,
    classname: 'conformance-load.scenarios',
    timeMs: s.durationMs,
    outcome: s.status === 'failed' ? 'failure' : s.status,
    message: [s.message, ...s.findings].join('\n'),
  }));
  const thresholds: Case[] = report.thresholds.map((t) => ({
    name: t.expression,
    classname: 'conformance-load.thresholds',
    timeMs: 0,
    outcome: t.status === 'crossed' ? 'failure' : t.status === 'unverified' ? 'skipped' : 'passed',
    message: `${t.expression}: ${t.message}`,
  }));
  const all = [...scenarios, ...thresholds];
  const count = (o: Case['outcome']): number => all.filter((c) => c.outcome === o).length;
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites${attrs([
      ['name', `conformance load ${report.runId}`],
      ['tests', all.length],
      ['failures', count('failure')],
      ['errors', count('error')],
      ['skipped', count('skipped')],
      ['time', seconds(report.durationMs)],
    ])}>\n` +
    `${suite('scenarios', scenarios)}\n${suite('thresholds', thresholds)}\n</testsuites>\n`
  );
}
