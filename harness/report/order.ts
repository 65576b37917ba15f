import type { CheckResult, Level, Status } from './model.js';

/*
 * The orders every format shares, so they list things the same way. Pure and locale-independent
 * (no localeCompare): same report, same bytes, on any machine.
 */

/** Code-unit order, independent of the machine's locale. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Natural order: `2.9` before `2.10`, `R-2` before `R-10`; ties broken by code-unit order. */
export function compareNatural(a: string, b: string): number {
  const pa = a.match(/\d+|\D+/g) ?? [];
  const pb = b.match(/\d+|\D+/g) ?? [];
  const n = Math.min(pa.length, pb.length);
  for (let i = 0; i < n; i++) {
    const x = pa[i] as string;
    const y = pb[i] as string;
    const xDigits = /^\d/.test(x);
    const yDigits = /^\d/.test(y);
    let c: number;
    if (xDigits && yDigits) {
      // Compare digit strings without Number() so long runs cannot lose precision.
      const xs = x.replace(/^0+(?=\d)/, '');
      const ys = y.replace(/^0+(?=\d)/, '');
      c = xs.length - ys.length || compareText(xs, ys);
    } else {
      c = compareText(x, y);
    }
    if (c !== 0) return c;
  }
  return pa.length - pb.length || compareText(a, b);
}

const STATUS_RANK: Readonly<Record<Status, number>> = { pass: 0, skip: 1, inconclusive: 2, fail: 3, error: 4 };
const LEVEL_RANK: Readonly<Record<Level, number>> = { MUST: 0, SHOULD: 1, MAY: 2 };

/** Catalogue order: domain, requirement id, then the unique key. */
export function compareChecksByRequirement(a: CheckResult, b: CheckResult): number {
  return compareText(a.domain, b.domain) || compareNatural(a.requirementId, b.requirementId) || compareText(a.key, b.key);
}

/** Reading order for people: worst status first, then MUST before SHOULD before MAY. */
export function compareChecksBySeverity(a: CheckResult, b: CheckResult): number {
  return STATUS_RANK[b.status] - STATUS_RANK[a.status] || LEVEL_RANK[a.level] - LEVEL_RANK[b.level] || compareChecksByRequirement(a, b);
}
