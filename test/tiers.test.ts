import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import config from '../vitest.config.js';
import { LONG_FILES, longestFirst } from './file-order.js';
import { fileTimes } from './testing/file-times-reporter.js';
import { E2E_UNITS, SYSTEM_TESTS, TIERS, tierGlobs, tierOf, UNIT_EXTRAS, type Tier } from './tiers.js';
import { unitTierProblems } from './testing/tier-rules.js';

/*
 * The unit tier stays the one-minute inner loop only while nothing slow creeps into it: these
 * checks read the files (no process, no clock), so they run in that tier themselves.
 */

const ROOT = fileURLToPath(new URL('..', import.meta.url));

function testFiles(folder: string): string[] {
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.test.ts')) found.push(relative(ROOT, path).split(sep).join('/'));
    }
  };
  walk(join(ROOT, folder));
  return found.sort();
}

const ALL = ['harness', 'reference', 'test'].flatMap(testFiles);

/** The two glob shapes tierGlobs uses: `folder/**\/*.test.ts` and an exact path. */
function matches(glob: string, path: string): boolean {
  const tail = '**/*.test.ts';
  if (glob.endsWith(tail)) return path.startsWith(glob.slice(0, -tail.length)) && path.endsWith('.test.ts');
  return glob === path;
}

function inTier(tier: Tier, path: string): boolean {
  const { include, exclude } = tierGlobs(tier);
  return include.some((g) => matches(g, path)) && !exclude.some((g) => matches(g, path));
}

describe('test tiers', () => {
  it('names only files that exist, each once', () => {
    const named = [...UNIT_EXTRAS, ...E2E_UNITS, ...SYSTEM_TESTS];
    expect(named.filter((path) => !existsSync(join(ROOT, path)))).toEqual([]);
    expect(new Set(named).size).toBe(named.length);
  });

  it('puts every test file in exactly one tier, the one tierOf gives', () => {
    expect(ALL.length).toBeGreaterThan(150);
    for (const tier of TIERS) {
      for (const glob of [...tierGlobs(tier).include, ...tierGlobs(tier).exclude])
        expect(glob.endsWith('**/*.test.ts') || existsSync(join(ROOT, glob)), glob).toBe(true);
    }
    const misplaced = ALL.filter((path) => {
      const tiers = TIERS.filter((tier) => inTier(tier, path));
      return tiers.length !== 1 || tiers[0] !== tierOf(path);
    });
    expect(misplaced).toEqual([]);
    expect(tierOf('test/mutants.test.ts')).toBe('system');
    expect(tierOf('test/cli.test.ts')).toBe('e2e');
    expect(tierOf('harness/http/client.test.ts')).toBe('unit');
  });

  it('is what vitest runs: one project per tier, sharing the root pool and timeouts', () => {
    const projects = (config.test?.projects ?? []) as {
      extends?: unknown;
      test: { name: string; include: string[]; exclude: string[]; maxWorkers?: unknown; sequence?: unknown };
    }[];
    expect(projects.map((p) => p.test.name)).toEqual([...TIERS]);
    // Every project inherits these: the same settings per file as before the tiers.
    expect(config.test).toMatchObject({ pool: 'threads', maxWorkers: 2, maxConcurrency: 3, testTimeout: 30_000, hookTimeout: 60_000 });
    for (const project of projects) {
      const tier = project.test.name as Tier;
      expect(project.extends).toBe(true);
      expect(project.test.include).toEqual(tierGlobs(tier).include);
      expect(project.test.exclude).toEqual(expect.arrayContaining(tierGlobs(tier).exclude));
      // A project of its own pool size or group order would run in a group of its own, after the others.
      expect(project.test.maxWorkers).toBeUndefined();
      expect(project.test.sequence).toBeUndefined();
    }
  });

  it('starts the long files first, longest first, whatever their tier, and the rest in the order given', () => {
    expect(Object.keys(LONG_FILES).filter((path) => !ALL.includes(path))).toEqual([]);
    expect((config.test?.sequence as { sequencer?: { name?: string } } | undefined)?.sequencer?.name).toBe('LongestFirstSequencer');
    const given = ['reference/seed.test.ts', 'test/e2e.test.ts', 'test/cli.test.ts', 'test/tiers.test.ts', 'test/mutants.test.ts'];
    expect(longestFirst(given, (path) => path)).toEqual([
      'test/mutants.test.ts',
      'test/e2e.test.ts',
      'test/cli.test.ts',
      'reference/seed.test.ts',
      'test/tiers.test.ts',
    ]);
  });

  it('records the long files of a run, in whole seconds, longest first, over the times of the files that did not run', () => {
    const module = (path: string, ms: number) =>
      ({ moduleId: `/clone/${path}`, diagnostic: () => ({ duration: ms }) }) as Parameters<typeof fileTimes>[0][number];
    const written = JSON.parse(
      fileTimes([module('test/a.test.ts', 9_400), module('test/b.test.ts', 120_600), module('harness/c.test.ts', 7_400)], '/clone', 'today', {
        'test/d.test.ts': 30,
        'harness/c.test.ts': 12,
      }),
    ) as {
      measured: string;
      seconds: Record<string, number>;
    };
    expect(written.measured).toBe('today');
    expect(Object.entries(written.seconds)).toEqual([
      ['test/b.test.ts', 121],
      ['test/d.test.ts', 30],
      ['test/a.test.ts', 9],
    ]);
  });

  it('flags each kind of slow unit test, and not a short tick', () => {
    expect(unitTierProblems("import { spawn } from 'node:child_process';")).toHaveLength(1);
    expect(unitTierProblems("const r = await runCli(['run']);")).toHaveLength(1);
    expect(unitTierProblems('expect(performance.now() - started).toBeLessThan(50);')).toHaveLength(1);
    expect(unitTierProblems('await new Promise((r) => setTimeout(r, 1_000));')).toEqual([expect.stringContaining('waits 1000 ms')]);
    expect(unitTierProblems('await sleep(250);')).toEqual([expect.stringContaining('waits 250 ms')]);
    expect(unitTierProblems('await new Promise((r) => setTimeout(r, 20)); expect(elapsed).toBeGreaterThanOrEqual(20);')).toEqual([]);
  });

  it('keeps child processes, the CLI and real waits out of the unit tier', () => {
    // This file spells out the violations as samples for the check above.
    const unit = ALL.filter((path) => tierOf(path) === 'unit' && path !== 'test/tiers.test.ts');
    expect(unit.length).toBeGreaterThan(100);
    const problems = unit.flatMap((path) => unitTierProblems(readFileSync(join(ROOT, path), 'utf8')).map((p) => `${path}: ${p}`));
    expect(problems).toEqual([]);
  });
});
