import { describe, expect, it } from 'vitest';
import { REQUIREMENTS } from './requirements.js';

/*
 * Every requirement id of the catalogue with its level and section, as a snapshot kept in the
 * repository. Reports, expected-failure lists and certification bundles name requirements by id:
 * renaming one, or moving it between MUST and SHOULD, changes what users' files mean, so it must
 * be a visible decision (`npx vitest run harness/spec/catalogue.test.ts -u` and a reviewed diff),
 * never a side effect.
 */
describe('the requirement catalogue', () => {
  it('keeps every id with its level and section, as the snapshot records them', async () => {
    const lines = Object.entries(REQUIREMENTS).map(([id, r]) => `${id} ${r.level} ${r.section}`);
    await expect(`${lines.join('\n')}\n`).toMatchFileSnapshot('./catalogue.snapshot.txt');
  });
});
