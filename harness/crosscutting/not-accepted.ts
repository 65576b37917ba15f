import type { CheckContext } from '../check/check.js';
import { ensure, fail, isClass } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';

/**
 * A field the spec marks "not accepted" in a non-strict body: a conformant server rejects the
 * request (4xx) or ignores the field; it never applies it (spec 2). Which one is observed.
 * `readBack` returns the record as it stands after an accepted request.
 */
export async function expectNotApplied(
  t: CheckContext,
  options: {
    readonly subject: string;
    readonly field: string;
    readonly value: unknown;
    readonly send: () => Promise<ApiResponse>;
    readonly readBack: (res: ApiResponse) => Promise<Record<string, unknown>>;
  },
): Promise<void> {
  const res = await options.send();
  if (res.status >= 500) fail(`expected ${options.field} to be rejected or ignored, the target failed with a server error`, res);
  if (isClass(res.status, '4xx')) {
    t.observe('not-accepted-field', `${options.subject}: ${options.field}`, `rejected (${res.status})`);
    return;
  }
  ensure(isClass(res.status, '2xx'), `expected 2xx or 4xx for ${options.subject} with ${options.field}`, res);
  const record = await options.readBack(res);
  ensure(
    JSON.stringify(record[options.field]) !== JSON.stringify(options.value),
    `${options.field} is not accepted on ${options.subject}, yet the target applied ${JSON.stringify(options.value)}`,
    res,
  );
  t.observe('not-accepted-field', `${options.subject}: ${options.field}`, 'ignored');
}
