import { z } from 'zod';

/*
 * exchanges.har: every HTTP exchange of a certification run in HAR 1.2
 * (http://www.softwareishard.com/blog/har-12-spec/). `verify` reads only what it compares; the
 * rest of HAR 1.2 (headers, timings, cookies, ...) is allowed and left alone.
 *
 * The one custom field, `_check` on an entry (HAR allows fields starting with `_`), is the `key`
 * of the report check (report.checks[].key) whose client sent the request; null for requests
 * outside any check (probes before the run, cleanup after a suite file).
 */

export const HAR_VERSION = '1.2';

export const harEntrySchema = z.looseObject({
  startedDateTime: z.string(),
  time: z.number(),
  request: z.looseObject({ method: z.string().min(1), url: z.string().min(1) }),
  response: z.looseObject({
    /** 0 when no response came (HAR 1.2 convention for an aborted request). */
    status: z.int().min(0),
    content: z.looseObject({ text: z.string().optional(), encoding: z.string().optional() }).optional(),
  }),
  _check: z.string().nullable().optional(),
});
export type HarEntry = z.infer<typeof harEntrySchema>;

export const harSchema = z.looseObject({
  log: z.looseObject({
    version: z.literal(HAR_VERSION),
    creator: z.looseObject({ name: z.string(), version: z.string() }),
    entries: z.array(harEntrySchema),
  }),
});
export type Har = z.infer<typeof harSchema>;

/** The check an entry is tied to, or null. */
export function entryCheck(entry: HarEntry): string | null {
  return entry._check ?? null;
}

/** The response body as text when the HAR holds it as text (not base64), else null. */
export function entryText(entry: HarEntry): string | null {
  const content = entry.response.content;
  if (content?.text === undefined || content.encoding !== undefined) return null;
  return content.text;
}

/** `GET https://host/api/v1/contacts -> 201`, for messages. */
export function describeEntry(entry: Pick<HarEntry, 'request' | 'response'>): string {
  return `${entry.request.method} ${entry.request.url} -> ${entry.response.status === 0 ? 'no response' : entry.response.status}`;
}
