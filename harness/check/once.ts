import type { CheckContext } from './check.js';

/** Memoises one asynchronous setup per suite file (checks in a file run in order, in one worker). */
export function once<T>(make: (t: CheckContext) => Promise<T>): (t: CheckContext) => Promise<T> {
  let value: Promise<T> | undefined;
  return (t) => (value ??= make(t));
}
