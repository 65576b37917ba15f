import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { checker } from '../check/check.js';
import { DOMAINS, type Domain } from '../config/schema.js';
import { caseKey, classesOf, inputCases, pastBound } from '../spec/inputs/classes.js';
import { INPUT_SURFACES, surfaceName, type FieldSpec, type InputSurface } from '../spec/inputs/table.js';
import { isRequirementId, REQUIREMENTS } from '../spec/requirements.js';
import { inputTargets } from '../steps/input-targets.js';
import { inputClassChecks, plannedChecks, withValue } from './input-classes.js';

const domains = [...new Set(INPUT_SURFACES.map((s) => s.domain))];
const body = (fields: FieldSpec[]): InputSurface => ({ operation: 'POST /x', domain: 'contacts', section: '2', container: 'body', at: [], fields });
const query = (fields: FieldSpec[]): InputSurface => ({ ...body(fields), operation: 'GET /x', container: 'query' });
const names = (surface: InputSurface, field: FieldSpec): string[] => classesOf(surface, field).map((c) => c.name);
const values = (surface: InputSurface, field: FieldSpec): Record<string, unknown> =>
  Object.fromEntries(classesOf(surface, field).map((c) => [c.name, c.value]));

describe('invalid classes derived from one field row', () => {
  it('sends each wrong JSON type, a fraction for an integer, null unless nullable, and each bound by the smallest step', () => {
    const terms: FieldSpec = { name: 'paymentTermsDays', kind: 'integer', min: 0 };
    expect(names(body([terms]), terms)).toEqual(['type:string', 'type:boolean', 'type:array', 'type:object', 'type:fraction', 'null', 'below-min']);
    expect(values(body([terms]), terms)['below-min']).toBe(-1);
    const hours: FieldSpec = { name: 'hours', kind: 'number', min: 0, exclusiveMin: true, max: 24, nullable: true };
    const v = values(body([hours]), hours);
    expect(v['at-exclusive-min']).toBe(0);
    // One cent past the bound: a server keeping numbers to the cent or in a float32 still reads it past.
    expect(v['above-max']).toBe(24.01);
    expect(Math.fround(v['above-max'] as number)).toBeGreaterThan(24);
    expect(v['null']).toBeUndefined();
    expect(pastBound(0, -1)).toBe(-0.01);
    expect(pastBound(0.25, -1)).toBe(0.24);
  });

  it('breaks lengths and item counts, keeps a URL a URL, and names the check that already sends 101 batch items', () => {
    const url: FieldSpec = { name: 'url', kind: 'string', format: 'url', maxLength: 500 };
    const long = values(body([url]), url)['too-long'] as string;
    expect(long).toHaveLength(501);
    expect(() => new URL(long)).not.toThrow();
    const entries: FieldSpec = { name: 'entries', kind: 'array', minItems: 1, maxItems: 100, items: { name: 'entries[]', kind: 'object' } };
    const classes = classesOf(body([entries]), entries);
    expect(classes.find((c) => c.name === 'too-few-items')?.value).toEqual([]);
    expect(classes.find((c) => c.name === 'too-many-items')?.coveredBy).toBe('BATCH-SIZE');
  });

  it('sends near-miss formats (MUST) and the values a lax parser would normalise (SHOULD)', () => {
    const id: FieldSpec = { name: 'taskId', kind: 'string', format: 'uuid' };
    const classes = classesOf(body([id]), id).filter((c) => c.name.startsWith('format:'));
    expect(classes.filter((c) => c.rule === 'INPUT-FORMAT').map((c) => c.name)).toEqual(['format:uuid-one-short', 'format:uuid-non-hex']);
    expect(classes.filter((c) => c.rule === 'INPUT-FORMAT-STRICT').map((c) => c.name)).toEqual(['format:uuid-no-hyphens', 'format:uuid-braces']);
    const kind: FieldSpec = { name: 'contactType', kind: 'string', enum: ['company', 'individual'] };
    expect(values(body([kind]), kind)).toMatchObject({ 'enum:unknown': 'company_conformance', 'enum:other-case': 'COMPANY' });
  });

  it('sends no wrong type or null in a query (every value is a string there), only bounds and formats, as strings', () => {
    const from: FieldSpec = { name: 'dateFrom', kind: 'string', format: 'date' };
    expect(names(query([from]), from).every((n) => n.startsWith('format:'))).toBe(true);
    const key: FieldSpec = { name: 'contactTypeKey', kind: 'string', minLength: 1, maxLength: 30 };
    expect(values(query([key]), key)).toEqual({ 'too-short': '', 'too-long': 'a'.repeat(31) });
    const limit: FieldSpec = { name: 'limit', kind: 'integer', min: 1, max: 100 };
    expect(classesOf(query([limit]), limit).every((c) => c.coveredBy === 'PAGE-LIMIT-RANGE' && typeof c.value === 'string')).toBe(true);
  });

  it('puts a value at its place in a body without touching the valid base', () => {
    const base = { entries: [{ taskId: 'a', hours: 1 }], note: 'x' };
    expect(withValue(base, ['entries', 0], 'hours', 'bad')).toEqual({ entries: [{ taskId: 'a', hours: 'bad' }], note: 'x' });
    expect(base.entries[0]!.hours).toBe(1);
    expect(withValue({}, ['scope'], 'kind', 1)).toEqual({ scope: { kind: 1 } });
  });
});

describe('every (field, class) pair of the table has a check', () => {
  it('every pair is sent by one planned check of its domain, or names the catalogued check that sends it', () => {
    const all = inputCases(INPUT_SURFACES);
    expect(all.length).toBeGreaterThan(1000);
    const planned = domains.flatMap((d) => plannedChecks(d).flatMap((p) => p.cases.map(caseKey)));
    expect(new Set(planned).size).toBe(planned.length);
    const sent = new Set(planned);
    const unsent = all.filter((c) => c.invalid.coveredBy === undefined && !sent.has(caseKey(c))).map(caseKey);
    expect(unsent).toEqual([]);
    for (const c of all.filter((x) => x.invalid.coveredBy !== undefined)) expect(isRequirementId(c.invalid.coveredBy!)).toBe(true);
    for (const rule of new Set(all.map((c) => c.invalid.rule))) expect(REQUIREMENTS[rule]).toBeDefined();
  });

  it('registers one check per planned (operation, rule) for each domain, under the rule it names', () => {
    for (const domain of domains) {
      const registered: Array<{ id: string; title: string }> = [];
      const fake = ((id: string, title: string) => registered.push({ id, title })) as unknown as ReturnType<typeof checker>;
      inputClassChecks(fake, domain, inputTargets(domain));
      const planned = plannedChecks(domain);
      expect(registered.map((r) => r.id)).toEqual(planned.map((p) => p.rule));
      expect(new Set(registered.map((r) => r.title)).size).toBe(registered.length);
    }
  });

  it('has a target for every surface, and every domain suite file registers its checks', () => {
    for (const surface of INPUT_SURFACES) {
      const targets = inputTargets(surface.domain);
      expect(targets[surfaceName(surface)] ?? targets[surface.operation], surfaceName(surface)).toBeDefined();
    }
    for (const domain of domains) {
      expect(DOMAINS).toContain(domain);
      const source = readFileSync(new URL(`../../suites/${domain}.test.ts`, import.meta.url), 'utf8');
      expect(source, `suites/${domain}.test.ts`).toContain(`inputClassChecks(check, '${domain}', inputTargets('${domain}'`);
    }
    expect(domains.sort()).toEqual(
      (['allocations', 'batch', 'contacts', 'expenses', 'milestones', 'rates', 'reports', 'resources', 'tasks', 'time-entries', 'webhooks'] as Domain[]).sort(),
    );
  });
});
