import { createHash } from 'node:crypto';
import { compareText } from './order.js';
import type { CheckResult } from './model.js';

/*
 * Fragment ids of report.html. They come from what identifies a check or a requirement, never from
 * its position on the page, so `report.html#<anchor>` names the same check in every run of the
 * same suite, whatever failed around it: a link pasted into an issue or a chat keeps working.
 */

/** Letters, digits and single hyphens: safe in an id, a URL fragment and a CSS selector. */
function slug(text: string, max: number): string {
  const s = text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, max)
    .replace(/-+$/, '');
  return s === '' ? 'x' : s;
}

/**
 * `check-<requirement id>-<10 hex digits of the check's key>`: readable, and stable because the
 * key (domain, requirement id and title) is what identifies a check across runs.
 */
export function checkAnchor(check: Pick<CheckResult, 'requirementId' | 'key'>): string {
  const digest = createHash('sha256').update(check.key, 'utf8').digest('hex').slice(0, 10);
  return `check-${slug(check.requirementId, 60)}-${digest}`;
}

/** `req-<requirement id>`. */
export function requirementAnchor(id: string): string {
  return `req-${slug(id, 80)}`;
}

/**
 * Anchors for many items at once, unique on the page: an item whose anchor is already taken
 * (two keys sharing a digest, ids that differ only in punctuation) gets `-2`, `-3`, ... in the
 * order given, so the first keeps the plain anchor.
 */
export function uniqueAnchors<T>(items: readonly T[], anchor: (item: T) => string): Map<T, string> {
  const taken = new Set<string>();
  const out = new Map<T, string>();
  for (const item of items) {
    const base = anchor(item);
    let id = base;
    for (let n = 2; taken.has(id); n++) id = `${base}-${n}`;
    taken.add(id);
    out.set(item, id);
  }
  return out;
}

/**
 * Every check's anchor, unique on the page. Assigned in key order, so which of two checks sharing
 * a digest gets the suffix does not depend on their statuses; every format uses this one mapping.
 */
export function checkAnchors(checks: readonly CheckResult[]): Map<CheckResult, string> {
  return uniqueAnchors(
    [...checks].sort((a, b) => compareText(a.key, b.key)),
    checkAnchor,
  );
}
