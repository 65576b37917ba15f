const HTTP_DATE =
  /^(?:[A-Z][a-z]{2}, \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]+, \d{2}-[A-Z][a-z]{2}-\d{2} \d{2}:\d{2}:\d{2} GMT|[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d{2}:\d{2}:\d{2} \d{4})$/;

/**
 * Milliseconds a `Retry-After` value asks for (spec 7, 8): delta-seconds (fractional tolerated) or an HTTP date.
 * undefined when the header is absent or unreadable.
 */
export function retryAfterMs(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  // Whole seconds per RFC 9110; a fractional delay (`1.5`) still says when to come back.
  if (/^[0-9]+(\.[0-9]+)?$/.test(trimmed)) return Math.round(Number(trimmed) * 1000);
  // Only the HTTP-date forms (RFC 9110 5.6.7): Date.parse alone reads "Retry 5" as a date.
  if (!HTTP_DATE.test(trimmed)) return undefined;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - now);
}
