import fc from 'fast-check';
import { BATCH_MAX_ITEMS } from '../spec/time-entries.js';
import { amount, badHhmm, hhmm, hhmmss, impossibleDate, nonUuid, pastDate, tags, text, withRunTag } from './primitives.js';
import { clearOfUnstatedRules } from './entry-rules.js';
import { hoursBetween, type TimeEntryConstraints } from './time-entries.js';

/**
 * Spec 4.10 batch items. Valid hours stay within 0.25..24, where the batch table (0 to 24) and
 * part 8 (at least 0.25 for non-timer entries) agree; the disputed values are only observed.
 */
export function batchEntry(c: TimeEntryConstraints): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        taskId: fc.constantFrom(...c.taskIds),
        resourceId: fc.constantFrom(...c.resourceIds),
        date: pastDate(),
        hours: hoursBetween(0.25, 24),
        startTime: fc.oneof(hhmm(), hhmmss()),
        description: fc.option(text(60), { nil: null }),
        isBillable: fc.boolean(),
        billableRate: amount(1000),
        tags: tags(),
      },
      { requiredKeys: ['taskId', 'resourceId', 'date', 'hours'] },
    )
    .map((item) => withRunTag(clearOfUnstatedRules(item) as { tags?: string[] }, c.runTag));
}

/**
 * 1 to `max` valid entries, each on a day of its own: the spec sets no daily total, but a server
 * may cap a resource's day at 24 hours.
 */
export function batchEntries(c: TimeEntryConstraints, max = 5): fc.Arbitrary<Array<Record<string, unknown>>> {
  return fc.uniqueArray(batchEntry(c), { minLength: 1, maxLength: Math.min(max, BATCH_MAX_ITEMS), selector: (item) => item['date'] });
}

/** Spec 4.10 update item fields (without the id). */
export function batchChange(c: TimeEntryConstraints): fc.Arbitrary<Record<string, unknown>> {
  return fc
    .record(
      {
        taskId: fc.constantFrom(...c.taskIds),
        date: pastDate(),
        hours: hoursBetween(0.25, 24),
        startTime: fc.option(fc.oneof(hhmm(), hhmmss()), { nil: null }),
        description: fc.option(text(60), { nil: null }),
        isBillable: fc.boolean(),
        markedBilled: fc.boolean(),
        billableRate: fc.option(amount(1000), { nil: null }),
      },
      { requiredKeys: [] },
    )
    .filter((change) => Object.keys(change).length > 0)
    .map((change) => clearOfUnstatedRules(change));
}

/** One item rule of spec 4.10 broken: the field and a value no reading of the spec accepts. */
export interface ItemBreak {
  readonly rule: string;
  readonly field: string;
  readonly value: fc.Arbitrary<unknown>;
}

export const ENTRY_ITEM_BREAKS: readonly ItemBreak[] = [
  { rule: 'taskId not a UUID', field: 'taskId', value: nonUuid() },
  { rule: 'resourceId not a UUID', field: 'resourceId', value: nonUuid() },
  { rule: 'date not a real calendar date', field: 'date', value: impossibleDate() },
  { rule: 'hours above 24', field: 'hours', value: hoursBetween(24.01, 100) },
  { rule: 'hours negative', field: 'hours', value: hoursBetween(-24, -0.01) },
  { rule: 'startTime neither HH:MM nor HH:MM:SS', field: 'startTime', value: badHhmm() },
  { rule: 'billableRate negative', field: 'billableRate', value: amount(1000).map((a) => -a - 0.01) },
];

export const UPDATE_ITEM_BREAKS: readonly ItemBreak[] = [
  { rule: 'date not a real calendar date', field: 'date', value: impossibleDate() },
  { rule: 'hours above 24', field: 'hours', value: hoursBetween(24.01, 100) },
  { rule: 'hours negative', field: 'hours', value: hoursBetween(-24, -0.01) },
  { rule: 'startTime neither HH:MM nor HH:MM:SS', field: 'startTime', value: badHhmm() },
  { rule: 'billableRate negative', field: 'billableRate', value: amount(1000).map((a) => -a - 0.01) },
  { rule: 'taskId not a UUID', field: 'taskId', value: nonUuid() },
];
