import type { MatrixCell } from './model.js';
import { compareNatural } from './order.js';

export interface MatrixTable {
  readonly operations: readonly string[];
  readonly rows: ReadonlyArray<{ readonly resource: string; readonly key: string; readonly cells: ReadonlyArray<MatrixCell | undefined> }>;
}

/** The security matrix as a table: one row per resource and key, one column per operation. */
export function pivotMatrix(cells: readonly MatrixCell[]): MatrixTable {
  const operations = [...new Set(cells.map((c) => c.operation))].sort(compareNatural);
  const rowKeys = [...new Set(cells.map((c) => JSON.stringify([c.resource, c.key])))].sort(compareNatural);
  return {
    operations,
    rows: rowKeys.map((rowKey) => {
      const [resource, key] = JSON.parse(rowKey) as [string, string];
      const inRow = cells.filter((c) => c.resource === resource && c.key === key);
      // A cell is a fail when any of its probes failed.
      const cellFor = (operation: string) =>
        inRow.filter((c) => c.operation === operation).sort((a, b) => (a.status === 'fail' ? -1 : b.status === 'fail' ? 1 : 0))[0];
      return { resource, key, cells: operations.map(cellFor) };
    }),
  };
}
