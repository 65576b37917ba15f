/**
 * The behaviours many domains share, named once: a route reads its slot of the policy in these
 * terms. The spec's choice is the first one named in each comment.
 */

/**
 * Where a read, list or lookup finds records: the key's organisation (spec 5.7), every
 * organisation, or every organisation when the key came as `Authorization: Bearer` (spec 5.1's
 * second form, which a server may resolve by a path of its own).
 */
export type Scope = 'organisation' | 'everywhere' | 'everywhere-as-bearer';

/** A read of an id that names no record: 404 (spec 4), or 200 with {data: null}. */
export type UnknownIdAnswer = 'not-found' | 'null-data';

/**
 * A read of another organisation's record: the same 404 as an unknown id (spec 5.7), a 403 that
 * tells it apart, or a 404 whose message names the record.
 */
export type ForeignAnswer = 'not-found' | 'forbidden' | 'named-not-found';

/** How a PATCH treats the body (spec 4): omitted fields kept and null clears, or otherwise. */
export interface PatchRules {
  /** Omitted optional fields become null or their default (the record is replaced). */
  readonly resetOmitted: boolean;
  /** A null on a nullable field keeps the old value. */
  readonly ignoreNull: boolean;
}

/** What a DELETE does and answers: removes and answers 204 (spec 4), or otherwise. */
export interface DeleteRules {
  readonly removes: boolean;
  readonly answer: 'no-content' | 'record';
}

/** A change made to a valid body before it is applied: what a fault stores differs from what was sent (the spec makes none). */
export type InputBend<T> = (input: T) => T;

/**
 * What a DELETE does to a record that is deleted outright (spec 2): removes it, or only hides it
 * from lists while a read by id still finds it.
 */
export type DeleteEffect = 'removes' | 'hidden-from-lists';
