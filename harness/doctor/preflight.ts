import type { Config } from '../config/schema.js';
import { PreflightError } from '../errors.js';
import type { Redactor } from '../http/redact.js';
import type { DoctorItem, DoctorReport } from './model.js';
import { runDoctor } from './run.js';
import { writeDoctorReport } from './write.js';
import { escapeTerminal } from '../report/escape/terminal.js';

const ESCAPE = 'conformance doctor shows the whole setup; --skip-doctor (CONFORMANCE_SKIP_DOCTOR=true) runs anyway';

/** `VARIABLE: what was found. Fix: what to change`: one line naming the cause. */
export function blockingLine(entry: DoctorItem, more: number): string {
  const head = entry.variables[0] ?? entry.title;
  const fix = entry.fix === undefined ? '' : `. Fix: ${entry.fix}`;
  const others = more > 0 ? ` (and ${more} more problem${more === 1 ? '' : 's'})` : '';
  return `${head}: ${entry.detail}${fix}${others}. ${ESCAPE}`;
}

/**
 * The cheap part of the doctor, before a run against an external target: everything but the
 * webhook sink (a delivery wait) and the rate-limited keys (their budget belongs to the
 * rate-limit checks). A problem that makes the run meaningless stops it here, in one line,
 * with doctor.json written; other problems become lines on the progress output.
 */
/**
 * What the preflight found of the admin key's webhook writes (spec 5.5), for the checks
 * (RunContext.adminWebhookWrites): refused with the reason to end the checks that need them with,
 * proven when the key wrote one, undefined when the doctor could not tell.
 */
export function adminWebhookWrites(report: DoctorReport): { refused: string } | 'proven' | undefined {
  const admin = report.items.find((i) => i.id === 'rights:admin');
  if (admin?.leavesUnverified !== undefined) return { refused: admin.leavesUnverified };
  return admin?.status === 'ok' ? 'proven' : undefined;
}

export async function preflight(
  config: Config,
  target: { readonly baseUrl: string; readonly embedded: boolean },
  redactor: Redactor,
  say: (line: string) => void,
): Promise<DoctorReport> {
  const report = await runDoctor(config, { scope: 'preflight', target });
  const blocking = report.items.filter((i) => i.blocksRun);
  if (blocking.length > 0) {
    await writeDoctorReport(report, config.reportDir, redactor);
    throw new PreflightError(redactor.redact(blockingLine(blocking[0]!, blocking.length - 1)));
  }
  // Warnings too: where the evidence could not decide between a setting and the target's behaviour, both are said here.
  // One that leaves checks unverified is said once, in the line those checks end with.
  for (const entry of report.items.filter((i) => i.status === 'problem' || i.status === 'warning')) {
    // A detail may quote the target's answer: no control character of it reaches the terminal.
    say(escapeTerminal(redactor.redact(entry.leavesUnverified ?? `doctor: ${entry.status}: ${entry.title}: ${entry.detail}`)));
  }
  const c = report.counts;
  say(
    `doctor: ${c.ok} ok, ${c.warning} warning${c.warning === 1 ? '' : 's'}, ${c.problem} problem${c.problem === 1 ? '' : 's'} before the run (${report.durationMs} ms; conformance doctor for details)`,
  );
  return report;
}
