import { RESOURCE_CREATE_FIELDS, RESOURCE_UPDATE_FIELDS, type ResourceCreateInput, type ResourceUpdateInput } from '../schemas/resources.js';
import { applyPatch, matchesSearch, pickFields, sameId, type PatchBehaviour } from './fields.js';

/**
 * A stored staff resource: every field of spec 2.4 (field order as in the table), unset
 * optional fields as null, isActive true until a PATCH or the soft DELETE clears it.
 */
export interface Resource {
  id: string;
  name: string;
  email: string | null;
  phone: string | null;
  jobTitle: string | null;
  roleId: string | null;
  employmentType: string | null;
  startDate: string | null;
  endDate: string | null;
  countryCode: string | null;
  regionCode: string | null;
  homeOfficeId: string | null;
  tags: string[];
  isActive: boolean;
  salary: number | null;
  salaryPeriod: string | null;
  externalUserId: string | null;
  createdAt: string;
  updatedAt: string;
}

function defaults(): Omit<Resource, 'id' | 'name' | 'createdAt' | 'updatedAt'> {
  return {
    email: null,
    phone: null,
    jobTitle: null,
    roleId: null,
    employmentType: null,
    startDate: null,
    endDate: null,
    countryCode: null,
    regionCode: null,
    homeOfficeId: null,
    tags: [],
    isActive: true,
    salary: null,
    salaryPeriod: null,
    externalUserId: null,
  };
}

export interface ResourceCreateBehaviour {
  /** Fault rs-is-active-on-create: isActive in the create body is applied. */
  applyIsActive?: boolean;
}

/** spec 2.4: isActive is not accepted on create, so it is not even read here (unless a fault says so). */
export function createResource(input: ResourceCreateInput, id: string, now: string, behaviour: ResourceCreateBehaviour = {}): Resource {
  const fields = [...RESOURCE_CREATE_FIELDS, ...(behaviour.applyIsActive ? (['isActive'] as const) : [])];
  return { id, name: input.name, ...defaults(), ...pickFields(input, fields), createdAt: now, updatedAt: now } as Resource;
}

export function patchResource(existing: Resource, input: ResourceUpdateInput, now: string, behaviour: PatchBehaviour = {}): Resource {
  return applyPatch(existing, pickFields(input, RESOURCE_UPDATE_FIELDS), now, defaults(), behaviour);
}

/**
 * spec 4.4: DELETE is a soft delete. The reference keeps the record, readable by GET and
 * listed, with isActive false (a PATCH with isActive true brings it back).
 */
export function softDeleteResource(existing: Resource, now: string): Resource {
  return { ...existing, tags: [...existing.tags], isActive: false, updatedAt: now };
}

export interface ResourceFilter {
  isActive?: boolean;
  roleId?: string;
  homeOfficeId?: string;
  search?: string;
}

/** spec 4.4 list filters; search is a case-insensitive substring of name or email. */
export function filterResources(resources: readonly Resource[], filter: ResourceFilter): Resource[] {
  return resources.filter(
    (r) =>
      (filter.isActive === undefined || r.isActive === filter.isActive) &&
      sameId(filter.roleId, r.roleId) &&
      sameId(filter.homeOfficeId, r.homeOfficeId) &&
      matchesSearch(filter.search, r.name, r.email),
  );
}
