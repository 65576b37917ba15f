import { AUTH_POLICY, type AuthPolicy } from '../auth.faults.js';
import { BODY_POLICY, type BodyPolicy } from '../body.faults.js';
import { LISTS_POLICY, type ListsPolicy } from '../lists.faults.js';
import { RATE_LIMIT_POLICY, type RateLimitPolicy } from '../rate-limit.faults.js';
import { RESPONSES_POLICY, type ResponsesPolicy } from '../responses.faults.js';
import { ALLOCATIONS_POLICY, type AllocationsPolicy } from '../routes/allocations.faults.js';
import { BATCH_POLICY, type BatchPolicy } from '../routes/batch.faults.js';
import { CONTACTS_POLICY, type ContactsPolicy } from '../routes/contacts.faults.js';
import { EXPENSES_POLICY, type ExpensesPolicy } from '../routes/expenses.faults.js';
import { MILESTONES_POLICY, type MilestonesPolicy } from '../routes/milestones.faults.js';
import { PROJECTS_POLICY, type ProjectsPolicy } from '../routes/projects.faults.js';
import { RATES_POLICY, type RatesPolicy } from '../routes/rates.faults.js';
import { REPORTS_POLICY, type ReportsPolicy } from '../routes/reports.faults.js';
import { RESOURCES_POLICY, type ResourcesPolicy } from '../routes/resources.faults.js';
import { TASKS_POLICY, type TasksPolicy } from '../routes/tasks.faults.js';
import { TIME_ENTRIES_POLICY, type TimeEntriesPolicy } from '../routes/time-entries.faults.js';
import { WEBHOOKS_POLICY, type WebhooksPolicy } from '../routes/webhooks.faults.js';
import { DELIVERIES_POLICY, type DeliveriesPolicy } from '../webhooks/delivery.faults.js';
import { mergePatch, type PolicyPatch } from './patch.js';

/**
 * Every behaviour of the reference server that a fault or a variant may change, one slot per
 * domain, each declared in that domain's `*.faults.ts` beside its routes. A route plugin gets its
 * slot and reads it; it never asks which fault or variant is switched on.
 */
export interface Policy {
  readonly auth: AuthPolicy;
  readonly body: BodyPolicy;
  readonly lists: ListsPolicy;
  readonly rateLimit: RateLimitPolicy;
  readonly responses: ResponsesPolicy;
  readonly contacts: ContactsPolicy;
  readonly resources: ResourcesPolicy;
  readonly rates: RatesPolicy;
  readonly allocations: AllocationsPolicy;
  readonly projects: ProjectsPolicy;
  readonly tasks: TasksPolicy;
  readonly milestones: MilestonesPolicy;
  readonly timeEntries: TimeEntriesPolicy;
  readonly batch: BatchPolicy;
  readonly expenses: ExpensesPolicy;
  readonly reports: ReportsPolicy;
  readonly webhooks: WebhooksPolicy;
  readonly deliveries: DeliveriesPolicy;
}

/** The spec's behaviour: the policy of a server with no fault and no variant. */
export const DEFAULT_POLICY: Policy = {
  auth: AUTH_POLICY,
  body: BODY_POLICY,
  lists: LISTS_POLICY,
  rateLimit: RATE_LIMIT_POLICY,
  responses: RESPONSES_POLICY,
  contacts: CONTACTS_POLICY,
  resources: RESOURCES_POLICY,
  rates: RATES_POLICY,
  allocations: ALLOCATIONS_POLICY,
  projects: PROJECTS_POLICY,
  tasks: TASKS_POLICY,
  milestones: MILESTONES_POLICY,
  timeEntries: TIME_ENTRIES_POLICY,
  batch: BATCH_POLICY,
  expenses: EXPENSES_POLICY,
  reports: REPORTS_POLICY,
  webhooks: WEBHOOKS_POLICY,
  deliveries: DELIVERIES_POLICY,
};

/** The default policy with each patch merged in, in order. */
export function buildPolicy(patches: Iterable<PolicyPatch<Policy> | undefined>): Policy {
  let policy = DEFAULT_POLICY;
  for (const patch of patches) policy = mergePatch(policy, patch);
  return policy;
}
