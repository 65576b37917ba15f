import { describe, expect, it } from 'vitest';
import { renderLoadTerminal, renderTable } from './render-terminal.js';
import { sampleLoadReport, sampleNodeLoadReport } from './testing/sample-report.js';

describe('renderLoadTerminal', () => {
  const text = renderLoadTerminal(sampleLoadReport(), { color: false });

  it('lists the thresholds, saying how many were crossed and that a crossed one exits 1', () => {
    expect(text).toMatch(/^Thresholds \(1 crossed: exit 1; on the merged traffic of every worker\)$/m);
    expect(text).toMatch(/^ {2}http_reqs\{scenario:throughput,endpoint:create\}:rate>=500\s+crossed\s+100\s+100 req\/s over 601 requests: crossed/m);
    expect(renderLoadTerminal({ ...sampleLoadReport(), thresholds: [] }, { color: false })).not.toContain('Thresholds');
  });

  it('leads with the run status and has one row per scenario', () => {
    expect(text.split('\n')[0]).toMatch(/^Load run 20260514T091203Z-a1b2 against https:\/\/staging\.acme-projects\.example\/api\/v1: FAILED in 3 min 07 s$/);
    for (const id of ['burst', 'keys', 'sustained', 'throughput']) expect(text).toMatch(new RegExp(`^  ${id}\\s+(passed|failed)`, 'm'));
  });

  it('has the burst and throughput tables, and lists the findings', () => {
    expect(text).toMatch(/keys\s+limited key 2 of 2\s+60\s+150\s+60\s+59\s+90/);
    expect(text).toMatch(/GET \/contacts\/\{id\}\s+10\s+15361\s+5120\s+1\.9\s+4\.75\s+7\.6\s+38/);
    expect(text).toContain('Findings\n  - keys: limited key 2 of 2: admitted 60 of 150');
    expect(text).toContain('cleanup: 601 of 601 created contacts deleted; left: 0');
  });

  it('lists each fresh-window wait and why, and what sharing keys between scenarios cost', () => {
    expect(text).toContain("Fresh rate windows (every probe counts against its key's budget)");
    expect(text).toMatch(
      /^  burst\s+1 min 01 s\s+2  61\.3 s for limited key 1 of 2, which keys used earlier in this run: the cost of sharing it \(2 probes\)$/m,
    );
    expect(text).toMatch(/^  keys\s+5 ms\s+2  fresh at once \(2 probes\)$/m);
    expect(text).toContain('  Sharing keys between scenarios cost 2 min 01 s of waiting for fresh rate windows (keys → burst, keys → sustained).');
    expect(text).not.toMatch(/^  throughput\s+\S+\s+\d+  /m);
  });

  it('says INCOMPLETE, and why, for a run whose rate scenarios did not all run', () => {
    const report = sampleLoadReport();
    const incomplete = {
      ...report,
      status: 'incomplete' as const,
      exitCode: 3 as const,
      notRun: [{ id: 'keys' as const, reason: 'skipped: needs at least two limited keys: set CONFORMANCE_LIMITED_KEYS' }],
      scenarios: report.scenarios.filter((s) => s.id !== 'keys'),
    };
    const out = renderLoadTerminal(incomplete, { color: false });
    expect(out.split('\n')[0]).toMatch(/: INCOMPLETE in /);
    expect(out).toContain(
      'Not run (the rate-limit rules they assert were not verified; CONFORMANCE_FAIL_ON_INCOMPLETE: exit 3)\n  - keys: skipped: needs at least two limited keys',
    );
    expect(text).not.toContain('Not run');
  });

  it('names the engine, and shows per-worker rows only when there was more than one worker', () => {
    expect(text.split('\n')[1]).toBe('Engine: Locust 2.12.1, 2 workers, clocks within 3 ms');
    expect(text).toContain('Per worker');
    expect(text).toMatch(/^  keys\s+limited key 2 of 2\s+1 \(load-worker-b\)\s+75\s+30\s+45\s+0\s+0$/m);
    expect(text).toMatch(/^  sustained\s+limited key 2 of 2\s+0 \(load-worker-a\)\s+55\s+55\s+0/m);
    const node = renderLoadTerminal(sampleNodeLoadReport(), { color: false });
    expect(node.split('\n')[1]).toBe('Engine: Node 20.19.0, 1 worker');
    expect(node).not.toContain('Per worker');
    // The verdicts and tables are the same whichever engine sent the traffic.
    const body = (t: string) =>
      t
        .split('\n')
        .filter((_line, i) => i !== 1)
        .join('\n')
        .split('\nPer worker')[0]!
        .split('\nThroughput')[0];
    expect(body(node)).toBe(body(text));
  });

  it('has no colour unless asked, and strips control characters from data', () => {
    expect(text).not.toContain('\u001b');
    const report = sampleLoadReport();
    const evil = { ...report, scenarios: report.scenarios.map((s) => ({ ...s, message: 'x\u001b[2Jy' })) };
    expect(renderLoadTerminal(evil, { color: false })).not.toContain('\u001b[2J');
    expect(renderLoadTerminal(report, { color: true })).toContain('\u001b[31m');
  });
});

describe('renderTable', () => {
  it('pads columns and right-aligns numbers', () => {
    expect(
      renderTable(
        ['a', 'n'],
        [
          ['xx', '1'],
          ['y', '100'],
        ],
        ['left', 'right'],
      ),
    ).toBe(['  a     n', '  --  ---', '  xx    1', '  y   100'].join('\n'));
  });
});
