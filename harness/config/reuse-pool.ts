/**
 * How many records at most the runs of a property take turns on where a record cannot be removed
 * (a task or resource is soft-deleted, a rate deactivated: spec 2; issue 42): runs beyond it wait
 * for one to be free. Fewer records left on the target for a little less side by side.
 */
export const REUSE_POOL_MAX = 2;
