import { defineFaults } from './policy/declaration.js';
import type { BodyAjvLoosening } from './validation.js';

/** What may bend in how every request body is parsed and validated (json-body.ts, validation.ts): each field is one behaviour a fault can change. */
export interface BodyPolicy {
  /** Body rules every validator leaves out (spec 2: none; no coercion, canonical UUIDs only). */
  readonly loosened: BodyAjvLoosening;
  /** The status of a body that is not JSON (spec 4, 7: 400 INVALID_JSON); 500 answers INTERNAL_ERROR. */
  readonly malformedJsonStatus: 400 | 500;
}

/** The spec's behaviour. */
export const BODY_POLICY: BodyPolicy = {
  loosened: {},
  malformedJsonStatus: 400,
};

/** The faults of how every request body is parsed and validated (json-body.ts, validation.ts) (policy slot `body`). */
export const BODY_FAULTS = defineFaults({
  'body-types-coerced': {
    changes: 'every body is read with type coercion: "5" is taken as a number, "true" as a boolean, null as an empty string, 0 or false',
    suite: 'contacts',
    breaks: 'INPUT-TYPE',
    also: ['INPUT-NULL'],
    policy: { body: { loosened: { coerceTypes: true } } },
  },
  'uuid-lax': {
    changes: 'body uuid fields also take 32 hex digits without hyphens, or the canonical form in braces (a lax parser normalises them)',
    suite: 'contacts',
    breaks: 'INPUT-FORMAT-STRICT',
    policy: { body: { loosened: { laxUuid: true } } },
  },
  'malformed-json-500': {
    changes: 'a malformed JSON body answers 500',
    suite: 'contacts',
    breaks: 'BODY-MALFORMED-JSON',
    policy: { body: { malformedJsonStatus: 500 } },
  },
});
