import type { FastifyReply, FastifyRequest } from 'fastify';
import { requireAuth } from './auth.js';
import { notFound, validationFailed } from './errors.js';
import type { Allocation } from './models/allocations.js';
import type { Contact } from './models/contacts.js';
import type { StoredRate } from './models/rates.js';
import type { Resource } from './models/resources.js';
import type { PartitionedStore } from './store.js';

/*
 * Variant record-rules: rules tying fields of contacts, resources, rates and allocations together
 * that the spec neither states nor forbids, as a real server may add. Each refusal is a 400 like
 * the reference's other validation failures, decided before anything is written.
 * - Contacts: a company has no jobTitle (refused); a contact changed to a company loses the job
 *   title it had. A contactTypeKey list filter names no configured contact type (none is
 *   configured here), so it is refused.
 * - Contacts and resources: phone is validated as an international number (+, 7 to 15 digits,
 *   spaces, dots, hyphens and brackets between) and stored in E.164, without them.
 * - Resources: regionCode needs its countryCode and, for a country the server knows, must be an
 *   ISO 3166-2 subdivision of it; salary and salaryPeriod go together. An update that leaves a
 *   resource with an endDate before today makes it inactive; one that deactivates an active
 *   resource ends it today, unless it ended before or the update names an endDate.
 * - Rates: hoursPerPeriod is bounded by its period (at most 1 an hour, 24 a day, 168 a week, 744
 *   a month, 8784 a year; a rate without period counts by the hour); isActive may be set on
 *   create (spec 3.5 "can be set"); a version may not be dated before the latest one (history is
 *   not rewritten); a deactivated rate answers 404 by id, though it is still listed under
 *   isActive=false.
 * - Allocations: an allocation needs an assignee, a resource or a group, and spans at most a
 *   year (366 days from startDate to endDate).
 */

const SUBDIVISIONS: Readonly<Record<string, readonly string[]>> = {
  AU: ['NSW', 'VIC', 'QLD', 'WA'],
  CH: ['ZH', 'BE', 'GE'],
  DE: ['BY', 'BE', 'HH', 'NW'],
  FR: ['IDF', 'ARA', 'PAC'],
  GB: ['ENG', 'SCT', 'WLS', 'NIR'],
  NL: ['NH', 'ZH', 'UT'],
  SE: ['AB', 'M', 'O'],
  US: ['CA', 'NY', 'TX', 'NH'],
};

const PERIOD_HOURS: Readonly<Record<string, number>> = { hour: 1, day: 24, week: 168, month: 744, year: 8784 };

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PHONE = /^\+[1-9][\d\s().-]{5,24}$/;

type Body = Record<string, unknown>;

function refuse(path: string, message: string): never {
  throw validationFailed([{ path, message }]);
}

const present = (value: unknown): boolean => value !== null && value !== undefined;

/** Validates a phone sent in `body` and rewrites it in E.164 (digits after the +). */
function phoneRule(body: Body): void {
  const phone = body['phone'];
  if (typeof phone !== 'string') return;
  const digits = phone.replace(/[\s().-]/g, '');
  if (!PHONE.test(phone) || !/^\+\d{7,15}$/.test(digits)) refuse('phone', 'must be an international number: + and 7 to 15 digits');
  body['phone'] = digits;
}

function contactRules(body: Body, stored: Contact | undefined): void {
  phoneRule(body);
  const contactType = body['contactType'] ?? stored?.contactType;
  if (contactType !== 'company') return;
  if (typeof body['jobTitle'] === 'string') refuse('jobTitle', 'a company has no job title');
  // A contact changed to a company loses its job title.
  if (stored !== undefined && stored.contactType !== 'company' && stored.jobTitle !== null && !('jobTitle' in body)) body['jobTitle'] = null;
}

function resourceRules(body: Body, stored: Resource | undefined, today: string): void {
  phoneRule(body);
  const merged = { ...stored, ...body } as Body;
  const [country, region] = [merged['countryCode'], merged['regionCode']];
  if (typeof region === 'string') {
    if (typeof country !== 'string') refuse('regionCode', 'a region needs its countryCode');
    const known = SUBDIVISIONS[country.toUpperCase()];
    if (known !== undefined && !known.includes(region.toUpperCase())) refuse('regionCode', `${region} is no subdivision of ${country}`);
  }
  const [salary, period] = [merged['salary'], merged['salaryPeriod']];
  if (present(salary) !== present(period)) refuse(present(salary) ? 'salaryPeriod' : 'salary', 'salary and salaryPeriod go together');
  if (stored === undefined) return;
  // Employment that ended is inactive; deactivating ends it today.
  const endDate = merged['endDate'];
  if (typeof endDate === 'string' && DATE.test(endDate) && endDate < today && typeof merged['isActive'] === 'boolean') body['isActive'] = false;
  // Deactivation ends the employment today, unless it ended before; an endDate the update names itself wins.
  if (body['isActive'] === false && stored.isActive && !('endDate' in body) && !(typeof stored.endDate === 'string' && stored.endDate <= today))
    body['endDate'] = today;
}

function rateCreateRules(request: FastifyRequest, body: Body): void {
  const hours = body['hoursPerPeriod'];
  const period = typeof body['period'] === 'string' ? body['period'] : 'hour';
  const bound = PERIOD_HOURS[period];
  if (typeof hours === 'number' && bound !== undefined && hours > bound) refuse('hoursPerPeriod', `a ${period} has at most ${bound} hours`);
  // spec 3.5: isActive "can be set"; the strict create schema does not list it, so it is taken
  // off the body here and applied once the rate exists (recordRulesOnSend).
  if (typeof body['isActive'] === 'boolean') {
    activeOnCreate.set(request, body['isActive']);
    delete body['isActive'];
  }
}

const activeOnCreate = new WeakMap<FastifyRequest, boolean>();

function versionRules(body: Body, stored: StoredRate): void {
  const from = body['effectiveFrom'];
  if (typeof from !== 'string' || !DATE.test(from)) return;
  const latest = stored.versions
    .map((v) => v.effectiveFrom)
    .sort()
    .at(-1);
  if (latest !== undefined && from < latest) refuse('effectiveFrom', `a version may not be dated before the latest one (${latest})`);
}

const MAX_SPAN_DAYS = 366;

function allocationRules(body: Body, stored: Allocation | undefined): void {
  const merged = { ...stored, ...body } as Body;
  if (!present(merged['resourceId']) && !present(merged['groupId'])) refuse('resourceId', 'an allocation needs a resource or a group');
  const [start, end] = [merged['startDate'], merged['endDate']];
  if (typeof start !== 'string' || typeof end !== 'string' || !DATE.test(start) || !DATE.test(end)) return;
  const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000;
  if (days > MAX_SPAN_DAYS) refuse('endDate', `an allocation spans at most ${MAX_SPAN_DAYS} days`);
}

interface Stores {
  readonly contacts: PartitionedStore<Contact>;
  readonly resources: PartitionedStore<Resource>;
  readonly rates: PartitionedStore<StoredRate>;
  readonly allocations: PartitionedStore<Allocation>;
}

const ROUTE = /\/(contacts|resources|rates|allocations)(?:\/([^/?]+))?(?:\/(versions))?\/?(?:\?.*)?$/;

/** A preHandler for the variant's rules. */
export function recordRulesHook(stores: Stores, now: () => Date) {
  return async (request: FastifyRequest): Promise<void> => {
    if (request.auth === null) return;
    const match = ROUTE.exec(request.url);
    if (match === null) return;
    const [, collection, id, versions] = match;
    const organisationId = requireAuth(request).organisationId;
    if (request.method === 'GET') {
      if (collection === 'contacts' && id === undefined && typeof (request.query as Body | undefined)?.['contactTypeKey'] === 'string') {
        refuse('contactTypeKey', 'names no configured contact type');
      }
      if (collection === 'rates' && id !== undefined && versions === undefined && stores.rates.get(organisationId, id)?.isActive === false)
        throw notFound('rate');
      return;
    }
    if (request.method !== 'POST' && request.method !== 'PATCH') return;
    const body = request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) return;
    const today = now().toISOString().slice(0, 10);
    if (request.method === 'POST' && collection === 'rates' && id !== undefined && versions !== undefined) {
      const stored = stores.rates.get(organisationId, id);
      if (stored !== undefined) versionRules(body as Body, stored);
      return;
    }
    // A create (POST to the collection) or an update (PATCH of one record); an update of a record
    // the organisation does not have is left to the route (404).
    if (versions !== undefined || (request.method === 'POST') !== (id === undefined)) return;
    if (collection === 'contacts') {
      const stored = id === undefined ? undefined : stores.contacts.get(organisationId, id);
      if (id === undefined || stored !== undefined) contactRules(body as Body, stored);
    } else if (collection === 'resources') {
      const stored = id === undefined ? undefined : stores.resources.get(organisationId, id);
      if (id === undefined || stored !== undefined) resourceRules(body as Body, stored, today);
    } else if (collection === 'allocations') {
      const stored = id === undefined ? undefined : stores.allocations.get(organisationId, id);
      if (id === undefined || stored !== undefined) allocationRules(body as Body, stored);
    } else if (collection === 'rates' && id === undefined) rateCreateRules(request, body as Body);
  };
}

/** An onSend hook: a rate created with isActive false (taken off the body above) is deactivated. */
export function recordRulesOnSend(rates: PartitionedStore<StoredRate>) {
  return async (request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    const isActive = activeOnCreate.get(request);
    if (isActive !== false || reply.statusCode !== 201 || typeof payload !== 'string') return payload;
    const body = JSON.parse(payload) as { data?: Body };
    const id = body.data?.['id'];
    const organisationId = requireAuth(request).organisationId;
    const stored = typeof id === 'string' ? rates.get(organisationId, id) : undefined;
    if (stored === undefined) return payload;
    rates.replace(organisationId, { ...stored, isActive: false });
    return JSON.stringify({ ...body, data: { ...body.data, isActive: false } });
  };
}
