import { describe, expect, it } from 'vitest';
import { LoadMetrics } from './metrics.js';
import { labelValue, renderJsonLines, renderOpenMetrics } from './metrics-export.js';
import { readOpenMetrics } from './testing/read-openmetrics.js';
import { sampleLoadReport } from './testing/sample-report.js';
import { answersOf, tallyOf } from './testing/traffic.js';

function metrics(): LoadMetrics {
  const m = new LoadMetrics();
  m.add({ scenario: 'burst', endpoint: 'list' }, 'burst-1', tallyOf(0, [...answersOf(59, 200, 2), ...answersOf(91, 429, 1)], 1, 500));
  m.add({ scenario: 'throughput', endpoint: 'get' }, 'throughput-2', tallyOf(0, [...answersOf(90, 200, 10), ...answersOf(10, 200, 400)], 0, 2000));
  return m;
}

describe('renderOpenMetrics', () => {
  it('writes valid OpenMetrics text that reads back to the figures of the run', () => {
    const report = sampleLoadReport();
    const families = readOpenMetrics(renderOpenMetrics(report, metrics()));
    const family = (name: string) => families.find((f) => f.name === `conformance_load_${name}`)!;
    expect(family('run').samples[0]!.labels).toMatchObject({ run_id: report.runId, status: 'failed' });
    expect(family('run_exit_code').samples[0]!.value).toBe(1);
    const duration = family('http_req_duration_seconds');
    expect(duration).toMatchObject({ type: 'summary', unit: 'seconds' });
    const p95 = duration.samples.find((s) => s.labels.scenario === 'throughput' && s.labels.quantile === '0.95')!;
    expect(p95.value).toBeGreaterThanOrEqual(0.4);
    expect(p95.value).toBeLessThanOrEqual(0.4 * 1.016);
    expect(duration.samples.find((s) => s.name.endsWith('_count') && s.labels.scenario === 'burst')!.value).toBe(150);
    expect(family('http_reqs').samples.map((s) => [s.labels.scenario, s.labels.endpoint, s.value])).toEqual([
      ['burst', 'list', 150],
      ['throughput', 'get', 100],
    ]);
    // 1 lost of 151 sent less 91 refused.
    expect(family('http_req_failed_ratio').samples[0]!.value).toBeCloseTo(1 / 60, 6);
    expect(family('http_reqs_per_second').samples[1]!.value).toBe(50);
    expect(family('threshold_crossed').samples.map((s) => [s.labels.threshold, s.value])).toEqual([
      ['http_req_duration{scenario:throughput,endpoint:get}:p(95)<300', 0],
      ['http_reqs{scenario:throughput,endpoint:create}:rate>=500', 1],
    ]);
  });

  it('escapes label values as the format says', () => {
    expect(labelValue('a"b\\c\nd')).toBe('a\\"b\\\\c\\nd');
    const report = { ...sampleLoadReport(), target: { ...sampleLoadReport().target, url: 'http://x/"quoted"\\path' } };
    const info = readOpenMetrics(renderOpenMetrics(report, metrics())).find((f) => f.name === 'conformance_load_run')!;
    expect(info.samples[0]!.labels.target).toBe('http://x/"quoted"\\path');
  });

  it('still ends in # EOF with no traffic at all', () => {
    const text = renderOpenMetrics({ ...sampleLoadReport(), thresholds: [] }, new LoadMetrics());
    expect(text.endsWith('# EOF\n')).toBe(true);
    expect(readOpenMetrics(text).map((f) => f.name)).toEqual([
      'conformance_load_run',
      'conformance_load_run_exit_code',
      'conformance_load_run_finished_timestamp_seconds',
    ]);
  });
});

describe('renderJsonLines', () => {
  it('writes one JSON object a line: a series each, a threshold each, the run last', () => {
    const lines = renderJsonLines(sampleLoadReport(), metrics())
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines.map((l) => l.type)).toEqual(['series', 'series', 'threshold', 'threshold', 'run']);
    expect(lines[1]).toMatchObject({ scenario: 'throughput', endpoint: 'get', answers: 100, requestsPerSecond: 50 });
    expect((lines[1]!.latencyMs as { p50: number }).p50).toBeCloseTo(10, 0);
    expect(lines[4]).toMatchObject({ status: 'failed', exitCode: 1 });
  });
});
