import type { InputClassCell } from './model.js';

/** One surface of the input table as the report shows it: what was sent there and what the target did. */
export interface InputSurfaceRow {
  readonly surface: string;
  readonly fields: number;
  readonly sent: number;
  readonly rejected: number;
  readonly accepted: number;
  readonly other: number;
  /** The classes sent, by name, with how many fields each was sent to: `null x12, type:string x15`. */
  readonly classes: string;
}

/** The input-table cells of a report, one row per surface, in surface order. */
export function inputSurfaceRows(cells: readonly InputClassCell[]): InputSurfaceRow[] {
  const bySurface = new Map<string, InputClassCell[]>();
  for (const cell of cells) bySurface.set(cell.surface, [...(bySurface.get(cell.surface) ?? []), cell]);
  return [...bySurface.entries()].map(([surface, list]) => {
    const byClass = new Map<string, number>();
    for (const c of list) byClass.set(c.class, (byClass.get(c.class) ?? 0) + 1);
    return {
      surface,
      fields: new Set(list.map((c) => c.field)).size,
      sent: list.length,
      rejected: list.filter((c) => c.outcome === 'rejected').length,
      accepted: list.filter((c) => c.outcome === 'accepted').length,
      other: list.filter((c) => c.outcome === 'other').length,
      classes: [...byClass.entries()].map(([name, n]) => `${name} x${n}`).join(', '),
    };
  });
}

/** The cells the target did not reject with a 4xx: the findings. */
export function notRejected(cells: readonly InputClassCell[]): InputClassCell[] {
  return cells.filter((c) => c.outcome !== 'rejected');
}
