import { describe, expect, it } from 'vitest';
import { renderTerminalSummary } from './render-terminal.js';
import { hostileReport, incompleteReport, sampleReport } from './testing/sample-report.js';

const ANSI = /\u001b\[[0-9;]*m/g;

describe('renderTerminalSummary', () => {
  it('prints one aligned row per domain, a total and the verdict, without colour', () => {
    const report = sampleReport();
    const text = renderTerminalSummary(report, { color: false });
    expect(text).not.toContain('\u001b');
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^domain +pass +fail +skip +inconclusive +error$/);
    const table = lines.slice(0, report.domains.length + 2);
    expect(new Set(table.map((l) => l.length)).size).toBe(1);
    expect(table.at(-1)).toMatch(/^total +13 +5 +1 +1 +1$/);
    expect(text).toMatch(/^NON-CONFORMANT {2}4 MUST checks failed/m);
    expect(text).toContain(report.runId);
  });

  it('uses ANSI colour only when asked, with the same visible text', () => {
    const report = sampleReport();
    const coloured = renderTerminalSummary(report, { color: true });
    expect(coloured).toContain('\u001b[31m');
    expect(coloured.replace(ANSI, '')).toBe(renderTerminalSummary(report, { color: false }));
  });

  it('shows a domain whose only failures are SHOULD/MAY in yellow, not red', () => {
    const coloured = renderTerminalSummary(sampleReport(), { color: true });
    // errors: one failed check, VALIDATION-STATUS-CONSISTENT (SHOULD); limits: failed MUST checks.
    const errors = coloured.split('\n').find((l) => l.startsWith('errors'));
    expect(errors).toContain('\u001b[33m   1');
    expect(errors).not.toContain('\u001b[31m');
    expect(coloured.split('\n').find((l) => l.startsWith('limits'))).toContain('\u001b[31m\u001b[1m   2');
  });

  it('strips control characters and line breaks from data, keeping the table aligned', () => {
    const report = hostileReport();
    const text = renderTerminalSummary(report, { color: false });
    expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/);
    const table = text.split('\n').slice(0, report.domains.length + 2);
    expect(new Set(table.map((l) => l.length)).size).toBe(1);
    // blank, verdict, the unverified heading and one line per group, run line, final newline
    const groups = new Set(report.unverified.map((u) => `${u.reason} ${u.detail}`)).size;
    expect(groups).toBeGreaterThan(0);
    expect(text.split('\n')).toHaveLength(report.domains.length + 2 + 4 + 1 + groups);
  });

  it('labels an incomplete run INCOMPLETE, never conformant, and lists what was not verified and why', () => {
    const report = incompleteReport();
    const text = renderTerminalSummary(report, { color: false });
    expect(text).toMatch(/^INCOMPLETE {2}No MUST check failed, but \d+ of \d+ MUST requirements were not verified/m);
    expect(text).not.toMatch(/(?<!non-)\bconformant\b/i);
    for (const u of report.unverified) expect(text).toContain(u.id);
    expect(text).toContain('not configured (1): CONFORMANCE_LIMITED_KEY is not set');
  });

  it('is deterministic', () => {
    const report = sampleReport();
    const shuffled = sampleReport();
    shuffled.domains.reverse();
    expect(renderTerminalSummary(shuffled, { color: true })).toBe(renderTerminalSummary(report, { color: true }));
  });
});
