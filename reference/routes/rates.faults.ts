import { defineFaults } from '../policy/declaration.js';

/** What may bend in the rate routes: each field is one behaviour a fault can change. */
export interface RatesPolicy {}

/** The spec's behaviour. */
export const RATES_POLICY: RatesPolicy = {};

/** The faults of the rate routes (policy slot `rates`). */
export const RATE_FAULTS = defineFaults({
  'rate-create-not-strict': {
    changes: 'rate create accepts (and ignores) unknown properties',
    suite: 'rates',
    breaks: 'RT-STRICT',
  },
  'rate-update-amount-applied': {
    changes: 'rate update accepts amount and applies it as a new current version',
    suite: 'rates',
    breaks: 'RT-UPDATE-NOT-ACCEPTED',
  },
  'rate-version-date-unchecked': {
    changes: 'rate version effectiveFrom accepts impossible days of the YYYY-MM-DD shape',
    suite: 'rates',
    breaks: 'RT-VERSION-INVALID',
  },
  'rate-delete-hard': {
    changes: 'DELETE /rates/{id} removes the rate: later GET answers 404',
    suite: 'rates',
    breaks: 'RT-DELETE-DEACTIVATES',
  },
  'rate-versions-only-current': {
    changes: 'GET /rates/{id}/versions lists only the current version',
    suite: 'rates',
    breaks: 'RT-VERSIONS-LIST',
  },
  'rate-filter-tags-ignored': {
    changes: 'GET /rates ignores the tags filter',
    suite: 'rates',
    breaks: 'RT-FILTER-TAGS',
  },
  'rate-type-enum-unchecked': {
    changes: 'rate rateType accepts any string on create and update',
    suite: 'rates',
    breaks: 'RT-FIELD-RULES',
  },
  'rate-version-not-strict': {
    changes: 'rate version create accepts (and ignores) unknown properties',
    suite: 'rates',
    breaks: 'RT-STRICT',
  },
  'rate-get-no-version': {
    changes: 'GET /rates/{id} returns the rate without currentVersion or any amount',
    suite: 'rates',
    breaks: 'RT-GET-CURRENT',
    also: ['RT-CURRENT-AFTER-VERSION'],
  },
  'rate-create-hours-dropped': {
    changes: 'rate create ignores hoursPerPeriod (the rate shows null)',
    suite: 'rates',
    breaks: 'RT-CREATE-VALID',
  },
  'rate-amount-not-required': {
    changes: 'rate create without amount is accepted (initial version amount 0)',
    suite: 'rates',
    breaks: 'RT-CREATE-REQUIRED',
  },
  'rate-update-tags-ignored': {
    changes: 'rate update answers 200 but leaves tags unchanged',
    suite: 'rates',
    breaks: 'RT-UPDATE-VALID',
  },
  'rate-version-zero-rejected': {
    changes: 'rate version create rejects amount 0 (requires amount > 0)',
    suite: 'rates',
    breaks: 'RT-VERSION-CREATE',
  },
  'rate-query-type-unchecked': {
    changes: 'GET /rates accepts any rateType filter value (an unknown one matches nothing)',
    suite: 'rates',
    breaks: 'RT-QUERY-INVALID',
  },
  'rate-filter-type-ignored': {
    changes: 'GET /rates ignores the rateType filter',
    suite: 'rates',
    breaks: 'RT-FILTER-TYPE',
  },
  'rate-filter-active-ignored': {
    changes: 'GET /rates ignores the isActive filter',
    suite: 'rates',
    breaks: 'RT-FILTER-ACTIVE',
  },
  'rate-filter-default-ignored': {
    changes: 'GET /rates ignores the isDefault filter',
    suite: 'rates',
    breaks: 'RT-FILTER-DEFAULT',
  },
  'rate-search-ignored': {
    changes: 'GET /rates ignores the search filter',
    suite: 'rates',
    breaks: 'RT-FILTER-SEARCH',
  },
  'sec-rate-cross-org-versions': {
    changes: "GET and POST /rates/{id}/versions work on other organisations' rates",
    suite: 'security',
    breaks: 'SEC-ISOLATION-WRITE',
  },
});
