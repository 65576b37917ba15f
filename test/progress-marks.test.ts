import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../harness/report/model.js';
import { Progress } from '../harness/runner/progress.js';
import { checksEnded } from './testing/progress-marks.js';

/*
 * test/testing/progress-marks.ts counts the checks a run has ended from what it printed, so the
 * signal tests (test/interrupt.test.ts, test/image.test.ts) signal a run that has created records.
 * Fed by the real Progress, as a log and as a terminal's bytes (`podman run -it` under `script`).
 */

function collector(): { stream: NodeJS.WritableStream; text: () => string } {
  const chunks: string[] = [];
  const stream = {
    write(chunk: string): boolean {
      chunks.push(chunk);
      return true;
    },
  };
  return { stream: stream as unknown as NodeJS.WritableStream, text: () => chunks.join('') };
}

function check(status: CheckResult['status']): CheckResult {
  return {
    key: 'contacts CT-NAME-MIN x',
    requirementId: 'CT-NAME-MIN',
    level: 'MUST',
    section: '2.1',
    domain: 'contacts',
    title: 'MUST reject an empty name',
    status,
    message: status === 'fail' ? 'POST /contacts answered 201 (expected 4xx)' : null,
    durationMs: 1,
    exchange: null,
    property: null,
    throttled: 0,
  };
}

/** A run's output: lines before the start line (with dots and letters), then `passed` passes and `skipped` skips, a failure among them, status lines on a terminal. */
function runOutput(tty: boolean, passed: number, skipped: number): string {
  const { stream, text } = collector();
  let now = 0;
  const progress = new Progress(stream, { tty, columns: () => 100, now: () => now, timer: false });
  progress.line('doctor: 12 checks passed against http://127.0.0.1:4010 (Everything Fine, sE?F.)');
  progress.line('conformance run 20261202-1234 against http://10.88.0.1:4010 (suites: contacts; seed 7; 5 runs per property)');
  const total = passed + skipped;
  progress.begin(new Map([['contacts', total + 1]]));
  let skips = skipped;
  for (let i = 0; i < total; i++) {
    progress.checkDone(check(i % 7 === 3 && skips-- > 0 ? 'skip' : 'pass'));
    if (i === 45) progress.checkDone(check('fail'));
    now += 1000;
    progress.tick();
  }
  return text();
}

/** What a pseudo-terminal passes on: every `\n` as `\r\n`, and again by the outer one. */
const throughTwoTerminals = (text: string): string => text.replace(/\n/g, '\r\r\n');

describe('checksEnded', () => {
  it('is 0 before the run started its checks, whatever the lines before held', () => {
    expect(checksEnded('doctor: ok ... sE?F.\nconformance: reading .env\n')).toBe(0);
  });

  it('counts the marks of a log: passes and skips, not the start line, the lines before it or a failure line', () => {
    const log = runOutput(false, 120, 10);
    expect(log).toContain('[30 s]');
    expect(checksEnded(log)).toBe(130);
  });

  it('counts the same through a terminal: status lines redrawn in place, line ends translated twice', () => {
    const screen = runOutput(true, 120, 10);
    // The status line was drawn (past 30 s) and erased in place.
    expect(screen).toContain('\r\u001b[K');
    expect(checksEnded(throughTwoTerminals(screen))).toBe(130);
    expect(checksEnded(screen)).toBe(130);
  });

  it('grows with the run: a prefix of the output counts fewer', () => {
    const screen = throughTwoTerminals(runOutput(true, 120, 10));
    const counts = [0.25, 0.5, 0.75, 1].map((f) => checksEnded(screen.slice(0, Math.floor(screen.length * f))));
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
    expect(counts[0]).toBeLessThan(counts[3]!);
  });
});
