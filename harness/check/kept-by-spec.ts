/*
 * What the run cannot remove by the spec's own rules (spec 2: "deleting resources and tasks is a
 * soft delete; deleting a rate deactivates it"): a DELETE of such a record answers 204 and the
 * record stays. The run counts them so the report can tell an operator what it leaves behind.
 */

/** How many records of each kind the run deleted and the spec keeps. */
export interface KeptBySpec {
  /** spec 4.7: DELETE /tasks/{id} is a soft delete. */
  softDeletedTasks: number;
  /** spec 4.4: DELETE /resources/{id} is a soft delete. */
  softDeletedResources: number;
  /** spec 4.5: DELETE /rates/{id} deactivates the rate. */
  deactivatedRates: number;
}

export function noneKept(): KeptBySpec {
  return { softDeletedTasks: 0, softDeletedResources: 0, deactivatedRates: 0 };
}

/** The kind a record's path (`/tasks/<id>`) counts under, or undefined for a record a DELETE removes. */
export function keptKindOf(path: string): keyof KeptBySpec | undefined {
  if (/^\/tasks\/[^/]+$/.test(path)) return 'softDeletedTasks';
  if (/^\/resources\/[^/]+$/.test(path)) return 'softDeletedResources';
  if (/^\/rates\/[^/]+$/.test(path)) return 'deactivatedRates';
  return undefined;
}

/**
 * Whether a DELETE answer leaves the record soft-deleted or deactivated: a success, or "already
 * gone" (a check deleted it before; spec 7 does not show the status of a second delete).
 */
export function keptAfter(status: number): boolean {
  return (status >= 200 && status < 300) || status === 404 || status === 410;
}

export function addKept(into: KeptBySpec, more: KeptBySpec): KeptBySpec {
  into.softDeletedTasks += more.softDeletedTasks;
  into.softDeletedResources += more.softDeletedResources;
  into.deactivatedRates += more.deactivatedRates;
  return into;
}

/**
 * Whether a 2xx read by id of a record the run deleted shows it as the spec keeps a deleted one
 * (spec 2: a task or resource soft-deleted, a rate deactivated), so that it is not counted as
 * left alive. `data`: the read's `data`; `accepted`: some DELETE of it answered 2xx.
 * - A record of another kind read 2xx is alive whatever it shows: its delete removes it.
 * - A rate carries `isActive` (spec 3.5) and "deleting a rate deactivates it": `isActive: false`
 *   is deactivated, `isActive: true` alive; without the field, the delete's answer decides.
 * - A task or resource: the spec shows no field that marks a soft delete (what a later read returns
 *   is observed, TK-DELETE-SOFT, RS-DELETE-SOFT); a field that marks it (`deletedAt` set, `isDeleted`
 *   or `deleted` true, `isActive: false`) says so, and otherwise the delete's answer decides: one
 *   answered 2xx soft-deleted it (a later delete may be refused or answer 404, spec 7 shows neither).
 */
export function readShowsKept(path: string, data: unknown, accepted: boolean): boolean {
  const kind = keptKindOf(path);
  if (kind === undefined) return false;
  const record = data !== null && typeof data === 'object' ? (data as Record<string, unknown>) : {};
  if (kind === 'deactivatedRates') {
    if (record['isActive'] === false) return true;
    if (record['isActive'] === true) return false;
    return accepted;
  }
  const marked =
    (record['deletedAt'] !== undefined && record['deletedAt'] !== null) ||
    record['isDeleted'] === true ||
    record['deleted'] === true ||
    record['isActive'] === false;
  return marked || accepted;
}
