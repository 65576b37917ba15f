import { describe, expect, it } from 'vitest';
import { parseThreshold, parseThresholdsFile, splitThresholds } from './thresholds.js';

describe('parseThreshold (k6 syntax)', () => {
  it.each([
    ['http_req_duration{scenario:throughput}:p(95)<300', 'http_req_duration{scenario:throughput}:p(95)<300'],
    ['http_req_duration{endpoint:get,scenario:throughput}: p(99.9) <= 12.5', 'http_req_duration{scenario:throughput,endpoint:get}:p(99.9)<=12.5'],
    ['http_req_duration:med<10', 'http_req_duration:med<10'],
    ['http_req_failed:rate<0.01', 'http_req_failed:rate<0.01'],
    ['http_reqs{endpoint:list}:rps>=50', 'http_reqs{endpoint:list}:rate>=50'],
    ['http_reqs:count>0', 'http_reqs:count>0'],
  ])('reads %s', (text, canonical) => {
    const parsed = parseThreshold(text);
    expect(parsed.ok && parsed.threshold.expression).toBe(canonical);
  });

  it('keeps the parts apart for the judge', () => {
    const parsed = parseThreshold('http_req_duration{scenario:sustained}:p(90)>=1');
    expect(parsed).toEqual({
      ok: true,
      threshold: {
        expression: 'http_req_duration{scenario:sustained}:p(90)>=1',
        metric: 'http_req_duration',
        tags: { scenario: 'sustained' },
        aggregation: { kind: 'p', p: 90 },
        op: '>=',
        value: 1,
      },
    });
  });

  it.each([
    ['p(95)<300', /expected METRIC/],
    ['http_req_latency:p(95)<300', /unknown metric "http_req_latency"/],
    ['http_req_duration{scenario:soak}:p(95)<300', /unknown scenario "soak" \(known: burst, keys, sustained, throughput\)/],
    ['http_req_duration{region:eu}:p(95)<300', /unknown tag "region"/],
    ['http_req_duration:p(0)<300', /above 0 and at most 100/],
    ['http_req_duration:p(101)<300', /above 0 and at most 100/],
    ['http_req_failed:p(95)<0.1', /http_req_failed has no aggregation "p\(95\)"/],
    ['http_req_duration:p(95)~300', /expected a condition/],
    ['http_req_duration:p(95)<fast', /expected a condition/],
  ])('refuses %s, saying why', (text, why) => {
    const parsed = parseThreshold(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toMatch(why);
    expect(!parsed.ok && parsed.problem).toContain(text);
  });

  it('splits a variable on semicolons and line breaks', () => {
    expect(splitThresholds('a:1; b:2\n\nc:3 ')).toEqual(['a:1', 'b:2', 'c:3']);
    expect(splitThresholds(undefined)).toEqual([]);
  });
});

describe('parseThresholdsFile', () => {
  it("reads k6's thresholds object, conditions as strings or {threshold}", () => {
    const file = parseThresholdsFile(
      JSON.stringify({
        'http_req_duration{scenario:throughput}': ['p(95)<300', { threshold: 'p(99)<800', abortOnFail: true }],
        http_req_failed: ['rate<0.01'],
      }),
    );
    expect(file.problems).toEqual([]);
    expect(file.thresholds.map((t) => t.expression)).toEqual([
      'http_req_duration{scenario:throughput}:p(95)<300',
      'http_req_duration{scenario:throughput}:p(99)<800',
      'http_req_failed:rate<0.01',
    ]);
  });

  it('reads an array of expressions', () => {
    expect(parseThresholdsFile('["http_reqs:rate>=50"]').thresholds.map((t) => t.expression)).toEqual(['http_reqs:rate>=50']);
  });

  it('names each problem', () => {
    expect(parseThresholdsFile('{"http_req_duration": ["p(95)<<3"]}').problems[0]).toMatch(/^"http_req_duration: p\(95\)<<3": /);
    expect(parseThresholdsFile('not json').problems[0]).toMatch(/^not JSON/);
    expect(parseThresholdsFile('42').problems[0]).toMatch(/expected a JSON array/);
  });
});
