import { z } from 'zod';

/*
 * Issue 13, `conformance doctor`: what the preflight found, item by item. doctor.json is this
 * model (schemas/doctor.schema.json is generated from it: npm run schema).
 */

/**
 * ok: checked against the target and right; warning: works, but something will cost the run
 * (a skip, a wait, a failure the suites report anyway); problem: wrong, with the fix;
 * not-configured: the variable is unset (the checks that need it are skipped); not-checked:
 * could not be checked because something it stands on is a problem (named in the detail).
 */
export const DOCTOR_STATUSES = ['ok', 'warning', 'problem', 'not-configured', 'not-checked'] as const;
export type DoctorStatus = (typeof DOCTOR_STATUSES)[number];

export const doctorItemSchema = z.object({
  /** Stable id, e.g. `rights:member`. */
  id: z.string(),
  /** What is checked, as the terminal shows it. */
  title: z.string(),
  status: z.enum(DOCTOR_STATUSES),
  /** What the target answered, in one or two sentences; never a key. */
  detail: z.string(),
  /** For a problem (and some warnings): what to change, naming the variable or the record. */
  fix: z.string().optional(),
  /** The variables this item is about. */
  variables: z.array(z.string()),
  /** A problem that would make a run meaningless: `conformance run` stops before it starts. */
  blocksRun: z.boolean(),
  /**
   * A finding the evidence cannot pin on the configuration or on the target (an admin key refused
   * a webhook write, spec 5.5): a run that goes on ends the checks that depend on it unverified
   * (skipped) with this one-line reason, never failed.
   */
  leavesUnverified: z.string().optional(),
});
export type DoctorItem = z.infer<typeof doctorItemSchema>;

/** A record the doctor had to create to decide something, and whether it was removed again. */
export const createdRecordSchema = z.object({
  path: z.string(),
  id: z.string(),
  why: z.string(),
  deleted: z.boolean(),
});
export type CreatedRecord = z.infer<typeof createdRecordSchema>;

export const doctorReportSchema = z.object({
  kind: z.literal('conformance-doctor'),
  tool: z.object({ name: z.string(), version: z.string() }),
  /** full: `conformance doctor`; preflight: the cheap part `conformance run` runs first. */
  scope: z.enum(['full', 'preflight']),
  startedAt: z.string(),
  finishedAt: z.string(),
  durationMs: z.number().int().nonnegative(),
  target: z.object({ url: z.string(), embedded: z.boolean() }),
  items: z.array(doctorItemSchema),
  created: z.array(createdRecordSchema),
  counts: z.object(Object.fromEntries(DOCTOR_STATUSES.map((s) => [s, z.number().int().nonnegative()])) as Record<DoctorStatus, z.ZodNumber>),
  /**
   * 0: nothing is a problem; 1: something is; 130 / 143: stopped by SIGINT / SIGTERM (`stoppedBy`).
   * (2, the configuration cannot be read, writes no doctor.json.)
   */
  exitCode: z.union([z.literal(0), z.literal(1), z.literal(130), z.literal(143)]),
  /** Present when a signal stopped the doctor: the items are those decided before it, what it created was deleted. */
  stoppedBy: z
    .object({
      code: z.literal('DOCTOR_STOPPED'),
      signal: z.enum(['SIGINT', 'SIGTERM']),
      reason: z.string(),
    })
    .optional(),
});
export type DoctorReport = z.infer<typeof doctorReportSchema>;

export function countStatuses(items: readonly DoctorItem[]): Record<DoctorStatus, number> {
  const counts = Object.fromEntries(DOCTOR_STATUSES.map((s) => [s, 0])) as Record<DoctorStatus, number>;
  for (const item of items) counts[item.status] += 1;
  return counts;
}

export function doctorExitCode(items: readonly DoctorItem[]): 0 | 1 {
  return items.some((i) => i.status === 'problem') ? 1 : 0;
}

/** Builds an item; `blocksRun` only ever holds for a problem. */
export function item(
  id: string,
  title: string,
  status: DoctorStatus,
  detail: string,
  options: { fix?: string | undefined; variables?: readonly string[]; blocksRun?: boolean } = {},
): DoctorItem {
  return {
    id,
    title,
    status,
    detail,
    ...(options.fix === undefined ? {} : { fix: options.fix }),
    variables: [...(options.variables ?? [])],
    blocksRun: status === 'problem' && (options.blocksRun ?? false),
  };
}
