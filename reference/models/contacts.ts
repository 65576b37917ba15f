import type { ContactCreateInput, ContactUpdateInput } from '../schemas/contacts.js';
import { CONTACT_NULLABLE_FIELDS } from '../schemas/contacts.js';

/**
 * A stored contact: every field of spec 2.1, unset optional fields as null, plus id and
 * timestamps. contactType is a plain string because the contacts-bad-enum fault lets
 * any string in.
 */
export interface Contact {
  id: string;
  contactType: string;
  parentContactId: string | null;
  name: string;
  email: string | null;
  phone: string | null;
  jobTitle: string | null;
  billingEmail: string | null;
  billingAddress: string | null;
  paymentTermsDays: number | null;
  isBillable: boolean;
  isActive: boolean;
  website: string | null;
  taxNumber: string | null;
  notes: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

type Defaults = Omit<Contact, 'id' | 'contactType' | 'name' | 'createdAt' | 'updatedAt'>;

function defaults(): Defaults {
  return {
    parentContactId: null,
    email: null,
    phone: null,
    jobTitle: null,
    billingEmail: null,
    billingAddress: null,
    paymentTermsDays: null,
    isBillable: false,
    isActive: true,
    website: null,
    taxNumber: null,
    notes: null,
    tags: [],
  };
}

/** Copies the known fields only: unknown input properties are not stored. */
function knownFields(input: ContactUpdateInput): ContactUpdateInput {
  const out: Record<string, unknown> = {};
  const source = input as Record<string, unknown>;
  for (const field of ['contactType', 'name', 'isBillable', 'isActive', 'tags', ...CONTACT_NULLABLE_FIELDS] as const) {
    if (Object.hasOwn(source, field) && source[field] !== undefined) {
      const value = source[field];
      out[field] = Array.isArray(value) ? [...value] : value;
    }
  }
  return out as ContactUpdateInput;
}

export function createContact(input: ContactCreateInput, id: string, now: string): Contact {
  // field order follows spec 2.1 so that records read like the table
  const { parentContactId, ...rest } = { ...defaults(), ...(knownFields(input) as Partial<Defaults>) };
  return {
    id,
    contactType: input.contactType,
    parentContactId,
    name: input.name,
    ...rest,
    createdAt: now,
    updatedAt: now,
  };
}

export interface PatchBehaviour {
  /** Fault contacts-patch-resets-omitted: the body replaces the record. */
  resetOmitted?: boolean;
  /** Fault contacts-null-ignored: null leaves the old value. */
  ignoreNull?: boolean;
}

/** spec 2 general rules: omitted fields stay unchanged; null clears a nullable field. */
export function patchContact(existing: Contact, input: ContactUpdateInput, now: string, behaviour: PatchBehaviour = {}): Contact {
  const patch = knownFields(input) as Record<string, unknown>;
  if (behaviour.ignoreNull) {
    for (const [field, value] of Object.entries(patch)) if (value === null) delete patch[field];
  }
  const base: Contact = behaviour.resetOmitted ? { ...existing, ...defaults() } : { ...existing, tags: [...existing.tags] };
  return { ...base, ...(patch as Partial<Contact>), id: existing.id, createdAt: existing.createdAt, updatedAt: now };
}

export interface ContactFilter {
  contactType?: string;
  parentContactId?: string;
  isActive?: boolean;
  isBillable?: boolean;
  search?: string;
}

/** spec 4.1 list filters; search is a case-insensitive substring of name or email. */
export function filterContacts(contacts: readonly Contact[], filter: ContactFilter): Contact[] {
  const search = filter.search?.toLowerCase();
  const parent = filter.parentContactId?.toLowerCase();
  return contacts.filter(
    (c) =>
      (filter.contactType === undefined || c.contactType === filter.contactType) &&
      (parent === undefined || c.parentContactId?.toLowerCase() === parent) &&
      (filter.isActive === undefined || c.isActive === filter.isActive) &&
      (filter.isBillable === undefined || c.isBillable === filter.isBillable) &&
      (search === undefined || search === '' || c.name.toLowerCase().includes(search) || (c.email?.toLowerCase().includes(search) ?? false)),
  );
}
