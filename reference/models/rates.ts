import { RATE_CREATE_FIELDS, RATE_UPDATE_FIELDS, type RateCreateInput, type RateUpdateInput, type RateVersionInput } from '../schemas/rates.js';
import { applyPatch, DEFAULT_CURRENCY, matchesSearch, pickFields } from './fields.js';

/** spec 2.5, 9: an amount valid from `effectiveFrom`. */
export interface RateVersion {
  id: string;
  amount: number;
  effectiveFrom: string;
  changeReason: string | null;
  createdAt: string;
}

/**
 * A rate as the API shows it: the fields of spec 2.5 without amount, the active flag of
 * 3.5, and the current version (which carries the amount).
 */
export interface Rate {
  id: string;
  name: string;
  rateType: string;
  currency: string;
  period: string | null;
  hoursPerPeriod: number | null;
  isDefault: boolean;
  isActive: boolean;
  tags: string[];
  currentVersion: RateVersion;
  createdAt: string;
  updatedAt: string;
}

/** What the store holds: the rate's own fields and all its versions in creation order. */
export interface StoredRate extends Omit<Rate, 'currentVersion'> {
  versions: RateVersion[];
}

/**
 * Defaults where the spec is silent: rateType `billable` (first of the enum), currency
 * DEFAULT_CURRENCY, period and hoursPerPeriod null, isDefault false. isDefault is a plain
 * flag: several rates may carry it at once.
 */
function defaults(): Omit<StoredRate, 'id' | 'name' | 'versions' | 'createdAt' | 'updatedAt'> {
  return { rateType: 'billable', currency: DEFAULT_CURRENCY, period: null, hoursPerPeriod: null, isDefault: false, isActive: true, tags: [] };
}

export function rateVersion(input: RateVersionInput, id: string, now: string): RateVersion {
  return { id, amount: input.amount, effectiveFrom: input.effectiveFrom, changeReason: input.changeReason ?? null, createdAt: now };
}

/** spec 4.5: the rate is created with its initial version, effective from today (UTC), no reason. */
export function createRate(input: RateCreateInput, ids: { rate: string; version: string }, now: string, today: string): StoredRate {
  return {
    id: ids.rate,
    name: input.name,
    ...defaults(),
    ...pickFields(input, RATE_CREATE_FIELDS),
    versions: [rateVersion({ amount: input.amount, effectiveFrom: today }, ids.version, now)],
    createdAt: now,
    updatedAt: now,
  } as StoredRate;
}

export function patchRate(existing: StoredRate, input: RateUpdateInput, now: string): StoredRate {
  return applyPatch(existing, pickFields(input, RATE_UPDATE_FIELDS), now, defaults());
}

/** POST /rates/{id}/versions (also allowed on a deactivated rate); the rate's updatedAt moves too. */
export function addRateVersion(existing: StoredRate, version: RateVersion): StoredRate {
  return { ...existing, versions: [...existing.versions, version], updatedAt: version.createdAt };
}

/** spec 2, 3.5, 4.5: deleting a rate deactivates it; it stays readable and listed. */
export function deactivateRate(existing: StoredRate, now: string): StoredRate {
  return { ...existing, isActive: false, updatedAt: now };
}

/**
 * The version in force on `today`: the latest effectiveFrom on or before today, ties
 * going to the most recently created; when every version lies in the future, the one
 * that starts first (ties again to the most recently created).
 */
export function currentVersion(versions: readonly RateVersion[], today: string): RateVersion {
  let best: RateVersion | undefined;
  for (const v of versions) if (v.effectiveFrom <= today && (best === undefined || v.effectiveFrom >= best.effectiveFrom)) best = v;
  if (best !== undefined) return best;
  for (const v of versions) if (best === undefined || v.effectiveFrom <= best.effectiveFrom) best = v;
  if (best === undefined) throw new Error('a rate always has a version');
  return best;
}

/** The API view of a stored rate. */
export function rateView(stored: StoredRate, today: string): Rate {
  const { versions, createdAt, updatedAt, ...fields } = stored;
  return { ...fields, tags: [...fields.tags], currentVersion: { ...currentVersion(versions, today) }, createdAt, updatedAt };
}

export interface RateFilter {
  rateType?: string;
  isActive?: boolean;
  isDefault?: boolean;
  search?: string;
  tags?: string[];
}

/**
 * spec 4.5 list filters. search is a case-insensitive substring of the name; tags match
 * when the rate carries ANY of the listed tags (exact, case-sensitive comparison).
 */
export function filterRates(rates: readonly StoredRate[], filter: RateFilter): StoredRate[] {
  return rates.filter(
    (r) =>
      (filter.rateType === undefined || r.rateType === filter.rateType) &&
      (filter.isActive === undefined || r.isActive === filter.isActive) &&
      (filter.isDefault === undefined || r.isDefault === filter.isDefault) &&
      matchesSearch(filter.search, r.name) &&
      (filter.tags === undefined || filter.tags.some((tag) => r.tags.includes(tag))),
  );
}
