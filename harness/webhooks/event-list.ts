/** How GET /webhooks/events shows its items (spec 4.11 shows no item shape), for the observation. */
export function shapeOfList(value: unknown): string {
  if (!Array.isArray(value)) return value !== null && typeof value === 'object' ? `object {${Object.keys(value).sort().join(',')}}` : typeof value;
  const first = value[0];
  if (typeof first === 'string') return 'data: array of strings';
  if (first !== null && typeof first === 'object') return `data: array of objects {${Object.keys(first).sort().join(',')}}`;
  return `data: array of ${typeof first}`;
}
