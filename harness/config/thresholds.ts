import { LOAD_ENDPOINTS, LOAD_SCENARIOS, type LoadEndpoint, type LoadScenarioId } from './defaults.js';

/*
 * Load thresholds, written as k6 writes them: `METRIC{tag:value,...}:AGGREGATION OP NUMBER`, e.g.
 * `http_req_duration{scenario:throughput,endpoint:get}:p(95)<300`. The metric names and their
 * aggregations are k6's, so a threshold copied from a k6 script means the same here. Parsing is
 * pure: the caller turns a problem into its own error (a usage error for `--threshold`, a
 * configuration error for a variable or a file), so the one line names where the text came from.
 */

/** The metrics a threshold may name, each with the aggregations it has (k6's names). */
export const THRESHOLD_METRICS = {
  /** Latency of every answer, ms (429s included, as k6 counts them). */
  http_req_duration: ['avg', 'med', 'max', 'p(N)'],
  /** Share of requests that failed: no answer, or an answer outside 200-399 other than the expected 429. */
  http_req_failed: ['rate'],
  /** Answers: how many, and per second (`rps` is another name for `rate`). */
  http_reqs: ['count', 'rate', 'rps'],
} as const;
export type ThresholdMetric = keyof typeof THRESHOLD_METRICS;

export const THRESHOLD_TAGS = { scenario: LOAD_SCENARIOS, endpoint: LOAD_ENDPOINTS } as const;
export type ThresholdTags = { readonly scenario?: LoadScenarioId; readonly endpoint?: LoadEndpoint };

export const THRESHOLD_OPS = ['<', '<=', '>', '>=', '==', '!='] as const;
export type ThresholdOp = (typeof THRESHOLD_OPS)[number];

export type ThresholdAggregation =
  | { readonly kind: 'avg' | 'med' | 'max' | 'rate' | 'count' }
  /** A percentile, 0 < p <= 100. */
  | { readonly kind: 'p'; readonly p: number };

export interface Threshold {
  /** The expression in its one canonical spelling (what the reports show). */
  readonly expression: string;
  readonly metric: ThresholdMetric;
  readonly tags: ThresholdTags;
  readonly aggregation: ThresholdAggregation;
  readonly op: ThresholdOp;
  readonly value: number;
}

export type ThresholdParse = { readonly ok: true; readonly threshold: Threshold } | { readonly ok: false; readonly problem: string };

const EXAMPLE = 'e.g. http_req_duration{scenario:throughput}:p(95)<300';

function aggregationText(a: ThresholdAggregation): string {
  return a.kind === 'p' ? `p(${a.p})` : a.kind;
}

/** Canonical text of a metric with its tags, e.g. `http_reqs{scenario:throughput,endpoint:list}`. */
export function seriesText(metric: string, tags: ThresholdTags): string {
  const parts = (Object.keys(THRESHOLD_TAGS) as (keyof ThresholdTags)[]).flatMap((t) => (tags[t] === undefined ? [] : [`${t}:${tags[t]}`]));
  return parts.length === 0 ? metric : `${metric}{${parts.join(',')}}`;
}

function parseTags(text: string): { tags: ThresholdTags } | { problem: string } {
  const tags: { scenario?: LoadScenarioId; endpoint?: LoadEndpoint } = {};
  for (const pair of text.split(',').map((p) => p.trim())) {
    const [name, value, extra] = pair.split(':').map((s) => s.trim());
    if (name === undefined || value === undefined || extra !== undefined || name === '' || value === '') {
      return { problem: `the tag "${pair}" is not name:value` };
    }
    if (!(name in THRESHOLD_TAGS)) return { problem: `unknown tag "${name}" (known: ${Object.keys(THRESHOLD_TAGS).join(', ')})` };
    const known: readonly string[] = THRESHOLD_TAGS[name as keyof typeof THRESHOLD_TAGS];
    if (!known.includes(value)) return { problem: `unknown ${name} "${value}" (known: ${known.join(', ')})` };
    if (tags[name as keyof ThresholdTags] !== undefined) return { problem: `the tag ${name} is given twice` };
    if (name === 'scenario') tags.scenario = value as LoadScenarioId;
    else tags.endpoint = value as LoadEndpoint;
  }
  return { tags };
}

function parseAggregation(metric: ThresholdMetric, text: string): { aggregation: ThresholdAggregation } | { problem: string } {
  const allowed: readonly string[] = THRESHOLD_METRICS[metric];
  const percentile = /^p\(\s*([0-9]+(?:\.[0-9]+)?)\s*\)$/.exec(text);
  if (percentile !== null && allowed.includes('p(N)')) {
    const p = Number(percentile[1]);
    if (!(p > 0 && p <= 100)) return { problem: `p(${percentile[1]}): a percentile is above 0 and at most 100` };
    return { aggregation: { kind: 'p', p } };
  }
  if (allowed.includes(text) && text !== 'p(N)') return { aggregation: { kind: text === 'rps' ? 'rate' : (text as 'avg' | 'med' | 'max' | 'rate' | 'count') } };
  return { problem: `${metric} has no aggregation "${text}" (it has: ${allowed.join(', ')})` };
}

/**
 * One threshold from its text: `METRIC{tags}:AGG OP NUMBER` (the tags optional), or, from a k6
 * thresholds object, the series and the condition apart (`series` then holds `METRIC{tags}`).
 */
export function parseThreshold(text: string, series?: string): ThresholdParse {
  const fail = (problem: string): ThresholdParse => ({ ok: false, problem: `"${series === undefined ? text : `${series}: ${text}`}": ${problem}` });
  let head: string;
  let condition: string;
  if (series === undefined) {
    const close = text.indexOf('}');
    const colon = text.indexOf(':', close < 0 ? 0 : close);
    if (colon < 0) return fail(`expected METRIC{tag:value}:CONDITION, ${EXAMPLE}`);
    head = text.slice(0, colon).trim();
    condition = text.slice(colon + 1).trim();
  } else {
    head = series.trim();
    condition = text.trim();
  }
  const m = /^([a-z_]+)(?:\{([^}]*)\})?$/.exec(head);
  if (m === null) return fail(`expected METRIC or METRIC{tag:value,...} before the condition, ${EXAMPLE}`);
  const metric = m[1]!;
  if (!(metric in THRESHOLD_METRICS)) return fail(`unknown metric "${metric}" (known: ${Object.keys(THRESHOLD_METRICS).join(', ')})`);
  const tags = m[2] === undefined || m[2].trim() === '' ? { tags: {} } : parseTags(m[2]);
  if ('problem' in tags) return fail(tags.problem);
  const c = /^(.+?)\s*(<=|>=|==|!=|<|>)\s*(-?[0-9]+(?:\.[0-9]+)?(?:e[+-]?[0-9]+)?)$/i.exec(condition);
  if (c === null) return fail(`expected a condition AGGREGATION OP NUMBER with OP one of ${THRESHOLD_OPS.join(' ')}, ${EXAMPLE}`);
  const aggregation = parseAggregation(metric as ThresholdMetric, c[1]!.trim());
  if ('problem' in aggregation) return fail(aggregation.problem);
  const value = Number(c[3]);
  const op = c[2] as ThresholdOp;
  const expression = `${seriesText(metric, tags.tags)}:${aggregationText(aggregation.aggregation)}${op}${value}`;
  return { ok: true, threshold: { expression, metric: metric as ThresholdMetric, tags: tags.tags, aggregation: aggregation.aggregation, op, value } };
}

/** Expressions in one text: one per line or separated by `;` (the variable and the Action's input). */
export function splitThresholds(text: string | undefined): string[] {
  return (text ?? '')
    .split(/[;\n]/)
    .map((s) => s.trim())
    .filter((s) => s !== '');
}

/**
 * A thresholds file: a JSON array of expressions, or k6's thresholds object
 * (`{"http_req_duration{scenario:throughput}": ["p(95)<300"]}`). Problems come back as lines.
 */
export function parseThresholdsFile(text: string): { thresholds: Threshold[]; problems: string[] } {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { thresholds: [], problems: [`not JSON (${(error as Error).message}); expected ["http_req_duration:p(95)<300", ...] or k6's thresholds object`] };
  }
  const parsed: ThresholdParse[] = [];
  if (Array.isArray(data)) {
    for (const item of data) parsed.push(typeof item === 'string' ? parseThreshold(item) : { ok: false, problem: `${JSON.stringify(item)} is not a string` });
  } else if (typeof data === 'object' && data !== null) {
    for (const [series, conditions] of Object.entries(data)) {
      const list: unknown[] = Array.isArray(conditions) ? conditions : [conditions];
      for (const c of list) {
        // k6 also allows {threshold: "...", abortOnFail: true}; only the condition matters here.
        const condition = typeof c === 'object' && c !== null && 'threshold' in c ? (c as { threshold: unknown }).threshold : c;
        parsed.push(
          typeof condition === 'string' ? parseThreshold(condition, series) : { ok: false, problem: `${series}: ${JSON.stringify(c)} is not a condition` },
        );
      }
    }
  } else {
    return { thresholds: [], problems: ['expected a JSON array of expressions or an object of k6 thresholds'] };
  }
  return {
    thresholds: parsed.flatMap((p) => (p.ok ? [p.threshold] : [])),
    problems: parsed.flatMap((p) => (p.ok ? [] : [p.problem])),
  };
}
