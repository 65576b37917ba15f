import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../report/model.js';
import { EtaClock, Progress, estimateEta, statusText } from './progress.js';

/** Collects what is written; enough of a stream for Progress. */
function fakeStream(): { stream: NodeJS.WritableStream; text: () => string } {
  const chunks: string[] = [];
  const stream = {
    write(chunk: string | Uint8Array): boolean {
      chunks.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk).toString('utf8'));
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WritableStream, text: () => chunks.join('') };
}

function check(overrides: Partial<CheckResult> = {}): CheckResult {
  return {
    key: 'contacts CT-NAME-MIN x',
    requirementId: 'CT-NAME-MIN',
    level: 'MUST',
    section: '2.1',
    domain: 'contacts',
    title: 'MUST reject an empty name',
    status: 'pass',
    message: null,
    durationMs: 1,
    exchange: null,
    property: null,
    throttled: 0,
    ...overrides,
  };
}

describe('Progress', () => {
  it('writes a dot per passed check and a symbol per skipped or inconclusive one', () => {
    const { stream, text } = fakeStream();
    const progress = new Progress(stream);
    progress.checkDone(check());
    progress.checkDone(check());
    progress.checkDone(check({ status: 'skip' }));
    progress.checkDone(check({ status: 'inconclusive' }));
    expect(text()).toBe('..s?');
    progress.finish();
    expect(text()).toBe('..s? 4\n');
  });

  it('shows a failed MUST on its own line as FAIL with the requirement id and first message line', () => {
    const { stream, text } = fakeStream();
    const progress = new Progress(stream);
    progress.checkDone(check());
    progress.checkDone(check({ status: 'fail', message: 'POST /contacts answered 201\ncurl ...' }));
    expect(text()).toBe('.\n  FAIL MUST [CT-NAME-MIN] contacts: MUST reject an empty name\n       POST /contacts answered 201\n');
    // The dot count restarts on a fresh line.
    progress.checkDone(check());
    progress.finish();
    expect(text().endsWith('\n. 3\n')).toBe(true);
  });

  it('shows a failed SHOULD as WARN', () => {
    const { stream, text } = fakeStream();
    new Progress(stream).checkDone(check({ requirementId: 'ID-UNKNOWN-404', level: 'SHOULD', title: 'SHOULD answer 404', status: 'fail', message: 'got 400' }));
    expect(text()).toBe('  WARN SHOULD [ID-UNKNOWN-404] contacts: SHOULD answer 404\n       got 400\n');
    expect(text()).not.toContain('FAIL');
  });

  it('shows an error as ERROR whatever the level', () => {
    const { stream, text } = fakeStream();
    new Progress(stream).checkDone(check({ level: 'SHOULD', status: 'error', message: 'harness error: boom' }));
    expect(text()).toMatch(/^ {2}ERROR SHOULD \[CT-NAME-MIN\] contacts: .*\n {7}harness error: boom\n$/);
  });

  it('cuts a long message to 240 characters', () => {
    const { stream, text } = fakeStream();
    new Progress(stream).checkDone(check({ status: 'fail', message: 'x'.repeat(1000) }));
    const lines = text().split('\n');
    expect(lines[0]).toMatch(/^ {2}FAIL MUST \[CT-NAME-MIN\]/);
    expect(lines[1]).toBe(`       ${'x'.repeat(240)}`);
  });

  it('wraps after 60 symbols with the running count', () => {
    const { stream, text } = fakeStream();
    const progress = new Progress(stream);
    for (let i = 0; i < 61; i++) progress.checkDone(check());
    progress.finish();
    expect(text()).toBe(`${'.'.repeat(60)} 60\n. 61\n`);
  });

  it('finish() writes nothing when the line is already ended', () => {
    const { stream, text } = fakeStream();
    const progress = new Progress(stream);
    progress.finish();
    progress.line('hello');
    progress.finish();
    expect(text()).toBe('hello\n');
  });
});

/** A clock the test moves by hand. */
function clock(start = 0): { now: () => number; advance: (ms: number) => void } {
  let t = start;
  return { now: () => t, advance: (ms) => (t += ms) };
}

/** A gauge with fixed readings the test can change. */
function gauge(
  readings: {
    sent?: number;
    expected?: number;
    pacedPerMinute?: number;
    throttledMs?: number;
    stopped?: string;
    knownWaitMs?: number;
    sequences?: { done: number; planned: number };
  } = {},
) {
  return {
    readings,
    requests: () => ({ sent: readings.sent ?? 0, expected: readings.expected }),
    get pacedPerMinute() {
      return readings.pacedPerMinute;
    },
    throttledMs: () => readings.throttledMs ?? 0,
    stopped: () => readings.stopped,
    knownWaitMs: () => readings.knownWaitMs ?? 0,
    sequences: () => readings.sequences,
  };
}

/** What a terminal would show: carriage returns, erase-line and cursor-up/column codes applied. */
function screen(text: string): string[] {
  const lines: string[][] = [[]];
  let row = 0;
  let col = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\u001b') {
      const m = /^\u001b\[(\d*)([A-Za-z])/.exec(text.slice(i))!;
      const n = m[1] === '' ? 1 : Number(m[1]);
      if (m[2] === 'A') row = Math.max(0, row - n);
      else if (m[2] === 'G') col = n - 1;
      else if (m[2] === 'K') lines[row] = [];
      i += m[0].length - 1;
    } else if (ch === '\r') col = 0;
    else if (ch === '\n') {
      row += 1;
      col = 0;
      lines[row] ??= [];
    } else {
      const line = (lines[row] ??= []);
      line[col] = ch;
      col += 1;
    }
  }
  return lines.map((l) => Array.from(l, (c) => c ?? ' ').join(''));
}

describe('estimateEta', () => {
  it('extrapolates from the requests sent so far', () => {
    // 1,000 of 4,000 requests in 60 s: 3,000 more take 180 s.
    expect(estimateEta({ elapsedMs: 60_000, checksDone: 10, checksExpected: 100, requestsSent: 1000, requestsExpected: 4000 })).toBe(180_000);
  });

  it("is never faster than the pace the key's limit allows", () => {
    // The first burst went fast, but 3,000 more requests at 54 a minute take 55.6 minutes.
    const eta = estimateEta({ elapsedMs: 10_000, checksDone: 1, checksExpected: 100, requestsSent: 1000, requestsExpected: 4000, pacedPerMinute: 54 });
    expect(Math.round(eta! / 1000)).toBe(3333);
  });

  it('is never less than a known wait under way, the one thing left when everything else is done', () => {
    // 775 of 789 checks in 60 s says about 1 s more; the rate-limit suite still sleeps out its window.
    expect(estimateEta({ elapsedMs: 60_000, checksDone: 775, checksExpected: 789, requestsSent: 0, requestsExpected: undefined, knownWaitMs: 55_000 })).toBe(
      55_000,
    );
    // With nothing else to go on, the wait alone.
    expect(estimateEta({ elapsedMs: 5000, checksDone: 0, checksExpected: 10, requestsSent: 0, requestsExpected: undefined, knownWaitMs: 58_000 })).toBe(58_000);
    // A longer estimate stands.
    expect(estimateEta({ elapsedMs: 60_000, checksDone: 10, checksExpected: 100, requestsSent: 1000, requestsExpected: 4000, knownWaitMs: 30_000 })).toBe(
      180_000,
    );
  });

  it('falls back to checks once the run sent what was expected, and knows nothing before anything happened', () => {
    expect(estimateEta({ elapsedMs: 60_000, checksDone: 30, checksExpected: 40, requestsSent: 5000, requestsExpected: 4000 })).toBe(20_000);
    expect(estimateEta({ elapsedMs: 60_000, checksDone: 0, checksExpected: 40, requestsSent: 0, requestsExpected: 4000 })).toBeUndefined();
    expect(estimateEta({ elapsedMs: 60_000, checksDone: 40, checksExpected: 40, requestsSent: 0, requestsExpected: undefined })).toBeUndefined();
  });
});

describe('statusText', () => {
  it('shows elapsed time, checks, requests, pace, throttling and the ETA', () => {
    expect(
      statusText({
        elapsedMs: 150_000,
        checksDone: 412,
        checksExpected: 574,
        requestsSent: 2410,
        requestsExpected: 7600,
        pacedPerMinute: 54,
        throttledMs: 65_000,
      }),
    ).toBe('[2 min 30 s] 412 of ~574 checks, 2,410 of ~7,600 admin-key requests, paced at 54/min, held back 1 min 5 s by 429s, ETA 1 h 36 min');
  });

  it('leaves out what it does not know', () => {
    expect(statusText({ elapsedMs: 45_000, checksDone: 0, checksExpected: 10, requestsSent: 0, requestsExpected: undefined, throttledMs: 0 })).toBe(
      '[45 s] 0 of ~10 checks, ETA unknown',
    );
  });
});

describe('Progress status', () => {
  it('shows how many sequences the exploration has run while it runs, and nothing of them before or after', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: false, timer: false });
    const readings: { sequences?: { done: number; planned: number } } = {};
    progress.begin(new Map([['sequences', 7]]), gauge(readings));
    time.advance(30_000);
    progress.tick();
    expect(text()).not.toContain('sequences');
    readings.sequences = { done: 12, planned: 40 };
    time.advance(15_000);
    progress.tick();
    expect(text()).toContain('[45 s] 0 of ~7 checks, sequences 12/40, ETA unknown');
    delete readings.sequences;
    time.advance(15_000);
    progress.tick();
    expect(text().split('\n').at(-2)).toBe('  [1 min] 0 of ~7 checks, ETA unknown');
    progress.finish();
  });

  it('stays quiet for the first 30 s, then logs a status line between the dots at most every 15 s (no terminal)', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: false, timer: false });
    progress.begin(new Map([['contacts', 4]]), gauge({ sent: 100, expected: 400 }));
    progress.checkDone(check());
    time.advance(29_000);
    progress.tick();
    expect(text()).toBe('.');
    time.advance(1000);
    progress.tick();
    expect(text()).toBe('.\n  [30 s] 1 of ~4 checks, 100 of ~400 admin-key requests, ETA 1 min 30 s\n');
    progress.checkDone(check());
    time.advance(14_000);
    progress.tick();
    expect(text().endsWith('\n.')).toBe(true);
    time.advance(1000);
    progress.tick();
    expect(text().endsWith('\n.\n  [45 s] 2 of ~4 checks, 100 of ~400 admin-key requests, ETA 2 min 15 s\n')).toBe(true);
    progress.finish();
  });

  it('logs less often as a long run goes on: a tenth of the elapsed time apart', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: false, timer: false });
    progress.begin(new Map(), gauge());
    time.advance(600_000);
    progress.tick();
    time.advance(30_000);
    progress.tick(); // 30 s later: under a tenth of 10 minutes
    time.advance(36_000);
    progress.tick(); // 66 s after: still under a tenth of 11 min 6 s
    time.advance(1000);
    progress.tick();
    expect(
      text()
        .split('\n')
        .filter((l) => l.includes('checks'))
        .map((l) => l.slice(0, 16)),
    ).toEqual(['  [10 min] 0 of ', '  [11 min 7 s] 0']);
  });

  it('counts a wait a check announced into the ETA, also between two finishes', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: false, timer: false });
    const readings: { knownWaitMs?: number } = {};
    progress.begin(
      new Map([
        ['contacts', 20],
        ['rate-limit', 2],
      ]),
      gauge(readings),
    );
    for (let i = 0; i < 20; i++) progress.checkDone(check());
    time.advance(30_000);
    progress.tick();
    // 20 of 22 checks in 30 s: 3 s by the rate of checks.
    expect(text()).toContain('[30 s] 20 of ~22 checks, ETA 3 s');
    // The rate-limit suite starts waiting out its window: nothing finished, yet the ETA is the wait.
    readings.knownWaitMs = 58_000;
    time.advance(15_000);
    progress.tick();
    expect(text()).toContain('[45 s] 20 of ~22 checks, ETA 58 s');
    progress.finish();
  });

  it('takes the real number of checks of a suite once vitest collected it', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: false, timer: false });
    progress.begin(
      new Map([
        ['contacts', 47],
        ['auth', 16],
      ]),
      gauge(),
    );
    progress.collected('contacts', 3);
    time.advance(30_000);
    progress.tick();
    expect(text()).toContain('0 of ~19 checks');
  });

  it('on a terminal, redraws one status line under the dots and never mixes it into them', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: true, columns: () => 120, timer: false });
    progress.begin(new Map([['contacts', 100]]), gauge({ sent: 10, expected: 100 }));
    for (let i = 0; i < 3; i++) progress.checkDone(check());
    time.advance(30_000);
    progress.tick();
    expect(screen(text())).toEqual(['...', '[30 s] 3 of ~100 checks, 10 of ~100 admin-key requests, ETA 4 min 30 s']);
    progress.checkDone(check({ status: 'skip' }));
    time.advance(1000);
    progress.tick();
    // Nothing finished or sent in that second: the estimate counts down rather than grow with the time elapsed.
    expect(screen(text())).toEqual(['...s', '[31 s] 4 of ~100 checks, 10 of ~100 admin-key requests, ETA 4 min 29 s']);
    progress.checkDone(check({ status: 'fail', message: 'got 201' }));
    expect(screen(text())).toEqual([
      '...s',
      '  FAIL MUST [CT-NAME-MIN] contacts: MUST reject an empty name',
      '       got 201',
      '[31 s] 5 of ~100 checks, 10 of ~100 admin-key requests, ETA 4 min 39 s',
    ]);
    for (let i = 0; i < 60; i++) progress.checkDone(check());
    progress.finish();
    // The status is gone (the dots took its line); they wrapped at 60 with their count as always.
    expect(screen(text()).slice(3)).toEqual([`${'.'.repeat(60)} 65`, '']);
    expect(text()).not.toContain('ETA 4 min 39 s.');
  });

  it('cuts the status to the terminal width, so it can be erased in place', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const progress = new Progress(stream, { now: time.now, tty: true, columns: () => 80, timer: false });
    progress.begin(new Map([['contacts', 100]]), gauge({ sent: 10, expected: 100000, pacedPerMinute: 54, throttledMs: 5000 }));
    time.advance(3_600_000);
    progress.tick();
    const lines = screen(text());
    expect(lines[0]!.length).toBeLessThanOrEqual(79);
    expect(lines[0]!.endsWith('…')).toBe(true);
  });

  it('announces a stop once and shows every check it ended as one symbol', () => {
    const { stream, text } = fakeStream();
    const time = clock();
    const readings = gauge();
    const progress = new Progress(stream, { now: time.now, tty: false, timer: false });
    progress.begin(new Map(), readings);
    progress.checkDone(check());
    readings.readings.stopped = 'throttled: 125 s spent waiting out HTTP 429';
    progress.tick();
    progress.tick();
    progress.checkDone(check({ status: 'error', message: 'not run: throttled: 125 s spent waiting out HTTP 429' }));
    progress.checkDone(check({ status: 'error', message: 'stopped before it finished: throttled: 125 s spent waiting out HTTP 429' }));
    progress.checkDone(check({ status: 'error', message: 'harness error: boom' }));
    progress.finish();
    expect(text()).toBe(
      '.\nstopping the run: throttled: 125 s spent waiting out HTTP 429\n  (every check this stop ends is shown as "-")\n--\n' +
        '  ERROR MUST [CT-NAME-MIN] contacts: MUST reject an empty name\n       harness error: boom\n',
    );
  });

  it('shows the first check a stop ended in full when nobody announced the stop, then one symbol each', () => {
    const { stream, text } = fakeStream();
    const progress = new Progress(stream, { tty: false, timer: false });
    const reason = `the target stopped answering: ${'x'.repeat(300)}`;
    progress.checkDone(check({ status: 'error', message: `not run: ${reason}` }));
    progress.checkDone(check({ status: 'error', message: `not run: ${reason}` }));
    progress.finish();
    // Whole, though longer than the 240 characters other messages are cut to: it is the cause.
    expect(text()).toContain(`       not run: ${reason}\n       (every further check this stop ends is shown as "-")\n- 2\n`);
  });
});

describe('EtaClock', () => {
  const at = (elapsedMs: number, checksDone: number) => ({ elapsedMs, checksDone, checksExpected: 20, requestsSent: 0, requestsExpected: undefined });

  it('never grows while nothing finishes: the last estimate counts down, then names the check it waits for', () => {
    const clock = new EtaClock();
    // 10 of 20 checks in 10 s: 10 s left.
    expect(clock.read(at(10_000, 10))).toEqual({ kind: 'eta', ms: 10_000 });
    // One slow check holds the run: a fresh estimate would say 13 s, then 16 s; the clock counts down.
    const readings = [13_000, 16_000, 19_000].map((t) => clock.read(at(t, 10)));
    expect(readings).toEqual([
      { kind: 'eta', ms: 7000 },
      { kind: 'eta', ms: 4000 },
      { kind: 'eta', ms: 1000 },
    ]);
    expect(estimateEta(at(19_000, 10))).toBe(19_000);
    const pending = { name: 'CT-LIST-PAGING walks every page', forMs: 12_000 };
    expect(clock.read(at(25_000, 10), pending)).toEqual({ kind: 'overdue', pending });
    expect(statusText({ ...at(25_000, 10), throttledMs: 0, eta: clock.read(at(26_000, 10), pending) })).toBe(
      '[25 s] 10 of ~20 checks, slower than estimated: waiting for CT-LIST-PAGING walks every page (running for 12 s)',
    );
    // With its bound known, the line says how long it may still take.
    const bounded = { ...pending, boundMs: 130_000 };
    expect(statusText({ ...at(25_000, 10), throttledMs: 0, eta: clock.read(at(26_000, 10), bounded) })).toBe(
      '[25 s] 10 of ~20 checks, slower than estimated: waiting for CT-LIST-PAGING walks every page (running for 12 s, at most 1 min 58 s more)',
    );
  });

  it('estimates afresh once a check finishes', () => {
    const clock = new EtaClock();
    clock.read(at(10_000, 10));
    clock.read(at(30_000, 10));
    expect(clock.read(at(30_000, 15))).toEqual({ kind: 'eta', ms: 10_000 });
  });

  it('says unknown with nothing to extrapolate from', () => {
    expect(new EtaClock().read(at(5000, 0))).toEqual({ kind: 'unknown' });
  });
});
