/*
 * Rules a server may add to time entries that the spec neither states nor forbids:
 * hours and durationSeconds that disagree, an entry that runs past midnight, a non-billable entry
 * marked billed, hours derived from a short durationSeconds falling under the 0.25 minimum. Valid
 * bodies the suite generates stay clear of all of them, so a refusal is never one of these.
 */

type Body = Record<string, unknown>;

const minutesOf = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** The body with its fields made to agree with one another (nothing else changes). */
export function clearOfUnstatedRules<T extends Body>(body: T): T {
  const out: Body = { ...body };
  const hours = typeof out['hours'] === 'number' ? (out['hours'] as number) : undefined;
  if (typeof out['durationSeconds'] === 'number') {
    // The same length of time; alone, at least the 15 minutes part 8 asks of non-timer hours.
    out['durationSeconds'] = hours !== undefined ? Math.max(1, Math.round(hours * 3600)) : Math.max(900, out['durationSeconds'] as number);
  }
  if (typeof out['startTime'] === 'string' && hours !== undefined && minutesOf(out['startTime']) + hours * 60 > 24 * 60) {
    // Starts at midnight instead, in the form it was drawn in.
    out['startTime'] = (out['startTime'] as string).length > 5 ? '00:00:00' : '00:00';
  }
  if (out['markedBilled'] === true) out['isBillable'] = true;
  return out as T;
}
