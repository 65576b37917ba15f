import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOMAINS } from '../harness/config/schema.js';
import type { Report } from '../harness/report/model.js';
import { startReferenceServer, type RunningReferenceServer } from '../reference/server.js';
import { readLatestReport, runCli, type CliResult } from './run-cli.js';
import { externalTargetEnv } from './target-env.js';

/*
 * Nothing left behind, in either organisation: after a run of every functional suite against an
 * independent target (a reference server this test started, configured as an operator would), no
 * record the run created is live in org A or in org B. What the spec makes impossible to remove
 * (spec 2: soft-deleted tasks and resources, deactivated rates) stays, and the report says how
 * many of each. The rate-limit suite is left out: it creates nothing and waits out a minute.
 */

/** Every collection a run may create records in (spec 4), and how a record the spec keeps shows. */
const COLLECTIONS = {
  '/contacts': undefined,
  '/expenses': undefined,
  '/time-entries': undefined,
  '/allocations': undefined,
  '/milestones': undefined,
  '/webhooks': undefined,
  // The reference server keeps a soft-deleted task with its deletion time, a resource inactive
  // and a deleted rate inactive (reference/models).
  '/tasks': (r: Record<string, unknown>) => r['deletedAt'] !== null && r['deletedAt'] !== undefined,
  '/resources': (r: Record<string, unknown>) => r['isActive'] === false,
  '/rates': (r: Record<string, unknown>) => r['isActive'] === false,
} as const satisfies Record<string, ((r: Record<string, unknown>) => boolean) | undefined>;
type Collection = keyof typeof COLLECTIONS;

type Records = Record<Collection, Map<string, Record<string, unknown>>>;

async function everyRecord(baseUrl: string, key: string): Promise<Records> {
  const out = {} as Records;
  for (const path of Object.keys(COLLECTIONS) as Collection[]) {
    const records = new Map<string, Record<string, unknown>>();
    for (let offset = 0; offset < 100_000; offset += 100) {
      const res = await fetch(`${baseUrl}${path}?limit=100&offset=${offset}`, { headers: { 'X-API-Key': key } });
      expect(res.status, `GET ${path}`).toBe(200);
      const page = ((await res.json()) as { data: Array<Record<string, unknown>> }).data;
      for (const record of page) records.set(String(record['id']), record);
      if (page.length < 100) break;
    }
    out[path] = records;
  }
  return out;
}

/** Per collection: the records that are not in `before`, split into live ones and the ones the spec keeps. */
function created(before: Records, after: Records): Record<Collection, { live: string[]; kept: number }> {
  const out = {} as Record<Collection, { live: string[]; kept: number }>;
  for (const path of Object.keys(COLLECTIONS) as Collection[]) {
    const keptBySpec: ((r: Record<string, unknown>) => boolean) | undefined = COLLECTIONS[path];
    const made = [...after[path].values()].filter((r) => !before[path].has(String(r['id'])));
    const kept = made.filter((r) => keptBySpec?.(r) === true);
    out[path] = {
      live: made.filter((r) => !kept.includes(r)).map((r) => `${String(r['id'])} ${JSON.stringify(r['tags'] ?? r['name'] ?? '')}`),
      kept: kept.length,
    };
  }
  return out;
}

let server: RunningReferenceServer;
let keys: { orgA: string; orgB: string };
let before: { orgA: Records; orgB: Records };
let after: { orgA: Records; orgB: Records };
let result: CliResult;
let report: Report;

beforeAll(async () => {
  server = await startReferenceServer();
  const env = await externalTargetEnv(server.baseUrl);
  keys = { orgA: env['CONFORMANCE_ADMIN_KEY']!, orgB: env['CONFORMANCE_OTHER_ORG_KEY']! };
  before = { orgA: await everyRecord(server.baseUrl, keys.orgA), orgB: await everyRecord(server.baseUrl, keys.orgB) };
  result = await runCli(['run'], { ...env, CONFORMANCE_SUITES: DOMAINS.filter((d) => d !== 'rate-limit').join(','), CONFORMANCE_NUM_RUNS: '2' });
  after = { orgA: await everyRecord(server.baseUrl, keys.orgA), orgB: await everyRecord(server.baseUrl, keys.orgB) };
  report = await readLatestReport(result.reportDir);
}, 300_000);

afterAll(async () => {
  await server?.close();
});

describe('a run of every functional suite against an independent target', () => {
  it('ran and reached a verdict', () => {
    expect([0, 3], result.stderr.slice(-2000)).toContain(result.code);
    expect(report.counts.byStatus.fail).toBe(0);
  });

  it('leaves no live record it created in org A or in org B, per collection', () => {
    const live = (side: 'orgA' | 'orgB') => Object.fromEntries(Object.entries(created(before[side], after[side])).map(([path, c]) => [path, c.live]));
    const none = Object.fromEntries(Object.keys(COLLECTIONS).map((path) => [path, []]));
    expect(live('orgA')).toEqual(none);
    expect(live('orgB')).toEqual(none);
  });

  it('says in the report and its summary what the spec keeps of what it deleted, as many as the target holds', () => {
    const kept = (path: Collection) => created(before.orgA, after.orgA)[path].kept + created(before.orgB, after.orgB)[path].kept;
    expect(kept('/tasks')).toBeGreaterThan(0);
    const { byDomain, ...totals } = report.cleanup ?? {};
    expect(totals).toEqual({
      notDeleted: 0,
      softDeletedTasks: kept('/tasks'),
      softDeletedResources: kept('/resources'),
      deactivatedRates: kept('/rates'),
    });
    // Per suite, adding up to the totals: which part of the run leaves what.
    const rows = Object.values(byDomain ?? {});
    const sum = (field: keyof (typeof rows)[number]) => rows.reduce((n, row) => n + row[field], 0);
    expect({
      notDeleted: sum('notDeleted'),
      softDeletedTasks: sum('softDeletedTasks'),
      softDeletedResources: sum('softDeletedResources'),
      deactivatedRates: sum('deactivatedRates'),
    }).toEqual(totals);
    expect(byDomain?.['tasks']?.softDeletedTasks).toBeGreaterThan(0);
    expect(result.stdout).toContain(
      `The run's deletes leave ${kept('/tasks')} soft-deleted tasks, ${kept('/resources')} soft-deleted resources and ${kept('/rates')} deactivated rates`,
    );
  });
});
