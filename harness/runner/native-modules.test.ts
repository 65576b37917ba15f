import { describe, expect, it } from 'vitest';
import { nativeModules } from './native-modules.js';

describe('nativeModules', () => {
  it('leaves the compiled harness to Node, and neither the suites nor the libraries', () => {
    const [pattern, ...more] = nativeModules('/opt/app/node_modules/pkg/dist/', '.js');
    expect(more).toEqual([]);
    expect(pattern!.test('/opt/app/node_modules/pkg/dist/harness/check/check.js')).toBe(true);
    expect(pattern!.test('/opt/app/node_modules/pkg/dist/harness/runner/head-start-setup.js')).toBe(true);
    expect(pattern!.test('/opt/app/node_modules/pkg/dist/suites/contacts.test.js')).toBe(false);
    expect(pattern!.test('/opt/app/node_modules/pkg/dist/reference/server.js')).toBe(false);
    expect(pattern!.test('/opt/app/node_modules/vitest/dist/index.js')).toBe(false);
    // Another install whose path only resembles this one's.
    expect(pattern!.test('/opt/app/node_modules/pkg/distXharness/check.js')).toBe(false);
    expect(pattern!.test('/opt/app/node_modules/pkg/dist/harness/check/check.ts')).toBe(false);
  });

  it('leaves nothing to Node when the code is the TypeScript sources', () => {
    expect(nativeModules('/home/me/clone/', '.ts')).toEqual([]);
  });
});
