import { describe, expect, it } from 'vitest';
import { renderLoadJunit } from './render-junit.js';
import { sampleLoadReport } from './testing/sample-report.js';

describe('renderLoadJunit', () => {
  it('has a testcase per scenario and per threshold; a crossed threshold is a failure', () => {
    const xml = renderLoadJunit(sampleLoadReport());
    const thresholds = /<testsuite name="thresholds" tests="2" failures="1" errors="0" skipped="0"[^>]*>([\s\S]*?)<\/testsuite>/.exec(xml);
    expect(thresholds).not.toBeNull();
    expect(thresholds![1]).toContain('<testcase name="http_reqs{scenario:throughput,endpoint:create}:rate&gt;=500"');
    expect(thresholds![1]).toMatch(/<failure message="[^"]*crossed \(rate must be &gt;= 500\)"/);
    expect(xml).toMatch(/<testsuite name="scenarios" tests="4"/);
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<testsuites name="conformance load [^"]+" tests="6" failures="2"/);
  });

  it('marks an unverified threshold skipped', () => {
    const report = sampleLoadReport();
    const xml = renderLoadJunit({
      ...report,
      thresholds: [{ ...report.thresholds[0]!, status: 'unverified', observed: null, message: 'no traffic matched it' }],
    });
    expect(xml).toMatch(/<testsuite name="thresholds" tests="1" failures="0" errors="0" skipped="1"/);
    expect(xml).toContain('<skipped message=');
  });
});
