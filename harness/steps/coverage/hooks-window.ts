/*
 * What a delivery may be, given what was written to its subscription (pure: times in, reasons out).
 * A server may take a subscription change up to the propagation bound to reach its deliveries
 * (harness/webhooks/propagation.ts: a fixed bound, not CONFORMANCE_WEBHOOK_WAIT_S, so that a
 * longer wait tolerates no more), and it may fan an event out later, by a state written after the
 * event was fired. So a delivery of an event fired at F arriving at A is allowed by every state the
 * subscription held at some moment from F minus the bound to A, each attribute on its own (a server
 * may propagate one attribute sooner than another). Outside that window no state allows it: the
 * delivery is evidence, whatever the run's webhook wait. A test delivery (POST /webhooks/{id}/test)
 * is judged by where it went and how it is signed alone, from the bound before the test was asked
 * for; a deleted subscription's state allows nothing.
 */

/** A subscription's delivery state from a change's answer on (the create's, each accepted PATCH's, each rotation's). */
export interface HookState {
  /** When the change that made this state was answered. */
  readonly at: number;
  readonly url: string;
  /** Whether its events list the event the chain fires. */
  readonly listens: boolean;
  readonly isActive: boolean;
  /** False from the DELETE that answered 2xx on: a deleted subscription is sent nothing (spec 2: webhooks are deleted outright). */
  readonly live: boolean;
  /** Undefined: a secret the chain never learned (a rotation whose answer and next read showed none). */
  readonly secret: string | undefined;
}

/** The first words of the reason a deleted subscription's delivery is forbidden (its rule is SEQ-DELETE-GONE). */
export const DELETED = 'the subscription was deleted (its DELETE answered 2xx)';

/** The states in force at some moment from `boundMs` before `firedAt` to `arrivedAt`, oldest first. */
export function statesWithin(history: readonly HookState[], firedAt: number, arrivedAt: number, boundMs: number): HookState[] {
  const from = firedAt - boundMs;
  const before = history.filter((s) => s.at <= from).at(-1);
  return [...(before === undefined ? [] : [before]), ...history.filter((s) => s.at > from && s.at <= arrivedAt)];
}

/**
 * Why no state in `window` allows a delivery of the event at `url`, signed as `verifies` says; undefined
 * when one does (or the signature cannot be judged: a secret never learned is in the window).
 */
export function forbiddenBy(window: readonly HookState[], url: string, verifies: (secret: string) => boolean): string | undefined {
  if (window.length === 0) return undefined;
  const last = window.at(-1)!;
  if (!window.some((s) => s.live)) return `${DELETED} throughout the bound`;
  if (!window.some((s) => s.url === url)) return `it reached ${url}, which the subscription's url was not within the bound (its url: ${last.url})`;
  if (!window.some((s) => s.listens)) return "the subscription's events did not list the event at any moment within the bound";
  if (!window.some((s) => s.isActive)) return 'the subscription was inactive (isActive false) throughout the bound';
  if (window.some((s) => s.secret === undefined)) return undefined;
  if (window.some((s) => verifies(s.secret!))) return undefined;
  return 'its signature verifies with none of the secrets the subscription had within the bound (one rotate-secret replaced earlier, or none it ever had)';
}

/** Whether every state in `window` asks for a delivery at `url` (then one not arriving is an absence, observed). */
export function expectedAt(window: readonly HookState[], url: string): boolean {
  return window.length > 0 && window.every((s) => s.live && s.url === url && s.listens && s.isActive);
}

/**
 * Why no state in `window` allows a test delivery at `url`, signed as `verifies` says (spec 4.11:
 * "sends a test event to the subscription"; 6.2: signed with its secret): where it went and its
 * signature alone, since the spec does not say whether a test follows the events listed or isActive.
 */
export function forbiddenTestBy(window: readonly HookState[], url: string, verifies: (secret: string) => boolean): string | undefined {
  return forbiddenBy(
    window.map((s) => ({ ...s, listens: true, isActive: true })),
    url,
    verifies,
  );
}

/** A request at one of a subscription's endpoints that no fired event explains: a test delivery, judged by `forbiddenTestBy`. */
export interface TestArrival {
  readonly arrivedAt: number;
  readonly url: string;
  verifies(secret: string): boolean;
}

/**
 * The first test arrival (in `arrivals`, one per delivery: retries left out) that no matching of
 * arrivals to test requests explains, and why; undefined when each arrival can be given a test of
 * its own, asked for (at `tests`, ascending) before it arrived, whose states within the bound allow
 * it. A test's window reaches back to the bound before it was asked for, so the tests allowing an
 * arrival are the first m of them (an earlier test sees every state a later one does): a matching
 * exists exactly when, the arrivals ordered by m, the k-th has m >= k. A late delivery of an
 * earlier test is thus never judged by a later test's narrower window, and a second delivery
 * that only an old state allows, once that test has one, is evidence.
 */
export function unexplainedTest(
  history: readonly HookState[],
  tests: readonly number[],
  arrivals: readonly TestArrival[],
  boundMs: number,
): { readonly arrival: TestArrival; readonly why: string } | undefined {
  const reason = (a: TestArrival, i: number): string | undefined =>
    tests[i]! > a.arrivedAt
      ? 'it arrived before the test was asked for'
      : forbiddenTestBy(statesWithin(history, tests[i]!, a.arrivedAt, boundMs), a.url, (x) => a.verifies(x));
  const allowedBy = arrivals.map((a) => {
    let m = 0;
    while (m < tests.length && reason(a, m) === undefined) m += 1;
    return { a, m };
  });
  const ordered = [...allowedBy].sort((x, y) => x.m - y.m || x.a.arrivedAt - y.a.arrivedAt);
  const k = ordered.findIndex((o, i) => o.m < i + 1);
  if (k < 0) return undefined;
  const { a, m } = ordered[k]!;
  if (m === 0)
    return { arrival: a, why: tests.length === 0 ? 'no test was asked for before it' : `${reason(a, 0)} (from the bound before the first test asked for on)` };
  const shown = m < tests.length ? `; for the tests asked for after: ${reason(a, m)}` : '';
  return { arrival: a, why: `only the first ${m} of the ${tests.length} tests asked for allow it, and ${k} other test deliveries are theirs already${shown}` };
}
