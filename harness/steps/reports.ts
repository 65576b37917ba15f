import { randomBytes } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { CheckContext } from '../check/check.js';
import { ensure, isClass } from '../check/expect.js';
import type { ApiResponse } from '../http/client.js';
import { runTag } from '../check/run-context.js';
import type { ReportExecuteConstraints } from '../generators/reports.js';
import { REPORT_SOURCES, type ReportScope } from '../spec/reports.js';
import { optionalResource } from './expenses.js';
import { listAll } from './lists.js';

export type Definition = Record<string, unknown> & { id: string };

/** Names a definition's identifier may have, `id` first (spec 2.9: "Definition fields beyond those filters: not shown"). */
export const IDENTIFIER_NAMES = ['id', 'reportId', 'definitionId', 'reportDefinitionId', 'key', 'slug'] as const;

/** The field that identifies a definition and its value: the first of IDENTIFIER_NAMES holding a non-empty string. */
export function identifierOf(record: Record<string, unknown>): { name: string; value: string } | undefined {
  for (const name of IDENTIFIER_NAMES) {
    const value = record[name];
    if (typeof value === 'string' && value !== '') return { name, value };
  }
  return undefined;
}

/** The definitions of a list, each with its identifier (under whatever name it was shown) as `id`; those with none left out. */
export function asDefinitions(records: ReadonlyArray<Record<string, unknown>>): Definition[] {
  return records.flatMap((r) => {
    const identifier = identifierOf(r);
    return identifier === undefined ? [] : [{ ...r, id: identifier.value }];
  });
}

/** Every report definition the key's organisation lists (spec 2.9: seed data, never created by the suite). */
export async function listDefinitions(t: CheckContext): Promise<Definition[]> {
  return asDefinitions(await listAll(t.api, '/reports'));
}

/**
 * The definitions GET /reports lists with `query`, every page: those of `includes` must be there,
 * those of `excludes` must not (identifiers as asDefinitions reads them). `unlessRefused`: a 4xx
 * (a filter value the server refuses, as naming nothing it knows) lists nothing, and is recorded
 * under that topic instead.
 */
export async function expectDefinitionsFiltered(
  t: CheckContext,
  query: Readonly<Record<string, string>>,
  expectation: { includes: readonly string[]; excludes: readonly string[]; what: string },
  unlessRefused?: { topic: string; subject: string },
): Promise<Definition[]> {
  if (unlessRefused !== undefined) {
    const first = await t.api.get('/reports', { ...query, limit: 1 });
    t.observe(unlessRefused.topic, unlessRefused.subject, isClass(first.status, '4xx') ? `refused (${first.status})` : `answered ${first.status}`);
    if (isClass(first.status, '4xx')) return [];
  }
  const records = asDefinitions(await listAll(t.api, '/reports', query));
  const ids = new Set(records.map((r) => r.id));
  const shown = new URLSearchParams(Object.entries(query)).toString();
  for (const id of expectation.includes) ensure(ids.has(id), `GET /reports?${shown} left out ${id}, which ${expectation.what}`);
  for (const id of expectation.excludes) ensure(!ids.has(id), `GET /reports?${shown} returned ${id}, which does not match: ${expectation.what}`);
  return records;
}

/** The listed definitions; the check is skipped when the target lists none (nothing to run against). */
export async function needDefinitions(t: CheckContext): Promise<Definition[]> {
  const definitions = await listDefinitions(t);
  if (definitions.length === 0) t.skip('seed data missing: no report definition listed');
  return definitions;
}

/** How many listed definitions are tried in turn for one that runs with an empty body. */
export const RUNNABLE_TRIES = 5;

/** The definitions the execute checks run, and what the ones tried answered. */
export interface RunnableDefinitions {
  /** The tried definitions that answered `{}` with 200, in list order; the first is the one the execute checks run. */
  readonly runnable: readonly Definition[];
  /** Every execute with `{}` sent, in list order. */
  readonly answers: ReadonlyArray<{ readonly definition: Definition; readonly res: ApiResponse }>;
}

/**
 * The first RUNNABLE_TRIES listed definitions, each executed with an empty body: those that
 * answer 200 are runnable. Spec 4.9 makes every execute property optional, yet a definition may
 * need filter values of its own (a date range, a person) and refuse an execute without them (a
 * business rule the spec neither states nor forbids): the execute checks run one that needs none.
 */
export async function findRunnableDefinitions(t: CheckContext, definitions: readonly Definition[]): Promise<RunnableDefinitions> {
  const answers: Array<{ definition: Definition; res: ApiResponse }> = [];
  for (const definition of definitions.slice(0, RUNNABLE_TRIES)) {
    const res = await t.api.post(`/reports/${definition.id}/execute`, {});
    answers.push({ definition, res });
    t.observe('report-execute-definition', `POST /reports/{definition ${answers.length}}/execute with {}`, res.status);
  }
  return { runnable: answers.filter(({ res }) => res.status === 200).map(({ definition }) => definition), answers };
}

/** A string field of a definition, when it has one (definition fields beyond the filters are not shown). */
export function stringField(record: Record<string, unknown>, field: string): string | undefined {
  return typeof record[field] === 'string' ? record[field] : undefined;
}

/**
 * The strings a definition field shows (spec 2.9 shows no form for category or source): the
 * string itself, or the string values of an object such as `{ key, label }`. Empty when the field
 * is absent or neither.
 */
export function shownStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.values(value).filter((v): v is string => typeof v === 'string');
}

/**
 * The source (spec 2.9: `system` or `user`) a definition shows, as a plain string or inside an
 * object (`{ key: 'system', label: 'System' }`, a label matched in any case); undefined when it
 * shows none or not one of the two.
 */
export function sourceOf(record: Record<string, unknown>): string | undefined {
  const found = new Set(
    shownStrings(record['source'])
      .map((s) => s.toLowerCase())
      .filter((s) => (REPORT_SOURCES as readonly string[]).includes(s)),
  );
  return found.size === 1 ? [...found][0] : undefined;
}

/**
 * Two forms of one field (a list may show a brief form and the read by id a full one) are the
 * same value: deep-equal, or one a string that the other (an object) shows among its strings.
 */
export function sameShownValue(a: unknown, b: unknown): boolean {
  if (isDeepStrictEqual(a, b)) return true;
  if (typeof a === 'string' && typeof b !== 'string') return shownStrings(b).includes(a);
  if (typeof b === 'string' && typeof a !== 'string') return shownStrings(a).includes(b);
  return false;
}

/** A category name no organisation can have: a filter on it selects nothing. */
export function unknownCategory(): string {
  return `conformance-${randomBytes(5).toString('hex')}`;
}

/**
 * Scopes naming records that exist (spec 4.9: kind `project`, `person` or `contact` with a UUID):
 * the configured project, a fresh resource and a fresh contact, each when the target makes one.
 */
export async function executeScopes(t: CheckContext): Promise<ReportExecuteConstraints> {
  const scopes: ReportScope[] = [];
  if (t.run.projectId !== undefined) scopes.push({ kind: 'project', id: t.run.projectId });
  const person = await optionalResource(t, 'Conformance report person');
  if (person !== undefined) scopes.push({ kind: 'person', id: person });
  // Contacts are another domain's records: when the target will not make one, no contact scope.
  const contact = await t.api.post('/contacts', {
    contactType: 'company',
    name: `Conformance report contact ${randomBytes(3).toString('hex')}`,
    tags: [runTag(t.run)],
  });
  const contactId = (contact.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (contact.status >= 200 && contact.status < 300 && typeof contactId === 'string') scopes.push({ kind: 'contact', id: contactId });
  return { scopes };
}

/** Names under which an execute result may hold its rows (spec 4.9: the result shape is not shown). */
const ROW_LIST_NAMES = ['rows', 'items', 'results', 'records', 'data', 'entries', 'lines'];

/**
 * Where the rows of an execute result sit: `data` itself when it is an array (''), or the one
 * array under a row-list name (`rows`, `items`, ...). undefined when the result is not a list of
 * rows: an object without such an array, or with several (a `columns` array beside the rows is
 * not a second candidate; only row-list names count, so a list of columns is never taken for rows).
 */
export function rowsPath(data: unknown): string | undefined {
  if (Array.isArray(data)) return '';
  if (data === null || typeof data !== 'object') return undefined;
  const named = ROW_LIST_NAMES.filter((name) => Array.isArray((data as Record<string, unknown>)[name]));
  return named.length === 1 ? named[0] : undefined;
}

/** The rows at `path` (as `rowsPath` gives it), or undefined when they are not there. */
export function rowsAt(data: unknown, path: string): unknown[] | undefined {
  const rows = path === '' ? data : data !== null && typeof data === 'object' ? (data as Record<string, unknown>)[path] : undefined;
  return Array.isArray(rows) ? rows : undefined;
}

/**
 * Which array of an execute result pageSize pages, from the result with {} (`all`) and with
 * pageSize 1 (`one`): `path` (rowsPath's) when it holds fewer rows with pageSize 1; else another
 * array of the result that does (a report may return a fixed summary list whole, 12 months or
 * totals by group, and page another collection: spec 4.9 shows no result shape). undefined when
 * no array responds to pageSize.
 */
export function pagedPath(all: unknown, one: unknown, path: string): string | undefined {
  const responds = (p: string): boolean => {
    const [a, o] = [rowsAt(all, p)?.length, rowsAt(one, p)?.length];
    return a !== undefined && o !== undefined && o < a;
  };
  if (responds(path)) return path;
  if (all === null || typeof all !== 'object' || Array.isArray(all)) return undefined;
  return Object.keys(all).find((name) => name !== path && responds(name));
}

/** JSON with object keys sorted: two rows holding the same values compare equal whatever the key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'undefined';
}

/**
 * The rows of a page as a multiset (sorted canonical rows): the order of rows within a page is
 * not shown by the spec, so two pages are the same page when they hold the same rows.
 */
export function pageContent(rows: readonly unknown[]): string {
  return JSON.stringify(rows.map(canonical).sort());
}
