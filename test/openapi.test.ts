import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

/* `conformance openapi`: the document the package ships (schemas/), from the real CLI. */

const shipped = async (file: string): Promise<string> => readFile(new URL(`../schemas/${file}`, import.meta.url), 'utf8');

describe('conformance openapi', () => {
  it('prints the shipped JSON document by default, and writes YAML to a .yaml file', async () => {
    const printed = await runCli(['openapi']);
    expect(printed.code, printed.stderr).toBe(0);
    expect(printed.stdout).toBe(await shipped('openapi.json'));
    const dir = await mkdtemp(join(tmpdir(), 'conformance-openapi-'));
    const written = await runCli(['openapi', '--out', join(dir, 'api', 'openapi.yaml')]);
    expect(written.code, written.stderr).toBe(0);
    expect(written.stdout).toMatch(/^wrote .*openapi\.yaml \(OpenAPI 3\.1, yaml, \d+ characters\)$/m);
    expect(await readFile(join(dir, 'api', 'openapi.yaml'), 'utf8')).toBe(await shipped('openapi.yaml'));
    const json = await runCli(['openapi', '--out', join(dir, 'doc.txt'), '--format=json']);
    expect(await readFile(join(dir, 'doc.txt'), 'utf8')).toBe(await shipped('openapi.json'));
    expect(json.code).toBe(0);
  }, 60_000);

  it('refuses an unknown format or option with one line and exit 2', async () => {
    const format = await runCli(['openapi', '--format', 'xml']);
    expect(format.code).toBe(2);
    expect(format.stderr.trim()).toBe('conformance: openapi: --format xml is not a format: give yaml or json (see conformance openapi --help) [USAGE]');
    const positional = await runCli(['openapi', 'out.yaml']);
    expect(positional.code).toBe(2);
    expect(positional.stderr).toMatch(/^conformance: unknown argument "out\.yaml" \(see conformance openapi --help\) \[USAGE\]$/m);
  }, 60_000);
});
