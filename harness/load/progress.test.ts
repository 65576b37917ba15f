import { describe, expect, it } from 'vitest';
import { LoadProgress } from './progress.js';

function sink() {
  let text = '';
  return { out: { write: (s: string) => ((text += s), true) } as unknown as NodeJS.WritableStream, text: () => text };
}

describe('LoadProgress', () => {
  it('prints event lines, and no status line when the stream is not a terminal', () => {
    const s = sink();
    const progress = new LoadProgress(s.out, false);
    progress.status('list c=10 1/3 s');
    progress.line('burst: PASSED');
    progress.done();
    expect(s.text()).toBe('burst: PASSED\n');
  });

  it('rewrites the status line in place on a terminal and keeps it below event lines', () => {
    const s = sink();
    const progress = new LoadProgress(s.out, true);
    progress.status('a');
    progress.status('b');
    progress.line('event');
    progress.done();
    expect(s.text()).toBe('a\r\u001b[Kb\r\u001b[Kevent\nb\r\u001b[K');
  });

  it('passes every line through the redactor it was given', () => {
    const s = sink();
    new LoadProgress(s.out, false, (t) => t.replace('wmk_secret', 'wmk_****')).line('key wmk_secret refused');
    expect(s.text()).toBe('key wmk_**** refused\n');
  });

  it('strips control characters from what it prints', () => {
    const s = sink();
    new LoadProgress(s.out, false).line('x\u001b[2Jy');
    expect(s.text()).toBe('x[2Jy\n');
  });
});
