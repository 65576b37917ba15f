import { describe, expect, it } from 'vitest';
import { secretOf, secretsIn } from './secrets.js';

describe('secretsIn and secretOf', () => {
  it('find whsec_ strings wherever they sit, with their path', () => {
    const json = { id: 'x', secret: 'whsec_abc', nested: { list: [{ key: 'whsec_def' }] }, other: 'sec_whsec_no' };
    expect(secretsIn(json)).toEqual([
      { path: 'secret', value: 'whsec_abc' },
      { path: 'nested.list[].key', value: 'whsec_def' },
    ]);
    expect(secretOf({ secret: 'whsec_' })).toBeUndefined();
    expect(secretOf({ data: { signingSecret: 'whsec_123' } })).toEqual({ path: 'data.signingSecret', value: 'whsec_123' });
    expect(secretOf(undefined)).toBeUndefined();
  });
});
