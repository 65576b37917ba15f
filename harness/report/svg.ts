import { escapeXml } from './escape/xml.js';
import { formatNumber } from './format.js';

/*
 * Small, generic inline-SVG charts for the HTML report: no script, no external resources, only
 * presentation attributes (no `style`), so the report's Content-Security-Policy stays strict.
 * Status bars use them today; latency charts (grouped bars per endpoint) are meant to reuse them.
 */

/** One series of a bar chart, e.g. a status (`fail`) or a percentile (`p95`). */
export interface BarSeries {
  readonly label: string;
  /** Any SVG paint: `#c62828`, `rgb(...)`, a named colour. */
  readonly color: string;
}

/** One bar (stacked) or group of bars (grouped): a label and one value per series. */
export interface BarCategory {
  readonly label: string;
  /** `values[i]` belongs to `series[i]`; missing values count as 0. */
  readonly values: readonly number[];
}

export interface BarChartSpec {
  /** Accessible name of the chart (becomes `<title>` and `aria-label`). */
  readonly title: string;
  readonly series: readonly BarSeries[];
  readonly categories: readonly BarCategory[];
  /** `stacked`: one bar per category, series end to end. `grouped`: one bar per series. */
  readonly mode?: 'stacked' | 'grouped';
  /** Total width in px (default 640). */
  readonly width?: number;
  /** Height of one bar in px (default 16). */
  readonly barHeight?: number;
  /** Width reserved for category labels in px (default 160). */
  readonly labelWidth?: number;
  /** Axis maximum; default: a round number at or above the largest bar. */
  readonly max?: number;
  /** Number of axis intervals (default 4); 0 hides the axis. */
  readonly ticks?: number;
  /** Suffix for values in ticks and tooltips, e.g. ` ms`. */
  readonly unit?: string;
  /** Show the legend (default: when there is more than one series). */
  readonly legend?: boolean;
  /** Print each bar's value (stacked: the total) after it (default true). */
  readonly showValues?: boolean;
}

/** A segment of a single stacked bar. */
export interface BarSegment {
  readonly label: string;
  readonly value: number;
  readonly color: string;
}

const FONT = 'system-ui, sans-serif';
const TEXT_COLOR = '#333';
const AXIS_COLOR = '#bbb';
/** Rough width of one character at 12px, to keep labels inside their column. */
const CHAR_PX = 7;

/** The smallest 1, 2, 2.5 or 5 times a power of ten at or above `n` (0 stays 0). */
export function niceCeiling(n: number): number {
  if (!(n > 0) || !Number.isFinite(n)) return 0;
  const power = 10 ** Math.floor(Math.log10(n));
  for (const step of [1, 2, 2.5, 5, 10]) {
    const candidate = step * power;
    // Guard against float noise such as 0.30000000000000004.
    if (candidate >= n - power * 1e-9) return Number(candidate.toPrecision(12));
  }
  return 10 * power;
}

function px(n: number): string {
  return formatNumber(n, 2);
}

function truncate(label: string, maxPx: number): string {
  const maxChars = Math.max(1, Math.floor(maxPx / CHAR_PX));
  return label.length <= maxChars ? label : `${label.slice(0, Math.max(1, maxChars - 1))}…`;
}

function rect(x: number, y: number, w: number, h: number, color: string, tooltip: string): string {
  return `<rect x="${px(x)}" y="${px(y)}" width="${px(w)}" height="${px(h)}" fill="${escapeXml(color)}">` + `<title>${escapeXml(tooltip)}</title></rect>`;
}

function text(x: number, y: number, content: string, anchor: 'start' | 'middle' | 'end', size = 12): string {
  return (
    `<text x="${px(x)}" y="${px(y)}" font-size="${size}" font-family="${FONT}" fill="${TEXT_COLOR}" ` + `text-anchor="${anchor}">${escapeXml(content)}</text>`
  );
}

function valueOf(values: readonly number[], i: number): number {
  const v = values[i] ?? 0;
  return Number.isFinite(v) && v > 0 ? v : 0;
}

/**
 * A horizontal bar chart from labelled series, stacked or grouped, with an optional axis, legend
 * and a hover tooltip (`<title>`) on every bar. Deterministic: same spec, same string.
 */
export function renderBarChart(spec: BarChartSpec): string {
  const mode = spec.mode ?? 'stacked';
  const width = spec.width ?? 640;
  const barHeight = spec.barHeight ?? 16;
  const labelWidth = spec.labelWidth ?? 160;
  const ticks = spec.ticks ?? 4;
  const unit = spec.unit ?? '';
  const showLegend = spec.legend ?? spec.series.length > 1;
  const showValues = spec.showValues ?? true;
  const valueWidth = showValues ? 56 : 8;
  const plotX = labelWidth;
  const plotWidth = Math.max(1, width - labelWidth - valueWidth);
  const gap = 6;
  const barsPerCategory = mode === 'grouped' ? Math.max(1, spec.series.length) : 1;
  const categoryHeight = barsPerCategory * barHeight + gap;

  const largest = Math.max(
    0,
    ...spec.categories.map((c) =>
      mode === 'stacked' ? spec.series.reduce((sum, _s, i) => sum + valueOf(c.values, i), 0) : Math.max(0, ...spec.series.map((_s, i) => valueOf(c.values, i))),
    ),
  );
  const max = spec.max !== undefined && spec.max > 0 ? spec.max : niceCeiling(largest) || 1;
  const scale = (v: number): number => (Math.min(v, max) / max) * plotWidth;

  const parts: string[] = [];
  let y = 4;

  if (showLegend) {
    let x = plotX;
    for (const s of spec.series) {
      parts.push(rect(x, y, 10, 10, s.color, s.label));
      parts.push(text(x + 14, y + 9, s.label, 'start', 11));
      x += 14 + s.label.length * 6.5 + 14;
    }
    y += 20;
  }

  for (const category of spec.categories) {
    const label = truncate(category.label, labelWidth - 8);
    const labelY = y + (barsPerCategory * barHeight) / 2 + 4;
    parts.push(`<g><title>${escapeXml(category.label)}</title>${text(plotX - 8, labelY, label, 'end')}</g>`);
    if (mode === 'stacked') {
      let x = plotX;
      let total = 0;
      spec.series.forEach((s, i) => {
        const v = valueOf(category.values, i);
        total += v;
        if (v === 0) return;
        const w = scale(v);
        parts.push(rect(x, y, w, barHeight, s.color, `${category.label}: ${s.label} ${formatNumber(v)}${unit}`));
        x += w;
      });
      if (showValues) parts.push(text(x + 4, y + barHeight / 2 + 4, `${formatNumber(total)}${unit}`, 'start', 11));
    } else {
      spec.series.forEach((s, i) => {
        const v = valueOf(category.values, i);
        const barY = y + i * barHeight;
        const w = scale(v);
        if (v > 0) {
          parts.push(rect(plotX, barY + 1, w, barHeight - 2, s.color, `${category.label}: ${s.label} ${formatNumber(v)}${unit}`));
        }
        if (showValues) {
          parts.push(text(plotX + w + 4, barY + barHeight / 2 + 4, `${formatNumber(v)}${unit}`, 'start', 11));
        }
      });
    }
    y += categoryHeight;
  }

  if (ticks > 0 && spec.categories.length > 0) {
    const axisY = y;
    parts.push(`<line x1="${px(plotX)}" y1="${px(axisY)}" x2="${px(plotX + plotWidth)}" y2="${px(axisY)}" stroke="${AXIS_COLOR}"/>`);
    for (let i = 0; i <= ticks; i++) {
      const value = (max / ticks) * i;
      const x = plotX + (plotWidth / ticks) * i;
      parts.push(`<line x1="${px(x)}" y1="${px(axisY)}" x2="${px(x)}" y2="${px(axisY + 4)}" stroke="${AXIS_COLOR}"/>`);
      parts.push(text(x, axisY + 16, `${formatNumber(value)}${i === ticks ? unit : ''}`, 'middle', 10));
    }
    y += 22;
  }

  const height = Math.max(y, 1);
  return (
    `<svg class="chart" role="img" aria-label="${escapeXml(spec.title)}" width="${px(width)}" ` +
    `height="${px(height)}" viewBox="0 0 ${px(width)} ${px(height)}">` +
    `<title>${escapeXml(spec.title)}</title>${parts.join('')}</svg>`
  );
}

/**
 * One compact stacked bar (no axis, no labels) for a table cell, e.g. the statuses of a domain.
 * Segments are proportional to their share of the total; an empty total draws an empty track.
 */
export function renderStackedBar(
  segments: readonly BarSegment[],
  options: { readonly title: string; readonly width?: number; readonly height?: number },
): string {
  const width = options.width ?? 160;
  const height = options.height ?? 12;
  const total = segments.reduce((sum, s) => sum + (s.value > 0 ? s.value : 0), 0);
  const parts: string[] = [rect(0, 0, width, height, '#eee', `${options.title}: nothing`)];
  if (total > 0) {
    parts.length = 0;
    let x = 0;
    for (const s of segments) {
      if (!(s.value > 0)) continue;
      const w = (s.value / total) * width;
      parts.push(rect(x, 0, w, height, s.color, `${s.label}: ${formatNumber(s.value)}`));
      x += w;
    }
  }
  return (
    `<svg class="bar" role="img" aria-label="${escapeXml(options.title)}" width="${px(width)}" ` +
    `height="${px(height)}" viewBox="0 0 ${px(width)} ${px(height)}">` +
    `<title>${escapeXml(options.title)}</title>${parts.join('')}</svg>`
  );
}
