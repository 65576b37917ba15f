import { DEFAULTS, type Domain } from './defaults.js';
import { REUSE_POOL_MAX } from './reuse-pool.js';
import type { Config } from './schema.js';
import type { RequirementId } from '../spec/requirements.js';

/*
 * What a run leaves on the target that the spec's deletes cannot remove (spec 2: a deleted task
 * or resource is soft-deleted, a deleted rate deactivated), declared per check that makes such
 * records, so that `conformance list` can say before a run what it will leave (issue 42). The
 * checks live in suites/, which config may not import (harness/layering.ts): the declarations
 * sit here, one line per check, named by its requirement; a check whose records change changes
 * its line (the figures were measured with the run's ledger, per check, at the defaults).
 */

/** The kinds the report counts (harness/check/kept-by-spec.ts). */
export type ResidueKind = 'tasks' | 'resources' | 'rates';

/**
 * How a check's count grows with the settings: `once` a fixed number; `perRun` that many per
 * property run (CONFORMANCE_NUM_RUNS: a property that tests creation); `perPlace` that many per
 * property case sent at once (a pool of records the runs take turns on: CONFORMANCE_CONCURRENCY,
 * at most CONFORMANCE_NUM_RUNS and REUSE_POOL_MAX, harness/config/reuse-pool.ts); `perSequence` that many per sequence of the exploration
 * (CONFORMANCE_SEQUENCES; fewer when its time bound ends it first).
 */
export type ResidueScale = 'once' | 'perRun' | 'perPlace' | 'perSequence';

export interface ResidueLine {
  /** The check's requirement, or `other` for the fixtures and single records of the suite's other checks. */
  readonly requirement: RequirementId | 'other';
  readonly kind: ResidueKind;
  readonly count: number;
  readonly scale: ResidueScale;
  /** Why the records are needed. */
  readonly why: string;
}

/** Every check that leaves records, by the suite it runs in (measured per check at the defaults, seed-independent unless said). */
export const RESIDUE: Partial<Record<Domain, readonly ResidueLine[]>> = {
  tasks: [
    { requirement: 'TK-CREATE-VALID', kind: 'tasks', count: 1, scale: 'perRun', why: 'the create property: every run creates a task' },
    { requirement: 'TK-CREATE-VALID', kind: 'tasks', count: 3, scale: 'once', why: 'a task under the project, one under it, a task-type probe' },
    {
      requirement: 'TK-UPDATE-VALID',
      kind: 'tasks',
      count: 1,
      scale: 'perPlace',
      why: 'the pool the three update properties (valid, omitted, null clears) take turns on (at most REUSE_POOL_MAX)',
    },
    {
      requirement: 'TK-STATUS-ENUM',
      kind: 'tasks',
      count: 2,
      scale: 'once',
      why: 'one task (under a parent of its own: a per-parent WIP limit) walks every status change from every status reached; another task and parent each time a server leaves the walk stuck (at most 10)',
    },
    {
      requirement: 'other',
      kind: 'tasks',
      count: 40,
      scale: 'once',
      why: 'parents, the filter fixture, one scope base for both scope checks, the not-accepted fields (one parent), paging, one crud record, the task types, one input-class control',
    },
  ],
  resources: [
    { requirement: 'RS-CREATE-VALID', kind: 'resources', count: 1, scale: 'perRun', why: 'the create property' },
    { requirement: 'RS-UPDATE-VALID', kind: 'resources', count: 1, scale: 'perPlace', why: 'the pool of the three update properties' },
    {
      requirement: 'other',
      kind: 'resources',
      count: 26,
      scale: 'once',
      why: 'filter fixtures, salary and field rules, paging, soft delete, one crud record, one input-class control',
    },
  ],
  rates: [
    { requirement: 'RT-CREATE-VALID', kind: 'rates', count: 1, scale: 'perRun', why: 'the create property' },
    { requirement: 'RT-UPDATE-VALID', kind: 'rates', count: 1, scale: 'perPlace', why: 'the rates the update property takes turns on' },
    { requirement: 'RT-VERSION-CREATE', kind: 'rates', count: 1, scale: 'perPlace', why: 'the rates the version property takes turns on' },
    { requirement: 'RT-VERSION-CREATE', kind: 'rates', count: 1, scale: 'once', why: 'the leap-day edges' },
    {
      requirement: 'other',
      kind: 'rates',
      count: 25,
      scale: 'once',
      why: 'filter fixtures (the search check reads them), invalid-body targets, paging, versions, deactivation, one crud record, one input-class control',
    },
  ],
  allocations: [
    { requirement: 'other', kind: 'tasks', count: 4, scale: 'once', why: 'the tasks allocations are made on' },
    { requirement: 'other', kind: 'resources', count: 6, scale: 'once', why: 'the resources allocations are made for' },
  ],
  batch: [
    {
      requirement: 'other',
      kind: 'tasks',
      count: 3,
      scale: 'once',
      why: "one task all batch checks share, a fresh one where an invalid item's entries are looked for under task and resource, the input classes' entry",
    },
    {
      requirement: 'other',
      kind: 'resources',
      count: 12,
      scale: 'once',
      why: "a resource per check that finds a batch's entries by the resource's list (a batch answer need not name them), one shared where they are found by id",
    },
  ],
  expenses: [
    { requirement: 'other', kind: 'tasks', count: 2, scale: 'once', why: 'the tasks expenses refer to' },
    { requirement: 'other', kind: 'resources', count: 12, scale: 'once', why: 'claimants and reviewers' },
  ],
  'time-entries': [
    { requirement: 'other', kind: 'tasks', count: 4, scale: 'once', why: 'the tasks entries are logged on' },
    { requirement: 'other', kind: 'resources', count: 5, scale: 'once', why: 'the resources entries are logged for' },
  ],
  security: [
    {
      requirement: 'other',
      kind: 'tasks',
      count: 11,
      scale: 'once',
      why: "records of each organisation the other's key must not reach: one shared by the read, error and unknown-alike checks, one each for the write and intact checks",
    },
    { requirement: 'other', kind: 'resources', count: 5, scale: 'once', why: 'as the tasks' },
    { requirement: 'other', kind: 'rates', count: 4, scale: 'once', why: 'as the tasks' },
  ],
  webhooks: [
    { requirement: 'WH-TRIGGERS', kind: 'tasks', count: 3, scale: 'once', why: 'the tasks whose events are awaited' },
    { requirement: 'WH-TRIGGERS', kind: 'resources', count: 1, scale: 'once', why: 'the resource of the time entry event' },
  ],
  'rate-limit': [{ requirement: 'RL-HEADERS-SUCCESS', kind: 'resources', count: 1, scale: 'once', why: 'a create whose rate headers are read' }],
  reports: [{ requirement: 'RP-EXECUTE-PAGING', kind: 'resources', count: 1, scale: 'once', why: 'a resource the report rows page over' }],
  sequences: [
    {
      requirement: 'SEQ-READ-AFTER-WRITE',
      kind: 'resources',
      count: 1.6,
      scale: 'perSequence',
      why: "each sequence's scope (two staff resources and its own resource, when it reaches those domains) and the resources it makes; the coverage phase's records",
    },
    { requirement: 'SEQ-READ-AFTER-WRITE', kind: 'tasks', count: 0.75, scale: 'perSequence', why: "a sequence's parent task and the tasks it makes" },
    { requirement: 'SEQ-READ-AFTER-WRITE', kind: 'rates', count: 0.65, scale: 'perSequence', why: 'the rates a sequence makes' },
  ],
};

export interface ResidueEstimate {
  readonly tasks: number;
  readonly resources: number;
  readonly rates: number;
  readonly total: number;
}

/** How many records one line leaves with these settings. */
export function lineCount(line: ResidueLine, config: Pick<Config, 'numRuns' | 'concurrency' | 'sequences'>): number {
  switch (line.scale) {
    case 'once':
      return line.count;
    case 'perRun':
      return line.count * config.numRuns;
    case 'perPlace':
      return line.count * Math.min(config.numRuns, config.concurrency ?? DEFAULTS.concurrency, REUSE_POOL_MAX);
    case 'perSequence':
      return Math.round(line.count * config.sequences.count);
  }
}

/** The records a run of these suites would leave, per suite and in all (an estimate from the declarations). */
export function residueEstimate(config: Pick<Config, 'numRuns' | 'concurrency' | 'sequences' | 'suites'>): {
  readonly byDomain: Partial<Record<Domain, ResidueEstimate>>;
  readonly all: ResidueEstimate;
} {
  const byDomain: Partial<Record<Domain, ResidueEstimate>> = {};
  const all = { tasks: 0, resources: 0, rates: 0, total: 0 };
  for (const domain of config.suites) {
    const lines = RESIDUE[domain] ?? [];
    if (lines.length === 0) continue;
    const one = { tasks: 0, resources: 0, rates: 0, total: 0 };
    for (const line of lines) {
      const n = lineCount(line, config);
      one[line.kind] += n;
      one.total += n;
      all[line.kind] += n;
      all.total += n;
    }
    byDomain[domain] = one;
  }
  return { byDomain, all };
}
