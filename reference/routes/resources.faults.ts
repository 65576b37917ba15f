import type { ResourceFilter } from '../models/resources.js';
import { defineFaults } from '../policy/declaration.js';
import type { PatchRules } from '../policy/kinds.js';
import type { ResourceCreateInput, ResourceSchemaLoosening, ResourceUpdateInput } from '../schemas/resources.js';

/** What may bend in the resource routes (spec 4.4): each field is one behaviour a fault can change. */
export interface ResourcesPolicy {
  /** Body rules of spec 2.4 the validator leaves out (isActiveOnCreate also makes the create apply it). */
  readonly loosened: ResourceSchemaLoosening;
  /** Fields of a valid create body that are not stored (spec 2.4: every create field is stored). */
  readonly droppedOnCreate: readonly (keyof ResourceCreateInput)[];
  /** Fields of a valid update body answered 200 but left unchanged (spec 2.4: every update field is applied). */
  readonly ignoredOnUpdate: readonly (keyof ResourceUpdateInput)[];
  /** List filters read as any string, not checked as UUIDs (spec 4.4, 7: refused with 400). */
  readonly uncheckedFilters: readonly (keyof ResourceFilter)[];
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof ResourceFilter)[];
  readonly patch: PatchRules;
  /** What the soft DELETE answers: 204 (spec 4.4), or 200 with the deactivated record. */
  readonly deleteAnswer: 'no-content' | 'record';
  /** State kept beside the store that a write misreads (reference/routes/sequences.faults.ts). */
  readonly interactions: { readonly updateRevives?: boolean; readonly quickEditClearsTags?: boolean };
}

/** The spec's behaviour. */
export const RESOURCES_POLICY: ResourcesPolicy = {
  loosened: {},
  droppedOnCreate: [],
  ignoredOnUpdate: [],
  uncheckedFilters: [],
  ignoredFilters: [],
  patch: { resetOmitted: false, ignoreNull: false },
  deleteAnswer: 'no-content',
  interactions: {},
};

/** The faults of the resource routes (policy slot `resources`). */
export const RESOURCE_FAULTS = defineFaults({
  'rs-email-unchecked': {
    changes: 'resource email format is not checked',
    suite: 'resources',
    breaks: 'RS-EMAIL-FORMAT',
    policy: { resources: { loosened: { emailUnchecked: true } } },
  },
  'rs-negative-salary': {
    changes: 'resource salary accepts negative numbers',
    suite: 'resources',
    breaks: 'RS-SALARY',
    policy: { resources: { loosened: { negativeSalary: true } } },
  },
  'rs-is-active-on-create': {
    changes: 'resource create applies isActive',
    suite: 'resources',
    breaks: 'FIELD-NOT-ACCEPTED',
    policy: { resources: { loosened: { isActiveOnCreate: true } } },
  },
  'rs-employment-type-nullable': {
    changes: 'resource update accepts null employmentType and clears it',
    suite: 'resources',
    breaks: 'RS-FIELD-TYPES',
    policy: { resources: { loosened: { employmentTypeNullable: true } } },
  },
  'rs-delete-returns-200': {
    changes: 'DELETE /resources/{id} answers 200 with the (deactivated) record instead of 204',
    suite: 'resources',
    breaks: 'RS-DELETE-SOFT',
    policy: { resources: { deleteAnswer: 'record' } },
  },
  'rs-filter-role-ignored': {
    changes: 'GET /resources ignores the roleId filter',
    suite: 'resources',
    breaks: 'RS-FILTER-REFS',
    policy: { resources: { ignoredFilters: ['roleId'] } },
  },
  'rs-filter-active-ignored': {
    changes: 'GET /resources ignores the isActive filter',
    suite: 'resources',
    breaks: 'RS-FILTER-ACTIVE',
    policy: { resources: { ignoredFilters: ['isActive'] } },
  },
  'rs-patch-resets-omitted': {
    changes: 'resource PATCH replaces the record: omitted optional fields become null/default',
    suite: 'resources',
    breaks: 'RS-UPDATE-OMITTED',
    policy: { resources: { patch: { resetOmitted: true } } },
  },
  'rs-create-phone-dropped': {
    changes: 'resource create ignores phone (the record shows null)',
    suite: 'resources',
    breaks: 'RS-CREATE-VALID',
    policy: { resources: { droppedOnCreate: ['phone'] } },
  },
  'rs-name-not-required': {
    changes: 'resource create without name is accepted',
    suite: 'resources',
    breaks: 'RS-CREATE-REQUIRED',
    policy: { resources: { loosened: { nameNotRequired: true } } },
  },
  'rs-empty-name': {
    changes: 'resource create/update accept name ""',
    suite: 'resources',
    breaks: 'RS-NAME-MIN',
    policy: { resources: { loosened: { emptyName: true } } },
  },
  'rs-role-uuid-unchecked': {
    changes: 'resource roleId accepts non-UUID strings on create and update',
    suite: 'resources',
    breaks: 'RS-IDS-UUID',
    policy: { resources: { loosened: { roleIdUnchecked: true } } },
  },
  'rs-update-active-ignored': {
    changes: 'resource update answers 200 but leaves isActive unchanged',
    suite: 'resources',
    breaks: 'RS-UPDATE-VALID',
    policy: { resources: { ignoredOnUpdate: ['isActive'] } },
  },
  'rs-null-ignored': {
    changes: 'resource PATCH with null on a nullable field keeps the old value',
    suite: 'resources',
    breaks: 'RS-UPDATE-NULL-CLEARS',
    policy: { resources: { patch: { ignoreNull: true } } },
  },
  'rs-query-office-unchecked': {
    changes: 'GET /resources accepts a non-UUID homeOfficeId filter (it matches nothing)',
    suite: 'resources',
    breaks: 'RS-QUERY-INVALID',
    policy: { resources: { uncheckedFilters: ['homeOfficeId'] } },
  },
  'rs-search-ignored': {
    changes: 'GET /resources ignores the search filter',
    suite: 'resources',
    breaks: 'RS-FILTER-SEARCH',
    policy: { resources: { ignoredFilters: ['search'] } },
  },
});
