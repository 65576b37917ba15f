import { readFile } from 'node:fs/promises';
import { parse } from 'dotenv';
import { describe, expect, it } from 'vitest';
import { INIT_HEADER, quoteEnvValue, renderEnvFile } from './render.js';

const EXAMPLE = ['# Title', '', '# What A is.', 'A=', '# What B is.', 'B=', 'C=default', ''].join('\n');

describe('renderEnvFile', () => {
  it('keeps every line of the example in order, fills the values and puts notes above them', () => {
    const text = renderEnvFile(
      EXAMPLE,
      new Map([
        ['A', { value: 'one', notes: ['learnt by conformance init: first of 3 projects'] }],
        ['C', { value: 'two' }],
      ]),
    );
    expect(text).toBe(
      [...INIT_HEADER, '# Title', '', '# What A is.', '# learnt by conformance init: first of 3 projects', 'A=one', '# What B is.', 'B=', 'C=two', ''].join(
        '\n',
      ),
    );
  });

  it('writes a note for a value left empty, and leaves an unlisted variable as the example has it', () => {
    const text = renderEnvFile(EXAMPLE, new Map([['B', { notes: ['conformance init could not learn this: 401'] }]]));
    expect(text).toContain('# conformance init could not learn this: 401\nB=\n');
    expect(text).toContain('C=default\n');
  });

  it('appends a variable the example does not list, and a note cannot start a line of its own', () => {
    const text = renderEnvFile(EXAMPLE, new Map([['Z', { value: 'z', notes: ['two\nlines'] }]]));
    expect(text.endsWith('# Not in .env.example; written by conformance init.\n# two lines\nZ=z\n')).toBe(true);
    expect(parse(text)).toMatchObject({ Z: 'z' });
  });

  it('keeps every comment and assignment of the real .env.example', async () => {
    const example = await readFile(new URL('../../.env.example', import.meta.url), 'utf8');
    const text = renderEnvFile(example, new Map([['CONFORMANCE_ADMIN_KEY', { value: 'wmk_x', notes: ['n'] }]]));
    const kept = text.split('\n');
    for (const line of example.split('\n').filter((l) => l !== '' && l !== 'CONFORMANCE_ADMIN_KEY=')) expect(kept).toContain(line);
    expect(parse(text)['CONFORMANCE_ADMIN_KEY']).toBe('wmk_x');
  });
});

describe('quoteEnvValue', () => {
  it.each(['wmk_abc', 'http://127.0.0.1:8080/api/v1', 'a,b,c', '90', 'c1458366-c560-45b8-9c25-c35957b5ae7c'])('leaves %s plain', (value) => {
    expect(quoteEnvValue(value)).toBe(value);
  });

  it.each(['has#hash', 'two words', "it's", 'say "hi"', 'back\\slash', `mix'"`, ' lead', 'a\\nb'])('dotenv reads %j back unchanged', (value) => {
    expect(parse(`X=${quoteEnvValue(value)}\n`)['X']).toBe(value);
  });

  it('refuses what no quoting carries', () => {
    expect(() => quoteEnvValue('a\nb')).toThrow(/line break/);
    expect(() => quoteEnvValue(`'"\``)).toThrow(/quotes/);
  });
});
