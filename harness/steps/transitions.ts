import type { CheckContext } from '../check/check.js';
import { fail, isClass } from '../check/expect.js';
import { CheckInconclusive } from '../check/outcomes.js';
import type { ApiResponse } from '../http/client.js';
import { TRANSITION_TOPIC, transitionOutcome, transitionSubject, type Transition } from '../report/transitions.js';
import { expectFields } from './compare.js';
import { shownFields } from './shown-fields.js';

/*
 * Status changes (spec 3.1, 3.2: "Transitions: not shown"; 3.3 shows only complete). A server may
 * accept or refuse any of them, so which way it went is an observation (topic
 * `status-transition`, rendered as a matrix by harness/report/transitions.ts). What no reading
 * allows: an answer that is neither a 2xx nor a 4xx, an accepted change that is not applied, and
 * a refused request that changed the record anyway.
 */

export type TransitionVerdict = 'accepted' | 'refused';

/** Records the attempt and says which way the target went; fails on anything but a 2xx or a 4xx. */
export function judgeTransition(t: CheckContext, transition: Transition, answer: ApiResponse): TransitionVerdict {
  const subject = transitionSubject(transition);
  t.observe(TRANSITION_TOPIC, subject, transitionOutcome(answer.status));
  if (isClass(answer.status, '2xx')) return 'accepted';
  if (isClass(answer.status, '4xx')) return 'refused';
  return fail(`expected the change ${subject} to be accepted (2xx) or refused (4xx); a server error is neither`, answer);
}

export interface TransitionExpectation {
  /** The record read back after the attempt. */
  readonly after: { readonly res: ApiResponse; readonly record: Record<string, unknown> };
  /** What an accepted attempt must show (the fields it sent; `{}` when the result is not stated). */
  readonly applied: Record<string, unknown>;
  /** What a refused attempt must leave: the values the named fields held before it. */
  readonly before: Record<string, unknown>;
}

/**
 * Judges one attempted change by its answer and the record read back after it. Accepted: the
 * record shows `applied`. Refused: it still shows `before` (a 4xx is a request not carried out;
 * only the fields the request named are compared, nothing it did not touch).
 */
export function expectTransition(t: CheckContext, transition: Transition, answer: ApiResponse, expected: TransitionExpectation): TransitionVerdict {
  const verdict = judgeTransition(t, transition, answer);
  const subject = transitionSubject(transition);
  const named = verdict === 'accepted' ? expected.applied : expected.before;
  // Response record fields are not shown (spec 2): a field the record leaves out altogether
  // cannot be judged; one it shows is compared.
  if (Object.keys(named).length > 0 && Object.keys(named).every((field) => !(field in expected.after.record))) {
    throw new CheckInconclusive(
      `${subject}: the record read back shows none of ${Object.keys(named).join(', ')}, so whether the change applied cannot be told`,
      expected.after.res.exchange,
    );
  }
  const shown = shownFields(t, expected.after.record, named, `${transition.record} record`);
  if (verdict === 'accepted') {
    expectFields(expected.after.record, shown, `${subject} was accepted (${answer.status}) but not applied`, expected.after.res);
  } else {
    expectFields(expected.after.record, shown, `${subject} was refused (${answer.status}) but the record changed`, expected.after.res);
  }
  return verdict;
}
