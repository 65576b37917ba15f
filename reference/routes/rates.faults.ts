import type { RateFilter } from '../models/rates.js';
import { defineFaults } from '../policy/declaration.js';
import type { InputBend, Scope } from '../policy/kinds.js';
import type { RateCreateInput, RateSchemaLoosening, RateUpdateInput } from '../schemas/rates.js';

/** What may bend in the rate routes (spec 4.5): each field is one behaviour a fault can change. */
export interface RatesPolicy {
  /** Body rules of spec 2.5 and 4.5 the validator leaves out. */
  readonly loosened: RateSchemaLoosening;
  /** The rateType filter takes only the types of spec 2.5 (else 400), or any string. */
  readonly typeFilterChecked: boolean;
  /** List filters read but not applied. */
  readonly ignoredFilters: readonly (keyof RateFilter)[];
  /** Changes made to a valid create before it is stored. */
  readonly createBends: readonly InputBend<RateCreateInput>[];
  /** Changes made to a valid update before it is applied. */
  readonly updateBends: readonly InputBend<RateUpdateInput>[];
  /** GET /rates/{id} shows the rate with its currentVersion (spec 4.5), or the stored fields without any version. */
  readonly readShowsVersion: boolean;
  /** DELETE /rates/{id} deactivates the rate (spec 4.5), or removes it. */
  readonly deleteAction: 'deactivate' | 'remove';
  /** GET /rates/{id}/versions lists every version (spec 4.5), or only the current one. */
  readonly versionsListed: 'all' | 'current';
  /** Where GET and POST /rates/{id}/versions find the rate. */
  readonly versionsScope: Scope;
  /** Copies kept beside the store that a write forgets to refresh (the interaction faults below). */
  readonly interactions: { readonly versionsCache?: boolean };
}

/** The spec's behaviour. */
export const RATES_POLICY: RatesPolicy = {
  loosened: {},
  typeFilterChecked: true,
  ignoredFilters: [],
  createBends: [],
  updateBends: [],
  readShowsVersion: true,
  deleteAction: 'deactivate',
  versionsListed: 'all',
  versionsScope: 'organisation',
  interactions: {},
};

/** A create the loosened validator let through without amount gets an initial version of 0. */
const missingAmountZero: InputBend<RateCreateInput> = (input) => ({ ...input, amount: (input.amount as number | undefined) ?? 0 });

/** hoursPerPeriod sent on create is dropped (the rate shows null). */
const hoursDropped: InputBend<RateCreateInput> = (input) => ({ ...input, hoursPerPeriod: undefined });

/** tags sent on update are dropped: the stored ones stay. */
const tagsDropped: InputBend<RateUpdateInput> = (input) => ({ ...input, tags: undefined });

/** The faults of the rate routes (policy slot `rates`). */
export const RATE_FAULTS = defineFaults({
  'rate-versions-list-cached': {
    changes:
      'GET /rates/{id}/versions answers the list as it stood at its first read: a version added later is left out (POST /rates/{id}/versions does not refresh the cache)',
    suite: 'sequences',
    breaks: 'SEQ-VERSIONS-AFTER-WRITE',
    policy: { rates: { interactions: { versionsCache: true } } },
  },
  'rate-create-not-strict': {
    changes: 'rate create accepts (and ignores) unknown properties',
    suite: 'rates',
    breaks: 'RT-STRICT',
    policy: { rates: { loosened: { createNotStrict: true } } },
  },
  'rate-update-amount-applied': {
    changes: 'rate update accepts amount and applies it as a new current version',
    suite: 'rates',
    breaks: 'RT-UPDATE-NOT-ACCEPTED',
    policy: { rates: { loosened: { updateTakesAmount: true } } },
  },
  'rate-version-date-unchecked': {
    changes: 'rate version effectiveFrom accepts impossible days of the YYYY-MM-DD shape',
    suite: 'rates',
    breaks: 'RT-VERSION-INVALID',
    policy: { rates: { loosened: { versionDateShapeOnly: true } } },
  },
  'rate-delete-hard': {
    changes: 'DELETE /rates/{id} removes the rate: later GET answers 404',
    suite: 'rates',
    breaks: 'RT-DELETE-DEACTIVATES',
    policy: { rates: { deleteAction: 'remove' } },
  },
  'rate-versions-only-current': {
    changes: 'GET /rates/{id}/versions lists only the current version',
    suite: 'rates',
    breaks: 'RT-VERSIONS-LIST',
    policy: { rates: { versionsListed: 'current' } },
  },
  'rate-filter-tags-ignored': {
    changes: 'GET /rates ignores the tags filter',
    suite: 'rates',
    breaks: 'RT-FILTER-TAGS',
    policy: { rates: { ignoredFilters: ['tags'] } },
  },
  'rate-type-enum-unchecked': {
    changes: 'rate rateType accepts any string on create and update',
    suite: 'rates',
    breaks: 'RT-FIELD-RULES',
    policy: { rates: { loosened: { rateTypeUnchecked: true } } },
  },
  'rate-version-not-strict': {
    changes: 'rate version create accepts (and ignores) unknown properties',
    suite: 'rates',
    breaks: 'RT-STRICT',
    policy: { rates: { loosened: { versionNotStrict: true } } },
  },
  'rate-get-no-version': {
    changes: 'GET /rates/{id} returns the rate without currentVersion or any amount',
    suite: 'rates',
    breaks: 'RT-GET-CURRENT',
    also: ['RT-CURRENT-AFTER-VERSION'],
    policy: { rates: { readShowsVersion: false } },
  },
  'rate-create-hours-dropped': {
    changes: 'rate create ignores hoursPerPeriod (the rate shows null)',
    suite: 'rates',
    breaks: 'RT-CREATE-VALID',
    policy: { rates: { createBends: [hoursDropped] } },
  },
  'rate-amount-not-required': {
    changes: 'rate create without amount is accepted (initial version amount 0)',
    suite: 'rates',
    breaks: 'RT-CREATE-REQUIRED',
    policy: { rates: { loosened: { amountNotRequired: true }, createBends: [missingAmountZero] } },
  },
  'rate-update-tags-ignored': {
    changes: 'rate update answers 200 but leaves tags unchanged',
    suite: 'rates',
    breaks: 'RT-UPDATE-VALID',
    policy: { rates: { updateBends: [tagsDropped] } },
  },
  'rate-version-zero-rejected': {
    changes: 'rate version create rejects amount 0 (requires amount > 0)',
    suite: 'rates',
    breaks: 'RT-VERSION-CREATE',
    policy: { rates: { loosened: { versionAmountPositive: true } } },
  },
  'rate-query-type-unchecked': {
    changes: 'GET /rates accepts any rateType filter value (an unknown one matches nothing)',
    suite: 'rates',
    breaks: 'RT-QUERY-INVALID',
    policy: { rates: { typeFilterChecked: false } },
  },
  'rate-filter-type-ignored': {
    changes: 'GET /rates ignores the rateType filter',
    suite: 'rates',
    breaks: 'RT-FILTER-TYPE',
    policy: { rates: { ignoredFilters: ['rateType'] } },
  },
  'rate-filter-active-ignored': {
    changes: 'GET /rates ignores the isActive filter',
    suite: 'rates',
    breaks: 'RT-FILTER-ACTIVE',
    policy: { rates: { ignoredFilters: ['isActive'] } },
  },
  'rate-filter-default-ignored': {
    changes: 'GET /rates ignores the isDefault filter',
    suite: 'rates',
    breaks: 'RT-FILTER-DEFAULT',
    policy: { rates: { ignoredFilters: ['isDefault'] } },
  },
  'rate-search-ignored': {
    changes: 'GET /rates ignores the search filter',
    suite: 'rates',
    breaks: 'RT-FILTER-SEARCH',
    policy: { rates: { ignoredFilters: ['search'] } },
  },
  'sec-rate-cross-org-versions': {
    changes: "GET and POST /rates/{id}/versions work on other organisations' rates",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
    policy: { rates: { versionsScope: 'everywhere' } },
  },
});
