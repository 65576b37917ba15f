import { describe, expect, it } from 'vitest';
import { stripUnsafeChars } from './escape/unsafe.js';
import type { Report } from './model.js';
import { renderJunit } from './render-junit.js';
import { checkLabel as checkLabelOf } from './verdict.js';
import { hostileReport, incompleteReport, sampleReport, withLevel } from './testing/sample-report.js';
import { renderBarChart, renderStackedBar } from './svg.js';

/* A deliberately strict, minimal XML 1.0 parser (elements, attributes, text, comments, CDATA,
 * the five predefined entities and character references): enough to prove well-formedness
 * without adding a dependency. */

interface XmlElement {
  readonly name: string;
  readonly attributes: Record<string, string>;
  readonly children: XmlElement[];
  text: string;
}

const ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const NAME = /[A-Za-z_:][\w.:-]*/y;
const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/y;
const PREDEFINED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(raw: string, where: string): string {
  let out = '';
  for (let i = 0; i < raw.length; ) {
    const ch = raw[i] as string;
    if (ch === '<') throw new Error(`raw < in ${where}`);
    if (ch !== '&') {
      out += ch;
      i += 1;
      continue;
    }
    ENTITY.lastIndex = i;
    const m = ENTITY.exec(raw);
    if (m === null) throw new Error(`bad entity in ${where}: ${raw.slice(i, i + 12)}`);
    const decoded = m[1] !== undefined ? (PREDEFINED[m[1]] as string) : String.fromCodePoint(m[2] !== undefined ? Number(m[2]) : parseInt(m[3] as string, 16));
    if (ILLEGAL.test(decoded)) throw new Error(`reference to an illegal character in ${where}`);
    out += decoded;
    i += m[0].length;
  }
  return out;
}

function parseXml(xml: string): XmlElement {
  if (ILLEGAL.test(xml)) throw new Error('illegal XML character');
  let i = 0;
  const decl = /^<\?xml [^?]*\?>/.exec(xml);
  if (decl) i = decl[0].length;
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  const name = (): string => {
    NAME.lastIndex = i;
    const m = NAME.exec(xml);
    if (m === null) throw new Error(`expected a name at ${i}`);
    i += m[0].length;
    return m[0];
  };
  const skipSpace = (): boolean => {
    const start = i;
    while (/\s/.test(xml[i] ?? '')) i += 1;
    return i > start;
  };
  while (i < xml.length) {
    if (xml.startsWith('<!--', i)) {
      const end = xml.indexOf('-->', i + 4);
      if (end < 0) throw new Error('unterminated comment');
      i = end + 3;
    } else if (xml.startsWith('<![CDATA[', i)) {
      const end = xml.indexOf(']]>', i);
      const top = stack.at(-1);
      if (end < 0 || top === undefined) throw new Error('bad CDATA');
      top.text += xml.slice(i + 9, end);
      i = end + 3;
    } else if (xml.startsWith('</', i)) {
      i += 2;
      const closing = name();
      skipSpace();
      if (xml[i] !== '>') throw new Error(`bad end tag ${closing}`);
      i += 1;
      const open = stack.pop();
      if (open?.name !== closing) throw new Error(`</${closing}> closes <${open?.name}>`);
    } else if (xml[i] === '<') {
      i += 1;
      const element: XmlElement = { name: name(), attributes: {}, children: [], text: '' };
      for (;;) {
        const spaced = skipSpace();
        if (xml.startsWith('/>', i) || xml[i] === '>') break;
        if (!spaced) throw new Error(`attributes of <${element.name}> need a space`);
        const attr = name();
        if (attr in element.attributes) throw new Error(`duplicate attribute ${attr}`);
        if (xml[i] !== '=') throw new Error(`attribute ${attr} without value`);
        const quote = xml[i + 1];
        if (quote !== '"' && quote !== "'") throw new Error(`unquoted attribute ${attr}`);
        const end = xml.indexOf(quote, i + 2);
        if (end < 0) throw new Error('unterminated attribute');
        element.attributes[attr] = decode(xml.slice(i + 2, end), `@${attr}`);
        i = end + 1;
      }
      const parent = stack.at(-1);
      if (parent) parent.children.push(element);
      else if (root === undefined) root = element;
      else throw new Error('second root element');
      if (xml.startsWith('/>', i)) {
        i += 2;
      } else {
        i += 1;
        stack.push(element);
      }
    } else {
      const end = xml.indexOf('<', i);
      const raw = xml.slice(i, end < 0 ? xml.length : end);
      if (raw.includes(']]>')) throw new Error(']]> in text');
      const top = stack.at(-1);
      if (top === undefined) {
        if (raw.trim() !== '') throw new Error('text outside the root element');
      } else {
        top.text += decode(raw, `<${top.name}>`);
      }
      i += raw.length;
    }
  }
  if (stack.length > 0) throw new Error(`unclosed <${stack.at(-1)?.name}>`);
  if (root === undefined) throw new Error('no root element');
  return root;
}

function all(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  const walk = (e: XmlElement): void => {
    if (e.name === name) found.push(e);
    e.children.forEach(walk);
  };
  walk(element);
  return found;
}

function countStatus(report: Report, status: string, levels?: readonly string[]): number {
  return report.checks.filter((c) => c.status === status && (levels === undefined || levels.includes(c.level))).length;
}

describe('parseXml (the test helper itself)', () => {
  it('rejects what is not well-formed', () => {
    expect(() => parseXml('<a><b></a></b>')).toThrow();
    expect(() => parseXml('<a>x < y</a>')).toThrow();
    expect(() => parseXml('<a>&nbsp;</a>')).toThrow();
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow();
    expect(() => parseXml('<a>\u0001</a>')).toThrow();
    expect(() => parseXml('<a>]]></a>')).toThrow();
    expect(parseXml('<a x="&lt;&#10;">t&amp;<b/></a>').attributes.x).toBe('<\n');
  });
});

describe('renderJunit', () => {
  it('is well-formed XML whose counts match the report', () => {
    const report = sampleReport();
    const root = parseXml(renderJunit(report));
    expect(root.name).toBe('testsuites');
    // One case per check, plus one skipped case per unverified MUST requirement (one per selection when not selected).
    const unverifiedCases =
      report.unverified.filter((u) => u.reason !== 'not-selected').length +
      new Set(report.unverified.filter((u) => u.reason === 'not-selected').map((u) => u.detail)).size;
    expect(unverifiedCases).toBeGreaterThan(0);
    const cases = all(root, 'testcase');
    expect(cases).toHaveLength(report.checks.length + unverifiedCases);
    expect(all(root, 'failure')).toHaveLength(countStatus(report, 'fail'));
    expect(all(root, 'error')).toHaveLength(countStatus(report, 'error'));
    expect(all(root, 'skipped')).toHaveLength(countStatus(report, 'skip') + countStatus(report, 'inconclusive') + unverifiedCases);
    expect(root.attributes).toMatchObject({
      tests: String(report.checks.length + unverifiedCases),
      failures: String(countStatus(report, 'fail')),
      errors: String(countStatus(report, 'error')),
      skipped: String(countStatus(report, 'skip') + countStatus(report, 'inconclusive') + unverifiedCases),
    });
  });

  it('has one testsuite per domain whose attributes add up', () => {
    const report = sampleReport();
    const suites = all(parseXml(renderJunit(report)), 'testsuite');
    expect(suites.map((s) => s.attributes.name)).toEqual([...report.domains.map((d) => d.domain).sort(), 'unverified MUST requirements']);
    for (const suite of suites) {
      const cases = suite.children.filter((c) => c.name === 'testcase');
      expect(suite.attributes.tests).toBe(String(cases.length));
      expect(suite.attributes.failures).toBe(String(all(suite, 'failure').length));
      expect(suite.attributes.skipped).toBe(String(all(suite, 'skipped').length));
      const classname = suite.attributes.name === 'unverified MUST requirements' ? 'unverified' : suite.attributes.name;
      expect(cases.every((c) => c.attributes.classname === classname)).toBe(true);
    }
  });

  it('names cases [REQ-ID] LEVEL title and carries requirement, level and section as properties', () => {
    const report = sampleReport();
    const cases = all(parseXml(renderJunit(report)), 'testcase');
    const check = report.checks.find((c) => c.requirementId === 'TE-DATE-REAL');
    const testcase = cases.find((c) => c.attributes.name?.startsWith('[TE-DATE-REAL] '));
    expect(testcase?.attributes.name).toBe(`[TE-DATE-REAL] ${check?.title}`);
    const properties = Object.fromEntries(all(testcase as XmlElement, 'property').map((p) => [p.attributes.name, p.attributes.value]));
    expect(properties).toMatchObject({ requirement: 'TE-DATE-REAL', level: 'MUST', section: '2.3', seed: '1842906137', path: '4:0' });
    // Where the check is in report.html: its stable link.
    expect(properties['report']).toMatch(/^report\.html#check-te-date-real-[0-9a-f]{10}$/);
  });

  it('puts message, curl, response and fast-check seed/path in the failure body', () => {
    const report = sampleReport();
    const check = report.checks.find((c) => c.requirementId === 'CT-EMAIL-FORMAT');
    const testcase = all(parseXml(renderJunit(report)), 'testcase').find((c) => c.attributes.name?.startsWith('[CT-EMAIL-FORMAT]'));
    const failure = all(testcase as XmlElement, 'failure')[0];
    expect(failure?.attributes.type).toBe('failure');
    expect(failure?.attributes.message).toBe(check?.message);
    expect(failure?.text).toContain(check?.exchange?.curl);
    expect(failure?.text).toContain(check?.exchange?.bodyExcerpt);
    expect(failure?.text).toContain('HTTP 201');
    expect(failure?.text).toContain('seed 1842906137, path "17:0:2"');
    expect(failure?.text).toContain(check?.property?.counterexample);
  });

  it('names the file and line that declared a check, as CI annotators read them, and every declaring line', () => {
    const report = sampleReport();
    const [byHelper, unknown] = report.checks;
    byHelper!.declaredAt = [
      { file: 'suites/contacts.test.ts', line: 40 },
      { file: 'harness/crosscutting/validation.ts', line: 48 },
    ];
    delete unknown!.declaredAt;
    const cases = all(parseXml(renderJunit(report)), 'testcase');
    const caseOf = (c: (typeof report.checks)[number]) => cases.find((t) => t.attributes.name === checkLabelOf(c));
    const located = caseOf(byHelper!);
    expect(located?.attributes).toMatchObject({ file: 'suites/contacts.test.ts', line: '40' });
    const properties = Object.fromEntries(all(located as XmlElement, 'property').map((p) => [p.attributes.name, p.attributes.value]));
    expect(properties['declared-at']).toBe('suites/contacts.test.ts:40 via harness/crosscutting/validation.ts:48');
    expect(caseOf(unknown!)?.attributes.file).toBeUndefined();
  });

  it('marks SHOULD failures as warnings and MAY failures as notices', () => {
    const failures = all(parseXml(renderJunit(sampleReport())), 'failure');
    const types = failures.map((f) => f.attributes.type).sort();
    expect(types).toEqual(['failure', 'failure', 'failure', 'failure', 'warning']);
    const warning = failures.find((f) => f.attributes.type === 'warning');
    expect(warning?.attributes.message).toMatch(/^Warning \(SHOULD\): /);
    // The catalogue holds no MAY requirement: the SHOULD check, its level overridden, stands for one.
    const report = sampleReport();
    report.checks = report.checks.map((c) => (c.requirementId === 'VALIDATION-STATUS-CONSISTENT' ? withLevel(c, 'MAY') : c));
    const notices = all(parseXml(renderJunit(report)), 'failure').filter((f) => f.attributes.type !== 'failure');
    expect(notices.map((f) => f.attributes.type)).toEqual(['notice']);
    expect(notices[0]?.attributes.message).toMatch(/^Notice \(MAY\): /);
  });

  it('can report SHOULD/MAY failures as passes with the warning in system-out', () => {
    const report = sampleReport();
    const root = parseXml(renderJunit(report, { warnings: 'pass' }));
    expect(all(root, 'failure')).toHaveLength(countStatus(report, 'fail', ['MUST']));
    expect(root.attributes.failures).toBe(String(countStatus(report, 'fail', ['MUST'])));
    const outputs = all(root, 'system-out').map((o) => o.text);
    expect(outputs.some((t) => t.includes('VALIDATION-STATUS-CONSISTENT') && t.includes('not a conformance failure'))).toBe(true);
  });

  it('says inconclusive in the skipped message', () => {
    const checkCases = all(parseXml(renderJunit(sampleReport())), 'testcase').filter((c) => c.attributes.classname !== 'unverified');
    const skipped = checkCases.flatMap((c) => all(c, 'skipped')).map((s) => s.attributes.message ?? '');
    expect(skipped.filter((m) => m.startsWith('Inconclusive: '))).toHaveLength(1);
    expect(skipped.filter((m) => !m.startsWith('Inconclusive: '))).toHaveLength(1);
  });

  it('stays well-formed with hostile data, with no raw markup and the data intact', () => {
    const report = hostileReport();
    const xml = renderJunit(report);
    const root = parseXml(xml);
    expect(xml).not.toContain('<script');
    expect(xml).not.toContain('<img');
    expect(all(root, 'testcase').filter((c) => c.attributes.classname !== 'unverified')).toHaveLength(report.checks.length);
    // Round trip: what a CI tool reads back is the data, minus XML-illegal characters only.
    const title = report.checks[0]?.title ?? '';
    const names = all(root, 'testcase').map((c) => c.attributes.name ?? '');
    expect(names).toContain(`[${stripUnsafeChars(report.checks[0]?.requirementId ?? '')}] ${stripUnsafeChars(title)}`);
  });

  it('lists each unverified MUST requirement as a skipped case saying why, and the not-selected ones once per selection', () => {
    const report = incompleteReport();
    const root = parseXml(renderJunit(report));
    const cases = all(root, 'testcase').filter((c) => c.attributes.classname === 'unverified');
    const skipped = report.unverified.find((u) => u.reason === 'not-configured')!;
    const one = cases.find((c) => c.attributes.name?.startsWith(`[${skipped.id}] MUST `));
    expect(all(one as XmlElement, 'skipped')[0]?.attributes.message).toBe(`Not verified: ${skipped.detail}`);
    const notSelected = report.unverified.filter((u) => u.reason === 'not-selected');
    const grouped = cases.filter((c) => c.attributes.name === `${notSelected.length} MUST requirements not selected`);
    expect(grouped).toHaveLength(1);
    const verdict = all(root, 'property').find((p) => p.attributes.name === 'verdict');
    expect(verdict?.attributes.value).toBe('INCOMPLETE');
  });

  it('is deterministic and independent of input order', () => {
    const report = sampleReport();
    const shuffled = sampleReport();
    shuffled.checks.reverse();
    shuffled.domains.reverse();
    expect(renderJunit(report)).toBe(renderJunit(report));
    expect(renderJunit(shuffled)).toBe(renderJunit(report));
  });
});

// The SVG helpers emit XML too; this is where the strict parser lives.
describe('svg.ts output', () => {
  it('is well-formed XML, hostile labels included', () => {
    const chart = renderBarChart({
      title: '<t>&"',
      series: [
        { label: 'p50 <x>', color: '#123456' },
        { label: "p95 ' & ]]>", color: 'red' },
      ],
      categories: [
        { label: 'GET /contacts?<script>', values: [3, 9] },
        { label: '\u0001\u001b[31m', values: [0, 1.5] },
      ],
      mode: 'grouped',
      unit: ' ms',
    });
    expect(parseXml(chart).name).toBe('svg');
    expect(parseXml(renderStackedBar([{ label: '<a>', value: 1, color: 'green' }], { title: '&' })).name).toBe('svg');
  });
});
