import { defineFaults } from './policy/declaration.js';

/** What may bend in every answer on its way out (response-hooks.ts): its Content-Type and its success status. */
export interface ResponsesPolicy {
  /**
   * The Content-Type a JSON body goes out with: the one the route gave (spec 1: JSON bodies,
   * `application/json; charset=utf-8`), none at all, or `text/plain` (faults); or, as correct
   * servers also do (variant json-media-types), `application/json` without parameters on success
   * and `application/problem+json` (RFC 9457) on an error. The body is the same bytes.
   */
  readonly jsonContentType: 'as-given' | 'omitted' | 'text/plain' | 'bare-or-problem';
  /** The success statuses (spec 4: 201 on create, 204 on delete, 200 otherwise), or 200 for every 2xx. */
  readonly successStatus: 'as-given' | 200;
}

/** The spec's behaviour. */
export const RESPONSES_POLICY: ResponsesPolicy = {
  jsonContentType: 'as-given',
  successStatus: 'as-given',
};

/** The faults of every answer on its way out (response-hooks.ts) (policy slot `responses`). */
export const RESPONSE_FAULTS = defineFaults({
  'no-content-type': {
    changes: 'every answer goes out without a Content-Type header; the bodies are unchanged (still JSON)',
    suite: 'contacts',
    breaks: 'ENV-JSON-TYPE-SENT',
    policy: { responses: { jsonContentType: 'omitted' } },
  },
  'text-content-type': {
    changes: 'every JSON answer says Content-Type: text/plain; the bodies are unchanged',
    suite: 'contacts',
    breaks: 'ENV-JSON-TYPE',
    policy: { responses: { jsonContentType: 'text/plain' } },
  },
  'all-200': {
    changes: 'every 2xx answer comes back 200: creates answer 200 instead of 201, deletes 200 instead of 204 (still with no body)',
    suite: 'contacts',
    breaks: 'ENV-CREATE',
    also: ['ENV-DELETE'],
    policy: { responses: { successStatus: 200 } },
  },
});
