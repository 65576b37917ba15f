import type { CheckContext } from './check.js';

/**
 * Memoises one asynchronous setup per suite file (a file runs in one worker). Checks of a file run
 * side by side: the first to ask makes it, the others wait for the same promise; they only read it.
 * A setup that failed is not kept: the next check to ask makes it again, so a setup cut by an
 * outage of the target (the checks that waited on it run again once it is back) is not a
 * failure every later check inherits.
 */
export function once<T>(make: (t: CheckContext) => Promise<T>): (t: CheckContext) => Promise<T> {
  let value: Promise<T> | undefined;
  return (t) => {
    if (value === undefined) {
      const made = make(t);
      value = made;
      made.catch(() => {
        if (value === made) value = undefined;
      });
    }
    return value;
  };
}
