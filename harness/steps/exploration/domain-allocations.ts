import fc from 'fast-check';
import { allocationCreate, allocationUpdate } from '../../generators/allocations.js';
import { SCOPE_PLACEHOLDERS, type Body, type DomainConstraints, type ListFilter, type SequenceDomain } from './domains.js';
import { daysFromToday } from './own-scopes.js';

/** Days from today an allocation starts (a server may cap an allocation's horizon: spec 2.6 does not say). */
const STARTS = { min: 7, max: 30 } as const;
/** Days from today an allocation ends: always after every start, so an update of one date keeps the order. */
const ENDS = { min: 31, max: 60 } as const;

const day = (range: { readonly min: number; readonly max: number }): fc.Arbitrary<string> => fc.integer(range).map((days) => daysFromToday(days));

/**
 * A date filter on allocations (spec 4.6): whether it asks for overlap or containment, and
 * whether its bounds are inclusive, is not stated; the model decides only allocations entirely
 * past or before the bound (model.ts, `until`).
 */
const dateFilter = (param: 'dateFrom' | 'dateTo'): fc.Arbitrary<ListFilter> =>
  fc.integer({ min: STARTS.min - 2, max: ENDS.max + 2 }).map((days) => {
    const value = daysFromToday(days);
    return { query: { [param]: value }, conditions: [{ field: 'startDate', until: 'endDate', op: param === 'dateFrom' ? 'from' : 'to', value }] };
  });

/**
 * Allocations (spec 2.6, 4.6): of the exploration's task, booked on one of the sequence's two
 * staff resources, so that an update can move one between them; a week or a few weeks a month
 * ahead (a server may cap the length or horizon), a few hours a day (a server may refuse a day
 * booked beyond 24 hours). A delete is a real delete. hours and hoursPerDay may be derived from
 * each other and from the dates (not stated), so a write of one forgets the others.
 */
export function allocations(c: DomainConstraints): SequenceDomain {
  const P = SCOPE_PLACEHOLDERS;
  const constraints = { taskIds: [c.taskId], resourceIds: [P.staff1, P.staff2] };
  const staff = fc.constantFrom(P.staff1, P.staff2);
  const hoursPerDay = fc.integer({ min: 0, max: 8 }).map((h) => h / 2);
  const generatedUpdate = fc
    .tuple(allocationUpdate(constraints), staff, day(STARTS), day(ENDS), hoursPerDay)
    .map(([body, resourceId, startDate, endDate, perDay]) => {
      const out: Body = { ...(body as Body) };
      // An allocation keeps an assignee (a server may require one: spec 2.6 does not say), and stays within the dates above.
      if ('resourceId' in out) out['resourceId'] = resourceId;
      if ('startDate' in out) out['startDate'] = startDate;
      if ('endDate' in out) out['endDate'] = endDate;
      if ('hoursPerDay' in out) out['hoursPerDay'] = perDay;
      delete out['hours'];
      delete out['taskId'];
      return Object.keys(out).length > 0 ? out : { notes: 'changed by a conformance sequence' };
    });
  return {
    name: 'allocations',
    path: '/allocations',
    noun: 'allocation',
    letter: 'L',
    deletion: 'hard',
    scopeField: 'resourceId',
    scopeValues: ['staff1', 'staff2'],
    create: fc.tuple(allocationCreate(constraints), staff, day(STARTS), day(ENDS), hoursPerDay).map(([body, resourceId, startDate, endDate, perDay]) => {
      const { hours: _hours, ...rest } = body as Body;
      return { ...rest, resourceId, startDate, endDate, hoursPerDay: perDay };
    }),
    // Half the updates move the allocation to one of the two resources alone: a move is what a list by resourceId must follow.
    update: fc.oneof(
      staff.map((resourceId): Body => ({ resourceId })),
      generatedUpdate,
    ),
    filters: fc.oneof(
      fc.constant({ query: {}, conditions: [] } as ListFilter),
      fc.constant({ query: { taskId: c.taskId }, conditions: [{ field: 'taskId', op: 'eq', value: c.taskId }] } as ListFilter),
      dateFilter('dateFrom'),
      dateFilter('dateTo'),
    ),
    defaults: [],
    linked: [
      [
        ['startDate', 'endDate'],
        ['hours', 'hoursPerDay'],
      ],
      [['hoursPerDay'], ['hours']],
      [['hours'], ['hoursPerDay']],
    ],
    activeFlag: false,
    auditFilters: [],
  };
}
