import { UsageError } from '../errors.js';
import { describe, expect, it } from 'vitest';
import { parseInitArgs } from './init-args.js';

describe('parseInitArgs', () => {
  it('defaults: no file given, learn, then doctor', () => {
    expect(parseInitArgs([])).toEqual({ help: false, force: false, doctor: true, learn: true, output: undefined, values: {} });
  });

  it('maps every value option to its variable, in both spellings', () => {
    const args = parseInitArgs([
      '--url',
      'http://h/api/v1',
      '--admin-key=wmk_a',
      '--member-key',
      'wmk_m',
      '--other-org-key',
      'wmk_o',
      '--limited-key',
      'wmk_l',
      '--limited-keys',
      'wmk_l2,wmk_l3',
      '--custom-limit-key',
      'wmk_c',
      '--custom-limit',
      '90',
      '--project-id',
      'p',
      '--version-id',
      'v',
      '--other-project-id',
      'o',
      '--sink-public-url',
      'http://sink:9000',
      '--sink-host',
      '0.0.0.0',
      '--sink-port=9000',
    ]);
    expect(args.values).toEqual({
      CONFORMANCE_TARGET_URL: 'http://h/api/v1',
      CONFORMANCE_ADMIN_KEY: 'wmk_a',
      CONFORMANCE_MEMBER_KEY: 'wmk_m',
      CONFORMANCE_OTHER_ORG_KEY: 'wmk_o',
      CONFORMANCE_LIMITED_KEY: 'wmk_l',
      CONFORMANCE_LIMITED_KEYS: 'wmk_l2,wmk_l3',
      CONFORMANCE_CUSTOM_LIMIT_KEY: 'wmk_c',
      CONFORMANCE_CUSTOM_LIMIT: '90',
      CONFORMANCE_PROJECT_ID: 'p',
      CONFORMANCE_VERSION_ID: 'v',
      CONFORMANCE_OTHER_PROJECT_ID: 'o',
      CONFORMANCE_SINK_PUBLIC_URL: 'http://sink:9000',
      CONFORMANCE_SINK_HOST: '0.0.0.0',
      CONFORMANCE_SINK_PORT: '9000',
    });
  });

  it('reads the flags, the file (--output, -o or --dotenv) and tolerates a leading "init"', () => {
    expect(parseInitArgs(['init', '--force', '--no-doctor', '--no-learn', '--output', 'x.env'])).toMatchObject({
      force: true,
      doctor: false,
      learn: false,
      output: 'x.env',
    });
    expect(parseInitArgs(['-o', 'z.env']).output).toBe('z.env');
    expect(parseInitArgs(['--dotenv=y.env']).output).toBe('y.env');
  });

  it('refuses --env-file, which Node 20 takes for itself, naming the option to use', () => {
    expect(() => parseInitArgs(['--env-file', 'x.env'])).toThrow('--env-file is an option of Node itself; give --output PATH (or -o PATH) instead');
    expect(() => parseInitArgs(['-o', 'a.env', '--output', 'b.env'])).toThrow(/already given/);
    expect(parseInitArgs(['-h']).help).toBe(true);
    expect(parseInitArgs(['--help']).help).toBe(true);
  });

  it('keeps an option given as "" (leave the variable empty)', () => {
    expect(parseInitArgs(['--member-key', '']).values).toEqual({ CONFORMANCE_MEMBER_KEY: '' });
  });

  it.each([
    [['--bogus'], 'unknown argument "--bogus"'],
    [['extra'], 'unknown argument "extra"'],
    [['--url'], '--url needs a value'],
    [['--admin-key', '--member-key', 'x'], '--admin-key needs a value'],
    [['--output', ''], '--output needs a path'],
    [['--force=yes'], '--force takes no value'],
    [['--url', 'a', '--url', 'b'], '--url given twice'],
  ])('refuses %j in one line', (argv, message) => {
    expect(() => parseInitArgs(argv)).toThrow(UsageError);
    expect(() => parseInitArgs(argv)).toThrow(message);
  });
});
