/*
 * Spec 1, 5.4: all data is scoped to the key's organisation, what comes in too. Every field of a
 * request body that names a record by id (spec 2: a `uuid` field; 4.10 batch items; 4.9 the
 * execute scope) is a way in for another organisation's id, which must be answered exactly as an
 * id that exists nowhere. This table is that list, one row per field of the spec's tables (a
 * self-test derives the uuid fields from the spec text and fails on one missing here), with the
 * kind of record it names and whether the run can get one of org A's to send as org B.
 */

/** What kind of record a reference field names. */
export type ReferenceKind =
  | 'task'
  | 'project'
  | 'contact'
  | 'resource'
  | 'version'
  | 'role'
  | 'office'
  | 'group'
  | 'task-type'
  | 'milestone-type'
  | 'purchase-order'
  | 'purchase-order-line'
  | 'report-scope';

export interface ReferenceField {
  /** Section of the spec whose table (or body) lists the field. */
  readonly section: string;
  readonly field: string;
  readonly kind: ReferenceKind;
  /**
   * Why no check sends org A's record of this kind, when none does: the spec documents no way to
   * make or list one (only its id), so there is no other organisation's record to send.
   */
  readonly unreachable?: string;
}

const UNDOCUMENTED = (what: string): string => `the spec documents no endpoint for ${what}: the run cannot get org A's to send as org B`;

export const REFERENCE_FIELDS: readonly ReferenceField[] = [
  { section: '2.1', field: 'parentContactId', kind: 'contact' },
  { section: '2.2', field: 'rootTaskId', kind: 'project' },
  { section: '2.2', field: 'taskId', kind: 'task' },
  { section: '2.2', field: 'supplierId', kind: 'contact' },
  { section: '2.2', field: 'claimedByResourceId', kind: 'resource' },
  { section: '2.2', field: 'purchaseOrderId', kind: 'purchase-order', unreachable: UNDOCUMENTED('purchase orders') },
  { section: '2.2', field: 'purchaseOrderLineId', kind: 'purchase-order-line', unreachable: UNDOCUMENTED('purchase order lines') },
  { section: '2.3', field: 'taskId', kind: 'task' },
  { section: '2.3', field: 'resourceId', kind: 'resource' },
  { section: '2.4', field: 'roleId', kind: 'role', unreachable: UNDOCUMENTED('roles') },
  { section: '2.4', field: 'homeOfficeId', kind: 'office', unreachable: UNDOCUMENTED('offices') },
  { section: '2.6', field: 'taskId', kind: 'task' },
  { section: '2.6', field: 'resourceId', kind: 'resource' },
  { section: '2.6', field: 'groupId', kind: 'group', unreachable: UNDOCUMENTED('resource groups') },
  { section: '2.7', field: 'parentTaskId', kind: 'project' },
  { section: '2.7', field: 'versionId', kind: 'version' },
  { section: '2.7', field: 'taskTypeId', kind: 'task-type', unreachable: UNDOCUMENTED('task types') },
  { section: '2.8', field: 'projectId', kind: 'project' },
  { section: '2.8', field: 'typeId', kind: 'milestone-type', unreachable: UNDOCUMENTED('milestone types') },
  { section: '4.10', field: 'taskId', kind: 'task' },
  { section: '4.10', field: 'resourceId', kind: 'resource' },
  { section: '4.9', field: 'scope.id', kind: 'report-scope' },
];

/**
 * The uuid-typed fields of the spec's field tables (section 2.x rows whose type starts with
 * `uuid`), as `section field`: what REFERENCE_FIELDS must cover.
 */
export function uuidFieldsOf(markdown: string): string[] {
  const found: string[] = [];
  let section = '';
  for (const line of markdown.split('\n')) {
    const heading = /^#{2,6}\s+(\d+(?:\.\d+)*)\.?\s/.exec(line);
    if (heading !== null) section = heading[1]!;
    const row = /^\|\s*([A-Za-z]+)\s*\|\s*uuid\b/.exec(line);
    if (row !== null && section.startsWith('2.')) found.push(`${section} ${row[1]}`);
  }
  return found;
}
