import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkAnchor, checkAnchors } from './anchors.js';
import type { CheckResult } from './model.js';
import { renderHtml } from './render-html.js';
import { hostileReport, incompleteReport, sampleReport } from './testing/sample-report.js';

/** Tags the renderer itself writes; anything else in the output came from data. */
const OUR_TAGS = new Set(
  (
    'html head meta title style body header h1 h2 h3 h4 div p a svg rect text g line dl dt dd nav main section ' +
    'table thead tbody tr th td span details summary pre form label select option input button output strong ' +
    'footer script ul li'
  ).split(' '),
);

/** Removes the bodies of <style> and <script> (constants, checked separately by hash). */
function withoutAssets(page: string): string {
  return page.replace(/<style>[\s\S]*?<\/style>/, '<style></style>').replace(/<script>[\s\S]*?<\/script>/, '<script></script>');
}

interface Tag {
  readonly name: string;
  readonly attributes: ReadonlyArray<readonly [string, string]>;
}

/** Every tag in the page, checking that each `<` starts one of ours: no `<` from data survives. */
function tags(page: string): Tag[] {
  const body = withoutAssets(page).replace(/^<!DOCTYPE html>/, '');
  const found: Tag[] = [];
  const TAG = /<\/?([a-zA-Z][\w-]*)((?:\s+[\w:-]+(?:="[^"<>]*")?)*)\s*\/?>/y;
  for (let i = body.indexOf('<'); i >= 0; i = body.indexOf('<', i + 1)) {
    TAG.lastIndex = i;
    const m = TAG.exec(body);
    if (m === null) throw new Error(`stray "<" at ${i}: ${body.slice(i, i + 40)}`);
    const attributes = [...(m[2] ?? '').matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', a[2] ?? ''] as const);
    found.push({ name: (m[1] ?? '').toLowerCase(), attributes });
  }
  return found;
}

function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('base64');
}

describe('renderHtml', () => {
  it('is one self-contained document with no external resource references', () => {
    const page = renderHtml(sampleReport());
    expect(page.startsWith('<!DOCTYPE html>')).toBe(true);
    const all = tags(page);
    const external = all.flatMap((t) =>
      t.attributes.filter(
        ([name, value]) =>
          ['src', 'srcset', 'action', 'formaction', 'poster', 'xlink:href', 'background'].includes(name) || (name === 'href' && !value.startsWith('#')),
      ),
    );
    expect(external).toEqual([]);
    expect(page).not.toMatch(/\b(?:src|href)\s*=\s*["']?\s*(?:https?:)?\/\//i);
    expect(page).not.toMatch(/<link\b|@import|url\(/i);
    expect(all.filter((t) => t.name === 'script')).toHaveLength(2); // <script> and </script>
  });

  it('ships a Content-Security-Policy that allows only its own inline style and script', () => {
    const page = renderHtml(sampleReport());
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)?.[1]?.replace(/&#39;/g, "'");
    expect(csp).toContain("default-src 'none'");
    const style = /<style>([\s\S]*?)<\/style>/.exec(page)?.[1] ?? '';
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(csp).toContain(`style-src 'sha256-${sha256(style)}'`);
    expect(csp).toContain(`script-src 'sha256-${sha256(script)}'`);
  });

  it('has a filter script that parses and a filter bar hidden until the script shows it', () => {
    const page = renderHtml(sampleReport());
    const script = /<script>([\s\S]*?)<\/script>/.exec(page)?.[1] ?? '';
    expect(() => new Function(script)).not.toThrow();
    expect(page).toContain('<form id="filters" class="filters" hidden>');
    // An author `display` rule would otherwise beat the user-agent rule for [hidden].
    expect(page).toContain('[hidden]{display:none!important}');
  });

  it('shows the verdict, every check, observations and the catalogue', () => {
    const report = sampleReport();
    const page = renderHtml(report);
    expect(page).toContain('<div class="badge">NON-CONFORMANT</div>');
    expect(page.match(/<tr id="check-[a-z0-9-]+-[0-9a-f]{10}"/g)).toHaveLength(report.checks.length);
    for (const c of report.checks) expect(page).toContain(`>${c.requirementId}</`);
    expect(page).toContain('id="observations"');
    expect(page.match(/class="st st-uncovered"/g)).toHaveLength(
      report.requirements.filter((r) => r.status === null).length + report.endpoints.filter((e) => e.checks === 0).length,
    );
    expect(page).toContain('id="endpoints"');
    // Evidence for a failure: reproducer, response and fast-check details inside <details>.
    expect(page).toContain('2023-02-30');
    expect(page).toContain('seed 1842906137, path &quot;4:0&quot;');
    expect(page).toContain('HTTP 502');
  });

  it('shows beside each check where it is declared, small and monospace: the suite line, then the helper line', () => {
    const report = sampleReport();
    const [bySuite, byHelper, unknown] = report.checks;
    bySuite!.declaredAt = [{ file: 'suites/contacts.test.ts', line: 169 }];
    byHelper!.declaredAt = [
      { file: 'suites/contacts.test.ts', line: 40 },
      { file: 'harness/crosscutting/validation.ts', line: 48 },
    ];
    delete unknown!.declaredAt;
    const page = renderHtml(report);
    // The row, evidence and all (a response may hold line breaks).
    const row = (c: CheckResult): string => {
      const start = page.indexOf(`<tr id="${checkAnchors(report.checks).get(c)}"`);
      return start < 0 ? '' : page.slice(start, page.indexOf('</tr>', start));
    };
    expect(row(bySuite!)).toContain('<div class="where mono muted">suites/contacts.test.ts:169</div>');
    expect(row(byHelper!)).toContain('<div class="where mono muted">suites/contacts.test.ts:40 via harness/crosscutting/validation.ts:48</div>');
    expect(row(unknown!)).not.toContain('class="where');
    expect(page).toMatch(/\.where\{font-size:11px/);
  });

  it('never shows a failed SHOULD with the colour of a conformance failure', () => {
    const page = renderHtml(sampleReport());
    const row = page.split('\n').find((l) => l.includes('data-level="SHOULD"') && l.includes('data-status="fail"'));
    expect(row).toContain('st-warn');
    expect(row).not.toContain('st-fail');
  });

  it('escapes hostile data everywhere', () => {
    const page = renderHtml(hostileReport());
    const all = tags(page); // throws on any "<" that is not one of our tags
    expect(all.filter((t) => !OUR_TAGS.has(t.name)).map((t) => t.name)).toEqual([]);
    expect(all.flatMap((t) => t.attributes.map(([name]) => name)).filter((n) => /^on/i.test(n))).toEqual([]);
    expect(all.filter((t) => t.name === 'script')).toHaveLength(2);
    expect(page).not.toMatch(/<img|<script>alert/);
    expect(page).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/);
    expect(page).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(page).not.toMatch(/href="(?!#)/);
  });

  it('is deterministic and independent of input order', () => {
    const report = sampleReport();
    const shuffled = sampleReport();
    shuffled.checks.reverse();
    shuffled.domains.reverse();
    shuffled.observations.reverse();
    shuffled.requirements.reverse();
    for (const c of shuffled.checks) {
      if (c.exchange) c.exchange.responseHeaders = Object.fromEntries(Object.entries(c.exchange.responseHeaders).reverse());
    }
    expect(renderHtml(report)).toBe(renderHtml(report));
    expect(renderHtml(shuffled)).toBe(renderHtml(report));
  });

  it('labels an incomplete run INCOMPLETE, never conformant, and links every unverified MUST requirement with its reason', () => {
    const report = incompleteReport();
    const page = renderHtml(report);
    expect(page).toContain('<header class="top v-incomplete">');
    expect(page).toContain('<div class="badge">INCOMPLETE</div>');
    const text = withoutAssets(page).replace(/<[^>]*>/g, ' ');
    expect(text).not.toMatch(/(?<!non-)\bconformant\b/i);
    const section = page.slice(page.indexOf('<section id="unverified">'), page.indexOf('</section>', page.indexOf('<section id="unverified">')));
    expect(section).toContain('<td>not configured</td><td>CONFORMANCE_LIMITED_KEY is not set</td>');
    for (const u of report.unverified) expect(section).toContain(`<a class="mono" href="#req-${u.id.toLowerCase()}">${u.id}</a>`);
    expect(page).toContain('<a href="#unverified">');
  });

  it('shows the status-transition matrix when the run attempted status changes, linked from the navigation', () => {
    const report = sampleReport();
    expect(renderHtml(report)).not.toContain('id="transitions"');
    report.observations.push({
      topic: 'status-transition',
      domain: 'expenses',
      subject: 'expense status paid → draft',
      value: 'refused (409)',
      requirementId: 'TRANSITION-REFUSED-UNCHANGED',
    });
    const page = renderHtml(report);
    expect(page).toContain('<section id="transitions">');
    expect(page).toContain('<a href="#transitions">Transitions</a>');
    expect(page).toMatch(/<td class="mono">paid<\/td><td>refused \(409\)<\/td>/);
  });

  it('gives every check an anchor from what identifies it, the same whatever else the run holds', () => {
    const report = sampleReport();
    const page = renderHtml(report);
    for (const c of report.checks) expect(page).toContain(`<tr id="${checkAnchor(c)}" `);
    // Another run: one check fewer, another failing now. Every other check keeps its link.
    const other = sampleReport();
    other.checks.splice(0, 1);
    other.checks[0]!.status = 'fail';
    const otherPage = renderHtml(other);
    for (const c of other.checks) expect(otherPage).toContain(`<tr id="${checkAnchor(c)}" `);
    const ids = [...page.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // Each row links to itself.
    const c = report.checks[0]!;
    expect(page).toContain(`<a class="permalink" href="#${checkAnchor(c)}"`);
    expect(checkAnchor({ requirementId: 'TE-DATE-REAL', key: 'k' })).toMatch(/^check-te-date-real-[0-9a-f]{10}$/);
    expect(checkAnchor({ requirementId: '"><script>', key: 'k' })).toMatch(/^check-script-[0-9a-f]{10}$/);
  });

  it('shows the counts at the top, beside the verdict', () => {
    const report = sampleReport();
    const header = renderHtml(report).split('</header>')[0]!;
    for (const s of ['pass', 'skip', 'inconclusive', 'fail', 'error'] as const) {
      expect(header).toContain(`<li class="c-${s}" data-status="${s}"><strong>${report.counts.byStatus[s]}</strong>`);
    }
    expect([report.counts.byLevel.MUST.fail, report.counts.byLevel.SHOULD.fail]).toEqual([4, 1]);
    expect(header).toContain('fail (4 MUST, 1 warning)</li>');
    expect(header).toContain(`<strong>${report.counts.total}</strong> checks in total`);
  });

  it('shows a domain whose only non-passing checks are skipped SHOULD checks as a pass with skips', () => {
    const report = sampleReport();
    const should = report.checks.find((c) => c.level === 'SHOULD')!;
    report.checks.push(
      { ...should, key: 'security-pass', domain: 'security', status: 'pass', message: null },
      { ...should, key: 'security-skip', domain: 'security', status: 'skip', message: 'not applicable' },
    );
    report.domains.push({ domain: 'security', status: 'skip', counts: { pass: 1, skip: 1, inconclusive: 0, fail: 0, error: 0 } });
    const row = renderHtml(report)
      .split('\n')
      .find((l) => l.startsWith('<tr data-domain="security">'));
    expect(row).toContain('<td><span class="st st-pass">pass</span> <span class="muted">1 skipped (SHOULD)</span></td>');
  });

  it('renders an empty run without failing', () => {
    const report = sampleReport();
    report.checks = [];
    report.domains = [];
    report.observations = [];
    report.requirements = [];
    expect(() => tags(renderHtml(report))).not.toThrow();
  });
});
