import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REFERENCE_CASES } from '../steps/isolation.js';
import { INPUT_SURFACES } from './inputs/table.js';
import { REFERENCE_FIELDS, uuidFieldsOf } from './references.js';

const SPEC = readFileSync(new URL('../../spec/work-management-api-v1.md', import.meta.url), 'utf8');

describe('reference fields (spec 1, 5.4: what comes in is scoped too)', () => {
  it('lists every uuid field of the spec field tables', () => {
    const listed = new Set(REFERENCE_FIELDS.map((f) => `${f.section} ${f.field}`));
    const fields = uuidFieldsOf(SPEC);
    expect(fields.length).toBeGreaterThan(15);
    expect(fields.filter((f) => !listed.has(f))).toEqual([]);
  });

  it("sends org A's record as org B for every field it can get one of, and says why for the others", () => {
    const sent = new Set(REFERENCE_CASES.map((c) => `${c.section} ${c.field}`));
    const missing = REFERENCE_FIELDS.filter((f) => f.unreachable === undefined && !sent.has(`${f.section} ${f.field}`)).map((f) => `${f.section} ${f.field}`);
    expect(missing).toEqual([]);
    for (const f of REFERENCE_FIELDS.filter((r) => r.unreachable !== undefined)) expect(f.unreachable!.length).toBeGreaterThan(20);
  });

  it("sends org A's record as org B on every update that accepts a reference field, and in the execute scope (derived from the input table)", () => {
    const reachable = new Set(REFERENCE_FIELDS.filter((f) => f.unreachable === undefined).map((f) => `${f.section} ${f.field}`));
    const updates = INPUT_SURFACES.filter((s) => s.operation.startsWith('PATCH '))
      .flatMap((s) => s.fields.filter((f) => f.format === 'uuid' && f.name !== 'id').map((f) => `${s.section} ${f.name}`))
      .filter((key) => reachable.has(key));
    expect(updates.length).toBeGreaterThan(8);
    const sent = new Set(REFERENCE_CASES.filter((c) => c.via === 'update').map((c) => `${c.section} ${c.field}`));
    expect(updates.filter((key) => !sent.has(key))).toEqual([]);
    expect(REFERENCE_CASES.some((c) => c.via === 'action' && c.field === 'scope.id')).toBe(true);
  });
});
