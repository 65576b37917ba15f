import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from './auth.js';
import { conflict } from './errors.js';
import type { TimeEntry } from './models/time-entries.js';
import type { StoredRate } from './models/rates.js';
import type { Allocation } from './models/allocations.js';
import type { StoredSubscription } from './models/webhooks.js';
import type { PartitionedStore } from './store.js';

/*
 * Variant business-rules: rules the spec neither states nor forbids, as a real server may add.
 * - A resource's day holds at most 24 hours of time entries: a create, an update or a batch that
 *   would bring one resource's total for one date above 24 is refused with 409, before anything
 *   is written (spec 2.3 bounds one entry's hours, not a day's).
 * - A resource is booked at most 24 hours a day: an allocation (created or changed) whose
 *   hoursPerDay, added to those of the resource's other allocations overlapping it, passes 24 is
 *   refused with 409 (spec 2.6 bounds one allocation's hoursPerDay, not a resource's day).
 * - One subscription per URL: a webhook subscription created or moved to a URL another
 *   subscription of the organisation has is refused with 409 (spec 2.10 does not say).
 * - One default rate per organisation: a rate made or set default (isDefault true) takes the flag
 *   from the rate that had it (spec 2.5 says nothing about how many rates may be default).
 */

const DAY_HOURS = 24;

interface Entryish {
  readonly resourceId?: unknown;
  readonly date?: unknown;
  readonly hours?: unknown;
}

/** Hours already on each `resource|date` of the organisation, leaving out the entries in `except`. */
function dayTotals(entries: readonly TimeEntry[], except: ReadonlySet<string>): Map<string, number> {
  const totals = new Map<string, number>();
  for (const e of entries) if (!except.has(e.id)) totals.set(`${e.resourceId}|${e.date}`, (totals.get(`${e.resourceId}|${e.date}`) ?? 0) + e.hours);
  return totals;
}

/** Refuses the request when the entries it would leave bring a resource's day above 24 hours. */
function checkDays(totals: Map<string, number>, entries: readonly Entryish[]): void {
  for (const e of entries) {
    if (typeof e.resourceId !== 'string' || typeof e.date !== 'string' || typeof e.hours !== 'number') continue;
    const key = `${e.resourceId}|${e.date}`;
    const total = (totals.get(key) ?? 0) + e.hours;
    if (total > DAY_HOURS + 1e-9) throw conflict(`resource ${e.resourceId} would have ${total} hours on ${e.date}: a day holds at most ${DAY_HOURS}`);
    totals.set(key, total);
  }
}

/** Refuses an allocation that books its resource above 24 hours on a day it shares with others. */
function checkCapacity(others: readonly Allocation[], wanted: Record<string, unknown>): void {
  const { resourceId, startDate, endDate, hoursPerDay } = wanted;
  if (typeof resourceId !== 'string' || typeof startDate !== 'string' || typeof endDate !== 'string' || typeof hoursPerDay !== 'number') return;
  const overlapping = others.filter((a) => a.resourceId === resourceId && a.endDate !== null && a.startDate <= endDate && startDate <= a.endDate);
  const booked = overlapping.reduce((sum, a) => sum + (a.hoursPerDay ?? 0), 0);
  if (booked + hoursPerDay > DAY_HOURS + 1e-9)
    throw conflict(`resource ${resourceId} would be booked ${booked + hoursPerDay} hours a day: at most ${DAY_HOURS}`);
}

/** A preHandler for the variant's rules. */
export function businessRulesHook(stores: {
  readonly timeEntries: PartitionedStore<TimeEntry>;
  readonly allocations: PartitionedStore<Allocation>;
  readonly subscriptions: PartitionedStore<StoredSubscription>;
}) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null || (request.method !== 'POST' && request.method !== 'PATCH')) return;
    const organisationId = requireAuth(request).organisationId;
    const path = request.url.split('?')[0]!.replace(/\/+$/, '');
    const body = (request.body ?? {}) as Record<string, unknown>;
    const entries = stores.timeEntries.list(organisationId);
    if (request.method === 'POST' && path.endsWith('/time-entries') && !path.includes('/batch/')) {
      checkDays(dayTotals(entries, new Set()), [body]);
    } else if (request.method === 'POST' && path.endsWith('/batch/time-entries') && Array.isArray(body['entries'])) {
      checkDays(dayTotals(entries, new Set()), body['entries'] as Entryish[]);
    } else if (request.method === 'PATCH' && /\/time-entries\/[^/]+$/.test(path)) {
      const id = path.slice(path.lastIndexOf('/') + 1);
      const stored = entries.find((e) => e.id === id);
      if (stored !== undefined)
        checkDays(dayTotals(entries, new Set([id])), [{ resourceId: stored.resourceId, date: stored.date, hours: stored.hours, ...body }]);
    } else if (/\/webhooks(\/[^/]+)?$/.test(path) && typeof body['url'] === 'string') {
      const id = request.method === 'PATCH' ? path.slice(path.lastIndexOf('/') + 1) : undefined;
      if (stores.subscriptions.list(organisationId).some((s) => s.id !== id && s.url === body['url']))
        throw conflict(`a subscription to ${String(body['url'])} exists already`);
    } else if (/\/allocations(\/[^/]+)?$/.test(path)) {
      const id = request.method === 'PATCH' ? path.slice(path.lastIndexOf('/') + 1) : undefined;
      const all = stores.allocations.list(organisationId);
      const stored = all.find((a) => a.id === id);
      if (request.method === 'PATCH' && stored === undefined) return;
      checkCapacity(
        all.filter((a) => a.id !== id),
        { ...stored, ...body },
      );
    }
  };
}

/**
 * An onSend hook for the one-default rule: once a rate made or set default was written (2xx), the
 * other rates of the organisation lose the flag. A refused request changes nothing.
 */
export function oneDefaultRateHook(rates: PartitionedStore<StoredRate>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (request.auth === null || (request.method !== 'POST' && request.method !== 'PATCH') || reply.statusCode >= 300) return payload;
    if (!/\/rates(\/[^/]+)?$/.test(request.url.split('?')[0]!.replace(/\/+$/, ''))) return payload;
    if ((request.body as { isDefault?: unknown } | null | undefined)?.isDefault !== true || typeof payload !== 'string') return payload;
    const id = (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
    const organisationId = requireAuth(request).organisationId;
    for (const rate of rates.list(organisationId)) if (rate.isDefault && rate.id !== id) rates.replace(organisationId, { ...rate, isDefault: false });
    return payload;
  };
}
