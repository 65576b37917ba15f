import type { Domain } from '../config/schema.js';
import type { CheckContext } from './check.js';

/**
 * Memoises one asynchronous setup per suite file, by the file's domain: the files of a worker
 * share their modules (the runner does not isolate them), so a fixture one file made, and deleted
 * when it ended, must never reach another. Checks of a file run side by side: the first to ask
 * makes it, the others wait for the same promise; they only read it. A setup that failed is not
 * kept: the next check to ask makes it again, so a setup cut by an outage of the target (the
 * checks that waited on it run again once it is back) is not a failure every later check inherits.
 */
export function once<T>(make: (t: CheckContext) => Promise<T>): (t: CheckContext) => Promise<T> {
  const values = new Map<Domain, Promise<T>>();
  return (t) => {
    let value = values.get(t.domain);
    if (value === undefined) {
      const made = make(t);
      values.set(t.domain, (value = made));
      made.catch(() => {
        if (values.get(t.domain) === made) values.delete(t.domain);
      });
    }
    return value;
  };
}
