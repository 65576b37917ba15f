import fc from 'fast-check';
import { expect } from 'vitest';
import type { ViolationCase } from './violations.js';

/** What the generator tests need of a zod schema. */
interface BodySchema {
  safeParse(body: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey> }> } | undefined };
}

/**
 * For the generator tests: every sampled body of every case fails `schema`, and on one field
 * only (a violation breaks one rule, so a check that sees it rejected knows why).
 */
export function expectEachBreaksOneField(cases: readonly ViolationCase[], schema: BodySchema, options: { samples: number; seed: number }): void {
  for (const c of cases) {
    for (const body of fc.sample(c.bodies, { seed: options.seed, numRuns: options.samples })) {
      const result = schema.safeParse(body);
      expect(result.success, `${c.rule}: ${JSON.stringify(body)}`).toBe(false);
      const fields = new Set(result.error?.issues.map((issue) => String(issue.path[0])));
      expect([...fields], `${c.rule}: ${JSON.stringify(body)}`).toHaveLength(1);
    }
  }
}
