import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkAnchors } from '../harness/report/anchors.js';
import { domainStatusView } from '../harness/report/domain-status.js';
import { formatResponse } from '../harness/report/format.js';
import { verdictLabel } from '../harness/report/verdict.js';
import { STATUSES, type CheckResult, type Report } from '../harness/report/model.js';
import { renderHtml } from '../harness/report/render-html.js';
import { hostileReport } from '../harness/report/testing/sample-report.js';
import { axeAudit, browserMissing, inView, launchChromium, screenshotPath, serious, warnNotRun, watchPage, type PageWatch } from './browser/chromium.js';
import { readLatestReport, type CliResult } from './run-cli.js';
import { SHARED_FIXTURE_WAIT_MS, sharedRun } from './testing/shared-fixture.js';
import { FAULTY_RUN } from './testing/shared-runs.js';

/*
 * Issue 15: report.html as a person reads it, in headless Chromium. One real run with failures
 * (three suites, two runs per property, three reference faults: MUST failures with reproducers,
 * SHOULD warnings, skipped SHOULD checks; the faulty run other files share,
 * test/testing/shared-runs.ts), opened the way an implementer opens the file a vendor sent: from
 * disk, offline.
 */

// The page's own globals, in callbacks that run in the page (the project compiles without the DOM library).
declare const document: any;
declare const window: any;
declare const location: any;
declare function getComputedStyle(element: unknown): any;

interface RowElement {
  getAttribute(name: string): string | null;
  readonly textContent: string | null;
}

const missing = browserMissing();
if (missing !== null) warnNotRun('test/browser-report.test.ts', missing);

/** A desktop window; the top of the report must hold the verdict and the counts within it. */
const VIEWPORT = { width: 1280, height: 800 };
/** A4 portrait less 12 mm margins, at 96 px per inch: the width a printed page has. */
const A4_PRINT_WIDTH = 703;

/** Text as a person sees it: runs of white space as one space. */
function words(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

if (missing !== null) {
  describe('report.html in a real browser', () => {
    it.skip(`did not run: ${missing}`, () => {});
  });
}

describe.skipIf(missing !== null)('report.html in a real browser', () => {
  let browser: Browser;
  let run: CliResult;
  let report: Report;
  let url: string;
  let anchors: Map<CheckResult, string>;
  const pages: Array<{ page: Page; watch: PageWatch }> = [];

  beforeAll(async () => {
    // The faulty run several files share (test/testing/shared-runs.ts).
    [run, browser] = await Promise.all([sharedRun(FAULTY_RUN), launchChromium()]);
    report = await readLatestReport(run.reportDir);
    url = pathToFileURL(join(run.reportDir, 'latest', 'report.html')).href;
    anchors = checkAnchors(report.checks);
  }, SHARED_FIXTURE_WAIT_MS + 20_000);

  afterAll(async () => {
    await browser?.close();
  });

  async function open(fragment = '', options: BrowserContextOptions = {}): Promise<{ page: Page; watch: PageWatch }> {
    const context = await browser.newContext({ viewport: VIEWPORT, ...options });
    const page = await context.newPage();
    const watch = watchPage(page, url);
    await page.goto(`${url}${fragment}`);
    const opened = { page, watch };
    pages.push(opened);
    return opened;
  }

  /** Nothing fetched, nothing logged as an error, no dialog: a self-contained page that works. */
  function expectQuiet(watch: PageWatch): void {
    expect(watch.requests, 'requests other than the file itself').toEqual([]);
    expect(watch.errors, 'console errors').toEqual([]);
    expect(watch.dialogs, 'dialogs').toEqual([]);
  }

  const problems = (): CheckResult[] => report.checks.filter((c) => c.status === 'fail' || c.status === 'error');
  const anchorOf = (c: CheckResult): string => anchors.get(c)!;
  const visibleRows = (page: Page): Promise<number> => page.locator('#check-table > tbody > tr:visible').count();

  it('is a run with MUST failures, warnings and skipped SHOULD checks', () => {
    expect(run.code, run.stderr).toBe(1);
    expect(report.verdict).toBe('non-conformant');
    expect(report.counts.byLevel.MUST.fail).toBeGreaterThan(0);
    expect(report.counts.byLevel.SHOULD.fail).toBeGreaterThan(0);
    expect(report.counts.byLevel.SHOULD.skip).toBeGreaterThan(0);
    expect(problems().every((c) => c.exchange !== null)).toBe(true);
  });

  it('shows the verdict and the counts at the top, without scrolling', async () => {
    const { page, watch } = await open();
    await expect(page.title()).resolves.toContain(verdictLabel(report));
    const badge = page.locator('header.top .badge');
    expect(await badge.innerText()).toBe('NON-CONFORMANT');
    const fold = async (selector: string): Promise<void> => {
      const box = await page.locator(selector).boundingBox();
      expect(box, selector).not.toBeNull();
      expect(box!.y + box!.height, `${selector} ends below the fold`).toBeLessThanOrEqual(VIEWPORT.height);
    };
    await fold('header.top .badge');
    await fold('header.top .reason');
    await fold('header.top ul.counts');
    for (const status of STATUSES) {
      expect(await page.locator(`ul.counts li[data-status="${status}"] strong`).innerText(), status).toBe(String(report.counts.byStatus[status]));
    }
    expect(await page.locator('ul.counts li[data-status="total"] strong').innerText()).toBe(String(report.counts.total));
    expect(words(await page.locator('ul.counts li[data-status="fail"]').innerText())).toBe(
      `${report.counts.byStatus.fail} fail (${report.counts.byLevel.MUST.fail} MUST, ${report.counts.byStatus.fail - report.counts.byLevel.MUST.fail} warnings)`,
    );
    await page.screenshot({ path: await screenshotPath('report-top.png') });
    // Self-contained: the page asked for nothing but itself.
    expect(await page.evaluate(() => performance.getEntriesByType('resource').length)).toBe(0);
    expectQuiet(watch);
  });

  it('gives every failure its message, its reproducer and its response excerpt', async () => {
    const { page, watch } = await open();
    const failures = problems();
    expect(failures.length).toBeGreaterThanOrEqual(5);
    for (const check of failures) {
      const row = page.locator(`#${anchorOf(check)}`);
      await expect(row.isVisible()).resolves.toBe(true);
      expect(words(await row.locator('td.msg').innerText()), check.key).toBe(words(check.message ?? ''));
      await row.locator('summary').click();
      const curl = row.locator('pre.curl');
      expect(await curl.isVisible(), `${check.key}: reproducer`).toBe(true);
      expect(await curl.innerText()).toBe(check.exchange!.curl);
      const response = row.locator('.evidence pre').nth(1);
      expect(await response.isVisible(), `${check.key}: response`).toBe(true);
      const shown = await response.innerText();
      expect(shown.split('\n')[0]).toBe(formatResponse(check.exchange!).split('\n')[0]);
      expect(words(shown)).toContain(words(check.exchange!.bodyExcerpt.slice(0, 200)));
      if (check.property !== null) expect(await row.locator('.evidence').innerText()).toContain(`seed ${check.property.seed}`);
    }
    // The first MUST failure, opened through its link, as a reader sees it.
    const first = `#${anchorOf(failures[0]!)}`;
    await page.evaluate((hash) => {
      location.hash = hash;
    }, first);
    await expect.poll(() => inView(page, first)).toBe(true);
    await page.screenshot({ path: await screenshotPath('report-failure-open.png') });
    expectQuiet(watch);
  });

  it('gives each check a link that opens it and scrolls to it, from another page or from the report itself', async () => {
    const failures = problems();
    const lastFailure = failures[failures.length - 1]!;
    // A passing property check (its evidence: the seed) and a passing check without evidence.
    const passing = report.checks.filter((c) => c.status === 'pass');
    for (const check of [
      lastFailure,
      passing.filter((c) => c.property !== null).at(-1)!,
      passing.filter((c) => c.property === null && c.exchange === null).at(-1)!,
    ]) {
      const anchor = anchorOf(check);
      const { page, watch } = await open(`#${anchor}`);
      const navHeight = (await page.locator('nav').boundingBox())!.height;
      await expect.poll(() => inView(page, `#${anchor}`, navHeight)).toBe(true);
      expect(await page.locator(`#${anchor}`).evaluate((row) => row.matches(':target'))).toBe(true);
      const details = page.locator(`#${anchor} details`);
      expect(await details.count()).toBe(check.exchange === null && check.property === null ? 0 : 1);
      if ((await details.count()) > 0) expect(await details.evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
      // The row's own # link is that address.
      expect(await page.locator(`#${anchor} a.permalink`).getAttribute('href')).toBe(`#${anchor}`);
      expectQuiet(watch);
    }

    // From the header's list of failed requirements, and to a check a filter had hidden.
    const { page, watch } = await open();
    const navHeight = (await page.locator('nav').boundingBox())!.height;
    const link = page.locator('header .failed-must a').first();
    const target = (await link.getAttribute('href'))!;
    await link.click();
    await expect.poll(() => inView(page, target, navHeight)).toBe(true);
    expect(await page.locator(`${target} details`).evaluate((d) => (d as unknown as { open: boolean }).open)).toBe(true);
    await page.selectOption('select[name="status"]', 'pass');
    const hidden = `#${anchorOf(lastFailure)}`;
    expect(await page.locator(hidden).isVisible()).toBe(false);
    await page.evaluate((hash) => {
      location.hash = hash;
    }, hidden);
    await expect.poll(() => inView(page, hidden, navHeight)).toBe(true);
    expect(await page.locator('select[name="status"]').inputValue()).toBe('');
    expect(await visibleRows(page)).toBe(report.checks.length);
    expectQuiet(watch);
  });

  it('narrows the list by status, level and domain, and by a text search', async () => {
    const { page, watch } = await open();
    const shown = page.locator('output#shown');
    const count = (pred: (c: CheckResult) => boolean): number => report.checks.filter(pred).length;
    expect(await page.locator('form#filters').isVisible()).toBe(true);
    expect(await visibleRows(page)).toBe(report.checks.length);
    expect(await shown.innerText()).toBe(`${report.checks.length} of ${report.checks.length} checks shown`);

    const expectShown = async (n: number, every?: (row: { status: string; level: string; domain: string; text: string }) => boolean): Promise<void> => {
      expect(await visibleRows(page)).toBe(n);
      expect(await shown.innerText()).toBe(`${n} of ${report.checks.length} checks shown`);
      if (every === undefined) return;
      const rows = await page.locator('#check-table > tbody > tr:visible').evaluateAll((trs: RowElement[]) =>
        trs.map((tr) => ({
          status: tr.getAttribute('data-status') ?? '',
          level: tr.getAttribute('data-level') ?? '',
          domain: tr.getAttribute('data-domain') ?? '',
          text: tr.textContent ?? '',
        })),
      );
      expect(rows.every(every)).toBe(true);
    };
    const reset = async (): Promise<void> => {
      for (const name of ['status', 'level', 'domain']) await page.selectOption(`select[name="${name}"]`, '');
      await page.fill('input[name="q"]', '');
    };

    await page.selectOption('select[name="status"]', 'fail');
    await expectShown(
      count((c) => c.status === 'fail'),
      (r) => r.status === 'fail',
    );
    await page.selectOption('select[name="status"]', 'problems');
    await expectShown(count((c) => ['fail', 'error', 'inconclusive'].includes(c.status)));
    await reset();
    await page.selectOption('select[name="level"]', 'SHOULD');
    await expectShown(
      count((c) => c.level === 'SHOULD'),
      (r) => r.level === 'SHOULD',
    );
    await page.selectOption('select[name="status"]', 'skip');
    await expectShown(
      count((c) => c.level === 'SHOULD' && c.status === 'skip'),
      (r) => r.level === 'SHOULD' && r.status === 'skip',
    );
    await reset();
    await page.selectOption('select[name="domain"]', 'auth');
    await expectShown(
      count((c) => c.domain === 'auth'),
      (r) => r.domain === 'auth',
    );
    await reset();
    // Search matches ids, titles, messages and the evidence, case-insensitively.
    const id = problems()[0]!.requirementId;
    await page.fill('input[name="q"]', id.toLowerCase());
    const matching = await page
      .locator('#check-table > tbody > tr')
      .evaluateAll((trs: RowElement[], q: string) => trs.filter((tr) => (tr.textContent ?? '').toLowerCase().includes(q)).length, id.toLowerCase());
    expect(matching).toBeGreaterThanOrEqual(count((c) => c.requirementId === id));
    await expectShown(matching, (r) => r.text.toLowerCase().includes(id.toLowerCase()));
    await page.fill('input[name="q"]', 'no check says this 9f8e7d');
    await expectShown(0);
    await reset();
    await expectShown(report.checks.length);
    // A domain in the domains table filters the list to it.
    await page.locator('#domains a[data-filter="domain"][data-value="security"]').click();
    expect(await page.locator('select[name="domain"]').inputValue()).toBe('security');
    await expectShown(
      count((c) => c.domain === 'security'),
      (r) => r.domain === 'security',
    );
    // "Expand shown" opens the evidence of the rows shown, and only theirs.
    await page.selectOption('select[name="domain"]', '');
    await page.selectOption('select[name="status"]', 'fail');
    await page.locator('button[data-expand="open"]').click();
    const opened = await page.locator('#check-table details[open]').count();
    expect(opened).toBe(count((c) => c.status === 'fail' && c.exchange !== null));
    expectQuiet(watch);
  });

  it('reads completely with JavaScript off', async () => {
    const { page, watch } = await open('', { javaScriptEnabled: false });
    expect(await page.locator('form#filters').isVisible()).toBe(false);
    expect(await visibleRows(page)).toBe(report.checks.length);
    expect(await page.locator('header.top .badge').innerText()).toBe('NON-CONFORMANT');
    expect(await page.locator('ul.counts').isVisible()).toBe(true);
    for (const id of ['results', 'domains', 'checks', 'observations', 'matrix', 'requirements', 'endpoints']) {
      expect(await page.locator(`section#${id}`).isVisible(), id).toBe(true);
    }
    // The evidence opens without script (native <details>), and a link to a check still lands on it.
    const check = problems()[0]!;
    const row = page.locator(`#${anchorOf(check)}`);
    await row.locator('summary').click();
    expect(await row.locator('pre.curl').isVisible()).toBe(true);
    await page.goto(`${url}#${anchorOf(problems().at(-1)!)}`);
    const navHeight = (await page.locator('nav').boundingBox())!.height;
    await expect.poll(() => inView(page, `#${anchorOf(problems().at(-1)!)}`, navHeight)).toBe(true);
    expectQuiet(watch);
  });

  it('prints legibly: no navigation or filters, the failures open, nothing cut at the page edge', async () => {
    const { page, watch } = await open();
    await page.setViewportSize({ width: A4_PRINT_WIDTH, height: 1000 });
    await page.emulateMedia({ media: 'print' });
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    expect(await page.locator('nav').isVisible()).toBe(false);
    expect(await page.locator('form#filters').isVisible()).toBe(false);
    expect(await page.locator('a.permalink').first().isVisible()).toBe(false);
    // The evidence of every failure is printed, the passes' stays closed.
    for (const check of problems()) {
      expect(await page.locator(`#${anchorOf(check)} details`).evaluate((d) => (d as unknown as { open: boolean }).open), check.key).toBe(true);
    }
    expect(await page.locator('#check-table > tbody > tr[data-status="pass"] details[open]').count()).toBe(0);
    const layout = await page.evaluate(() => {
      const pres = [...document.querySelectorAll('details[open] pre')] as Array<{ scrollHeight: number; clientHeight: number }>;
      return {
        width: document.documentElement.scrollWidth as number,
        clippedPre: pres.filter((p) => p.scrollHeight > p.clientHeight + 1).length,
        fontPx: parseFloat(getComputedStyle(document.body).fontSize),
        color: getComputedStyle(document.body).color,
        badge: getComputedStyle(document.querySelector('.badge')!).printColorAdjust,
        message: getComputedStyle(document.querySelector('#check-table td.msg')!).display,
      };
    });
    expect(layout.width, 'the page is wider than A4').toBeLessThanOrEqual(A4_PRINT_WIDTH);
    expect(layout.clippedPre, 'evidence cut off by a scroll box').toBe(0);
    expect(layout.fontPx).toBeGreaterThanOrEqual(12);
    expect(layout.color).toBe('rgb(0, 0, 0)');
    expect(layout.badge).toBe('exact');
    expect(layout.message).toBe('block');
    const pdf = await page.pdf({ format: 'A4', margin: { top: '12mm', bottom: '12mm', left: '12mm', right: '12mm' } });
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await writeFile(await screenshotPath('report.pdf'), pdf);
    // After printing, the screen is as it was.
    await page.evaluate(() => window.dispatchEvent(new Event('afterprint')));
    expect(await page.locator('#check-table details[open]').count()).toBe(0);
    expectQuiet(watch);
  });

  it('has no serious or critical accessibility violation (axe-core), evidence open', async () => {
    const { page, watch } = await open();
    await page.evaluate(() => window.dispatchEvent(new Event('beforeprint')));
    const { violations, passes } = await axeAudit(page);
    expect(await page.locator('#check-table details[open]').count()).toBeGreaterThan(0);
    expect(passes).toBeGreaterThan(10);
    expect(serious(violations)).toEqual([]);
    if (violations.length > 0) process.stderr.write(`axe (minor/moderate, report.html): ${JSON.stringify(violations)}\n`);
    expectQuiet(watch);
  });

  it('shows a domain whose only non-passing checks are skipped SHOULD checks as a pass with skips', async () => {
    const security = report.domains.find((d) => d.domain === 'security')!;
    expect(security).toMatchObject({ status: 'skip', counts: { fail: 0, error: 0, inconclusive: 0 } });
    expect(domainStatusView(security, report.checks).status).toBe('pass');
    const { page } = await open();
    const row = page.locator('#domains tr[data-domain="security"]');
    expect(await row.locator('.st').innerText()).toBe('pass');
    expect(words(await row.locator('td').nth(1).innerText())).toBe(`pass ${security.counts.skip} skipped (SHOULD)`);
  });

  it('runs no script injected into it and loads nothing it names (Content-Security-Policy), even from hostile data', async () => {
    const { page, watch } = await open();
    const blocked = await page.evaluate(async () => {
      const violations: string[] = [];
      document.addEventListener('securitypolicyviolation', (e: { violatedDirective: string }) => violations.push(e.violatedDirective));
      const script = document.createElement('script');
      script.textContent = 'window.injected = true';
      document.body.append(script);
      const image = document.createElement('img');
      image.src = 'https://tracker.example/pixel.png';
      document.body.append(image);
      await new Promise((resolve) => setTimeout(resolve, 200));
      return { ran: (window as unknown as { injected?: boolean }).injected === true, violations };
    });
    expect(blocked.ran).toBe(false);
    expect(blocked.violations).toEqual(expect.arrayContaining(['script-src-elem', 'img-src']));
    // Chromium reports the refused image as a request that failed, blocked by the policy: nothing left the page.
    await expect.poll(() => watch.blocked).toEqual(['GET https://tracker.example/pixel.png']);
    expect(watch.requests).toEqual([]);

    // A report whose every string tries markup, script and remote resources.
    const dir = await mkdtemp(join(tmpdir(), 'conformance-hostile-html-'));
    const file = join(dir, 'report.html');
    await writeFile(file, renderHtml(hostileReport()));
    const context = await browser.newContext({ viewport: VIEWPORT });
    const hostile = await context.newPage();
    const hostileUrl = pathToFileURL(file).href;
    const hostileWatch = watchPage(hostile, hostileUrl);
    await hostile.goto(hostileUrl);
    await hostile.locator('button[data-expand="open"]').click();
    await hostile.locator('#check-table tr').first().hover();
    expectQuiet(hostileWatch);
    expect(await readFile(file, 'utf8')).toContain('&lt;script&gt;');
    await context.close();
  });
});
