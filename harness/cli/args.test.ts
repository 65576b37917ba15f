import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { COMMANDS, parseRequest, parseRunArgs } from './args.js';
import { commandHelp, HELP, helpFor } from './help.js';

/** Each command's own --help, generated from the command table. */
const COMMAND_HELP = Object.fromEntries(await Promise.all(COMMANDS.filter((c) => c !== 'help').map(async (c) => [c, await commandHelp(c)] as const))) as Record<
  Exclude<(typeof COMMANDS)[number], 'help'>,
  string
>;

describe('parseRequest', () => {
  it.each([
    [['--help'], undefined],
    [['-h'], undefined],
    [['help'], undefined],
    [['help', 'run'], 'run'],
    [['run', '--help'], 'run'],
    [['doctor', '-h'], 'doctor'],
    [['load', '--help'], 'load'],
    [['certify', '--help'], 'certify'],
    [['verify', '-h'], 'verify'],
    [['keygen', '--help'], 'keygen'],
    [['init', '-h'], 'init'],
    [['--dotenv', 'x.env', 'run', '-h'], 'run'],
  ] as const)('%j asks for the help of %s', (argv, command) => {
    expect(parseRequest(argv)).toEqual({ kind: 'help', command });
  });

  it.each([['-V'], ['-v'], ['--version']])('%s asks for the version', (flag) => {
    expect(parseRequest([flag])).toEqual({ kind: 'version' });
  });

  it('finds run, doctor and load after their options, as before; run is the default', () => {
    expect(parseRequest(['--dotenv', 'x.env', 'doctor'])).toEqual({ kind: 'command', command: 'doctor', rest: ['--dotenv', 'x.env'] });
    expect(parseRequest([])).toEqual({ kind: 'command', command: 'run', rest: [] });
    expect(parseRequest(['verify', 'b.tar.gz'])).toEqual({ kind: 'command', command: 'verify', rest: ['b.tar.gz'] });
  });

  it('refuses an unknown command or help topic, naming the commands', () => {
    expect(() => parseRequest(['frobnicate'])).toThrow(UsageError);
    expect(() => parseRequest(['frobnicate'])).toThrow(
      /unknown argument "frobnicate": not a command; the commands are run, doctor, .* \(see conformance --help\)$/,
    );
    expect(() => parseRequest(['help', 'nope'])).toThrow(/help: unknown command "nope"; the commands are run/);
  });
});

describe('parseRunArgs', () => {
  it('maps the flags of the settings table to their variables', () => {
    const args = parseRunArgs('run', [
      '--url',
      'http://h/api/v1',
      '--suites=contacts,tasks',
      '--requirements',
      'CT-NAME-MIN',
      '--seed',
      '-3',
      '--num-runs',
      '5',
      '--report-dir',
      'out',
    ]);
    expect(args.overrides).toEqual({
      CONFORMANCE_TARGET_URL: 'http://h/api/v1',
      CONFORMANCE_SUITES: 'contacts,tasks',
      CONFORMANCE_REQUIREMENTS: 'CT-NAME-MIN',
      CONFORMANCE_SEED: '-3',
      CONFORMANCE_NUM_RUNS: '5',
      CONFORMANCE_REPORT_DIR: 'out',
    });
    expect(args.envFile).toBeUndefined();
  });

  it('reads --dotenv, --no-dotenv, --skip-doctor and --rerun-failed', () => {
    expect(parseRunArgs('run', ['--dotenv', 'a.env']).envFile).toBe('a.env');
    expect(parseRunArgs('doctor', ['--no-dotenv']).envFile).toBeNull();
    expect(parseRunArgs('run', ['--skip-doctor', '--rerun-failed']).rerunFailed).toBe('');
    expect(parseRunArgs('run', ['--rerun-failed', 'r.json', '--skip-doctor'])).toMatchObject({ rerunFailed: 'r.json', skipDoctor: true });
    expect(parseRunArgs('load', ['--skip-doctor']).skipDoctor).toBe(true);
  });

  it('reads the engine flags of load, a switch without a value', () => {
    const args = parseRunArgs('load', [
      '--engine=locust',
      '--workers',
      '4',
      '--external-workers',
      '--master-host',
      'm.internal',
      '--master-bind=0.0.0.0',
      '--master-port',
      '5557',
    ]);
    expect(args.overrides).toEqual({
      CONFORMANCE_LOAD_ENGINE: 'locust',
      CONFORMANCE_LOAD_WORKERS: '4',
      CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'true',
      CONFORMANCE_LOCUST_MASTER_HOST: 'm.internal',
      CONFORMANCE_LOCUST_MASTER_BIND: '0.0.0.0',
      CONFORMANCE_LOCUST_MASTER_PORT: '5557',
    });
    // The switch never swallows the next argument as its value.
    expect(parseRunArgs('load', ['--external-workers', '--workers', '2']).overrides).toEqual({
      CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'true',
      CONFORMANCE_LOAD_WORKERS: '2',
    });
    expect(parseRunArgs('load', ['--external-workers=false']).overrides).toEqual({ CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'false' });
  });

  it.each([
    ['run', ['--url'], '--url needs a value: URL, URL ending in /api/v1 (see conformance run --help)'],
    ['run', ['--suites', ''], /^--suites needs a value/],
    ['run', ['--suites', '--seed', '1'], /^--suites needs a value/],
    ['doctor', ['--dotenv'], '--dotenv needs a path (see conformance doctor --help)'],
    ['run', ['--dotenv', 'a', '--no-dotenv'], /contradict each other; give one/],
    ['doctor', ['--skip-doctor'], '--skip-doctor applies to conformance run and load; leave it out of conformance doctor'],
    ['doctor', ['--rerun-failed'], /applies to conformance run only/],
    ['load', ['--frobnicate'], 'unknown option "--frobnicate" (see conformance load --help)'],
    ['run', ['stray'], 'unknown argument "stray" (see conformance run --help)'],
    ['run', ['--workers', '2'], '--workers applies to conformance load only; leave it out of conformance run'],
    ['doctor', ['--engine=locust'], '--engine applies to conformance load only; leave it out of conformance doctor'],
  ] as const)('%s %j is refused with what to do', (command, argv, message) => {
    expect(() => parseRunArgs(command, argv)).toThrow(UsageError);
    expect(() => parseRunArgs(command, argv)).toThrow(message);
  });
});

describe('help', () => {
  it('every command but help has its own text, naming itself and its options', async () => {
    for (const command of COMMANDS.filter((c) => c !== 'help')) {
      const text = await helpFor(command);
      expect(text).toMatch(new RegExp(`^Usage: conformance ${command}`));
      expect(text).toContain('-h, --help');
      expect(text).toContain('Examples:');
      expect(text).not.toBe(HELP);
    }
    expect(await helpFor(undefined)).toBe(HELP);
    expect(await helpFor('help')).toBe(HELP);
  });

  it('run, doctor and load show the flags of the settings table; certify, verify and keygen their own options', () => {
    for (const command of ['run', 'doctor', 'load'] as const)
      for (const flag of ['--url URL', '--report-dir DIR']) expect(COMMAND_HELP[command]).toContain(flag);
    for (const flag of ['--suites LIST', '--requirements IDS', '--seed N', '--num-runs N']) expect(COMMAND_HELP.run).toContain(flag);
    expect(COMMAND_HELP.run).toContain('--rerun-failed');
    // The progress line's characters are explained where a user looks first.
    expect(COMMAND_HELP.run).toMatch(/\. passed, s skipped, \? inconclusive, - ended by/);
    for (const flag of ['--engine ENGINE', '--workers N', '--external-workers ', '--master-host HOST']) {
      expect(COMMAND_HELP.load).toContain(flag);
      expect(COMMAND_HELP.run).not.toContain(flag);
      expect(COMMAND_HELP.doctor).not.toContain(flag);
    }
    expect(COMMAND_HELP.doctor).not.toContain('--rerun-failed');
    expect(COMMAND_HELP.certify).toContain('--product FILE');
    expect(COMMAND_HELP.verify).toContain('--public-key FILE');
    expect(COMMAND_HELP.keygen).toContain('--out PREFIX');
    expect(COMMAND_HELP.init).toContain('-o, --output PATH');
    expect(COMMAND_HELP.init).not.toContain('--env-file');
  });

  it('doctor and load list only the flags they honour, and refuse the others in one line', () => {
    // The doctor judges the keys' limits against a full run at CONFORMANCE_NUM_RUNS; it runs no suite and draws no value.
    for (const flag of ['--suites', '--requirements', '--seed']) {
      expect(COMMAND_HELP.doctor).not.toMatch(new RegExp(`^  ${flag}\\b`, 'm'));
      expect(() => parseRunArgs('doctor', [flag, 'x'])).toThrow(`${flag} applies to conformance run only; leave it out of conformance doctor`);
    }
    expect(COMMAND_HELP.doctor).toMatch(/^ {2}--num-runs N\b/m);
    // The load harness runs no suite and no property.
    for (const flag of ['--suites', '--requirements', '--seed', '--num-runs']) {
      expect(COMMAND_HELP.load).not.toMatch(new RegExp(`^  ${flag}\\b`, 'm'));
      expect(() => parseRunArgs('load', [flag, '1'])).toThrow(UsageError);
    }
    expect(() => parseRunArgs('load', ['--num-runs', '1'])).toThrow('--num-runs applies to conformance run and doctor only; leave it out of conformance load');
  });

  it.each(['run', 'doctor', 'load'] as const)('every flag conformance %s --help lists is one conformance %s takes', (command) => {
    const listed = [...COMMAND_HELP[command].split('\nOptions of ')[0]!.matchAll(/^ {2}(--[a-z-]+)( [A-Z.[\]]+)?/gm)].map((m) => ({
      flag: m[1]!,
      value: m[2] !== undefined,
    }));
    expect(listed.length).toBeGreaterThan(3);
    for (const { flag, value } of listed) {
      if (flag === '--help' || ['keys-file', 'export'].includes(flag)) continue;
      // A value that parses for every flag of the table; --dotenv's file is only read later.
      const sample = ({ '--url': 'http://x/api/v1', '--threshold': 'http_reqs:count>0', '--stage': '1s:1' } as Record<string, string>)[flag] ?? '1';
      const argv = value && flag !== '--rerun-failed' ? [flag, sample] : [flag];
      expect(() => parseRunArgs(command, argv), `${command} ${argv.join(' ')}`).not.toThrow();
    }
  });

  it('the general help names -V and every flag, and no option Node takes for itself', () => {
    expect(HELP).toContain('-V, --version');
    expect(HELP).toContain('--no-dotenv');
    for (const text of [HELP, ...Object.values(COMMAND_HELP)]) expect(text).not.toMatch(/--env-file\b|--import\b|--require\b|--inspect\b/);
  });
});
