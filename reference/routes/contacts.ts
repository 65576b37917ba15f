import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { ApiError, forbidden, notFound, validationFailed, type Issue } from '../errors.js';
import { createContact, filterContacts, patchContact, type Contact, type ContactFilter } from '../models/contacts.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  CONTACT_TYPE_KEY_MIN,
  CONTACT_TYPES,
  contactCreateSchema,
  contactUpdateSchema,
  type ContactCreateInput,
  type ContactUpdateInput,
} from '../schemas/contacts.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, isUuid } from '../validation.js';
import { bent } from '../policy/bends.js';
import type { Policy } from '../policy/policy.js';
import { StaleCopies } from '../stale-copies.js';

export interface ContactsRouteOptions {
  store: PartitionedStore<Contact>;
  /** What the faults and variants change: this server's policy (reference/policy/). */
  policy: Policy;
  ajv: Ajv;
  now?: () => Date;
}

interface IdParams {
  id: string;
}

/** spec 4.1: contacts CRUD, scoped to the key's organisation. */
export const contactsRoutes: FastifyPluginAsync<ContactsRouteOptions> = async (app, options) => {
  const { store, ajv } = options;
  const policy = options.policy.contacts;
  const lists = options.policy.lists;
  const now = options.now ?? (() => new Date());
  const validateCreate = compileBody<ContactCreateInput>(ajv, contactCreateSchema(policy.loosened));
  const validateUpdate = compileBody<ContactUpdateInput>(ajv, contactUpdateSchema(policy.loosened));
  const interactions = policy.interactions;
  // A read cache and a list index (only under an interaction fault): copies PATCH never refreshes.
  const cache = new StaleCopies<Contact>();
  const index = new StaleCopies<Contact>();
  const childrenCache = new Map<string, unknown>();
  // The isBillable index: written at create and by the first PATCH that names isBillable, never again (an interaction fault).
  const billable = new StaleCopies<Contact>();
  const billablePatched = new Set<string>();
  // Every write empties the children cache: only another organisation's read can find it stale.
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'GET') childrenCache.clear();
  });

  function bodyRejected(issues: Issue[], operation: 'create' | 'update'): ApiError {
    return validationFailed(issues, policy.refusedStatus[operation]);
  }

  /** A non-UUID id cannot name a contact: same 404 as an unknown one. */
  function find(request: FastifyRequest<{ Params: IdParams }>, anyOrganisation = false): Contact | undefined {
    const { id } = request.params;
    if (!isUuid(id)) return undefined;
    const key = id.toLowerCase();
    if (anyOrganisation) return store.findAnywhere(key)?.record;
    return store.get(requireAuth(request).organisationId, key);
  }

  function missing(reply: FastifyReply): FastifyReply {
    if (policy.unknownId === 'null-data') return reply.code(200).send({ data: null });
    throw notFound('contact');
  }

  app.get('/contacts', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const filter: ContactFilter = {
      contactType: query.oneOf('contactType', CONTACT_TYPES),
      parentContactId: query.uuid('parentContactId'),
      isActive: query.boolean('isActive', lists.lenientBooleans),
      isBillable: query.boolean('isBillable', lists.lenientBooleans),
      search: query.string('search'),
    };
    // contactTypeKey is validated (spec 4.1, 8) but names nothing the reference stores
    if (policy.typeKeyMax === null) query.string('contactTypeKey');
    else query.boundedString('contactTypeKey', CONTACT_TYPE_KEY_MIN, policy.typeKeyMax);
    const page = readPage(query, lists);
    query.finish();

    for (const name of policy.ignoredFilters) delete filter[name];
    const source = policy.listScope === 'everywhere' ? store.listAll() : store.listed(auth.organisationId);
    if (interactions.billableFirstPatch === true && filter.isBillable !== undefined) {
      return paginate(
        billable.filterIndexed(source, ['isBillable'], (records) => filterContacts(records, filter)),
        page,
        lists,
      );
    }
    const indexed: Array<keyof Contact> = [
      ...(interactions.searchIndex === true && filter.search !== undefined ? (['name'] as const) : []),
      ...(interactions.parentIndex === true && filter.parentContactId !== undefined ? (['parentContactId'] as const) : []),
    ];
    // A cache of each parent's children keyed by the parent id alone, not by organisation (an interaction fault).
    const onlyParent = Object.entries(filter).every(([name, value]) => name === 'parentContactId' || value === undefined);
    const cacheKey =
      interactions.childrenCache === true && onlyParent && filter.parentContactId !== undefined
        ? `${filter.parentContactId.toLowerCase()} ${page.limit} ${page.offset}`
        : undefined;
    const cached = cacheKey === undefined ? undefined : childrenCache.get(cacheKey);
    if (cached !== undefined) return cached;
    const body = paginate(
      index.filterIndexed(source, indexed, (records) => filterContacts(records, filter)),
      page,
      lists,
    );
    if (cacheKey !== undefined) childrenCache.set(cacheKey, body);
    return body;
  });

  app.post('/contacts', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(bent(request.body, policy.bends));
    if (!result.ok) throw bodyRejected(result.issues, 'create');
    // a parent looked up in every organisation must exist there
    if (policy.parentLookup === 'everywhere' && result.value.parentContactId !== undefined) {
      if (store.findAnywhere(result.value.parentContactId.toLowerCase()) === undefined) {
        throw validationFailed([{ path: 'parentContactId', message: 'no such contact' }]);
      }
    }
    const contact = store.insert(auth.organisationId, createContact(result.value, randomUUID(), now().toISOString()));
    if (interactions.searchIndex === true || interactions.parentIndex === true) index.keepFirst(auth.organisationId, contact);
    if (interactions.billableFirstPatch === true) billable.keepFirst(auth.organisationId, contact);
    return reply.code(policy.createdStatus).send({ data: contact });
  });

  app.get<{ Params: IdParams }>('/contacts/:id', async (request, reply) => {
    const contact = find(request, policy.readScope === 'everywhere');
    const foreign = contact === undefined && policy.foreignRead !== 'not-found' ? find(request, true) : undefined;
    if (foreign !== undefined && policy.foreignRead === 'forbidden') throw forbidden('contact belongs to another organisation');
    if (foreign !== undefined) throw notFound(`contact "${foreign.name}" of another organisation`);
    if (contact === undefined) return missing(reply);
    if (interactions.readCache === true) cache.keepFirst('', contact);
    const shown = interactions.readCache === true ? (cache.get(contact.id) ?? contact) : contact;
    return reply.send(policy.envelope.read ? { data: shown } : shown);
  });

  app.patch<{ Params: IdParams }>('/contacts/:id', async (request, reply) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(bent(request.body, policy.bends));
    if (!result.ok) throw bodyRejected(result.issues, 'update');
    const existing = find(request);
    if (existing === undefined) return missing(reply);
    const updated = patchContact(existing, result.value, now().toISOString(), policy.patch);
    store.replace(auth.organisationId, updated);
    if (interactions.billableFirstPatch === true && result.value.isBillable !== undefined && !billablePatched.has(updated.id)) {
      billablePatched.add(updated.id);
      billable.refresh(auth.organisationId, updated);
    }
    return reply.send(policy.envelope.update ? { data: updated } : updated);
  });

  app.delete<{ Params: IdParams }>('/contacts/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = find(request);
    if (existing === undefined) return missing(reply);
    if (policy.delete.removes) store.delete(auth.organisationId, existing.id);
    cache.drop(existing.id);
    if (policy.delete.answer === 'record') return reply.code(200).send({ data: existing });
    return reply.code(204).send();
  });
};
