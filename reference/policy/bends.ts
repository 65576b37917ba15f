/** A change a fault makes to a request body before it is validated (the spec makes none). */
export type BodyBend = (body: Record<string, unknown>) => void;

/** The body as the validator sees it: a copy with each bend applied; anything but an object passes unchanged. */
export function bent(body: unknown, bends: readonly BodyBend[]): unknown {
  if (bends.length === 0 || body === null || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const bend of bends) bend(out);
  return out;
}
