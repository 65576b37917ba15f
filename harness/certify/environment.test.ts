import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { syntheticReport } from './testing/synthetic-bundle.js';
import {
  buildEnvironment,
  canonicalJson,
  catalogueEntries,
  catalogueSha256,
  environmentSchema,
  KNOWN_SPEC_SHA256,
  sha256,
  specPath,
  specSha256,
} from './environment.js';

const packageJson = JSON.parse(await readFile(new URL('../../package.json', import.meta.url), 'utf8')) as { name: string; version: string; files: string[] };

describe('environment.json', () => {
  it('ships the spec document the catalogue was written from, with the hash the tool knows', async () => {
    expect(await specSha256()).toBe(KNOWN_SPEC_SHA256);
    expect((await readFile(specPath(), 'utf8')).length).toBeGreaterThan(1000);
    expect(packageJson.files).toContain('spec');
  });

  it('hashes the catalogue from canonical JSON sorted by id, so any edit changes it and order does not', () => {
    const entries = catalogueEntries();
    expect(entries.map((e) => e.id)).toEqual([...entries.map((e) => e.id)].sort());
    expect(catalogueSha256()).toMatch(/^[0-9a-f]{64}$/);
    expect(catalogueSha256([...entries].reverse())).toBe(catalogueSha256());
    const edited = entries.map((e, i) => (i === 0 ? { ...e, statement: `${e.statement} ` } : e));
    expect(catalogueSha256(edited)).not.toBe(catalogueSha256());
    expect(canonicalJson({ b: 1, a: [{ d: 1, c: 2 }] })).toBe('{"a":[{"c":2,"d":1}],"b":1}');
    expect(sha256('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('records tool, Node, OS, hashes, seed, runs per property, times and mode', async () => {
    const report = syntheticReport();
    const environment = await buildEnvironment({
      report,
      startedAt: new Date('2026-11-20T09:59:00Z'),
      finishedAt: '2026-11-20T10:02:00.000Z',
      mode: 'certify',
    });
    expect(environmentSchema.parse(environment)).toEqual(environment);
    expect(environment).toMatchObject({
      schemaVersion: 1,
      mode: 'certify',
      runId: report.runId,
      tool: { name: packageJson.name, version: packageJson.version },
      node: process.version,
      spec: { file: 'spec/work-management-api-v1.md', sha256: KNOWN_SPEC_SHA256 },
      catalogue: { sha256: catalogueSha256(), requirements: catalogueEntries().length },
      seed: report.settings.seed,
      numRuns: report.settings.numRuns,
      startedAt: '2026-11-20T09:59:00.000Z',
      finishedAt: '2026-11-20T10:02:00.000Z',
    });
    expect(environment.catalogue.must).toBe(catalogueEntries().filter((e) => e.level === 'MUST').length);
    expect(environment.os.arch).toBe(process.arch);
  });
});
