import { defineFaults } from '../policy/declaration.js';

/** What may bend in the resource routes: each field is one behaviour a fault can change. */
export interface ResourcesPolicy {}

/** The spec's behaviour. */
export const RESOURCES_POLICY: ResourcesPolicy = {};

/** The faults of the resource routes (policy slot `resources`). */
export const RESOURCE_FAULTS = defineFaults({
  'rs-email-unchecked': {
    changes: 'resource email format is not checked',
    suite: 'resources',
    breaks: 'RS-EMAIL-FORMAT',
  },
  'rs-negative-salary': {
    changes: 'resource salary accepts negative numbers',
    suite: 'resources',
    breaks: 'RS-SALARY',
  },
  'rs-is-active-on-create': {
    changes: 'resource create applies isActive',
    suite: 'resources',
    breaks: 'FIELD-NOT-ACCEPTED',
  },
  'rs-employment-type-nullable': {
    changes: 'resource update accepts null employmentType and clears it',
    suite: 'resources',
    breaks: 'RS-FIELD-TYPES',
  },
  'rs-delete-returns-200': {
    changes: 'DELETE /resources/{id} answers 200 with the (deactivated) record instead of 204',
    suite: 'resources',
    breaks: 'RS-DELETE-SOFT',
  },
  'rs-filter-role-ignored': {
    changes: 'GET /resources ignores the roleId filter',
    suite: 'resources',
    breaks: 'RS-FILTER-REFS',
  },
  'rs-filter-active-ignored': {
    changes: 'GET /resources ignores the isActive filter',
    suite: 'resources',
    breaks: 'RS-FILTER-ACTIVE',
  },
  'rs-patch-resets-omitted': {
    changes: 'resource PATCH replaces the record: omitted optional fields become null/default',
    suite: 'resources',
    breaks: 'RS-UPDATE-OMITTED',
  },
  'rs-create-phone-dropped': {
    changes: 'resource create ignores phone (the record shows null)',
    suite: 'resources',
    breaks: 'RS-CREATE-VALID',
  },
  'rs-name-not-required': {
    changes: 'resource create without name is accepted',
    suite: 'resources',
    breaks: 'RS-CREATE-REQUIRED',
  },
  'rs-empty-name': {
    changes: 'resource create/update accept name ""',
    suite: 'resources',
    breaks: 'RS-NAME-MIN',
  },
  'rs-role-uuid-unchecked': {
    changes: 'resource roleId accepts non-UUID strings on create and update',
    suite: 'resources',
    breaks: 'RS-IDS-UUID',
  },
  'rs-update-active-ignored': {
    changes: 'resource update answers 200 but leaves isActive unchanged',
    suite: 'resources',
    breaks: 'RS-UPDATE-VALID',
  },
  'rs-null-ignored': {
    changes: 'resource PATCH with null on a nullable field keeps the old value',
    suite: 'resources',
    breaks: 'RS-UPDATE-NULL-CLEARS',
  },
  'rs-query-office-unchecked': {
    changes: 'GET /resources accepts a non-UUID homeOfficeId filter (it matches nothing)',
    suite: 'resources',
    breaks: 'RS-QUERY-INVALID',
  },
  'rs-search-ignored': {
    changes: 'GET /resources ignores the search filter',
    suite: 'resources',
    breaks: 'RS-FILTER-SEARCH',
  },
});
