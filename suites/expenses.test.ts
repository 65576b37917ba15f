import { randomUUID } from 'node:crypto';
import { describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { inputClassChecks } from '../harness/crosscutting/input-classes.js';
import { inputTargets } from '../harness/steps/input-targets.js';
import { dataRecord, ensure, expectNot2xx, expectStatus, fail, isClass } from '../harness/check/expect.js';
import { booleanFilterChecks } from '../harness/crosscutting/boolean-filter.js';
import { crudChecks } from '../harness/crosscutting/crud.js';
import { lifecycleChecks } from '../harness/crosscutting/lifecycle.js';
import { pagingChecks } from '../harness/crosscutting/paging.js';
import { expectInvalid, invalidBodyChecks, validationConsistencyCheck } from '../harness/crosscutting/validation.js';
import {
  EXPENSE_STATE_FIELDS,
  expenseCreate,
  expenseCreateViolations,
  expenseEditable,
  expenseUpdate,
  expenseUpdateViolations,
  expenseViolationRequirements,
} from '../harness/generators/expenses.js';
import type { ApiResponse } from '../harness/http/client.js';
import { EXPENSE_NULLABLE_FIELDS, EXPENSE_STATUSES, EXPENSE_TYPES } from '../harness/spec/expenses.js';
import { once } from '../harness/check/once.js';
import { mapLimit } from '../harness/check/concurrency.js';
import {
  createExpense,
  createExpenseFilterFixture,
  createSupplier,
  expenseReferences,
  expenseRuleFree,
  expenseTask,
  optionalResource,
  expensesCollection,
  split,
} from '../harness/steps/expenses.js';
import { expectFields } from '../harness/steps/compare.js';
import { findValuePaths, pathShape } from '../harness/steps/find-value.js';
import { expectFiltered, firstWithOther } from '../harness/steps/lists.js';
import { createResource } from '../harness/steps/prerequisites.js';
import { expectTransition } from '../harness/steps/transitions.js';
import { uniqueToken } from '../harness/steps/unique-token.js';

/** Expenses (spec 2.2, 3.1, 4.2): every field rule both ways, approve and reject, filters, the lifecycle. */
const check = checker('expenses');

/** Ids that exist, so generated references never dangle (created once per file). */
const references = once(expenseReferences);
const filterFixture = once(createExpenseFilterFixture);

/** The status a record shows, for observations (the spec does not show response fields). */
function statusOf(record: Record<string, unknown>): string {
  return typeof record['status'] === 'string' ? record['status'] : `(no status: ${JSON.stringify(record['status'] ?? null)})`;
}

async function readExpense(t: CheckContext, id: string): Promise<{ res: ApiResponse; record: Record<string, unknown> }> {
  const res = await t.api.get(`/expenses/${id}`);
  expectStatus(res, 200, 'read the expense back');
  return { res, record: dataRecord(res) };
}

describe('expenses: responses and ids', () => {
  crudChecks(check, expensesCollection);

  check('ID-UNKNOWN-REFUSED', 'never answer 2xx to approve or reject an unknown expense id', async (t) => {
    for (const action of ['approve', 'reject'] as const) {
      const res = await t.api.post(`/expenses/${randomUUID()}/${action}`, action === 'reject' ? {} : undefined);
      t.observe('unknown-id-status', `POST /expenses/{unknown uuid}/${action}`, res.status);
      expectNot2xx(res, `${action} an expense id that does not exist`);
    }
  });
});

describe('expenses: paging', () => {
  pagingChecks(check, expensesCollection);
});

describe('expenses: create', () => {
  invalidBodyChecks(check, {
    operation: 'POST /expenses',
    requirementIds: expenseViolationRequirements('create'),
    cases: async (t) => expenseCreateViolations(await references(t)),
    send: (t, body) => t.api.post('/expenses', body),
  });
});

describe('expenses: update', () => {
  const existing = once((t) => createExpense(t, { description: 'Conformance update target' }));

  invalidBodyChecks(check, {
    operation: 'PATCH /expenses/{id}',
    requirementIds: expenseViolationRequirements('update'),
    cases: async (t) => expenseUpdateViolations(await references(t)),
    send: async (t, body) => t.api.patch(`/expenses/${await existing(t)}`, body),
  });
});

describe('expenses: lifecycle', () => {
  lifecycleChecks(check, {
    path: '/expenses',
    noun: 'expense',
    // EX-DELETE has a check of its own below: a server may refuse to delete an approved or paid expense.
    ids: {
      createValid: 'EX-CREATE-VALID',
      updateValid: 'EX-UPDATE-VALID',
      omitted: 'EX-UPDATE-OMITTED',
      nullClears: 'EX-UPDATE-NULL-CLEARS',
    },
    // Clearing reimbursementStatus changes a state (spec 3.1: transitions not shown), and a cleared
    // billableAmount may read back computed from amount and markup: both have checks of their own below.
    nullableFields: EXPENSE_NULLABLE_FIELDS.filter((field) => !(EXPENSE_STATE_FIELDS as readonly string[]).includes(field) && field !== 'billableAmount'),
    // A server may derive rootTaskId from taskId, and drop a supplier or claimant a new type does
    // not allow: an update naming the one does not judge the other as omitted.
    linked: [
      { fields: ['rootTaskId'], inputs: ['taskId'] },
      { fields: ['supplierId'], inputs: ['expenseType'] },
      { fields: ['claimedByResourceId'], inputs: ['expenseType'] },
    ],
    // A valid body refused with a 4xx is sent again without what an unstated rule could refuse.
    ruleFree: async (_t, body) => expenseRuleFree(body),
    arbitraries: async (t) => {
      const constraints = await references(t);
      return {
        create: expenseCreate(constraints),
        // Updates start from a draft or pending direct cost: a server may lock an approved,
        // rejected or paid expense, or tie supplier and claimant to the type (EX-UPDATE-LOCKS observes).
        full: expenseEditable(constraints),
        // Updates keep the status and reimbursementStatus the expense was created with (spec 3.1).
        update: (created) => expenseUpdate(constraints, created, created),
      };
    },
  });
});

describe('expenses: statuses and their changes', () => {
  // spec 3.1: "status may also be set directly on create": every value, with no state before it.
  check('EX-STATUS-ENUM', 'accept every status and reimbursementStatus value on create and keep it', async (t) => {
    // A staff claim with its claimant, the two fields alike: a server may allow a reimbursementStatus
    // only on a staff claim, and refuse one that contradicts the status.
    const claimant = await optionalResource(t, 'Conformance status claimant');
    const claim = claimant === undefined ? {} : { expenseType: 'staff_claim', claimedByResourceId: claimant };
    for (const status of EXPENSE_STATUSES) {
      const body = { ...claim, status, reimbursementStatus: status };
      const { res, record } = await readExpense(t, await createExpense(t, body));
      expectFields(record, body, `read back an expense created with status and reimbursementStatus ${status}`, res);
    }
  });

  // spec 3.1: transitions are not shown. Each change is tried from an expense created in the
  // source state (create takes every value), together with a description: a refusal must leave
  // both as they were, an acceptance must apply both. The matrix is observed.
  check(
    'TRANSITION-REFUSED-UNCHANGED',
    'answer each change of an expense status or reimbursementStatus with 2xx and apply it, or refuse it with a 4xx and leave the expense as it was',
    async (t) => {
      const token = uniqueToken('tr');
      // reimbursementStatus on a staff claim with its claimant: a server may allow it on no other.
      const claimant = await optionalResource(t, 'Conformance transition claimant');
      const claim = claimant === undefined ? {} : { expenseType: 'staff_claim', claimedByResourceId: claimant };
      // Each change on an expense of its own: they are tried several at once (CONFORMANCE_CONCURRENCY).
      const changes = EXPENSE_STATE_FIELDS.flatMap((field) => {
        // reimbursementStatus is nullable (spec 2.2): clearing it is a change too.
        const targets: ReadonlyArray<string | null> = field === 'reimbursementStatus' ? [...EXPENSE_STATUSES, null] : EXPENSE_STATUSES;
        return EXPENSE_STATUSES.flatMap((from) => targets.filter((value) => value !== from).map((to) => ({ field, from, to })));
      });
      await mapLimit(changes, t.run.concurrency, async ({ field, from, to }) => {
        const before = { [field]: from, description: `Conformance before ${token}` };
        const id = await createExpense(t, field === 'reimbursementStatus' ? { ...claim, ...before } : before);
        const applied = { [field]: to, description: `Conformance after ${token}` };
        const answer = await t.api.patch(`/expenses/${id}`, applied);
        expectTransition(t, { record: 'expense', field, from, to: String(to) }, answer, { after: await readExpense(t, id), applied, before });
      });
    },
  );

  // spec 4.2 shows approve and reject without a source state; 3.1 does not say from which
  // statuses they work, nor which status they leave (EX-APPROVE and EX-REJECT start from pending).
  check(
    'TRANSITION-REFUSED-UNCHANGED',
    'answer approve and reject of an expense in each status with 2xx, or refuse them with a 4xx and leave the status as it was',
    async (t) => {
      const attempts = EXPENSE_STATUSES.flatMap((from) => (['approve', 'reject'] as const).map((operation) => ({ from, operation })));
      await mapLimit(attempts, t.run.concurrency, async ({ from, operation }) => {
        const id = await createExpense(t, { status: from });
        const answer = await t.api.post(`/expenses/${id}/${operation}`, operation === 'reject' ? { reason: 'Conformance transition probe' } : undefined);
        // Accepted: the status it leaves is not stated (observed by EX-APPROVE-STATUS, EX-REJECT-STATUS).
        expectTransition(t, { record: 'expense', field: 'status', from, to: `POST ${operation}` }, answer, {
          after: await readExpense(t, id),
          applied: {},
          before: { status: from },
        });
      });
    },
  );

  check('EX-UPDATE-NULL-CLEARS', 'clear reimbursementStatus sent as null, from at least one status an expense is created with', async (t) => {
    // spec 2.2 makes reimbursementStatus nullable, and null clears (spec conventions). Clearing it
    // leaves a state, and spec 3.1 shows no transitions: a server may refuse it from some statuses
    // (a paid reimbursement, say). One that refuses it from every status ignores 2.2.
    const refusals: string[] = [];
    const claimant = await optionalResource(t, 'Conformance reimbursement claimant');
    const claim = claimant === undefined ? {} : { expenseType: 'staff_claim', claimedByResourceId: claimant };
    for (const from of EXPENSE_STATUSES) {
      // On a staff claim whose status agrees (a server may tie the two, or allow it only on claims).
      const id = await createExpense(t, { ...claim, status: from, reimbursementStatus: from });
      const res = await t.api.patch(`/expenses/${id}`, { reimbursementStatus: null });
      if (isClass(res.status, '2xx')) {
        const back = await readExpense(t, id);
        expectFields(back.record, { reimbursementStatus: null }, `reimbursementStatus ${from} set to null (answered ${res.status})`, back.res);
        return;
      }
      ensure(
        isClass(res.status, '4xx'),
        `expected reimbursementStatus null on an expense with reimbursementStatus ${from} to be accepted (2xx) or refused (4xx)`,
        res,
      );
      refusals.push(`${from} (${res.status})`);
    }
    fail(`reimbursementStatus null was refused from every status: ${refusals.join(', ')}`);
  });

  check('EX-UPDATE-NULL-CLEARS', 'no longer show a billableAmount sent as null', async (t) => {
    // spec 2.2 makes billableAmount nullable and null clears it. Whether a server then shows an
    // amount computed from amount and markup is not said: empty or any other number passes
    // (observed); the value set before, still there, fails.
    const kept = 777.77;
    const id = await createExpense(t, { amount: 40, markupPercentage: 10, billableAmount: kept });
    expectStatus(await t.api.patch(`/expenses/${id}`, { billableAmount: null }), 200, 'set billableAmount to null');
    const { res, record } = await readExpense(t, id);
    const shown = record['billableAmount'];
    t.observe(
      'expense-billable-amount-cleared',
      'GET /expenses/{id} after billableAmount null (amount 40, markup 10)',
      shown === undefined || shown === null || shown === '' ? 'empty' : `computed: ${JSON.stringify(shown)}`,
    );
    const stillKept = typeof shown === 'number' ? shown === kept : typeof shown === 'string' && shown !== '' && Number(shown) === kept;
    ensure(!stillKept, `billableAmount null left the value set before (${kept})`, res);
  });

  check('EX-DELETE', 'no longer return a deleted expense', async (t) => {
    // A draft: a server may refuse to delete an approved or paid expense (observed below).
    const id = await createExpense(t, { status: 'draft', description: 'Conformance delete target' });
    await readExpense(t, id);
    expectStatus(await t.api.delete(`/expenses/${id}`), 204, 'delete the expense');
    const gone = await t.api.get(`/expenses/${id}`);
    t.observe('deleted-read-status', 'GET /expenses/{deleted id}', gone.status);
    ensure(!isClass(gone.status, '2xx'), `expected a deleted expense to be gone, GET answered ${gone.status}`, gone);
  });

  // spec 2.2 and 3.1 do not say whether an approved, rejected or paid expense may still be edited
  // or deleted: each answer is observed, and only a 5xx or a draft closed to edits fails.
  check('EX-UPDATE-VALID', 'answer an edit and a delete of an expense in each status with 2xx, or with a 4xx for a closed one', async (t) => {
    for (const status of EXPENSE_STATUSES) {
      const id = await createExpense(t, { status, description: 'Conformance lock probe' });
      const edit = await t.api.patch(`/expenses/${id}`, { description: 'Conformance lock probe edited' });
      t.observe('expense-locked', `PATCH /expenses/{id} (description) of a ${status} expense`, edit.status);
      ensure(isClass(edit.status, '2xx') || isClass(edit.status, '4xx'), `an edit of a ${status} expense answered ${edit.status}`, edit);
      if (status === 'draft') expectStatus(edit, 200, 'edit the description of a draft expense');
      const removed = await t.api.delete(`/expenses/${id}`);
      t.observe('expense-locked', `DELETE /expenses/{id} of a ${status} expense`, removed.status);
      ensure(isClass(removed.status, '2xx') || isClass(removed.status, '4xx'), `a delete of a ${status} expense answered ${removed.status}`, removed);
    }
  });
});

/**
 * spec 3.1: the transitions are not shown, so from which status, and on which type, approve and
 * reject work is open. Expenses are tried in turn, pending first (the case most readings allow):
 * a pending direct cost, a pending staff claim with its claimant, a draft, until one is answered
 * 2xx, then one reviewed with another key. What was refused is observed; the last answer is
 * returned when none was accepted.
 */
async function reviewed(
  t: CheckContext,
  operation: 'approve' | 'reject',
  body?: Record<string, unknown>,
): Promise<{ id: string; res: ApiResponse; from: string }> {
  const claimant = await optionalResource(t, `Conformance ${operation} claimant`);
  const candidates: Array<[string, Record<string, unknown>]> = [
    ['a pending direct_cost', { status: 'pending' }],
    ...(claimant === undefined
      ? []
      : [['a pending staff_claim', { status: 'pending', expenseType: 'staff_claim', claimedByResourceId: claimant }] as [string, Record<string, unknown>]]),
    ['a draft direct_cost', { status: 'draft' }],
  ];
  let last: { id: string; res: ApiResponse; from: string } | undefined;
  for (const [from, created] of candidates) {
    const id = await createExpense(t, created);
    const res = await t.api.post(`/expenses/${id}/${operation}`, body);
    last = { id, res, from };
    if (!isClass(res.status, '4xx')) return last;
    t.observe(`expense-${operation}-refused`, `POST /expenses/{id}/${operation} of ${from}`, res.status);
  }
  // A server may refuse a review by the key that created the expense: the member key of the
  // organisation (CONFORMANCE_MEMBER_KEY), when configured, tries a pending direct cost.
  if (t.run.keys.member !== undefined) {
    const id = await createExpense(t, { status: 'pending' });
    const res = await t.as('member').post(`/expenses/${id}/${operation}`, body);
    t.observe('expense-self-review', `POST /expenses/{id}/${operation} with another key than the creating one`, res.status);
    if (isClass(res.status, '2xx')) return { id, res, from: 'a pending direct_cost created with another key' };
  }
  return last!;
}

describe('expenses: approve and reject', () => {
  check('EX-APPROVE', 'answer POST /expenses/{id}/approve without a body with 200 and the expense in data', async (t) => {
    const { id, res, from } = await reviewed(t, 'approve');
    expectStatus(res, 200, `approve ${from} (no body)`);
    ensure(dataRecord(res).id === id, `expected data.id ${id}`, res);
    // Other source states: transitions are not shown (spec 3.1), so only observed (TRANSITION-REFUSED-UNCHANGED).
  });

  check('EX-APPROVE-STATUS', 'show status approved after an approve', async (t) => {
    const { id, res, from } = await reviewed(t, 'approve');
    expectStatus(res, 200, `approve ${from}`);
    t.observe('expense-status-after-approve', 'POST /expenses/{id}/approve response', statusOf(dataRecord(res)));
    const { res: back, record } = await readExpense(t, id);
    t.observe('expense-status-after-approve', 'GET /expenses/{id} after approve', statusOf(record));
    ensure(record['status'] === 'approved', `expected status "approved" after approve, got ${JSON.stringify(record['status'])}`, back);
  });

  check('EX-REJECT', 'answer POST /expenses/{id}/reject, with or without a reason, with 200 and the expense in data', async (t) => {
    for (const [what, body] of [
      ['with a reason', { reason: 'Not a business expense' }],
      ['without a reason', {}],
    ] as const) {
      const { id, res, from } = await reviewed(t, 'reject', body);
      expectStatus(res, 200, `reject ${from} ${what}`);
      // spec 4.2 shows only "Returns 200" for reject (approve says "with the expense"): an expense
      // in data must be this one; another body is observed.
      const data = (res.json as { data?: unknown } | undefined)?.data;
      const shown = data !== null && typeof data === 'object' && !Array.isArray(data) && 'id' in data;
      t.observe(
        'expense-reject-body',
        `POST /expenses/{id}/reject ${what}`,
        shown ? 'the expense in data' : `other: ${JSON.stringify(res.json ?? null).slice(0, 60)}`,
      );
      if (shown) ensure((data as { id: unknown }).id === id, `expected data.id ${id}`, res);
    }
    // The body is optional in part (`reason`); whether it may be left out entirely is not shown.
    const bare = await createExpense(t, { status: 'pending' });
    t.observe('expense-reject-no-body', 'POST /expenses/{id}/reject without any body', (await t.api.post(`/expenses/${bare}/reject`)).status);
  });

  check('EX-REJECT-STATUS', 'show status rejected after a reject', async (t) => {
    const reason = `Conformance reason ${randomUUID().slice(0, 8)}`;
    const { id, res, from } = await reviewed(t, 'reject', { reason });
    expectStatus(res, 200, `reject ${from}`);
    const data = (res.json as { data?: unknown } | undefined)?.data;
    if (data !== null && typeof data === 'object')
      t.observe('expense-status-after-reject', 'POST /expenses/{id}/reject response', statusOf(data as Record<string, unknown>));
    const { res: back, record } = await readExpense(t, id);
    t.observe('expense-status-after-reject', 'GET /expenses/{id} after reject', statusOf(record));
    const kept = findValuePaths(record, (v) => v === reason);
    t.observe('expense-reject-reason', 'GET /expenses/{id} after reject with a reason', kept.length > 0 ? `kept at ${pathShape(kept[0]!)}` : 'not shown');
    ensure(record['status'] === 'rejected', `expected status "rejected" after reject, got ${JSON.stringify(record['status'])}`, back);
  });
});

describe('expenses: list filters', () => {
  check('EX-QUERY-INVALID', 'reject malformed expense list filters', async (t) => {
    const cases: Array<[string, Record<string, string>]> = [
      ['expenseType outside the enum', { expenseType: 'mileage' }],
      ['status outside the enum', { status: 'submitted' }],
      ['rootTaskId not a UUID', { rootTaskId: 'not-a-uuid' }],
      ['taskId not a UUID', { taskId: '12345' }],
      ['supplierId not a UUID', { supplierId: 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz' }],
      ['claimedByResourceId not a UUID', { claimedByResourceId: `${randomUUID()}x` }],
    ];
    for (const [rule, query] of cases) {
      await expectInvalid(t, 'GET /expenses', rule, () => t.api.get('/expenses', query));
    }
  });

  check('EX-FILTER-REFS', 'return only expenses of the requested supplierId', async (t) => {
    const f = await filterFixture(t);
    const records = await expectFiltered(
      t.api,
      '/expenses',
      { supplierId: f.supplier },
      {
        includes: Object.values(f.expenses).map((e) => e.id),
        excludes: [f.outsider],
        what: 'has the requested supplier',
      },
    );
    const wrong = await firstWithOther(t.api, '/expenses', records, 'supplierId', f.supplier);
    ensure(!wrong, `supplierId filter returned ${JSON.stringify(wrong?.['id'])} with supplierId ${JSON.stringify(wrong?.['supplierId'])}`);
  });

  check('EX-FILTER-REFS', 'return only expenses of the requested claimedByResourceId', async (t) => {
    const [mine, other] = await Promise.all(['Conformance claimant', 'Conformance other claimant'].map((name) => t.ahead(() => createResource(t, name))));
    const claimed = await createExpense(t, { expenseType: 'staff_claim', claimedByResourceId: mine });
    const notMine = await createExpense(t, { expenseType: 'staff_claim', claimedByResourceId: other });
    const records = await expectFiltered(
      t.api,
      '/expenses',
      { claimedByResourceId: mine },
      {
        includes: [claimed],
        excludes: [notMine],
        what: 'was claimed by the requested resource',
      },
    );
    const wrong = await firstWithOther(t.api, '/expenses', records, 'claimedByResourceId', mine);
    ensure(!wrong, `claimedByResourceId filter returned ${JSON.stringify(wrong?.['id'])} claimed by ${JSON.stringify(wrong?.['claimedByResourceId'])}`);
  });

  for (const field of ['rootTaskId', 'taskId'] as const) {
    check('EX-FILTER-REFS', `return only expenses of the requested ${field}`, async (t) => {
      t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
      // taskId names a task under the project: a server may refuse the project (a root task) there.
      const project = field === 'taskId' ? (await expenseTask(t))! : t.run.projectId!;
      // A fresh supplier scopes the list to this check's records (only one project is configured).
      const supplierId = await createSupplier(t, `Conformance ${field} scope`);
      const linked = await createExpense(t, { supplierId, [field]: project });
      const unlinked = await createExpense(t, { supplierId });
      const records = await expectFiltered(
        t.api,
        '/expenses',
        { supplierId, [field]: project },
        {
          includes: [linked],
          excludes: [unlinked],
          what: `has ${field} ${project}`,
        },
      );
      const wrong = await firstWithOther(t.api, '/expenses', records, field, project);
      ensure(!wrong, `${field} filter returned ${JSON.stringify(wrong?.['id'])} with ${field} ${JSON.stringify(wrong?.[field])}`);
    });
  }

  check('EX-FILTER-TYPE', 'return only expenses of the requested expenseType', async (t) => {
    const f = await filterFixture(t);
    for (const expenseType of EXPENSE_TYPES) {
      const records = await expectFiltered(
        t.api,
        '/expenses',
        { supplierId: f.supplier, expenseType },
        {
          ...split(f, (e) => e.expenseType === expenseType),
          what: `is a ${expenseType}`,
        },
      );
      const wrong = await firstWithOther(t.api, '/expenses', records, 'expenseType', expenseType);
      ensure(!wrong, `expenseType=${expenseType} returned ${JSON.stringify(wrong?.['id'])} of type ${JSON.stringify(wrong?.['expenseType'])}`);
    }
  });

  check('EX-FILTER-CATEGORY', 'return expenses of the requested category and leave out the others', async (t) => {
    const f = await filterFixture(t);
    for (const [letter, category] of [
      ['A', f.categoryA],
      ['B', f.categoryB],
    ] as const) {
      const records = await expectFiltered(
        t.api,
        '/expenses',
        { supplierId: f.supplier, category },
        {
          ...split(f, (e) => e.category === letter),
          what: `has category ${category}`,
        },
      );
      const wrong = await firstWithOther(t.api, '/expenses', records, 'category', category);
      ensure(!wrong, `category=${category} returned ${JSON.stringify(wrong?.['id'])} of category ${JSON.stringify(wrong?.['category'])}`);
    }
    // Without the supplier scope too: the category alone selects (the outsider carries category A).
    await expectFiltered(
      t.api,
      '/expenses',
      { category: f.categoryA },
      {
        includes: [f.expenses.a.id, f.expenses.c.id, f.outsider],
        excludes: [f.expenses.b.id, f.expenses.d.id, f.expenses.e.id],
        what: `has category ${f.categoryA}`,
      },
    );
  });

  check('EX-FILTER-STATUS', 'return only expenses with the requested status', async (t) => {
    const f = await filterFixture(t);
    for (const status of EXPENSE_STATUSES) {
      const records = await expectFiltered(
        t.api,
        '/expenses',
        { supplierId: f.supplier, status },
        {
          ...split(f, (e) => e.status === status),
          what: `has status ${status}`,
        },
      );
      const wrong = await firstWithOther(t.api, '/expenses', records, 'status', status);
      ensure(!wrong, `status=${status} returned ${JSON.stringify(wrong?.['id'])} with status ${JSON.stringify(wrong?.['status'])}`);
    }
  });

  check('EX-FILTER-DATE', 'return expenses dated inside dateFrom..dateTo and leave out those outside', async (t) => {
    const f = await filterFixture(t);
    const scope = { supplierId: f.supplier };
    // Values strictly inside or outside the range: the boundaries are not stated (observed below).
    const ranges: Array<[Record<string, string>, (date: string) => boolean]> = [
      [{ dateFrom: '2021-03-11', dateTo: '2021-03-19' }, (d) => d > '2021-03-11' && d < '2021-03-19'],
      [{ dateFrom: '2021-03-16' }, (d) => d > '2021-03-16'],
      [{ dateTo: '2021-03-14' }, (d) => d < '2021-03-14'],
    ];
    for (const [range, inside] of ranges) {
      await expectFiltered(
        t.api,
        '/expenses',
        { ...scope, ...range },
        {
          ...split(f, (e) => inside(e.date)),
          what: `is dated inside ${JSON.stringify(range)}`,
        },
      );
    }
    // Boundaries: expense b is dated 2021-03-15.
    for (const bound of ['dateFrom', 'dateTo'] as const) {
      const res = await t.api.get('/expenses', { ...scope, [bound]: '2021-03-15', limit: 100 });
      expectStatus(res, 200, `list expenses with ${bound}=2021-03-15`);
      const included = JSON.stringify(res.json).includes(f.expenses.b.id);
      t.observe('date-filter-bounds', `GET /expenses?${bound}= (an expense dated on the bound)`, included ? 'inclusive' : 'exclusive');
    }
  });

  booleanFilterChecks(check, {
    path: '/expenses',
    filters: [
      {
        name: 'isBillable',
        requirementId: 'EX-FILTER-BILLABLE',
        sample: async (t) => {
          const f = await filterFixture(t);
          const { includes, excludes } = split(f, (e) => e.isBillable);
          return { scope: { supplierId: f.supplier }, trueIds: includes, falseIds: excludes };
        },
      },
      {
        // No operation of this API invoices an expense (spec 4.2): a fresh expense is never
        // invoiced, so isInvoiced=true leaves it out and any other value includes it.
        name: 'isInvoiced',
        requirementId: 'EX-FILTER-INVOICED',
        sample: async (t) => {
          const f = await filterFixture(t);
          return { scope: { supplierId: f.supplier }, trueIds: [], falseIds: Object.values(f.expenses).map((e) => e.id) };
        },
      },
    ],
  });
});

// Last, after every other check of the file: it judges the validation statuses they saw.
describe('expenses: invalid input classes from the field table', () => {
  inputClassChecks(check, 'expenses', inputTargets('expenses'));
});

describe.sequential('expenses: validation status', () => {
  validationConsistencyCheck(check, 'expenses');
});
