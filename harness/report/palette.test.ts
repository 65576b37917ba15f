import { describe, expect, it } from 'vitest';
import { paint } from './palette.js';

describe('paint', () => {
  it('wraps the text in its styles and a reset when colour is on', () => {
    expect(paint('FAIL', ['red', 'bold'], true)).toBe('\u001b[31m\u001b[1mFAIL\u001b[0m');
  });

  it('leaves the text as it is without colour or without a style', () => {
    expect(paint('FAIL', ['red'], false)).toBe('FAIL');
    expect(paint('skip', [], true)).toBe('skip');
  });
});
