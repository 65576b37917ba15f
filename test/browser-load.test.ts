import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadReportSchema, type LoadReport } from '../harness/load/model.js';
import { axeAudit, browserMissing, launchChromium, screenshotPath, serious, warnNotRun, watchPage, type PageWatch } from './browser/chromium.js';
import { readLatestLoadJson, runCli, type CliResult } from './run-cli.js';
import { SHORT_LOAD } from './testing/short-load.js';

/*
 * Issue 15: load.html in headless Chromium, from a real `conformance load` run against the
 * embedded reference server, shortened as test/load.test.ts does (a 4 s rate window, a 3 s
 * sustained run, 1 s throughput steps): every scenario, so every kind of chart.
 */

// The page's own globals, in callbacks that run in the page (the project compiles without the DOM library).
declare const document: any;

const missing = browserMissing();
if (missing !== null) warnNotRun('test/browser-load.test.ts', missing);

const SHORT = SHORT_LOAD;

/** The charts load.html must draw for a report: one per burst key, the sustained run, two for throughput. */
function expectedCharts(report: LoadReport): number {
  return report.scenarios.reduce((n, s) => {
    const d = s.detail;
    if (d === null) return n;
    return n + (d.kind === 'burst' ? d.keys.length : d.kind === 'sustained' ? 1 : 2);
  }, 0);
}

interface ChartFacts {
  readonly role: string | null;
  readonly label: string | null;
  readonly title: string | null;
  readonly width: number;
  readonly height: number;
  readonly bars: number;
  readonly texts: number;
}

if (missing !== null) {
  describe('load.html in a real browser', () => {
    it.skip(`did not run: ${missing}`, () => {});
  });
}

describe.skipIf(missing !== null)('load.html in a real browser', () => {
  let browser: Browser;
  let run: CliResult;
  let report: LoadReport;
  let page: Page;
  let watch: PageWatch;

  beforeAll(async () => {
    [run, browser] = await Promise.all([runCli(['load'], SHORT), launchChromium()]);
    if (run.code !== 0) throw new Error(`conformance load exited ${run.code}:\n${run.stdout}\n${run.stderr}`);
    report = loadReportSchema.parse(await readLatestLoadJson(run.reportDir));
    const url = pathToFileURL(join(run.reportDir, 'latest-load', 'load.html')).href;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    watch = watchPage(page, url);
    await page.goto(url);
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
  });

  it('shows the run status and every scenario at the top', async () => {
    expect(run.code, run.stderr).toBe(0);
    const badge = page.locator('header .badge');
    expect(await badge.innerText()).toBe(report.status.toUpperCase());
    const box = (await badge.boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    const rows = await page.locator('main > table').first().locator('tbody tr').allInnerTexts();
    expect(rows.map((r) => r.split(/\s+/)[0])).toEqual(report.scenarios.map((s) => s.id));
    await page.screenshot({ path: await screenshotPath('load-top.png') });
  });

  it('draws every chart, each labelled for a screen reader and with its bars and axis', async () => {
    const charts: ChartFacts[] = await page.locator('svg.chart').evaluateAll((svgs: any[]) =>
      svgs.map((svg) => {
        const box = svg.getBoundingClientRect();
        return {
          role: svg.getAttribute('role'),
          label: svg.getAttribute('aria-label'),
          title: svg.querySelector(':scope > title')?.textContent ?? null,
          width: box.width,
          height: box.height,
          // Bars carry a tooltip of their own: "<category>: <series> <value>".
          bars: [...svg.querySelectorAll('rect')].filter((r: any) => /: .+ \d/.test(r.querySelector('title')?.textContent ?? '')).length,
          texts: svg.querySelectorAll('text').length,
        };
      }),
    );
    expect(charts).toHaveLength(expectedCharts(report));
    for (const chart of charts) {
      expect(chart.role).toBe('img');
      expect(chart.label?.length ?? 0).toBeGreaterThan(5);
      expect(chart.title).toBe(chart.label);
      expect(chart.width).toBeGreaterThan(200);
      expect(chart.height).toBeGreaterThan(40);
      expect(chart.bars, chart.label ?? '').toBeGreaterThan(0);
      expect(chart.texts, chart.label ?? '').toBeGreaterThan(3);
    }
    // Each chart sits under a heading that says what it shows.
    const headed = await page.locator('svg.chart').evaluateAll(
      (svgs: any[]) =>
        svgs.filter((svg) => {
          let prev = svg.previousElementSibling;
          while (prev !== null && !/^H[23]$/.test(prev.tagName)) prev = prev.previousElementSibling;
          return prev !== null && prev.textContent.trim() !== '';
        }).length,
    );
    expect(headed).toBe(expectedCharts(report));
    const throughput = page.locator('svg.chart[aria-label="Latency percentiles per step (ms)"]');
    await throughput.scrollIntoViewIfNeeded();
    await throughput.screenshot({ path: await screenshotPath('load-latency-chart.png') });
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    const { violations, passes } = await axeAudit(page);
    expect(passes).toBeGreaterThan(5);
    expect(serious(violations)).toEqual([]);
  });

  it('loads nothing and logs no error', async () => {
    expect(await page.evaluate(() => (document.defaultView.performance.getEntriesByType('resource') as unknown[]).length)).toBe(0);
    expect(watch.requests).toEqual([]);
    expect(watch.errors).toEqual([]);
    expect(watch.dialogs).toEqual([]);
  });
});
