import { describe, expect, it } from 'vitest';
import { DEFAULTS, DOMAINS } from './defaults.js';
import { REQUIREMENT_SUITES } from './requirement-suites.js';
import { lineCount, RESIDUE, residueEstimate } from './residue.js';
import { REUSE_POOL_MAX } from './reuse-pool.js';

const defaults = { numRuns: DEFAULTS.numRuns, concurrency: undefined, sequences: { count: DEFAULTS.sequences, seconds: 15, shrinkSeconds: 30 } };

describe('residue declarations', () => {
  it('name only requirements checked in the suite they are declared for', () => {
    for (const [domain, lines] of Object.entries(RESIDUE)) {
      for (const line of lines ?? []) {
        if (line.requirement === 'other') continue;
        expect(REQUIREMENT_SUITES[line.requirement], `${domain} ${line.requirement}`).toContain(domain);
      }
    }
  });

  it('add up, at the defaults, to the figure measured after issue 42 item 3 (every suite: 359)', () => {
    const { all, byDomain } = residueEstimate({ ...defaults, suites: [...DOMAINS] });
    expect(all).toEqual({ tasks: 124, resources: 155, rates: 80, total: 359 });
    expect(byDomain.tasks?.total).toBe(67);
    expect(byDomain.batch?.total).toBe(15);
    expect(byDomain.security?.total).toBe(20);
  });

  it('scale with CONFORMANCE_NUM_RUNS, CONFORMANCE_CONCURRENCY and CONFORMANCE_SEQUENCES', () => {
    const perRun = { requirement: 'TK-CREATE-VALID', kind: 'tasks', count: 1, scale: 'perRun', why: '' } as const;
    const perPlace = { ...perRun, scale: 'perPlace' } as const;
    const perSequence = { ...perRun, count: 1.5, scale: 'perSequence' } as const;
    expect(lineCount(perRun, { ...defaults, numRuns: 5 })).toBe(5);
    // A pool holds at most REUSE_POOL_MAX records, fewer with fewer runs or places.
    expect(lineCount(perPlace, { ...defaults, numRuns: 5 })).toBe(REUSE_POOL_MAX);
    expect(lineCount(perPlace, { ...defaults, numRuns: 100, concurrency: 1 })).toBe(1);
    expect(lineCount(perPlace, { ...defaults, numRuns: 1 })).toBe(1);
    expect(lineCount(perSequence, { ...defaults, sequences: { count: 10, seconds: 15, shrinkSeconds: 30 } })).toBe(15);
    const small = residueEstimate({ ...defaults, numRuns: 1, suites: ['tasks'] });
    const big = residueEstimate({ ...defaults, suites: ['tasks'] });
    expect(big.all.total - small.all.total).toBe(19 + (REUSE_POOL_MAX - 1));
  });
});
