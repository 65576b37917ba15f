import { describe, expect, it } from 'vitest';
import { UsageError } from '../errors.js';
import { VERIFY_SYNTAX } from './certify-args.js';
import { parseCommandArgs, type CommandSyntax } from './parse.js';

const SYNTAX: CommandSyntax = {
  command: 'demo',
  options: {
    '--name': { kind: 'value', needs: 'a name' },
    '--blank': { kind: 'value', blankAllowed: true },
    '--once': { kind: 'value', once: true },
    '--force': { kind: 'switch' },
    '--flag': { kind: 'switch', switchValue: true },
    '--maybe': { kind: 'optional-value' },
    '--output': { kind: 'value', short: 'o' },
    '--other': { kind: 'value', refused: '--other applies to conformance elsewhere only' },
  },
  positionals: 1,
};

const parse = (argv: readonly string[]) => parseCommandArgs(argv, SYNTAX);

describe('parseCommandArgs', () => {
  it('reads `--x v`, `--x=v`, a short spelling, a switch and one positional', () => {
    const parsed = parse(['--name', 'a', '--once=b', '-o', 'out', '--force', 'file']);
    expect(Object.fromEntries(parsed.values)).toEqual({ '--name': 'a', '--once': 'b', '--output': 'out', '--force': 'true' });
    expect(parsed.positionals).toEqual(['file']);
    expect(parsed.given.map((g) => g.as)).toEqual(['--name', '--once', '-o', '--force']);
  });

  it('takes a value that starts with one dash (a negative seed), and the last of a repeated option', () => {
    expect(parse(['--name', '-3']).values.get('--name')).toBe('-3');
    expect(parse(['--name=--x']).values.get('--name')).toBe('--x');
    expect(parse(['--name', 'a', '--name', 'b']).values.get('--name')).toBe('b');
  });

  it('an optional value takes the next argument only when it is no option', () => {
    expect(parse(['--maybe']).values.get('--maybe')).toBe('');
    expect(parse(['--maybe', 'r.json']).values.get('--maybe')).toBe('r.json');
    expect(parse(['--maybe', 'r.json']).positionals).toEqual([]);
    expect(parse(['--maybe', '--force']).values.get('--maybe')).toBe('');
    expect(parse(['--maybe=x', 'file']).positionals).toEqual(['file']);
  });

  it('keeps a blank value where allowed and a switch value where allowed', () => {
    expect(parse(['--blank', '']).values.get('--blank')).toBe('');
    expect(parse(['--flag=false']).values.get('--flag')).toBe('false');
  });

  it.each([
    [['--nope'], 'unknown option "--nope" (see conformance demo --help)'],
    [['--nope=1'], 'unknown option "--nope" (see conformance demo --help)'],
    [['-xyz'], 'unknown option "-xyz" (see conformance demo --help)'],
    [['--'], 'unknown option "--" (see conformance demo --help)'],
    [['a', 'b'], 'unknown argument "b" (see conformance demo --help)'],
    [['--name'], '--name needs a name (see conformance demo --help)'],
    [['--name', ' '], '--name needs a name (see conformance demo --help)'],
    [['--name', '--force'], '--name needs a name (see conformance demo --help)'],
    [['-o'], '-o needs a value (see conformance demo --help)'],
    [['--force=yes'], '--force takes no value (see conformance demo --help)'],
    [['--once', 'a', '--once', 'b'], '--once given twice; give it once (see conformance demo --help)'],
    [['--other', 'x'], '--other applies to conformance elsewhere only'],
  ])('refuses %j in one line: %s', (argv, message) => {
    expect(() => parse(argv)).toThrow(UsageError);
    expect(() => parse(argv)).toThrow(message);
    // The whole message: one line, nothing of parseArgs' own wording.
    try {
      parse(argv);
    } catch (error) {
      expect((error as Error).message).toBe(message);
    }
  });

  it('`init` says "unknown argument" for an unknown option, as it always has', () => {
    expect(() => parseCommandArgs(['--bogus'], { ...SYNTAX, unknownWord: 'argument' })).toThrow('unknown argument "--bogus" (see conformance demo --help)');
  });
});

describe('the option tables', () => {
  it('a verify with an option-looking bundle is refused, not read as a path', () => {
    expect(() => parseCommandArgs(['-x'], VERIFY_SYNTAX)).toThrow('unknown option "-x" (see conformance verify --help)');
    expect(parseCommandArgs(['b.tar.gz', '--public-key', 'k.pub'], VERIFY_SYNTAX)).toMatchObject({ positionals: ['b.tar.gz'] });
  });
});
