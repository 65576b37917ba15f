import { randomUUID } from 'node:crypto';
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Ajv } from 'ajv';
import { requireAuth } from '../auth.js';
import { ApiError, forbidden, notFound, validationFailed, type Issue } from '../errors.js';
import type { FaultSet } from '../faults.js';
import { createContact, filterContacts, patchContact, type Contact, type ContactFilter } from '../models/contacts.js';
import { paginate, readPage } from '../paging.js';
import { QueryReader } from '../query.js';
import {
  CONTACT_TYPE_KEY_MAX,
  CONTACT_TYPE_KEY_MIN,
  CONTACT_TYPES,
  contactCreateSchema,
  contactUpdateSchema,
  type ContactCreateInput,
  type ContactSchemaLoosening,
  type ContactUpdateInput,
} from '../schemas/contacts.js';
import type { PartitionedStore } from '../store.js';
import { compileBody, isUuid } from '../validation.js';

export interface ContactsRouteOptions {
  store: PartitionedStore<Contact>;
  faults: FaultSet;
  ajv: Ajv;
  now?: () => Date;
}

interface IdParams {
  id: string;
}

function loosening(faults: FaultSet): ContactSchemaLoosening {
  return {
    emptyName: faults.has('contacts-empty-name'),
    emailUnchecked: faults.has('contacts-email-unchecked'),
    websiteUnchecked: faults.has('contacts-website-unchecked'),
    fractionalPaymentTerms: faults.has('contacts-fractional-payment-terms'),
    anyContactType: faults.has('contacts-bad-enum'),
    parentUuidUnchecked: faults.has('contacts-parent-uuid-unchecked'),
  };
}

/**
 * The faults contacts-boolean-strings and contacts-null-tags bend a body before it is
 * validated: "true"/"false" and 1/0 become booleans, tags null becomes no tags.
 */
function bentBody(body: unknown, faults: FaultSet): unknown {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  if (faults.has('contacts-boolean-strings')) {
    for (const field of ['isActive', 'isBillable']) {
      if (out[field] === 'true' || out[field] === 1) out[field] = true;
      else if (out[field] === 'false' || out[field] === 0) out[field] = false;
    }
  }
  if (faults.has('contacts-null-tags') && out['tags'] === null) out['tags'] = [];
  return out;
}

/** spec 4.1: contacts CRUD, scoped to the key's organisation. */
export const contactsRoutes: FastifyPluginAsync<ContactsRouteOptions> = async (app, options) => {
  const { store, faults, ajv } = options;
  const now = options.now ?? (() => new Date());
  const loose = loosening(faults);
  const validateCreate = compileBody<ContactCreateInput>(ajv, contactCreateSchema(loose));
  const validateUpdate = compileBody<ContactUpdateInput>(ajv, contactUpdateSchema(loose));
  const bend = faults.has('contacts-boolean-strings') || faults.has('contacts-null-tags');

  function bodyRejected(issues: Issue[], operation: 'create' | 'update'): ApiError {
    if (faults.has('validation-500')) return validationFailed(issues, 500);
    if (operation === 'update' && faults.has('validation-status-mixed')) return validationFailed(issues, 422);
    return validationFailed(issues);
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
    if (faults.has('unknown-id-200')) return reply.code(200).send({ data: null });
    throw notFound('contact');
  }

  app.get('/contacts', async (request) => {
    const auth = requireAuth(request);
    const query = new QueryReader(request.query);
    const lenient = faults.has('boolean-filter-lenient');
    const filter: ContactFilter = {
      contactType: query.oneOf('contactType', CONTACT_TYPES),
      parentContactId: query.uuid('parentContactId'),
      isActive: query.boolean('isActive', lenient),
      isBillable: query.boolean('isBillable', lenient),
      search: query.string('search'),
    };
    // contactTypeKey is validated (spec 4.1, 8) but names nothing the reference stores
    if (faults.has('contacts-type-key-unbounded')) query.string('contactTypeKey');
    else query.boundedString('contactTypeKey', CONTACT_TYPE_KEY_MIN, CONTACT_TYPE_KEY_MAX - (faults.has('contacts-type-key-max-exclusive') ? 1 : 0));
    const page = readPage(query, faults);
    query.finish();

    if (faults.has('contacts-filter-type-ignored')) delete filter.contactType;
    if (faults.has('contacts-filter-parent-ignored')) delete filter.parentContactId;
    if (faults.has('contacts-search-ignored')) delete filter.search;
    if (faults.has('contacts-filter-active-ignored')) delete filter.isActive;
    if (faults.has('contacts-filter-billable-ignored')) delete filter.isBillable;
    const source = faults.has('org-list-leak') ? store.listAll() : store.listed(auth.organisationId);
    return paginate(filterContacts(source, filter), page, faults);
  });

  app.post('/contacts', async (request, reply) => {
    const auth = requireAuth(request);
    const result = validateCreate(bend ? bentBody(request.body, faults) : request.body);
    if (!result.ok) throw bodyRejected(result.issues, 'create');
    // sec-parent-contact-any-org: the parent must exist, but is looked up in every organisation
    if (faults.has('sec-parent-contact-any-org') && result.value.parentContactId !== undefined) {
      if (store.findAnywhere(result.value.parentContactId.toLowerCase()) === undefined) {
        throw validationFailed([{ path: 'parentContactId', message: 'no such contact' }]);
      }
    }
    const contact = store.insert(auth.organisationId, createContact(result.value, randomUUID(), now().toISOString()));
    return reply.code(faults.has('create-returns-200') ? 200 : 201).send({ data: contact });
  });

  app.get<{ Params: IdParams }>('/contacts/:id', async (request, reply) => {
    const contact = find(request, faults.has('org-scope-leak'));
    // sec-cross-org-403: another organisation's contact is told apart from an unknown id
    if (contact === undefined && faults.has('sec-cross-org-403') && find(request, true) !== undefined) {
      throw forbidden('contact belongs to another organisation');
    }
    // sec-error-body-leak: the 404 for another organisation's contact names it
    const foreign = contact === undefined && faults.has('sec-error-body-leak') ? find(request, true) : undefined;
    if (foreign !== undefined) throw notFound(`contact "${foreign.name}" of another organisation`);
    if (contact === undefined) return missing(reply);
    return reply.send(faults.has('no-data-envelope') ? contact : { data: contact });
  });

  app.patch<{ Params: IdParams }>('/contacts/:id', async (request, reply) => {
    const auth = requireAuth(request);
    // the body is judged first: an invalid request is invalid whatever it targets
    const result = validateUpdate(bend ? bentBody(request.body, faults) : request.body);
    if (!result.ok) throw bodyRejected(result.issues, 'update');
    const existing = find(request);
    if (existing === undefined) return missing(reply);
    const updated = patchContact(existing, result.value, now().toISOString(), {
      resetOmitted: faults.has('contacts-patch-resets-omitted'),
      ignoreNull: faults.has('contacts-null-ignored'),
    });
    store.replace(auth.organisationId, updated);
    return reply.send(faults.has('update-no-envelope') ? updated : { data: updated });
  });

  app.delete<{ Params: IdParams }>('/contacts/:id', async (request, reply) => {
    const auth = requireAuth(request);
    const existing = find(request);
    if (existing === undefined) return missing(reply);
    if (!faults.has('contacts-delete-kept')) store.delete(auth.organisationId, existing.id);
    if (faults.has('delete-returns-200-body')) return reply.code(200).send({ data: existing });
    return reply.code(204).send();
  });
};
