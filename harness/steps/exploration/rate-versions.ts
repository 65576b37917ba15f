import type { ModelRecord } from './model.js';
import { RuleBroken } from './model.js';

/*
 * The versions of each rate a sequence made (spec 2.5, 4.5, 9): the amount lives in versions, the
 * rate is created with its initial one, and POST /rates/{id}/versions adds one. What the model
 * knows of each, and which amounts a read may show as current.
 */

export interface KnownVersion {
  /** The version's id, when the answer that made it showed one. */
  id?: string | undefined;
  readonly amount: number;
  /** Unknown for the initial version until a read shows it (spec 2.5 does not say from when it holds). */
  effectiveFrom?: string | undefined;
}

const versionsOf = new WeakMap<ModelRecord, KnownVersion[]>();

/**
 * The versions of `record`, in creation order. The first call moves the amount the create sent
 * out of the written fields into the initial version: a read shows the current amount, which a
 * later version may change, so it is judged here and not as a field.
 */
export function rateVersions(record: ModelRecord): KnownVersion[] {
  let versions = versionsOf.get(record);
  if (versions === undefined) {
    const amount = record.fields['amount'];
    versions = typeof amount === 'number' ? [{ amount }] : [];
    delete record.fields['amount'];
    versionsOf.set(record, versions);
  }
  return versions;
}

const DAY_MS = 86_400_000;
const day = (offset: number): string => new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
/** Amounts as the domain suites compare them: a server may keep money to the cent (normalised-values). */
export const sameAmount = (a: number, b: number): boolean => Math.abs(a - b) < 0.006;

/**
 * The amounts a read may show as current, under every reading the spec leaves open: the version
 * in force on the server's today (the latest effectiveFrom on or before it; the server's today is
 * any of yesterday, today and tomorrow in UTC, its time zone not being stated; which of two
 * versions of one day holds, and which holds when every version lies ahead, are not stated) or
 * the version made last ("current" read as the latest revision). A version whose date is not
 * known may be any of them.
 */
export function currentCandidates(versions: readonly KnownVersion[]): Set<number> {
  const amounts = new Set<number>();
  const last = versions.at(-1);
  if (last !== undefined) amounts.add(last.amount);
  for (const v of versions) if (v.effectiveFrom === undefined) amounts.add(v.amount);
  const dated = versions.filter((v) => v.effectiveFrom !== undefined);
  for (const today of [day(-1), day(0), day(1)]) {
    const inForce = dated.filter((v) => v.effectiveFrom! <= today);
    if (inForce.length === 0) {
      for (const v of dated) amounts.add(v.amount);
      continue;
    }
    const latest = inForce.reduce((max, v) => (v.effectiveFrom! > max ? v.effectiveFrom! : max), '');
    for (const v of inForce) if (v.effectiveFrom === latest) amounts.add(v.amount);
  }
  return amounts;
}

/** The current amount and its date as a rate shows them: `currentVersion.amount`, or a top-level `amount`. */
function shownCurrent(shown: Record<string, unknown>): { amount?: number; effectiveFrom?: string; id?: string } {
  const current = shown['currentVersion'];
  const source = current !== null && typeof current === 'object' && !Array.isArray(current) ? (current as Record<string, unknown>) : shown;
  const raw = source['amount'];
  const amount = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' && Number.isFinite(Number(raw)) ? Number(raw) : undefined;
  const from = source === shown ? undefined : source['effectiveFrom'];
  const id = source === shown ? undefined : source['id'];
  return {
    ...(amount === undefined ? {} : { amount }),
    ...(typeof from === 'string' ? { effectiveFrom: from.slice(0, 10) } : {}),
    ...(typeof id === 'string' ? { id } : {}),
  };
}

/**
 * Judges the current amount a read shows against the versions made (spec 4.5: "Returns rate with
 * its current version"); while the rate has its initial version alone, learns that version's
 * date and id from it.
 */
export function judgeCurrentAmount(record: ModelRecord, shown: Record<string, unknown>, what: string): void {
  const versions = rateVersions(record);
  const current = shownCurrent(shown);
  if (current.amount === undefined || versions.length === 0) return;
  if (versions.length === 1) {
    const initial = versions[0]!;
    initial.effectiveFrom ??= current.effectiveFrom;
    initial.id ??= current.id;
  }
  const allowed = [...currentCandidates(versions)];
  if (allowed.some((a) => sameAmount(a, current.amount!))) return;
  throw new RuleBroken(
    'SEQ-VERSIONS-AFTER-WRITE',
    `${what} shows ${record.label} with the current amount ${current.amount}; its versions are ${versions
      .map((v) => `${v.amount} from ${v.effectiveFrom ?? '(date not shown)'}`)
      .join(', ')}, so the current amount is one of ${allowed.join(', ')} under any reading of "current"`,
  );
}
