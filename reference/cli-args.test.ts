import { describe, expect, it } from 'vitest';
import { parseCliArgs, USAGE, UsageError } from './cli-args.js';
import { UnknownFaultError } from './faults.js';
import { UnknownVariantError } from './variants.js';

describe('parseCliArgs', () => {
  it('has defaults', () => {
    expect(parseCliArgs([])).toEqual({
      help: false,
      host: '127.0.0.1',
      port: 0,
      faults: [],
      variants: [],
      seedPath: undefined,
      webhookBackoffMs: 100,
      webhookTimeoutMs: 1000,
      rateWindowMs: 60_000,
    });
  });

  it('reads flags, with --port over REFERENCE_PORT', () => {
    expect(
      parseCliArgs(
        ['--host', '0.0.0.0', '--port', '8080', '--faults', 'paging-no-total,org-list-leak', '--variants', 'retry-after-http-date', '--seed', 's.json'],
        { REFERENCE_PORT: '9' },
      ),
    ).toEqual({
      help: false,
      host: '0.0.0.0',
      port: 8080,
      faults: ['paging-no-total', 'org-list-leak'],
      variants: ['retry-after-http-date'],
      seedPath: 's.json',
      webhookBackoffMs: 100,
      webhookTimeoutMs: 1000,
      rateWindowMs: 60_000,
    });
    expect(parseCliArgs(['--webhook-backoff-ms', '0', '--webhook-timeout-ms', '250'])).toMatchObject({ webhookBackoffMs: 0, webhookTimeoutMs: 250 });
    expect(parseCliArgs([], { REFERENCE_PORT: '9090' }).port).toBe(9090);
    expect(parseCliArgs(['--help']).help).toBe(true);
  });

  it('reads --rate-window-s as whole seconds into rateWindowMs, and documents it as self-test only', () => {
    expect(parseCliArgs(['--rate-window-s', '5']).rateWindowMs).toBe(5_000);
    expect(parseCliArgs(['--rate-window-s', '60']).rateWindowMs).toBe(60_000);
    for (const raw of ['0', '-1', '1.5', '', 'soon', '1e3', '99999999999999999999']) {
      expect(() => parseCliArgs(['--rate-window-s', raw]), raw).toThrow(UsageError);
    }
    expect(USAGE).toMatch(/--rate-window-s <n>[\s\S]*self-tests\s+only/);
  });

  it('throws UsageError for bad flags and UnknownFaultError for unknown faults', () => {
    expect(() => parseCliArgs(['--nope'])).toThrow(UsageError);
    expect(() => parseCliArgs(['extra'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--port', 'x'])).toThrow(UsageError);
    expect(() => parseCliArgs(['--port', '70000'])).toThrow(UsageError);
    expect(() => parseCliArgs([], { REFERENCE_PORT: '-1' })).toThrow(UsageError);
    expect(() => parseCliArgs(['--faults', 'bogus'])).toThrow(UnknownFaultError);
    expect(() => parseCliArgs(['--variants', 'bogus'])).toThrow(UnknownVariantError);
    for (const argv of [
      ['--webhook-backoff-ms', '-1'],
      ['--webhook-backoff-ms', '1.5'],
      ['--webhook-backoff-ms', '3600001'],
      ['--webhook-timeout-ms', '0'],
      ['--webhook-timeout-ms', 'soon'],
      ['--webhook-timeout-ms', ''],
    ]) {
      expect(() => parseCliArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });

  it('lists in its help every flag it accepts, and accepts every flag its help lists', () => {
    const listed = [...USAGE.matchAll(/^ {2}--([a-z-]+)/gm)].map((m) => m[1]!);
    expect(listed).toHaveLength(9);
    for (const flag of listed) {
      const args =
        flag === 'help' ? ['--help'] : [`--${flag}`, flag === 'host' ? 'h' : flag === 'faults' || flag === 'variants' ? '' : flag === 'seed' ? 's.json' : '5'];
      expect(() => parseCliArgs(args), flag).not.toThrow();
    }
    expect(() => parseCliArgs(['--verbose'])).toThrow(UsageError);
  });
});
