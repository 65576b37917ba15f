import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { parseRunArgs } from './args.js';

describe('load --threshold and --stage (load-flags.ts, read by the one parser)', () => {
  it('collects repeated --threshold and --stage into their variables and leaves the rest', () => {
    const flags = parseRunArgs('load', [
      '--threshold',
      'http_req_duration{scenario:throughput}:p(95)<300',
      '--engine=node',
      '--threshold=http_req_failed:rate<0.01',
      '--stage',
      '30s:20',
      '--stage=1m:50',
      '--stage',
      '10s:0',
    ]);
    expect(flags.overrides).toEqual({
      CONFORMANCE_LOAD_ENGINE: 'node',
      CONFORMANCE_LOAD_THRESHOLDS: 'http_req_duration{scenario:throughput}:p(95)<300\nhttp_req_failed:rate<0.01',
      CONFORMANCE_LOAD_STAGES: '30s:20,1m:50,10s:0',
    });
  });

  it('sets nothing when neither is given', () => {
    const { overrides } = parseRunArgs('load', ['--workers', '2']);
    expect(Object.keys(overrides).filter((name) => /THRESHOLDS|STAGES/.test(name))).toEqual([]);
  });

  it.each([
    [['--threshold', 'p95<300'], /^--threshold "p95<300": expected METRIC/],
    [['--threshold'], /--threshold needs a value/],
    [['--threshold', '--stage', '1s:1'], /--threshold needs a value/],
    [['--stage', '30s'], /^--stage "30s": expected one colon/],
    [['--stage', '1s:0', '--stage', '2s:0'], /^--stage: every stage targets 0/],
    [['--threshold', 'http_reqs:count>0'], /--threshold applies to conformance load only/, 'run'],
  ] as [string[], RegExp, ('load' | 'run')?][])('refuses %j in one usage line (exit 2)', (argv, why, command = 'load') => {
    let error: unknown;
    try {
      parseRunArgs(command, argv);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(UsageError);
    expect((error as UsageError).code).toBe('USAGE');
    expect((error as UsageError).message).toMatch(why);
    expect((error as UsageError).message).not.toContain('\n');
  });
});
