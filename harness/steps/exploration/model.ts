import { CheckFailure } from '../../check/outcomes.js';
import { mismatch } from '../compare.js';
import type { SequenceRequirementId } from '../../spec/sequences.js';
import type { Org } from './log.js';

/*
 * The model of the spec's state for one sequence: every record the sequence made, with the values
 * the spec says it holds after each accepted operation. It never guesses where the spec is
 * silent: a value the sequence did not write (a default, the status an action leaves, what a
 * soft delete leaves) is unknown until a read shows it, and from then on only consistency with
 * what the server chose is asked.
 */

export type DomainName = 'contacts' | 'time-entries' | 'expenses' | 'resources' | 'tasks' | 'milestones' | 'allocations' | 'rates';

export type RecordState =
  /** Created and not deleted. */
  | 'live'
  /** Deleted (spec 2: contacts, expenses, time entries): never read or listed again. */
  | 'deleted'
  /** Soft-deleted (spec 2, 4.4: resources): what it leaves is learned, then held to. */
  | 'soft-deleted'
  /** No longer judged: a soft-deleted record whose isActive was written again (reactivation is the server's reading). */
  | 'unjudged';

export interface ModelRecord {
  readonly domain: DomainName;
  readonly id: string;
  /** `contact C2`: how messages name it (the variable the script binds its id to). */
  readonly label: string;
  /** The organisation whose key created it. */
  readonly org: Org;
  state: RecordState;
  /** What the spec says it holds: the fields written, as last accepted. */
  fields: Record<string, unknown>;
  /** Values the server chose where the spec is silent, learned from a read: held to until a write names them. */
  learned: Record<string, unknown>;
  /** Fields to learn at the next read (a default left out of the create, a state an action left). */
  toLearn: Set<string>;
  /** Fields learned after a soft delete: a change of one is SEQ-SOFT-DELETE-STAYS, not a plain read-after-write. */
  learnedAfterDelete: Set<string>;
  /** After a soft delete: whether a read by id still finds it (learned at the first read). */
  softRead?: 'found' | 'refused' | undefined;
  /** After a soft delete: whether each list shape (`isActive=true`, the list without isActive, ...) shows it. */
  softListed: Map<string, boolean>;
}

export type Known = { readonly known: true; readonly value: unknown } | { readonly known: false };

/** A failure of one state rule, with the request that showed it. */
export class RuleBroken extends CheckFailure {
  readonly rule: SequenceRequirementId;
  constructor(rule: SequenceRequirementId, message: string, exchange: CheckFailure['exchange'] = null) {
    super(message, exchange);
    this.rule = rule;
  }
}

/** The value the model expects a field to hold, if it knows one. */
export function expectedValue(record: ModelRecord, field: string): Known {
  if (Object.hasOwn(record.fields, field)) return { known: true, value: record.fields[field] };
  if (Object.hasOwn(record.learned, field)) return { known: true, value: record.learned[field] };
  return { known: false };
}

/** An accepted write of `body`: written fields take its values; fields it decides as a side effect are forgotten. */
export function applyWrite(record: ModelRecord, body: Record<string, unknown>, linked: ReadonlyArray<readonly [readonly string[], readonly string[]]>): void {
  for (const [field, value] of Object.entries(body)) {
    record.fields[field] = value;
    delete record.learned[field];
    record.toLearn.delete(field);
    record.learnedAfterDelete.delete(field);
  }
  for (const [inputs, decided] of linked) {
    if (!inputs.some((input) => Object.hasOwn(body, input))) continue;
    for (const field of decided) {
      if (Object.hasOwn(body, field)) continue;
      forget(record, field);
    }
  }
}

/** The field's value is the server's to decide now (an action, a soft delete): learn it from the next read. */
export function forget(record: ModelRecord, field: string): void {
  delete record.fields[field];
  delete record.learned[field];
  record.toLearn.add(field);
}

/**
 * Judges a record as a read (or a write's answer) shows it: every field the model knows and the
 * answer carries must hold the model's value (spec 2: response fields are not shown, so a field
 * the answer leaves out is not judged); then the fields still to learn are learned from it.
 */
export function judgeRecord(record: ModelRecord, shown: Record<string, unknown>, what: string): void {
  const fields = new Set([...Object.keys(record.fields), ...Object.keys(record.learned)]);
  for (const field of fields) {
    if (!Object.hasOwn(shown, field)) continue;
    const expected = expectedValue(record, field);
    if (!expected.known) continue;
    const problem = mismatch(shown, { [field]: expected.value });
    if (problem === undefined) continue;
    const afterDelete = record.learnedAfterDelete.has(field);
    const source = Object.hasOwn(record.fields, field)
      ? 'the value last written'
      : afterDelete
        ? 'what the soft delete left (learned)'
        : 'the value the server chose before (learned)';
    throw new RuleBroken(
      afterDelete ? 'SEQ-SOFT-DELETE-STAYS' : 'SEQ-READ-AFTER-WRITE',
      `${what} shows ${record.label} with ${field} ${JSON.stringify(shown[field])}; the model holds ${JSON.stringify(expected.value)}, ${source} (${problem})`,
    );
  }
  learn(record, shown);
}

function learn(record: ModelRecord, shown: Record<string, unknown>): void {
  for (const field of [...record.toLearn]) {
    if (!Object.hasOwn(shown, field)) continue;
    record.learned[field] = shown[field];
    record.toLearn.delete(field);
    if (record.state === 'soft-deleted') record.learnedAfterDelete.add(field);
  }
}

/** One condition of a list query on a record's value (spec 4.1 to 4.4). */
export interface Condition {
  readonly field: string;
  /** `has`: an array field holds the listed strings (a tags filter). */
  readonly op: 'eq' | 'from' | 'to' | 'has';
  readonly value: unknown;
  /** With `from` or `to`: the record spans `field` to `until` (an allocation's startDate to endDate). */
  readonly until?: string;
}

const sameId = (a: unknown, b: unknown): boolean => typeof a === 'string' && typeof b === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * Whether the record's current values meet a condition: true, false, or undefined when the model
 * does not know (a value never written, or a date on the boundary, where the spec does not say
 * whether dateFrom and dateTo include it).
 */
export function meets(record: ModelRecord, condition: Condition): boolean | undefined {
  const expected = expectedValue(record, condition.field);
  if (!expected.known) return undefined;
  const value = expected.value;
  if (condition.op === 'has') return meetsTags(value, condition.value);
  if (condition.until !== undefined) return meetsSpan(record, condition);
  if (condition.op === 'eq') {
    if (typeof condition.value === 'boolean') return typeof value === 'boolean' ? value === condition.value : undefined;
    if (value === null || value === undefined) return false;
    return value === condition.value || sameId(value, condition.value);
  }
  if (typeof value !== 'string' || typeof condition.value !== 'string') return undefined;
  const day = value.slice(0, 10);
  if (day === condition.value) return undefined;
  return condition.op === 'from' ? day > condition.value : day < condition.value;
}

/**
 * A tags filter of several tags (spec 4.5: "one string, comma-separated, split into a list"):
 * whether a record must carry all of them or any is not stated, so only a record carrying all
 * (listed under both readings) or none (listed under neither) is decided.
 */
function meetsTags(value: unknown, wanted: unknown): boolean | undefined {
  if (!Array.isArray(value) || !Array.isArray(wanted)) return undefined;
  const held = wanted.filter((tag) => value.includes(tag)).length;
  return held === wanted.length ? true : held === 0 ? false : undefined;
}

/**
 * A date filter on a record that spans two dates (spec 4.6: allocations): whether the filter
 * asks for overlap or containment, and whether its bounds are inclusive, is not stated. Decided
 * only where every reading agrees: a span entirely past the bound (listed) or entirely before
 * it (left out), the bound day itself excluded.
 */
function meetsSpan(record: ModelRecord, condition: Condition): boolean | undefined {
  const start = expectedValue(record, condition.field);
  const end = expectedValue(record, condition.until!);
  if (!start.known || !end.known || typeof start.value !== 'string' || typeof end.value !== 'string' || typeof condition.value !== 'string') return undefined;
  const [first, last, bound] = [start.value.slice(0, 10), end.value.slice(0, 10), condition.value];
  if (condition.op === 'from') return first > bound ? true : last < bound ? false : undefined;
  return last < bound ? true : first > bound ? false : undefined;
}
