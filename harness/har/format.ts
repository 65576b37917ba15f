import { z } from 'zod';

/*
 * The HTTP archive of a run, `exchanges.har`, declared once for its writer (`entry.ts`,
 * `write.ts`) and its reader (`conformance certify verify`): HAR 1.2
 * (http://www.softwareishard.com/blog/har-12-spec/), each entry tied to the check that sent it
 * (`_check`, the check's key in report.json; `_requirement`, its requirement id; HAR allows fields
 * starting with `_`). Everything in it has passed the run's redactor, exactly like the reports.
 */

/** The file name of a run's HTTP archive. */
export const HAR_FILE = 'exchanges.har';
export const HAR_VERSION = '1.2';

export interface HarNameValue {
  readonly name: string;
  readonly value: string;
}

/** One entry as the writer writes it: every field of HAR 1.2 and the two custom ones. */
export interface HarEntry {
  readonly startedDateTime: string;
  readonly time: number;
  readonly request: {
    readonly method: string;
    readonly url: string;
    readonly httpVersion: string;
    readonly cookies: readonly never[];
    readonly headers: readonly HarNameValue[];
    readonly queryString: readonly HarNameValue[];
    readonly postData?: { readonly mimeType: string; readonly text: string };
    readonly headersSize: -1;
    readonly bodySize: number;
  };
  readonly response: {
    readonly status: number;
    readonly statusText: string;
    readonly httpVersion: string;
    readonly cookies: readonly never[];
    readonly headers: readonly HarNameValue[];
    readonly content: { readonly size: number; readonly mimeType: string; readonly text: string };
    readonly redirectURL: string;
    readonly headersSize: -1;
    readonly bodySize: number;
    /** The body was cut: at the run's read bound (CONFORMANCE_MAX_RESPONSE_BYTES), or at HAR_MAX_BODY_CHARS. */
    readonly _truncated?: true;
    /** No answer: why (HAR's status 0). */
    readonly _error?: string;
  };
  readonly cache: Record<string, never>;
  readonly timings: { readonly send: number; readonly wait: number; readonly receive: number };
  /** The key of the check that sent it (report.json checks[].key); null outside a check (the end-of-file cleanup). */
  readonly _check: string | null;
  readonly _requirement: string | null;
}

/**
 * What a reader relies on in an entry (`verify` compares only these); the rest of HAR 1.2
 * (headers, timings, cookies, ...) is allowed and left alone, so an archive another tool
 * rewrote still reads.
 */
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
/** An entry as a reader holds it. */
export type HarEntryRead = z.infer<typeof harEntrySchema>;

export const harSchema = z.looseObject({
  log: z.looseObject({
    version: z.literal(HAR_VERSION),
    creator: z.looseObject({ name: z.string(), version: z.string() }),
    entries: z.array(harEntrySchema),
  }),
});
export type Har = z.infer<typeof harSchema>;

/** The check an entry is tied to, or null. */
export function entryCheck(entry: HarEntryRead): string | null {
  return entry._check ?? null;
}

/** The response body as text when the HAR holds it as text (not base64), else null. */
export function entryText(entry: HarEntryRead): string | null {
  const content = entry.response.content;
  if (content?.text === undefined || content.encoding !== undefined) return null;
  return content.text;
}

/** `GET https://host/api/v1/contacts -> 201`, for messages. */
export function describeEntry(entry: Pick<HarEntryRead, 'request' | 'response'>): string {
  return `${entry.request.method} ${entry.request.url} -> ${entry.response.status === 0 ? 'no response' : entry.response.status}`;
}
