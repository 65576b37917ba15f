/*
 * Ramp stages, as k6 writes them on its command line (`--stage 30s:20`): a duration and the
 * target the rate reaches at its end, in requests per second. The rate moves in a straight line
 * from the previous stage's target (0 before the first) to this one's: `30s:20,1m:20,30s:0` ramps
 * up, holds, ramps down. Parsing is pure; the caller names where the text came from.
 */

export interface Stage {
  readonly durationS: number;
  /** Arrivals per second at the end of the stage. */
  readonly target: number;
}

/** A ramp's length, at most: a throughput step is at most this long too. */
export const MAX_RAMP_S = 3600;
/** Arrivals per second, at most: far beyond what one machine sends, and every offset is held in memory. */
export const MAX_RAMP_RATE = 20_000;

/** Requests a ramp sends at most: each is held as a sample until the ramp ends, and a Locust job carries every start. */
export const MAX_RAMP_REQUESTS = 500_000;

/** Requests the stages start: the area under the rate, each stage a trapezium from the previous target. */
export function rampRequests(stages: readonly Stage[]): number {
  let previous = 0;
  let total = 0;
  for (const s of stages) {
    total += ((previous + s.target) / 2) * s.durationS;
    previous = s.target;
  }
  return Math.floor(total + 0.5);
}

export type StagesParse = { readonly ok: true; readonly stages: Stage[] } | { readonly ok: false; readonly problem: string };

/** `90`, `90s`, `1m30s`, `2m`, `1h`: seconds. */
export function parseDuration(text: string): number | undefined {
  const t = text.trim();
  if (/^[0-9]+(\.[0-9]+)?$/.test(t)) return Number(t);
  const m = /^(?:([0-9]+)h)?(?:([0-9]+)m(?!s))?(?:([0-9]+(?:\.[0-9]+)?)s)?$/.exec(t);
  if (m === null || t === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

/** One stage: `DURATION:TARGET`, e.g. `30s:20`. */
export function parseStage(text: string): { ok: true; stage: Stage } | { ok: false; problem: string } {
  const [d, target, extra] = text.split(':').map((s) => s.trim());
  const fail = (why: string) => ({
    ok: false as const,
    problem: `"${text}": ${why}; a stage is DURATION:TARGET, e.g. 30s:20 (20 requests per second after 30 s)`,
  });
  if (d === undefined || target === undefined || extra !== undefined) return fail('expected one colon');
  const durationS = parseDuration(d);
  if (durationS === undefined || !(durationS > 0)) return fail(`"${d}" is not a duration above zero (90, 90s, 1m30s, 2m)`);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(target)) return fail(`"${target}" is not a rate (requests per second, 0 or more)`);
  const rate = Number(target);
  if (rate > MAX_RAMP_RATE) return fail(`${rate} requests per second is over the ${MAX_RAMP_RATE} a ramp may reach`);
  return { ok: true, stage: { durationS, target: rate } };
}

/** Stages separated by commas (the variable), or one per item (repeated `--stage`). */
export function parseStages(items: readonly string[]): StagesParse {
  const stages: Stage[] = [];
  for (const item of items.flatMap((i) => i.split(',')).map((s) => s.trim())) {
    if (item === '') continue;
    const parsed = parseStage(item);
    if (!parsed.ok) return parsed;
    stages.push(parsed.stage);
  }
  const total = stages.reduce((s, x) => s + x.durationS, 0);
  if (total > MAX_RAMP_S) return { ok: false, problem: `the stages last ${total} s, over the ${MAX_RAMP_S} s a ramp may last` };
  const requests = rampRequests(stages);
  if (requests > MAX_RAMP_REQUESTS)
    return {
      ok: false,
      problem: `the stages start about ${requests} requests, over the ${MAX_RAMP_REQUESTS} a ramp may send (every one is held until the ramp ends)`,
    };
  if (stages.length > 0 && stages.every((s) => s.target === 0))
    return { ok: false, problem: 'every stage targets 0 requests per second: the ramp would send nothing' };
  return { ok: true, stages };
}
