import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INPUT_SURFACES, type FieldSpec, type InputSurface } from './table.js';

/*
 * The input table against the spec text: every field row of the record tables (2.x) is a field of
 * the create and update surfaces it is accepted on, with the type, format and nullability its row
 * states; every query parameter of the endpoint tables (4.x) is a field of that list's query;
 * the batch items and the execute body list the fields 4.10 and 4.9 name.
 */

const SPEC = readFileSync(new URL('../../../spec/work-management-api-v1.md', import.meta.url), 'utf8');

interface Row {
  readonly section: string;
  readonly field: string;
  readonly type: string;
  readonly create: string;
  readonly update: string;
}

/** The 4-column field rows of the 2.x tables (`| field | type | create | update |`). */
function fieldRows(): Row[] {
  const rows: Row[] = [];
  let section = '';
  for (const line of SPEC.split('\n')) {
    const heading = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading !== null) section = heading[1]!;
    if (!section.startsWith('2.')) continue;
    const cells = line
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length !== 4 || cells[0] === 'Field' || /^-+$/.test(cells[0]!)) continue;
    rows.push({ section, field: cells[0]!, type: cells[1]!, create: cells[2]!, update: cells[3]! });
  }
  return rows;
}

const PATHS: Readonly<Record<string, string>> = {
  '2.1': '/contacts',
  '2.2': '/expenses',
  '2.3': '/time-entries',
  '2.4': '/resources',
  '2.5': '/rates',
  '2.6': '/allocations',
  '2.7': '/tasks',
  '2.8': '/milestones',
  '2.10': '/webhooks',
};

const surface = (operation: string, at: readonly (string | number)[] = []): InputSurface | undefined =>
  INPUT_SURFACES.find((s) => s.operation === operation && JSON.stringify(s.at) === JSON.stringify(at));
const fieldOf = (s: InputSurface | undefined, name: string): FieldSpec | undefined => s?.fields.find((f) => f.name === name);
const accepted = (column: string): boolean => !/not accepted/i.test(column);

/** What a row's type cell says, in the table's terms. */
function expectedShape(type: string): Partial<FieldSpec> {
  if (/^uuid/.test(type)) return { kind: 'string', format: 'uuid' };
  if (/^`<date>`/.test(type)) return { kind: 'string', format: 'date' };
  if (/^integer/.test(type)) return { kind: 'integer' };
  if (/^number/.test(type)) return { kind: 'number' };
  if (/^boolean/.test(type)) return { kind: 'boolean' };
  if (/^array/.test(type)) return { kind: 'array' };
  if (/enum/.test(type)) return { kind: 'string' };
  return { kind: 'string' };
}

/** The text outside parentheses. */
function flatten(text: string): string {
  let depth = 0;
  let flat = '';
  for (const ch of text) {
    if (ch === '(') depth += 1;
    else if (ch === ')') depth -= 1;
    else if (depth === 0) flat += ch;
  }
  return flat;
}

/** The parameter names of a `Query: ...` cell: each name before its parenthesis, booleans and paging included. */
function queryNames(cell: string): string[] {
  const text = cell
    .trim()
    .replace(/^Query:\s*/, '')
    .replace(/\.\s*(Returns|Lists)[\s\S]*$/, '')
    .replace(/\.$/, '');
  return flatten(text)
    .split(',')
    .map((n) => n.trim())
    .filter((n) => /^[a-zA-Z]+$/.test(n));
}

describe('the input table against the spec text', () => {
  const rows = fieldRows();

  it('reads the field rows of every record table', () => {
    expect(rows.length).toBeGreaterThan(100);
    expect(new Set(rows.map((r) => r.section))).toEqual(new Set(Object.keys(PATHS)));
  });

  it('has every accepted field of every create and update, with the type and nullability its row states', () => {
    const problems: string[] = [];
    for (const row of rows) {
      const path = PATHS[row.section]!;
      for (const [column, operation] of [
        [row.create, `POST ${path}`],
        [row.update, `PATCH ${path}/{id}`],
      ] as const) {
        const field = fieldOf(surface(operation), row.field);
        if (!accepted(column)) {
          if (field !== undefined) problems.push(`${operation} ${row.field}: not accepted, yet listed`);
          continue;
        }
        if (field === undefined) {
          problems.push(`${operation} ${row.field}: missing`);
          continue;
        }
        const shape = expectedShape(row.type);
        if (field.kind !== shape.kind) problems.push(`${operation} ${row.field}: kind ${field.kind}, the spec says ${row.type}`);
        if ((shape.format ?? null) !== (field.format ?? null) && shape.format !== undefined)
          problems.push(`${operation} ${row.field}: format ${field.format}, the spec says ${row.type}`);
        const saysNullable = /(?<!not )nullable|may be null/.test(column) || /may be null/.test(row.type);
        if (saysNullable !== (field.nullable === true))
          problems.push(`${operation} ${row.field}: nullable ${field.nullable === true}, the spec says "${column}" / "${row.type}"`);
        if (/enum/.test(row.type) && !/expense status/.test(row.type)) {
          const values = [...new Set([...row.type.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]))];
          if (JSON.stringify(field.enum) !== JSON.stringify(values))
            problems.push(`${operation} ${row.field}: enum ${JSON.stringify(field.enum)}, the spec says ${JSON.stringify(values)}`);
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('lists no field of a create or update that the spec does not', () => {
    const named = new Set(rows.map((r) => `${PATHS[r.section]} ${r.field}`));
    const extra = INPUT_SURFACES.filter((s) => s.container === 'body' && s.at.length === 0 && /^(POST|PATCH) \/[a-z-]+(\/\{id\})?$/.test(s.operation))
      .flatMap((s) => s.fields.map((f) => `${s.operation.split(' ')[1]!.replace('/{id}', '')} ${f.name}`))
      .filter((key) => !named.has(key));
    expect(extra).toEqual([]);
  });

  it('has every query parameter of every list of part 4, paging included', () => {
    const problems: string[] = [];
    for (const line of SPEC.split('\n')) {
      const row = /^\|\s*GET\s*\|\s*(\S+)\s*\|\s*(Query:[^|]*)\|/.exec(line);
      if (row === null) continue;
      const names = queryNames(row[2]!);
      expect(names.length, line).toBeGreaterThan(0);
      const listed = surface(`GET ${row[1]}`);
      for (const name of names) if (fieldOf(listed, name) === undefined) problems.push(`GET ${row[1]} ${name}`);
      expect(listed?.fields.map((f) => f.name).sort()).toEqual([...names].sort());
    }
    expect(problems).toEqual([]);
    expect(fieldOf(surface('GET /projects'), 'limit')).toBeDefined();
  });

  it('has every field of the batch items and of the execute body', () => {
    for (const [method, array] of [
      ['POST', 'entries'],
      ['PATCH', 'updates'],
    ] as const) {
      const line = SPEC.split('\n').find((l) => l.startsWith(`| ${method} | /batch/time-entries |`))!;
      const names = flatten(line.slice(line.indexOf('of:') + 3).split('|')[0]!)
        .split(/[,;]/)
        .map(
          (part) =>
            part
              .trim()
              .replace(/^optional\s+/, '')
              .split(/\s/)[0]!,
        )
        .filter((n) => /^[a-zA-Z]+$/.test(n));
      expect(names.length).toBeGreaterThan(8);
      const listed = surface(`${method} /batch/time-entries`, [array, 0])!.fields.map((f) => f.name);
      for (const name of names) expect(listed, `${method} batch item ${name}`).toContain(name);
    }
    expect(fieldOf(surface('DELETE /batch/time-entries'), 'ids')?.items?.format).toBe('uuid');
    const execute = SPEC.split('\n').find((l) => l.startsWith('Execute body:'))!;
    for (const name of ['filterValues', 'page', 'pageSize', 'scope']) {
      expect(execute).toContain(`\`${name}\``);
      expect(fieldOf(surface('POST /reports/{id}/execute'), name), name).toBeDefined();
    }
    expect(surface('POST /reports/{id}/execute', ['scope'])!.fields.map((f) => f.name)).toEqual(['kind', 'id']);
  });
});
