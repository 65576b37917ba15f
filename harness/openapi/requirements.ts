import { INPUT_SURFACES } from '../spec/inputs/table.js';
import { REQUIREMENTS, type RequirementId } from '../spec/requirements.js';
import { TRACE } from '../spec/traceability/map.js';
import type { SpecUnit } from '../spec/traceability/units.js';
import type { Operation } from './operations.js';

/*
 * An operation's requirement ids (`x-requirements`), from the traceability map: the ids traced to
 * its row of the spec's endpoint table (spec 4.x), to the rows of its record's field table that the
 * operation takes (spec 2.x: a field "not accepted" on update says nothing of PATCH), to spec 4's
 * common rule for its kind (list, create, get, update, delete), and every requirement whose
 * statement names the operation itself ("GET /rates/{id}/versions answers 200").
 */

/** Spec 4's common rules, by the kind of operation: the envelope each answers with. */
const ENVELOPE: Readonly<Record<string, RequirementId>> = {
  'GET collection': 'ENV-LIST',
  'POST collection': 'ENV-CREATE',
  'GET record': 'ENV-GET',
  'PATCH record': 'ENV-UPDATE',
  'DELETE record': 'ENV-DELETE',
};

/** Spec 4: "Paging parameters on every list: ..." (the unit's text starts so). */
const PAGING_RULE = 'Paging parameters on every list';

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function tracedIds(unit: SpecUnit): readonly RequirementId[] {
  const trace = TRACE[unit.key];
  return trace !== undefined && 'ids' in trace ? trace.ids : [];
}

/** The field-table column an operation's body is described in: 2 create, 3 update (cells of `field | type | create | update`). */
function fieldColumn(operation: Operation): 2 | 3 | undefined {
  const { method, path } = operation.endpoint;
  if (method === 'POST' && !path.includes('{id}')) return 2;
  if (method === 'PATCH' && path.endsWith('/{id}') && path.split('/').length === 3) return 3;
  return undefined;
}

export function operationRequirements(operation: Operation, units: readonly SpecUnit[]): RequirementId[] {
  const { method, path } = operation.endpoint;
  const key = `${method} ${path}`;
  const ids = new Set<RequirementId>();
  for (const unit of units) {
    if (unit.section === operation.endpoint.section && unit.kind === 'row' && unit.text.startsWith(`${method} | ${path} |`)) {
      for (const id of tracedIds(unit)) ids.add(id);
    }
  }
  const column = fieldColumn(operation);
  const bodySection = INPUT_SURFACES.find((s) => s.operation === key && s.container === 'body' && s.at.length === 0)?.section;
  if (column !== undefined && bodySection !== undefined) {
    for (const unit of units) {
      if (unit.section !== bodySection || unit.kind !== 'row') continue;
      const cells = unit.text.split(' | ');
      if (cells.length === 4 && !cells[column]!.startsWith('not accepted')) for (const id of tracedIds(unit)) ids.add(id);
    }
  }
  // Only the plain collections of spec 4's common rules (`/contacts`, `/contacts/{id}`), and lists with their paging.
  const parts = path.split('/').filter((p) => p !== '');
  const kind = parts.length === 1 ? 'collection' : parts.length === 2 && parts[1] === '{id}' ? 'record' : undefined;
  const envelope = kind === undefined ? undefined : ENVELOPE[`${method} ${kind}`];
  if (envelope !== undefined) ids.add(envelope);
  if (operation.answer === 'list') {
    for (const unit of units) if (unit.section === '4' && unit.text.startsWith(PAGING_RULE)) for (const id of tracedIds(unit)) ids.add(id);
  }
  const named = new RegExp(`${escape(key)}(?![\\w/{-])`);
  for (const [id, requirement] of Object.entries(REQUIREMENTS) as Array<[RequirementId, { statement: string }]>) {
    if (named.test(requirement.statement)) ids.add(id);
  }
  return [...ids].sort();
}
