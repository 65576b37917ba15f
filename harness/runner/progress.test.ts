import { describe, expect, it } from 'vitest';
import type { CheckResult } from '../report/model.js';
import { Progress } from './progress.js';

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
    new Progress(stream).checkDone(
      check({ requirementId: 'ID-UNKNOWN-404', level: 'SHOULD', title: 'SHOULD answer 404', status: 'fail', message: 'got 400' }),
    );
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
