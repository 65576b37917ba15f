import { randomBytes } from 'node:crypto';
import type { CheckContext } from '../check/check.js';
import { runTag } from '../check/run-context.js';
import type { ReportExecuteConstraints } from '../generators/reports.js';
import type { ReportScope } from '../spec/reports.js';
import { optionalResource } from './expenses.js';
import { listAll } from './lists.js';

export type Definition = Record<string, unknown> & { id: string };

/** Every report definition the key's organisation lists (spec 2.9: seed data, never created by the suite). */
export async function listDefinitions(t: CheckContext): Promise<Definition[]> {
  const records = await listAll(t.api, '/reports');
  return records.filter((r): r is Definition => typeof r['id'] === 'string' && r['id'] !== '');
}

/** The listed definitions; the check is skipped when the target lists none (nothing to run against). */
export async function needDefinitions(t: CheckContext): Promise<Definition[]> {
  const definitions = await listDefinitions(t);
  if (definitions.length === 0) t.skip('seed data missing: no report definition listed');
  return definitions;
}

/** A string field of a definition, when it has one (definition fields beyond the filters are not shown). */
export function stringField(record: Record<string, unknown>, field: string): string | undefined {
  return typeof record[field] === 'string' ? record[field] : undefined;
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
  const contact = await t.api.post('/contacts', { contactType: 'company', name: `Conformance report contact ${randomBytes(3).toString('hex')}`, tags: [runTag(t.run)] });
  const contactId = (contact.json as { data?: { id?: unknown } } | undefined)?.data?.id;
  if (contact.status === 201 && typeof contactId === 'string') scopes.push({ kind: 'contact', id: contactId });
  return { scopes };
}
