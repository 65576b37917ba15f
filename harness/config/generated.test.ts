import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { GENERATED_FILES, REGENERATE_COMMAND } from './generated.js';
import { renderEnvExample } from './env-example.js';
import { renderSettingsPage } from './settings-docs.js';
import { SETTINGS } from './settings.js';

const ROOT = new URL('../../', import.meta.url);

describe('files generated from the settings table', () => {
  it.each(GENERATED_FILES.map((f) => [f.path, f] as const))('%s is up to date', async (path, file) => {
    const current = await readFile(new URL(path, ROOT), 'utf8');
    const expected = file.render(current);
    // A stale file names the command that rewrites it, not only the lines that differ.
    if (current !== expected) expect.fail(`${path} is stale: run \`${REGENERATE_COMMAND}\` and commit the result`);
  });

  it('.env.example assigns every variable of the table, once and empty', () => {
    const assigned = renderEnvExample()
      .split('\n')
      .filter((line) => /^[A-Z_]+=/.test(line));
    expect(assigned).toEqual(SETTINGS.map((s) => `${s.name}=`));
  });

  it('a docs page keeps its hand-written text and gets one row per variable of the groups it names', () => {
    const page = 'intro\n<!-- settings:begin load -->\nold rows\n<!-- settings:end -->\noutro\n';
    const text = renderSettingsPage(page);
    expect(text.startsWith('intro\n<!-- settings:begin load -->\n')).toBe(true);
    expect(text.endsWith('<!-- settings:end -->\noutro\n')).toBe(true);
    expect(text).not.toContain('old rows');
    const rows = text.split('\n').filter((l) => l.startsWith('| `CONFORMANCE_'));
    expect(rows).toHaveLength(SETTINGS.filter((s) => s.group === 'load').length);
    // Regenerating a regenerated page changes nothing.
    expect(renderSettingsPage(text)).toBe(text);
  });

  it('a page without markers is left as it is', () => {
    expect(renderSettingsPage('no table here\n')).toBe('no table here\n');
  });
});
