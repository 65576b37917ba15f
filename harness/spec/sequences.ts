import type { Level } from '../report/model.js';

/*
 * The state rules the exploration (suites/sequences.test.ts) judges: what must hold after any
 * sequence of operations, not after one written scenario. Each is derived from spec text that
 * already binds a single operation (omitted fields stay unchanged, a delete removes, a list
 * holds the matching records and their total, data is scoped to the key's organisation); a
 * sequence only asks that it keeps holding whatever ran before. Where the spec is silent (what
 * a soft delete leaves, which status an action leaves) the exploration observes the server's
 * choice and asks only that it stays consistent.
 */

interface SequenceRequirement {
  readonly level: Level;
  readonly section: string;
  readonly area: 'sequences';
  readonly statement: string;
}

const seq = (level: Level, section: string, statement: string): SequenceRequirement => ({ level, section, area: 'sequences', statement });

export const SEQUENCE_REQUIREMENTS = {
  'SEQ-READ-AFTER-WRITE': seq(
    'MUST',
    '2, 4',
    'In any sequence of operations, a read by id (and every write answer) shows each field the sequence wrote with the value last accepted: omitted fields unchanged, null cleared, a refused write changing nothing, a state an action left (observed) kept until the next write.',
  ),
  'SEQ-LIST-AFTER-WRITE': seq(
    'MUST',
    '4, 4.1, 4.2, 4.3, 4.4, 4.7',
    'In any sequence, each list filter the spec defines (booleans, enums, references, dates) lists the live records whose current values match it and leaves out those whose current values do not.',
  ),
  'SEQ-SEARCH-AFTER-WRITE': seq(
    'SHOULD',
    '4.1, 4.4, 4.7',
    '`search` with the current name of a record finds it, after renames too (matching rules not shown).',
  ),
  'SEQ-TOTAL-AFTER-WRITE': seq(
    'MUST',
    '4',
    'The paging total of a list scoped to records the sequence made counts its live matching records, after creates, changes and deletes alike.',
  ),
  'SEQ-DELETE-GONE': seq(
    'MUST',
    '2, 4',
    'A deleted contact, expense or time entry is never read, updated, approved or rejected (2xx) or listed again, whatever follows in the sequence.',
  ),
  'SEQ-SOFT-DELETE-STAYS': seq(
    'MUST',
    '2, 3.5, 4.4, 4.7',
    'A soft-deleted resource or task stays as its deletion left it (its read, its isActive, its place in lists: observed) through later updates that do not set isActive.',
  ),
  'SEQ-ISOLATION': seq(
    'MUST',
    '1, 5.4',
    "Requests with another organisation's key interleaved in a sequence never read, list, change or delete its records, and that organisation's writes never show in its lists or totals.",
  ),
} as const satisfies Record<string, SequenceRequirement>;

export type SequenceRequirementId = keyof typeof SEQUENCE_REQUIREMENTS;
