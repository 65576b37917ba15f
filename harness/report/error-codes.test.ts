import { describe, expect, it } from 'vitest';
import { checkMessage, stopLine } from './format.js';
import type { Report } from './model.js';
import { renderHtml } from './render-html.js';
import { renderJunit } from './render-junit.js';
import { renderMarkdown, renderSummaryMarkdown } from './render-markdown.js';
import { sampleReport } from './testing/sample-report.js';

/*
 * The code of a stop or of a check's error reaches every report file, as it reaches report.json
 * and the CLI's line: a reader of any one of them finds its row in docs/why-did-my-run-stop.md.
 */

/** The sample, stopped at its deadline, its harness error ended by a failed request. */
function stoppedReport(): Report {
  const report = sampleReport();
  return {
    ...report,
    stoppedBy: { code: 'RUN_DEADLINE', reason: 'the run deadline of 10 min passed (CONFORMANCE_RUN_DEADLINE_S=600)' },
    checks: report.checks.map((c) => (c.status === 'error' ? { ...c, message: 'POST /expenses: socket hang up', errorCode: 'REQUEST_FAILED' as const } : c)),
  };
}

describe('error codes in every report file', () => {
  const report = stoppedReport();
  // Markdown escapes brackets and parentheses (`\[`): what a reader sees is the text unescaped.
  const unescaped = (markdown: string): string => markdown.replace(/\\([[\]()_*`])/g, '$1');
  const files = {
    'summary.md': unescaped(renderSummaryMarkdown(report)),
    'summary-full.md': unescaped(renderMarkdown(report)),
    'report.html': renderHtml(report),
    'junit.xml': renderJunit(report),
  };

  it.each(Object.keys(files) as (keyof typeof files)[])('%s names why the run stopped, with its code', (name) => {
    expect(files[name]).toContain('the run deadline of 10 min passed (CONFORMANCE_RUN_DEADLINE_S=600) [RUN_DEADLINE]');
  });

  it.each(Object.keys(files) as (keyof typeof files)[])('%s gives the code of the error that ended a check', (name) => {
    expect(files[name]).toContain('POST /expenses: socket hang up [REQUEST_FAILED]');
  });

  it('says nothing of a stop or a code where there was none', () => {
    const clean = sampleReport();
    for (const text of [renderSummaryMarkdown(clean), renderMarkdown(clean), renderHtml(clean), renderJunit(clean)]) {
      expect(text).not.toMatch(/Stopped early|stoppedBy|\[RUN_DEADLINE\]|\[REQUEST_FAILED\]/);
    }
  });
});

describe('checkMessage and stopLine', () => {
  const error = { status: 'error', message: 'socket hang up', errorCode: 'REQUEST_FAILED' } as const;

  it('end an error in its code once, and leave every other message alone', () => {
    expect(checkMessage(error)).toBe('socket hang up [REQUEST_FAILED]');
    expect(checkMessage({ ...error, message: 'socket hang up [REQUEST_FAILED]' })).toBe('socket hang up [REQUEST_FAILED]');
    expect(checkMessage({ ...error, message: null })).toBe('[REQUEST_FAILED]');
    expect(checkMessage({ status: 'error', message: 'TypeError: x' })).toBe('TypeError: x');
    expect(checkMessage({ status: 'fail', message: 'expected 400', errorCode: 'REQUEST_FAILED' })).toBe('expected 400');
    expect(checkMessage({ status: 'pass', message: '' })).toBeNull();
  });

  it('a stop without a readable code keeps its reason alone', () => {
    expect(stopLine({ code: 'TARGET_UNHEALTHY', reason: 'the target stopped answering' })).toBe('the target stopped answering [TARGET_UNHEALTHY]');
    expect(stopLine({ code: null, reason: 'a worker stopped the run' })).toBe('a worker stopped the run');
  });
});
