import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { VARIANT_NAMES } from '../../../reference/variants.js';
import { isRequirementId, REQUIREMENTS } from '../requirements.js';
import { auditDoc } from './doc.js';
import { AUDIT, AUDITED_AREAS, auditedIds, PENDING_AREAS, reliances } from './index.js';

const ROOT = new URL('../../../', import.meta.url);
const SPEC = readFileSync(new URL('spec/work-management-api-v1.md', ROOT), 'utf8');
/** Spec text as quotes compare it: no backticks, one space for any run of white space. */
const flat = (text: string): string => text.replace(/`/g, '').replace(/\s+/g, ' ').trim();

describe('the assumption audit', () => {
  it('covers every MUST requirement (and every security SHOULD) of the areas it audits, and names the areas still to audit', () => {
    const missing = auditedIds().filter((id) => (AUDIT[id] ?? []).length === 0);
    expect(missing).toEqual([]);
    for (const id of Object.keys(AUDIT)) expect(isRequirementId(id), id).toBe(true);
    // Every area is audited or listed as pending: a new area cannot slip through.
    const areas = new Set(Object.values(REQUIREMENTS).map((r) => r.area));
    expect(new Set([...AUDITED_AREAS, ...PENDING_AREAS])).toEqual(areas);
    expect(AUDITED_AREAS.filter((a) => PENDING_AREAS.includes(a))).toEqual([]);
  });

  it('quotes the spec word for word where it says the spec mandates a reliance', () => {
    const spec = flat(SPEC);
    const misquoted: string[] = [];
    for (const { id, reliance } of reliances()) {
      if (!('spec' in reliance.basis)) continue;
      for (const [, quote] of reliance.basis.spec.matchAll(/"([^"]{8,})"/g)) {
        // An elision (... or …) joins parts that must each be in the spec.
        const parts = quote!
          .split(/\.\.\.|…/)
          .map(flat)
          .filter((part) => part.length >= 4);
        if (!parts.every((part) => spec.includes(part))) misquoted.push(`${id}: "${quote}"`);
      }
    }
    expect(misquoted).toEqual([]);
  });

  it('names only variants the reference server has', () => {
    const named = reliances().flatMap(({ reliance }) => ('variant' in reliance.basis && reliance.basis.variant !== undefined ? [reliance.basis.variant] : []));
    expect(named.filter((v) => !(VARIANT_NAMES as readonly string[]).includes(v))).toEqual([]);
  });

  it('is documented in docs/audit.md (npx tsx harness/spec/audit/write-doc.ts)', () => {
    expect(readFileSync(new URL('docs/audit.md', ROOT), 'utf8')).toBe(auditDoc(AUDIT));
    expect(Object.keys(REQUIREMENTS).length).toBeGreaterThan(200);
  });
});
