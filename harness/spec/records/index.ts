import { ALLOCATION_RECORDS } from './allocations.js';
import { AUTH_RECORDS } from './auth.js';
import { BATCH_RECORDS } from './batch.js';
import { COMMON_RECORDS } from './common.js';
import { CONTACT_RECORDS } from './contacts.js';
import { EXPENSE_RECORDS } from './expenses.js';
import { INVALID_INPUT_RECORDS } from './invalid-input.js';
import { MILESTONE_RECORDS } from './milestones.js';
import { NOT_ACCEPTED_RECORDS } from './not-accepted.js';
import { PAGING_RECORDS } from './paging.js';
import { RATE_LIMIT_RECORDS } from './rate-limit.js';
import { RATE_RECORDS } from './rates.js';
import { joinRecords, type RequirementRecord } from './record.js';
import { REPORT_RECORDS } from './reports.js';
import { RESOURCE_RECORDS } from './resources.js';
import { SECURITY_RECORDS } from './security.js';
import { SEQUENCE_RECORDS } from './sequences.js';
import { TASK_RECORDS } from './tasks.js';
import { TIME_ENTRY_RECORDS } from './time-entries.js';
import { TRANSITION_RECORDS } from './transitions.js';
import { WEBHOOK_RECORDS } from './webhooks.js';

/*
 * Every record file, in the catalogue's order: reports, snapshots and generated documents list
 * requirements in this order, so a new file goes where its ids belong (usually at the end) and
 * the files already here keep their place. Adding a domain: its file, its import, its line here.
 */
const FILES = [
  COMMON_RECORDS,
  INVALID_INPUT_RECORDS,
  PAGING_RECORDS,
  AUTH_RECORDS,
  CONTACT_RECORDS,
  NOT_ACCEPTED_RECORDS,
  TRANSITION_RECORDS,
  TIME_ENTRY_RECORDS,
  BATCH_RECORDS,
  EXPENSE_RECORDS,
  RATE_RECORDS,
  RESOURCE_RECORDS,
  ALLOCATION_RECORDS,
  TASK_RECORDS,
  MILESTONE_RECORDS,
  REPORT_RECORDS,
  SECURITY_RECORDS,
  WEBHOOK_RECORDS,
  RATE_LIMIT_RECORDS,
  SEQUENCE_RECORDS,
] as const;

/** Each file's records as one object type: their ids are the catalogue's `RequirementId`. */
type Joined<T> = (T extends unknown ? (all: T) => void : never) extends (all: infer U) => void ? U : never;

/** Every requirement's record, by id, in the catalogue's order. */
export const RECORDS = joinRecords(FILES) as { readonly [Id in keyof Joined<(typeof FILES)[number]>]: RequirementRecord };
