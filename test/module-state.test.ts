import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from './run-cli.js';

/*
 * The runner does not isolate suite files: the files of a worker share their modules (loading
 * them once per worker instead of once per file). A module-level variable is then shared by every
 * file of that worker, so per-file state (a fixture, the statuses a file saw) must be kept by the
 * file's domain (harness/check/once.ts, validationStatusesOf). This test fails on any new
 * module-level mutable state in what the suites load, unless it is listed below with the reason
 * sharing it is right.
 */
const SHARED_ON_PURPOSE: Record<string, string> = {
  'harness/check/check.ts validationByDomain': "keyed by the suite file's domain",
  'harness/http/network.ts shared': 'one dispatcher per network for the whole worker: connections reused across files',
  'harness/steps/displaced.ts noted': 'a record another file flagged later displaces just the same',
  'harness/steps/time-entries.ts nextDay': 'a worker-wide counter keeps the days of all its files apart',
  'harness/steps/isolation.ts systemReports': "the target's built-in reports are the same for every file",
  'harness/config/schema.ts SECRET': 'built once from the settings table, never changed',
  'harness/spec/audit/index.ts PENDING_AREAS': 'a read-only list, empty on purpose',
  'harness/steps/exploration/judge-list.ts walks': "a WeakMap keyed by one sequence's world: nothing of one file reaches another",
  'harness/steps/exploration/rate-versions.ts versionsOf': "a WeakMap keyed by one sequence's model record: nothing of one file reaches another",
  'harness/steps/exploration/webhook-events.ts states': "a WeakMap keyed by one sequence's world: nothing of one file reaches another",
  'harness/steps/exploration/webhooks.ts states': "a WeakMap keyed by one sequence's world: nothing of one file reaches another",
};

const DIRS = [
  'suites',
  'harness/check',
  'harness/steps',
  'harness/crosscutting',
  'harness/webhooks',
  'harness/sink',
  'harness/generators',
  'harness/spec',
  'harness/http',
  'harness/rate',
  'harness/har',
  'harness/config',
];
/**
 * A top-level `let`/`var`, an empty array, or an object made by `new` (a collection built empty
 * or computed, a class instance holding state); not a literal table (`new Set([...])`) nor a
 * stateless helper (a text decoder, a URL, a pattern).
 */
const MUTABLE = /^(?:export )?(?:(?:let|var) (\w+)|const (\w+)(?:: [^=]+)? = (?:new (?!(?:TextDecoder|TextEncoder|URL|RegExp)\b)[A-Z]\w*\b(?!\(\[)|\[\]))/gm;

function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && !f.includes('testing/') && !f.startsWith('testing'))
    .map((f) => join(dir, f));
}

describe('module state under shared suite modules', () => {
  it('keeps per-file state by domain: every module-level mutable variable the suites load is shared on purpose', () => {
    const found: string[] = [];
    for (const file of DIRS.flatMap(sources)) {
      for (const match of readFileSync(join(ROOT, file), 'utf8').matchAll(MUTABLE)) found.push(`${file} ${match[1] ?? match[2]}`);
    }
    expect(found.filter((entry) => !(entry in SHARED_ON_PURPOSE))).toEqual([]);
    // The list stays true: an entry whose variable went away goes too.
    expect(Object.keys(SHARED_ON_PURPOSE).filter((entry) => !found.includes(entry))).toEqual([]);
  });
});
