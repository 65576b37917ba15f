import fc from 'fast-check';
import { ENTRY_SOURCES, type TimeEntryCreate, type TimeEntryUpdate } from '../spec/time-entries.js';
import { amount, badHhmm, hhmm, impossibleDate, nonUuid, pastDate, tags, text, withRunTag } from './primitives.js';
import { missing, nulled, requirementsOf, violations, type Breaker, type ViolationCase } from './violations.js';
import type { RequirementId } from '../spec/requirements.js';
import { clearOfUnstatedRules } from './entry-rules.js';

export interface TimeEntryConstraints {
  /** Tasks and resources that exist (random UUIDs would dangle, and a server may refuse them). */
  readonly taskIds: readonly string[];
  readonly resourceIds: readonly string[];
  readonly runTag?: string;
}

/**
 * Hours in multiples of 0.05 (3 minutes) within inclusive bounds. A server may keep hours in
 * hundredths, in whole minutes or in seconds (the spec does not say): a multiple of 0.05 is exact
 * in all three, so it comes back as sent (and k / 20 is the same double however it is computed).
 */
export function hoursBetween(min: number, max: number): fc.Arbitrary<number> {
  return fc.integer({ min: Math.ceil(min * 20 - 1e-9), max: Math.floor(max * 20 + 1e-9) }).map((k) => k / 20);
}

function references(c: TimeEntryConstraints) {
  return { taskId: fc.constantFrom(...c.taskIds), resourceId: fc.constantFrom(...c.resourceIds) };
}

function optionalCreateFields() {
  return {
    durationSeconds: fc.integer({ min: 1, max: 86_400 }),
    startTime: hhmm(),
    description: fc.option(text(80), { nil: null }),
    isBillable: fc.boolean(),
    billableRate: amount(1000),
    tags: tags(),
  };
}

/**
 * Spec 2.3 create. Hours follow the cross-field rule: a `timer` entry may log any hours in
 * (0, 24]; every other source (absent means `manual`) at least 0.25.
 */
export function timeEntryCreate(c: TimeEntryConstraints, options: { full?: boolean } = {}): fc.Arbitrary<TimeEntryCreate> {
  const source = fc.option(fc.constantFrom(...ENTRY_SOURCES), { nil: undefined, freq: 3 });
  return source
    .chain((entrySource) =>
      fc.record(
        {
          ...references(c),
          date: pastDate(),
          hours: entrySource === 'timer' ? hoursBetween(0.01, 24) : hoursBetween(0.25, 24),
          ...(entrySource === undefined ? {} : { entrySource: fc.constant(entrySource) }),
          ...optionalCreateFields(),
        },
        // the chosen source decides the hours range, so it must stay in the body
        options.full ? {} : { requiredKeys: ['taskId', 'resourceId', 'date', 'hours', ...(entrySource === undefined ? [] : ['entrySource' as const])] },
      ),
    )
    .map((body) => withRunTag(clearOfUnstatedRules(body) as TimeEntryCreate, c.runTag));
}

/** Spec 2.3 update: hours 0.25 to 24 whatever the source; nullable fields may be null. */
export function timeEntryUpdate(c: TimeEntryConstraints): fc.Arbitrary<TimeEntryUpdate> {
  return fc
    .record(
      {
        ...references(c),
        date: pastDate(),
        hours: hoursBetween(0.25, 24),
        durationSeconds: fc.integer({ min: 1, max: 86_400 }),
        startTime: fc.option(hhmm(), { nil: null, freq: 4 }),
        description: fc.option(text(80), { nil: null, freq: 4 }),
        isBillable: fc.boolean(),
        billableRate: fc.option(amount(1000), { nil: null, freq: 4 }),
        markedBilled: fc.boolean(),
        tags: tags(),
      },
      { requiredKeys: [] },
    )
    .filter((body) => Object.keys(body).length > 0)
    .map((body) => clearOfUnstatedRules(body))
    .map((body) => (body.tags === undefined ? body : withRunTag(body, c.runTag)));
}

const wrongTypes = (requirementId: RequirementId): Breaker[] => [
  { rule: 'hours not a number', requirementId, field: 'hours', value: fc.constantFrom('8', 'eight', true) },
  { rule: 'isBillable not a boolean', requirementId, field: 'isBillable', value: fc.constantFrom('true', 1, 'yes') },
  { rule: 'description not a string', requirementId, field: 'description', value: fc.oneof(fc.integer(), fc.constant({})) },
  { rule: 'tags not an array of strings', requirementId, field: 'tags', value: fc.constantFrom('a,b', [1, 2]) },
  { rule: 'billableRate not a number', requirementId, field: 'billableRate', value: fc.constantFrom('10', 'ten') },
];

/** Rules both create and update state the same way (spec 2.3). */
const SHARED_BREAKERS: readonly Breaker[] = [
  { rule: 'taskId not a UUID', requirementId: 'TE-IDS-UUID', field: 'taskId', value: nonUuid() },
  { rule: 'resourceId not a UUID', requirementId: 'TE-IDS-UUID', field: 'resourceId', value: nonUuid() },
  { rule: 'date not a real calendar date', requirementId: 'TE-DATE-REAL', field: 'date', value: impossibleDate() },
  { rule: 'durationSeconds 0 or negative', requirementId: 'TE-DURATION-RANGE', field: 'durationSeconds', value: fc.integer({ min: -86_400, max: 0 }) },
  { rule: 'durationSeconds above 86400', requirementId: 'TE-DURATION-RANGE', field: 'durationSeconds', value: fc.integer({ min: 86_401, max: 10_000_000 }) },
  {
    rule: 'durationSeconds not an integer',
    requirementId: 'TE-DURATION-RANGE',
    field: 'durationSeconds',
    value: fc.integer({ min: 1, max: 86_399 }).map((n) => n + 0.5),
  },
  { rule: 'startTime not HH:MM', requirementId: 'TE-START-TIME-FORMAT', field: 'startTime', value: badHhmm() },
  ...wrongTypes('TE-FIELD-TYPES'),
];

/** The manual-source base for create violations: hours >= 0.25, so only the broken rule fails. */
function manualBase(c: TimeEntryConstraints): fc.Arbitrary<Record<string, unknown>> {
  return timeEntryCreate(c).map((body) => {
    const { entrySource: _ignored, ...rest } = body;
    return { ...rest, hours: Math.max(rest.hours, 0.25) };
  });
}

const CREATE_BREAKERS: readonly Breaker[] = [
  ...['taskId', 'resourceId', 'date', 'hours'].map((field) => missing(field, 'TE-CREATE-REQUIRED')),
  { rule: 'hours above 24', requirementId: 'TE-HOURS-CREATE-RANGE', field: 'hours', value: hoursBetween(24.01, 100) },
  {
    rule: 'entrySource outside the enum',
    requirementId: 'TE-ENTRY-SOURCE-ENUM',
    field: 'entrySource',
    value: fc.constantFrom('auto', 'import', 'timers', ''),
  },
  // spec 2.3 cross-field rule: absent entrySource means manual
  { rule: 'manual entry below 0.25 hours', requirementId: 'TE-HOURS-MIN-NON-TIMER', field: 'hours', value: hoursBetween(0.01, 0.24) },
  ...SHARED_BREAKERS,
  nulled('hours', 'TE-FIELD-TYPES'),
  nulled('date', 'TE-FIELD-TYPES'),
];

/** Create bodies that each break exactly one rule of spec 2.3. */
export function timeEntryCreateViolations(c: TimeEntryConstraints): ViolationCase[] {
  const timerBase = timeEntryCreate(c).map((body) => ({ ...body, entrySource: 'timer' }));
  return [
    ...violations(manualBase(c), CREATE_BREAKERS),
    // hours <= 0 breaks "> 0" alone only on a timer entry (a manual one also breaks the 0.25 minimum)
    ...violations(timerBase, [
      { rule: 'timer entry with hours 0 or negative', requirementId: 'TE-HOURS-CREATE-RANGE', field: 'hours', value: hoursBetween(-24, 0) },
    ]),
  ];
}

const UPDATE_BREAKERS: readonly Breaker[] = [
  { rule: 'hours below 0.25', requirementId: 'TE-UPDATE-HOURS-RANGE', field: 'hours', value: hoursBetween(-24, 0.24) },
  { rule: 'hours above 24', requirementId: 'TE-UPDATE-HOURS-RANGE', field: 'hours', value: hoursBetween(24.01, 100) },
  ...SHARED_BREAKERS,
  ...['taskId', 'resourceId', 'date', 'hours', 'isBillable', 'markedBilled', 'tags'].map((field) => nulled(field, 'TE-FIELD-TYPES')),
  { rule: 'markedBilled not a boolean', requirementId: 'TE-FIELD-TYPES', field: 'markedBilled', value: fc.constantFrom('true', 1) },
];

/** Update bodies that each break exactly one rule of spec 2.3. */
export function timeEntryUpdateViolations(c: TimeEntryConstraints): ViolationCase[] {
  return violations(timeEntryUpdate(c), UPDATE_BREAKERS);
}

export function timeEntryViolationRequirements(kind: 'create' | 'update'): RequirementId[] {
  return requirementsOf(kind === 'create' ? CREATE_BREAKERS : UPDATE_BREAKERS);
}
