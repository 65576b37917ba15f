import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { DELIVERY_STATUSES, EVENT_NAMES, MAX_ATTEMPTS, WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX } from '../harness/spec/webhooks.js';
import { MAX_ATTEMPTS as REFERENCE_MAX_ATTEMPTS } from '../reference/webhooks/engine.js';
import {
  DELIVERY_STATUSES as REFERENCE_DELIVERY_STATUSES,
  WEBHOOK_EVENTS as REFERENCE_EVENTS,
  WEBHOOK_NAME_MAX as REFERENCE_NAME_MAX,
  WEBHOOK_URL_MAX as REFERENCE_URL_MAX,
} from '../reference/schemas/webhooks.js';

/*
 * The suite's reading of the webhook rules (harness/spec/webhooks.ts) and the reference server's
 * (reference/schemas/webhooks.ts, reference/webhooks/engine.ts) are written apart on purpose: the
 * reference is a witness, not a copy. Where both state a value the spec fixes, they must agree,
 * and agree with the spec's own text: a drift in either is a bug one of them would hide.
 */

/** Spec 6.1's event names: the backticked names of its table. */
async function specEventNames(): Promise<string[]> {
  const spec = await readFile(new URL('../spec/work-management-api-v1.md', import.meta.url), 'utf8');
  const section = spec.slice(spec.indexOf('### 6.1'), spec.indexOf('### 6.2'));
  return [...section.matchAll(/`([a-z_]+\.[a-z_]+)`/g)].map((m) => m[1]!);
}

describe('the webhook rules of the suite and of the reference server', () => {
  it('list the same event names, those of spec 6.1', async () => {
    const spec = (await specEventNames()).sort();
    expect(spec).toHaveLength(16);
    expect([...EVENT_NAMES].sort()).toEqual(spec);
    expect([...REFERENCE_EVENTS].sort()).toEqual(spec);
  });

  it('agree on the delivery statuses (spec 3.4), the name and url bounds (spec 8) and the attempts (spec 6.2)', () => {
    expect([...REFERENCE_DELIVERY_STATUSES].sort()).toEqual([...DELIVERY_STATUSES].sort());
    expect([REFERENCE_NAME_MAX, REFERENCE_URL_MAX, REFERENCE_MAX_ATTEMPTS]).toEqual([WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX, MAX_ATTEMPTS]);
    expect([WEBHOOK_NAME_MAX, WEBHOOK_URL_MAX, MAX_ATTEMPTS]).toEqual([255, 500, 5]);
  });
});
