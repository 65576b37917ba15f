import { UNVERIFIED_REASONS, type Report, type Unverified, type UnverifiedReason } from './model.js';

/** Why a MUST requirement was not verified, in words (every format uses these). */
export const UNVERIFIED_LABEL: Readonly<Record<UnverifiedReason, string>> = {
  error: 'harness error',
  inconclusive: 'inconclusive',
  'not-configured': 'not configured',
  'not-applicable': 'not applicable',
  'not-run': 'no check ran',
  'not-selected': 'not selected',
};

/** `13 not configured, 250 not selected`: the unverified MUST requirements counted by reason. */
export function unverifiedSummary(report: Pick<Report, 'unverified'>): string {
  return UNVERIFIED_REASONS.map((reason) => [reason, report.unverified.filter((u) => u.reason === reason).length] as const)
    .filter(([, n]) => n > 0)
    .map(([reason, n]) => `${n} ${UNVERIFIED_LABEL[reason]}`)
    .join(', ');
}

export interface UnverifiedGroup {
  readonly reason: UnverifiedReason;
  readonly detail: string;
  readonly ids: string[];
}

/**
 * Unverified requirements grouped by reason and detail (one group per variable not set, per
 * selection, per inconclusive message), most serious reason first, then the largest group.
 */
export function groupUnverified(unverified: readonly Unverified[]): UnverifiedGroup[] {
  const groups = new Map<string, UnverifiedGroup>();
  for (const u of unverified) {
    const key = `${u.reason}\u0000${u.detail}`;
    const group = groups.get(key) ?? { reason: u.reason, detail: u.detail, ids: [] };
    group.ids.push(u.id);
    groups.set(key, group);
  }
  return [...groups.values()].sort(
    (a, b) =>
      UNVERIFIED_REASONS.indexOf(a.reason) - UNVERIFIED_REASONS.indexOf(b.reason) ||
      b.ids.length - a.ids.length ||
      (a.detail < b.detail ? -1 : a.detail > b.detail ? 1 : 0),
  );
}

/**
 * A group's detail without the reason it starts with (`not configured: X is not set` under the
 * reason "not configured" reads `X is not set`), for formats that show the reason beside it.
 */
export function detailAfterReason(group: Pick<UnverifiedGroup, 'reason' | 'detail'>): string {
  const label = `${UNVERIFIED_LABEL[group.reason]}: `;
  return group.detail.startsWith(label) ? group.detail.slice(label.length) : group.detail;
}

/** `A, B, C and 12 more`: a bounded list of ids for one line. */
export function idList(ids: readonly string[], max: number): string {
  if (ids.length <= max) return ids.join(', ');
  return `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`;
}
