import type { CheckContext } from '../check/check.js';
import { once } from '../check/once.js';

/** A set of records the suite created and a query that selects exactly them. */
export interface Scope {
  readonly query: Readonly<Record<string, string>>;
  readonly ids: readonly string[];
}

/** What the cross-cutting checks need to know about one collection of the API. */
export interface Collection {
  /** `/contacts` */
  readonly path: string;
  /** Singular noun for titles: `contact`. */
  readonly noun: string;
  /** A fresh valid create body; absent for collections the API cannot create into. */
  readonly createBody?: (t: CheckContext) => Promise<Record<string, unknown>> | Record<string, unknown>;
  /** A valid update body. */
  readonly updateBody?: (t: CheckContext) => Record<string, unknown>;
  /** Creates `count` records and returns a query selecting exactly them (for exact paging checks). */
  readonly scope?: (t: CheckContext, count: number) => Promise<Scope>;
}

/**
 * One scope per suite file, created on first use (checks running side by side share the promise);
 * a scope whose creation failed (an outage cut it, say) is made again by the next check to ask.
 */
export function sharedScope(collection: Collection, count: number): (t: CheckContext) => Promise<Scope> | undefined {
  const make = collection.scope;
  if (!make) return () => undefined;
  return once((t) => make(t, count));
}

/** `a contact`, `an expense`. */
export function withArticle(noun: string): string {
  return /^[aeiou]/i.test(noun) ? `an ${noun}` : `a ${noun}`;
}
