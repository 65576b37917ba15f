import { z } from 'zod';
import { InternalError } from '../errors.js';
import { allocationCreateSchema, allocationUpdateSchema } from '../spec/allocations.js';
import { contactCreateSchema, contactUpdateSchema } from '../spec/contacts.js';
import { ENDPOINTS, endpointKey, type Endpoint } from '../spec/endpoints.js';
import { expenseCreateSchema, expenseRejectSchema, expenseUpdateSchema } from '../spec/expenses.js';
import { milestoneCompleteSchema, milestoneCreateSchema, milestoneUpdateSchema } from '../spec/milestones.js';
import { rateCreateSchema, rateUpdateSchema, rateVersionCreateSchema } from '../spec/rates.js';
import { reportExecuteSchema } from '../spec/reports.js';
import { resourceCreateSchema, resourceUpdateSchema } from '../spec/resources.js';
import { taskCreateSchema, taskUpdateSchema } from '../spec/tasks.js';
import { BATCH_MAX_ITEMS, batchEntrySchema, batchUpdateSchema, timeEntryCreateSchema, timeEntryUpdateSchema } from '../spec/time-entries.js';
import { subscriptionCreateSchema, subscriptionUpdateSchema } from '../spec/webhooks.js';

/*
 * What each documented endpoint (harness/spec/endpoints.ts) takes and answers, as spec 4 states it.
 * The bodies are the suite's own zod schemas, the very ones its generators are tested against: a
 * change to a field rule there changes the document.
 */

/**
 * What a success carries (spec 4 common rules), and no more:
 * - `list`: 200, the records in a `data` array and paging in `pagination`;
 * - `record`: the record in `data` (its fields beyond the request's are not shown);
 * - `data`: a result in `data`, its shape not shown;
 * - `unstated`: 200, the spec shows no body;
 * - `empty`: 204 without a body.
 */
export type Answer = 'list' | 'record' | 'data' | 'unstated' | 'empty';

export interface Operation {
  readonly endpoint: Endpoint;
  readonly status: 200 | 201 | 204;
  readonly answer: Answer;
  readonly summary: string;
  /** The request body's schema; absent: the operation takes none (spec 4: "No body"). */
  readonly body?: z.ZodType;
  /** The body may be left out entirely (every field of it is optional and the spec calls it optional). */
  readonly bodyOptional?: boolean;
  /** More the spec says about it (admin key, the signing secret). */
  readonly note?: string;
}

const ADMIN = 'Requires an admin key (spec 4.11, 5.5).';

/** Spec 4.10: each batch body holds 1 to 100 items. */
const batch = <T extends z.ZodType>(name: string, item: T) => z.object({ [name]: z.array(item).min(1).max(BATCH_MAX_ITEMS) });

/** Method and path → what is special about it; the rest follows from spec 4's common rules. */
const SPECIAL: Readonly<Record<string, Omit<Operation, 'endpoint'>>> = {
  'POST /expenses/{id}/approve': { status: 200, answer: 'unstated', summary: 'Approve an expense (no body; answers 200 with the expense)' },
  'POST /expenses/{id}/reject': {
    status: 200,
    answer: 'unstated',
    summary: 'Reject an expense',
    body: expenseRejectSchema,
    bodyOptional: true,
  },
  'GET /rates/{id}/versions': { status: 200, answer: 'data', summary: 'List all versions of a rate (result in data)' },
  'POST /rates/{id}/versions': { status: 201, answer: 'record', summary: 'Create a rate version (changes the amount)', body: rateVersionCreateSchema },
  'POST /milestones/{id}/complete': {
    status: 200,
    answer: 'unstated',
    summary: 'Complete a milestone',
    body: milestoneCompleteSchema,
    bodyOptional: true,
  },
  'POST /reports/{id}/execute': { status: 200, answer: 'data', summary: 'Execute a report (results in data)', body: reportExecuteSchema },
  'GET /reports/categories': { status: 200, answer: 'unstated', summary: 'List report categories' },
  'POST /batch/time-entries': { status: 200, answer: 'data', summary: 'Create 1 to 100 time entries', body: batch('entries', batchEntrySchema) },
  'PATCH /batch/time-entries': { status: 200, answer: 'data', summary: 'Update 1 to 100 time entries', body: batch('updates', batchUpdateSchema) },
  'DELETE /batch/time-entries': { status: 200, answer: 'data', summary: 'Delete 1 to 100 time entries', body: batch('ids', z.uuid()) },
  'GET /webhooks/{id}/deliveries': { status: 200, answer: 'list', summary: 'List the delivery attempts of a subscription' },
  'POST /webhooks/{id}/rotate-secret': { status: 200, answer: 'data', summary: 'Replace the signing secret (no body; result in data)' },
  'POST /webhooks/{id}/test': { status: 200, answer: 'unstated', summary: 'Send a test event to the subscription (no body)' },
  'GET /webhooks/events': { status: 200, answer: 'unstated', summary: 'List the event types (the names of spec 6.1)' },
  'GET /projects': { status: 200, answer: 'list', summary: "List the projects of the key's organisation" },
};

/** Create and update bodies by collection (spec 2). */
const RECORD_BODIES: Readonly<Record<string, { readonly name: string; readonly create?: z.ZodType; readonly update?: z.ZodType }>> = {
  '/contacts': { name: 'contact', create: contactCreateSchema, update: contactUpdateSchema },
  '/expenses': { name: 'expense', create: expenseCreateSchema, update: expenseUpdateSchema },
  '/time-entries': { name: 'time entry', create: timeEntryCreateSchema, update: timeEntryUpdateSchema },
  '/resources': { name: 'resource', create: resourceCreateSchema, update: resourceUpdateSchema },
  '/rates': { name: 'rate', create: rateCreateSchema, update: rateUpdateSchema },
  '/allocations': { name: 'allocation', create: allocationCreateSchema, update: allocationUpdateSchema },
  '/tasks': { name: 'task', create: taskCreateSchema, update: taskUpdateSchema },
  '/milestones': { name: 'milestone', create: milestoneCreateSchema, update: milestoneUpdateSchema },
  '/reports': { name: 'report definition' },
  '/webhooks': { name: 'webhook subscription', create: subscriptionCreateSchema, update: subscriptionUpdateSchema },
};

const SECRET_NOTE = 'The record carries a signing secret starting with `whsec_` (spec 2.10; the field that holds it is not named).';

/** Spec 4 common rules: list, create, get, update, delete of a collection. */
function common(endpoint: Endpoint): Omit<Operation, 'endpoint'> {
  const byId = endpoint.path.endsWith('/{id}');
  const collection = byId ? endpoint.path.slice(0, -'/{id}'.length) : endpoint.path;
  const record = RECORD_BODIES[collection];
  if (record === undefined) throw new InternalError(`harness/openapi: no rule for ${endpointKey(endpoint)}`);
  const admin = collection === '/webhooks' && endpoint.method !== 'GET' ? { note: ADMIN } : {};
  switch (endpoint.method) {
    case 'GET':
      return byId
        ? { status: 200, answer: 'record', summary: `Get one ${record.name}`, ...(collection === '/webhooks' ? { note: SECRET_NOTE } : {}) }
        : { status: 200, answer: 'list', summary: `List ${record.name}s` };
    case 'POST':
      return {
        status: 201,
        answer: 'record',
        summary: `Create a ${record.name}`,
        ...(record.create ? { body: record.create } : {}),
        ...(collection === '/webhooks' ? { note: `${ADMIN} ${SECRET_NOTE}` } : {}),
      };
    case 'PATCH':
      return {
        status: 200,
        answer: 'record',
        summary: `Update a ${record.name} (omitted fields stay unchanged)`,
        ...(record.update ? { body: record.update } : {}),
        ...admin,
      };
    case 'DELETE':
      return { status: 204, answer: 'empty', summary: `Delete a ${record.name}`, ...admin };
  }
}

/** Every documented endpoint with what it takes and answers, in the order of spec 4. */
export const OPERATIONS: readonly Operation[] = ENDPOINTS.map((endpoint) => ({ endpoint, ...(SPECIAL[endpointKey(endpoint)] ?? common(endpoint)) }));

/** `GET /contacts/{id}` → `getContactsById`; `POST /webhooks/{id}/rotate-secret` → `postWebhooksByIdRotateSecret`. */
export function operationId(endpoint: Pick<Endpoint, 'method' | 'path'>): string {
  const words = endpoint.path
    .split('/')
    .filter((s) => s !== '')
    .flatMap((s) => (s === '{id}' ? ['by', 'id'] : s.split('-')));
  return endpoint.method.toLowerCase() + words.map((w) => w[0]!.toUpperCase() + w.slice(1)).join('');
}
