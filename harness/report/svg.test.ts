import { describe, expect, it } from 'vitest';
import { niceCeiling, renderBarChart, renderStackedBar, type BarChartSpec } from './svg.js';

const latency: BarChartSpec = {
  title: 'Latency by endpoint',
  series: [
    { label: 'p50', color: '#90caf9' },
    { label: 'p95', color: '#1e88e5' },
    { label: 'p99', color: '#0d47a1' },
  ],
  categories: [
    { label: 'GET /contacts', values: [4.2, 11.8, 30.5] },
    { label: 'POST /time-entries', values: [6, 18, 0] },
  ],
  mode: 'grouped',
  unit: ' ms',
};

describe('niceCeiling', () => {
  it('rounds up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect([0, 0.3, 1, 7, 13, 21, 26, 101, 30.5].map(niceCeiling)).toEqual([0, 0.5, 1, 10, 20, 25, 50, 200, 50]);
  });
});

describe('renderBarChart', () => {
  it('draws one bar per non-zero value in grouped mode, with tooltips and a legend', () => {
    const svg = renderBarChart(latency);
    // 3 legend swatches + 5 non-zero bars.
    expect(svg.match(/<rect /g)).toHaveLength(8);
    expect(svg).toContain('<title>GET /contacts: p95 11.8 ms</title>');
    expect(svg).toContain('>50 ms</text>'); // axis end, niceCeiling(30.5)
    expect(svg).not.toContain('xmlns'); // inline in HTML; no namespace URL needed
  });

  it('stacks series end to end in stacked mode, scaled to the axis', () => {
    const svg = renderBarChart({
      title: 'statuses',
      series: [
        { label: 'pass', color: 'green' },
        { label: 'fail', color: 'red' },
      ],
      categories: [{ label: 'contacts', values: [3, 1] }],
      width: 400,
      labelWidth: 100,
      showValues: false,
      legend: false,
      max: 4,
    });
    // Plot width = 400 - 100 - 8 = 292; 3 of 4 is 219, then 73.
    expect(svg).toContain('<rect x="100" y="4" width="219" height="16" fill="green">');
    expect(svg).toContain('<rect x="319" y="4" width="73" height="16" fill="red">');
  });

  it('escapes labels, titles and colours', () => {
    const svg = renderBarChart({
      title: '<script>',
      series: [{ label: '"><script>', color: '"/><script>' }],
      categories: [{ label: '<b>&', values: [1] }],
    });
    expect(svg).not.toContain('<script');
    expect(svg).not.toContain('<b>');
  });

  it('handles no categories and non-finite values', () => {
    expect(renderBarChart({ title: 't', series: [], categories: [] })).toMatch(/^<svg [^>]*><title>t<\/title><\/svg>$/);
    const svg = renderBarChart({
      title: 't',
      series: [{ label: 's', color: 'red' }],
      categories: [{ label: 'c', values: [Number.NaN] }],
    });
    expect(svg).not.toContain('NaN');
  });

  it('is deterministic', () => {
    expect(renderBarChart(latency)).toBe(renderBarChart(latency));
  });
});

describe('renderStackedBar', () => {
  it('splits the width by share and draws an empty track for an empty total', () => {
    const svg = renderStackedBar(
      [
        { label: 'pass', value: 3, color: 'green' },
        { label: 'skip', value: 0, color: 'grey' },
        { label: 'fail', value: 1, color: 'red' },
      ],
      { title: 'contacts', width: 100 },
    );
    expect(svg).toContain('width="75" height="12" fill="green"');
    expect(svg).toContain('x="75" y="0" width="25" height="12" fill="red"');
    expect(svg).not.toContain('grey');
    expect(renderStackedBar([], { title: 'none' })).toContain('fill="#eee"');
  });
});
