/*
 * A small reader of the OpenMetrics text format (the subset of gauges and summaries), strict
 * where the format is: a family is declared (TYPE) before its samples, its samples are together,
 * each line is a known form, label values are escaped, the text ends with `# EOF`. Throws on
 * anything else, saying which line. Test-only: the tests read `load-metrics.prom` back with it.
 */

export interface Sample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

export interface Family {
  readonly name: string;
  readonly type: string;
  readonly unit?: string;
  readonly help?: string;
  readonly samples: Sample[];
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*$/;
const SUFFIXES: Readonly<Record<string, readonly string[]>> = { gauge: [''], summary: ['', '_sum', '_count', '_created'], counter: ['_total', '_created'] };

function readLabels(text: string, line: number): Record<string, string> {
  const labels: Record<string, string> = {};
  let rest = text;
  while (rest !== '') {
    const m = /^([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"(,|$)/.exec(rest);
    if (m === null) throw new Error(`line ${line}: bad labels at ${JSON.stringify(rest)}`);
    if (m[1]! in labels) throw new Error(`line ${line}: label ${m[1]} twice`);
    labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c));
    rest = rest.slice(m[0].length);
  }
  return labels;
}

export function readOpenMetrics(text: string): Family[] {
  const lines = text.split('\n');
  if (lines.pop() !== '') throw new Error('the text does not end in a line feed');
  if (lines.at(-1) !== '# EOF') throw new Error('the text does not end with # EOF');
  lines.pop();
  const families: Family[] = [];
  const seen = new Set<string>();
  let current: { -readonly [K in keyof Family]: Family[K] } | undefined;
  lines.forEach((l, i) => {
    const n = i + 1;
    const meta = /^# (TYPE|UNIT|HELP) (\S+) (.*)$/.exec(l);
    if (meta !== null) {
      const [, kind, name, value] = meta as unknown as [string, string, string, string];
      if (!NAME.test(name)) throw new Error(`line ${n}: bad metric name ${name}`);
      if (kind === 'TYPE') {
        if (seen.has(name)) throw new Error(`line ${n}: family ${name} declared twice`);
        if (!(value in SUFFIXES)) throw new Error(`line ${n}: unknown type ${value}`);
        seen.add(name);
        current = { name, type: value, samples: [] };
        families.push(current);
      } else if (current?.name !== name || current.samples.length > 0) {
        throw new Error(`line ${n}: ${kind} of ${name} outside its family's head`);
      } else if (kind === 'UNIT') {
        if (!name.endsWith(`_${value}`)) throw new Error(`line ${n}: a family with unit ${value} must end in _${value}`);
        current.unit = value;
      } else current.help = value;
      return;
    }
    const s = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(l);
    if (s === null) throw new Error(`line ${n}: not a sample: ${JSON.stringify(l)}`);
    if (current === undefined) throw new Error(`line ${n}: a sample before any TYPE`);
    const suffix = s[1]!.slice(current.name.length);
    if (!s[1]!.startsWith(current.name) || !SUFFIXES[current.type]!.includes(suffix)) throw new Error(`line ${n}: ${s[1]} is not of family ${current.name}`);
    const value = Number(s[3]);
    if (Number.isNaN(value) && s[3] !== 'NaN') throw new Error(`line ${n}: bad value ${s[3]}`);
    current.samples.push({ name: s[1]!, labels: readLabels(s[2] ?? '', n), value });
  });
  return families;
}
