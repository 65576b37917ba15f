import { describe, expect, it } from 'vitest';
import { parseDuration, parseStages } from './stages.js';

describe('parseStages (k6 --stage DURATION:TARGET)', () => {
  it('reads durations as k6 writes them', () => {
    expect(['90', '90s', '1m30s', '2m', '1h', '0.5s'].map(parseDuration)).toEqual([90, 90, 90, 120, 3600, 0.5]);
    expect(['', 'ms', '5x', '1m1h'].map(parseDuration)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('reads a comma-separated list and repeated items alike', () => {
    const expected = [
      { durationS: 30, target: 20 },
      { durationS: 60, target: 50 },
      { durationS: 30, target: 0 },
    ];
    expect(parseStages(['30s:20,1m:50,30s:0'])).toEqual({ ok: true, stages: expected });
    expect(parseStages(['30s:20', '1m:50', '30s:0'])).toEqual({ ok: true, stages: expected });
    expect(parseStages([''])).toEqual({ ok: true, stages: [] });
  });

  it.each([
    ['30s', /one colon/],
    ['0s:20', /not a duration above zero/],
    ['30s:-1', /not a rate/],
    ['30s:fast', /not a rate/],
    ['30s:99999', /over the 20000/],
    ['2h:1', /over the 3600 s/],
    // 10 minutes up to 1000/s and 10 down start 600,000 requests.
    ['10m:1000,10m:0', /about 600000 requests, over the 500000/],
    ['30s:0', /send nothing/],
  ])('refuses %s', (text, why) => {
    const parsed = parseStages([text]);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toMatch(why);
  });
});
