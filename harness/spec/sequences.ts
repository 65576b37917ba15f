import type { SEQUENCE_RECORDS } from './records/sequences.js';

/** The ids of the exploration's state rules (their records: records/sequences.ts). */
export type SequenceRequirementId = keyof typeof SEQUENCE_RECORDS;
