import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LoadReport } from './model.js';
import { renderLoadHtml, timelineChart } from './render-html.js';
import { sampleLoadReport, sampleNodeLoadReport } from './testing/sample-report.js';

/** A report whose strings try to break out of the markup. */
function hostile(): LoadReport {
  const report = sampleLoadReport();
  const evil = '<script>alert(1)</script>"\'&';
  return {
    ...report,
    target: { ...report.target, url: `https://x.example/api/v1?q=${evil}` },
    scenarios: report.scenarios.map((s) => ({ ...s, message: `${s.message} ${evil}`, findings: [...s.findings, evil] })),
  };
}

describe('renderLoadHtml', () => {
  it('shows an incomplete run as such, with the scenarios that did not run and why', () => {
    const report = {
      ...sampleLoadReport(),
      status: 'incomplete' as const,
      exitCode: 0 as const,
      notRun: [{ id: 'sustained' as const, reason: 'not selected: CONFORMANCE_LOAD_SCENARIOS=burst' }],
    };
    const page = renderLoadHtml(report);
    expect(page).toContain('<span class="badge s-incomplete">INCOMPLETE</span>');
    expect(page).toContain('<li><strong>sustained</strong>: not selected: CONFORMANCE_LOAD_SCENARIOS=burst</li>');
    expect(renderLoadHtml(sampleLoadReport())).not.toContain('id="not-run"');
  });

  it('draws the charts as inline SVG: latency percentiles per step and admitted versus rejected per burst key', () => {
    const page = renderLoadHtml(sampleLoadReport());
    expect(page).toContain('aria-label="Latency percentiles per step (ms)"');
    expect(page).toContain('aria-label="Requests per second per step"');
    expect(page).toContain('aria-label="burst, limited key 1 of 2: answers per 20 ms"');
    expect(page).toContain('aria-label="keys, limited key 2 of 2: answers per 20 ms"');
    expect(page).toContain('aria-label="sustained, limited key 2 of 2: answers per 10 s"');
    expect(page.match(/<svg /g)!.length).toBe(6);
  });

  it("shows each scenario's fresh-window wait with its steps, and what sharing keys cost in the header", () => {
    const page = renderLoadHtml(sampleLoadReport());
    expect(page).toContain(
      '<p>Fresh rate window: 61.3 s for limited key 1 of 2, which keys used earlier in this run: the cost of sharing it (2 probes).</p><ul class="muted"><li>limited key 1 of 2: 61.3 s: until Retry-After 60 (+1 s precision)</li></ul>',
    );
    expect(page).toContain('<p>Fresh rate window: fresh at once (2 probes).</p>');
    expect(page).toContain(
      '<dt>Shared keys</dt><dd>Sharing keys between scenarios cost 2 min 01 s of waiting for fresh rate windows (keys → burst, keys → sustained).</dd>',
    );
  });

  it('is self-contained: no script, nothing loaded, and the CSP hash matches the one style block', () => {
    const page = renderLoadHtml(sampleLoadReport());
    expect(page).not.toMatch(/<script|src=|<link|@import|url\(/i);
    const css = /<style>([\s\S]*?)<\/style>/.exec(page)![1]!;
    const hash = createHash('sha256').update(css, 'utf8').digest('base64');
    const csp = /<meta http-equiv="Content-Security-Policy" content="([^"]*)">/.exec(page)?.[1]?.replace(/&#39;/g, "'");
    expect(csp?.startsWith(`default-src 'none'; style-src 'sha256-${hash}';`)).toBe(true);
    expect(csp).not.toContain('script-src');
  });

  it('escapes every string from the data', () => {
    const page = renderLoadHtml(hostile());
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;&quot;&#39;&amp;');
  });

  it('names the engine in the header, with per-worker tables only when there was more than one worker', () => {
    const page = renderLoadHtml(sampleLoadReport());
    expect(page).toContain('<dt>Engine</dt><dd>Locust 2.12.1, 2 workers, clocks within 3 ms</dd>');
    // burst (1 key), keys (2 keys) and sustained each have their per-worker table.
    expect(page.match(/<h3>Per worker<\/h3>/g)).toHaveLength(3);
    expect(page).toContain(
      '<tr><td>limited key 2 of 2</td><td>1 (load-worker-b)</td><td class="n">75</td><td class="n">30</td><td class="n">45</td><td class="n">0</td><td class="n">0</td></tr>',
    );
    const node = renderLoadHtml(sampleNodeLoadReport());
    expect(node).toContain('<dt>Engine</dt><dd>Node 20.19.0, 1 worker</dd>');
    expect(node).not.toContain('Per worker');
    expect(node.match(/<svg /g)!.length).toBe(6);
  });

  it('lists each threshold with its status and figure; a crossed one painted as a failure', () => {
    const page = renderLoadHtml(sampleLoadReport());
    expect(page).toContain('<h2 id="thresholds">Thresholds</h2>');
    expect(page).toContain(
      '<tr><td><code>http_reqs{scenario:throughput,endpoint:create}:rate&gt;=500</code></td><td><span class="st s-failed">crossed</span></td><td class="n">100</td>',
    );
    expect(renderLoadHtml({ ...sampleLoadReport(), thresholds: [] })).not.toContain('id="thresholds"');
  });

  it('is deterministic', () => {
    expect(renderLoadHtml(sampleLoadReport())).toBe(renderLoadHtml(sampleLoadReport()));
  });

  it('labels timeline buckets in ms, or in s from one-second buckets on', () => {
    const chart = timelineChart('t', { bucketMs: 20, buckets: [{ startMs: 0, admitted: 1, rejected: 2, other: 0, error: 0 }] });
    expect(chart).toContain('0 ms – 20 ms');
    expect(chart).toContain('rejected (429) 2');
    expect(timelineChart('t', { bucketMs: 10_000, buckets: [{ startMs: 10_000, admitted: 1, rejected: 0, other: 0, error: 0 }] })).toContain('10 s – 20 s');
  });
});
