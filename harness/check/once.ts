import type { CheckContext } from './check.js';

/**
 * Memoises one asynchronous setup per suite file (a file runs in one worker). Checks of a file run
 * side by side: the first to ask makes it, the others wait for the same promise; they only read it.
 */
export function once<T>(make: (t: CheckContext) => Promise<T>): (t: CheckContext) => Promise<T> {
  let value: Promise<T> | undefined;
  return (t) => (value ??= make(t));
}
