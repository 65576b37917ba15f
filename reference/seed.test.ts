import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSeed, parseSeed, SeedError } from './seed.js';
import { DEFAULT_SEED_PATH } from './server.js';
import { testSeed } from './testing/test-api.js';

async function tempFile(content: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'seed-'));
  const path = join(dir, 'seed.json');
  await writeFile(path, content);
  return path;
}

async function seedErrorOf(promise: Promise<unknown>): Promise<SeedError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(SeedError);
  return error as SeedError;
}

describe('loadSeed', () => {
  it('loads the project fixture', async () => {
    const seed = await loadSeed(DEFAULT_SEED_PATH);
    expect(seed.organisations.length).toBeGreaterThanOrEqual(2);
    const first = seed.organisations[0];
    expect(first?.keys.some((k) => k.admin)).toBe(true);
    expect(first?.projects[0]?.versionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(first?.keys.some((k) => k.limitPerMinute === null)).toBe(true);
  });

  it('throws SEED_INVALID for bad JSON or a bad shape and SEED_UNREADABLE for a missing file', async () => {
    expect((await seedErrorOf(loadSeed(await tempFile('{')))).code).toBe('SEED_INVALID');
    const shape = await seedErrorOf(loadSeed(await tempFile('{"organisations":[{"id":"x","name":"n","keys":[]}]}')));
    expect(shape.code).toBe('SEED_INVALID');
    expect(shape.message).toContain('organisations.0.id');
    expect((await seedErrorOf(loadSeed('/nonexistent/seed.json'))).code).toBe('SEED_UNREADABLE');
  });
});

describe('parseSeed', () => {
  const valid = () => JSON.parse(JSON.stringify(testSeed())) as { organisations: { keys: Record<string, unknown>[] }[] };

  it('rejects malformed keys, bad limits and duplicate keys', () => {
    const cases: ((s: ReturnType<typeof valid>) => void)[] = [
      (s) => void (s.organisations[0]!.keys[0]!.key = 'nounderscore'),
      (s) => void (s.organisations[0]!.keys[0]!.limitPerMinute = 0),
      (s) => void (s.organisations[0]!.keys[0]!.limitPerMinute = 1.5),
      (s) => void (s.organisations[0]!.keys[0]!.admin = 'yes'),
      (s) => void (s.organisations[1]!.keys[0]!.key = s.organisations[0]!.keys[0]!.key),
    ];
    for (const mutate of cases) {
      const seed = valid();
      mutate(seed);
      expect(() => parseSeed(seed)).toThrow(SeedError);
    }
    expect(parseSeed(valid()).organisations).toHaveLength(2);
  });
});
