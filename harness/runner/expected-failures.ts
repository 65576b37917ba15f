import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { isRequirementId } from '../spec/requirements.js';

/*
 * Issue 14, "known failures", on the road to conformance: CONFORMANCE_EXPECTED_FAILURES names a
 * file listing requirement ids with a reason (and optionally an expiry date). A failure of such a
 * requirement is reported as expected and does not fail the exit code; an entry whose requirement
 * now passes fails the run (stale: remove it), so the list only shrinks; an expired entry counts
 * as a failure again. The verdict itself stays what the checks say: never conformant.
 */

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const entrySchema = z.strictObject({
  id: z.string(),
  reason: z.string().trim().min(1, 'a reason is required'),
  expires: z.string().regex(DATE, 'expires: a date YYYY-MM-DD').optional(),
});

const fileSchema = z.union([z.array(entrySchema), z.strictObject({ expectedFailures: z.array(entrySchema) })]);

export interface ExpectedFailure {
  readonly id: string;
  readonly reason: string;
  readonly expires: string | null;
}

/** Reads and validates the file; one readable line (ConfigError, exit 2) naming the entry at fault. */
export async function readExpectedFailures(path: string): Promise<ExpectedFailure[]> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new ConfigError(`CONFORMANCE_EXPECTED_FAILURES: cannot read ${path} (${(cause as Error).message})`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (cause) {
    throw new ConfigError(`CONFORMANCE_EXPECTED_FAILURES: ${path} is not JSON (${(cause as Error).message})`);
  }
  return parseExpectedFailures(json, path);
}

export function parseExpectedFailures(json: unknown, path: string): ExpectedFailure[] {
  const parsed = fileSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const where = issue.path.length > 0 ? ` at ${issue.path.join('.')}` : '';
    throw new ConfigError(
      `CONFORMANCE_EXPECTED_FAILURES: ${path}${where}: ${issue.message} (expected [{ "id": "CT-EMAIL-FORMAT", "reason": "…", "expires": "2027-01-31" }])`,
    );
  }
  const entries = Array.isArray(parsed.data) ? parsed.data : parsed.data.expectedFailures;
  const seen = new Set<string>();
  for (const entry of entries) {
    if (!isRequirementId(entry.id))
      throw new ConfigError(`CONFORMANCE_EXPECTED_FAILURES: ${path}: unknown requirement id "${entry.id}" (see the catalogue in any report)`);
    if (seen.has(entry.id)) throw new ConfigError(`CONFORMANCE_EXPECTED_FAILURES: ${path}: "${entry.id}" is listed twice`);
    seen.add(entry.id);
    if (entry.expires !== undefined && Number.isNaN(Date.parse(`${entry.expires}T00:00:00Z`))) {
      throw new ConfigError(`CONFORMANCE_EXPECTED_FAILURES: ${path}: "${entry.id}" expires on ${entry.expires}, which is no date`);
    }
  }
  return entries.map((e) => ({ id: e.id, reason: e.reason, expires: e.expires ?? null }));
}

/**
 * - expected: a check of it failed, as the entry says;
 * - stale: its checks ran and all passed: the entry must go;
 * - expired: past its expiry date, so its failure counts again;
 * - not-run: no check of it ran to a verdict (narrowed, skipped): nothing to say.
 */
export type ExpectedState = 'expected' | 'stale' | 'expired' | 'not-run';

export interface ExpectedOutcome extends ExpectedFailure {
  readonly state: ExpectedState;
  /** Checks of the requirement that failed in this run. */
  readonly failed: number;
}

interface JudgedCheck {
  readonly requirementId: string;
  readonly status: string;
}

/** `today` as YYYY-MM-DD (UTC): an entry expires at the end of its date. */
export function evaluateExpected(entries: readonly ExpectedFailure[], checks: readonly JudgedCheck[], today: string): ExpectedOutcome[] {
  return entries.map((entry) => {
    const own = checks.filter((c) => c.requirementId === entry.id);
    // Only a failure is what an entry expects: an error is no verdict (the harness, or the target's
    // answer, kept the check from deciding), and it still fails the run.
    const failed = own.filter((c) => c.status === 'fail').length;
    const passed = own.filter((c) => c.status === 'pass').length;
    const expired = entry.expires !== null && entry.expires < today;
    let state: ExpectedState;
    if (failed > 0) state = expired ? 'expired' : 'expected';
    else if (passed > 0 && passed === own.filter((c) => c.status !== 'skip').length) state = 'stale';
    else state = 'not-run';
    return { ...entry, state, failed };
  });
}

/** Requirement ids whose failures this run forgives (entries in state `expected`). */
export function forgiven(outcomes: readonly ExpectedOutcome[]): Set<string> {
  return new Set(outcomes.filter((o) => o.state === 'expected').map((o) => o.id));
}
