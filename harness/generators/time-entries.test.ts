import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchEntrySchema, batchUpdateSchema, timeEntryCreateSchema, timeEntryUpdateSchema } from '../spec/time-entries.js';
import { batchChange, batchEntries, batchEntry, ENTRY_ITEM_BREAKS, UPDATE_ITEM_BREAKS } from './batch.js';
import { badHhmm, hhmm, impossibleDate, realDate } from './primitives.js';
import { timeEntryCreate, timeEntryCreateViolations, timeEntryUpdate, timeEntryUpdateViolations, timeEntryViolationRequirements } from './time-entries.js';
import { hhmmSchema, realDateSchema } from '../spec/time-entries.js';

const REFS = {
  taskIds: ['3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e'],
  resourceIds: ['0b6a4c1d-2e3f-4a5b-9c6d-7e8f9a0b1c2d'],
  runTag: 'conformance-run-test',
};
const sample = <T>(arb: fc.Arbitrary<T>, numRuns = 200, seed = 77): T[] => fc.sample(arb, { seed, numRuns });

describe('time entry generators', () => {
  it('give the same values for the same seed', () => {
    expect(sample(timeEntryCreate(REFS), 30)).toEqual(sample(timeEntryCreate(REFS), 30));
    expect(sample(timeEntryCreate(REFS), 30, 78)).not.toEqual(sample(timeEntryCreate(REFS), 30));
  });

  it('only produce create bodies that follow spec 2.3, the cross-field hours rule included', () => {
    for (const body of [...sample(timeEntryCreate(REFS)), ...sample(timeEntryCreate(REFS, { full: true }))]) {
      expect(timeEntryCreateSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(body.tags).toContain(REFS.runTag);
    }
  });

  it('log hours in multiples of 0.05 (exact in hundredths, minutes and seconds) on past days', () => {
    const bodies = [...sample(timeEntryCreate(REFS)), ...sample(timeEntryUpdate(REFS))];
    for (const body of bodies) {
      if (body.hours !== undefined) expect(Math.round(body.hours * 20) / 20).toBe(body.hours);
      if (body.date !== undefined) expect(body.date <= '2024-12-31', body.date).toBe(true);
    }
    // not only whole hours
    expect(bodies.some((b) => b.hours !== undefined && !Number.isInteger(b.hours * 4))).toBe(true);
  });

  it('exercise timer entries below 0.25 hours', () => {
    expect(sample(timeEntryCreate(REFS), 500).some((b) => b.entrySource === 'timer' && b.hours < 0.25)).toBe(true);
  });

  it('only produce update bodies that follow spec 2.3', () => {
    for (const body of sample(timeEntryUpdate(REFS))) {
      expect(timeEntryUpdateSchema.safeParse(body).success, JSON.stringify(body)).toBe(true);
      expect(Object.keys(body).length).toBeGreaterThan(0);
    }
  });

  it.each([
    ['create', timeEntryCreateViolations, timeEntryCreateSchema],
    ['update', timeEntryUpdateViolations, timeEntryUpdateSchema],
  ] as const)('break a %s rule in every violation case', (_kind, make, schema) => {
    for (const violation of make(REFS)) {
      for (const body of sample(violation.bodies, 40)) {
        expect(schema.safeParse(body).success, `${violation.rule}: ${JSON.stringify(body)}`).toBe(false);
      }
    }
  });

  it('name each covered requirement once', () => {
    const create = timeEntryViolationRequirements('create');
    expect(new Set(create).size).toBe(create.length);
    expect(create).toContain('TE-HOURS-MIN-NON-TIMER');
    expect(timeEntryViolationRequirements('update')).not.toContain('TE-CREATE-REQUIRED');
  });
});

describe('batch generators', () => {
  it('only produce items that follow spec 4.10', () => {
    for (const item of sample(batchEntry(REFS))) expect(batchEntrySchema.safeParse(item).success, JSON.stringify(item)).toBe(true);
    for (const change of sample(batchChange(REFS))) {
      expect(batchUpdateSchema.safeParse({ id: REFS.taskIds[0], ...change }).success, JSON.stringify(change)).toBe(true);
    }
  });

  it('put the entries of one batch on days of their own, in the past', () => {
    for (const entries of sample(batchEntries(REFS, 5), 100)) {
      const dates = entries.map((e) => String(e['date']));
      expect(new Set(dates).size).toBe(dates.length);
      for (const date of dates) expect(date <= '2024-12-31').toBe(true);
    }
  });

  it('break an item rule in every item break', () => {
    for (const broken of ENTRY_ITEM_BREAKS) {
      for (const [item, value] of sample(fc.tuple(batchEntry(REFS), broken.value), 40)) {
        expect(batchEntrySchema.safeParse({ ...item, [broken.field]: value }).success, broken.rule).toBe(false);
      }
    }
    for (const broken of UPDATE_ITEM_BREAKS) {
      for (const value of sample(broken.value, 40)) {
        expect(batchUpdateSchema.safeParse({ id: REFS.taskIds[0], [broken.field]: value }).success, broken.rule).toBe(false);
      }
    }
  });
});

describe('date and time primitives', () => {
  it('real dates are real and impossible dates are not', () => {
    for (const d of sample(realDate())) expect(realDateSchema.safeParse(d).success, d).toBe(true);
    for (const d of sample(impossibleDate())) expect(realDateSchema.safeParse(d).success, d).toBe(false);
  });

  it('HH:MM times are valid and bad ones are not', () => {
    for (const v of sample(hhmm())) expect(hhmmSchema.safeParse(v).success, v).toBe(true);
    for (const v of sample(badHhmm())) expect(hhmmSchema.safeParse(v).success, v).toBe(false);
  });
});
