import fc from 'fast-check';

/**
 * Start and end dates for records whose spec types them as plain strings (resources 2.4, tasks
 * 2.7). Real `YYYY-MM-DD` dates are valid under any reading of "string", and every start comes
 * before every end, so a server that also checks startDate <= endDate (the spec does not say)
 * never refuses a generated body, whichever of the two an update changes.
 */
function dateIn(min: string, max: string): fc.Arbitrary<string> {
  return fc.date({ min: new Date(`${min}T00:00:00Z`), max: new Date(`${max}T00:00:00Z`), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
}

/** A real date from 2000 to 2014: a startDate. */
export function earlyDate(): fc.Arbitrary<string> {
  return dateIn('2000-01-01', '2014-12-31');
}

/** A real date from 2015 to 2030: an endDate. */
export function lateDate(): fc.Arbitrary<string> {
  return dateIn('2015-01-01', '2030-12-31');
}
