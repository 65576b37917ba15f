/*
 * What a delivery may be, given what was written to its subscription (pure: times in, reasons out).
 * A server may take a subscription change up to the propagation bound to reach its deliveries
 * (harness/webhooks/propagation.ts: a fixed bound, not CONFORMANCE_WEBHOOK_WAIT_S, so that a
 * longer wait tolerates no more), and it may fan an event out later, by a state written after the
 * event was fired. So a delivery of an event fired at F arriving at A is allowed by every state the
 * subscription held at some moment from F minus the bound to A, each attribute on its own (a server
 * may propagate one attribute sooner than another). Outside that window no state allows it: the
 * delivery is evidence, whatever the run's webhook wait.
 */

/** A subscription's delivery state from a change's answer on (the create's, each accepted PATCH's, each rotation's). */
export interface HookState {
  /** When the change that made this state was answered. */
  readonly at: number;
  readonly url: string;
  /** Whether its events list the event the chain fires. */
  readonly listens: boolean;
  readonly isActive: boolean;
  /** Undefined: a secret the chain never learned (a rotation whose answer and next read showed none). */
  readonly secret: string | undefined;
}

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
  if (!window.some((s) => s.url === url)) return `it reached ${url}, which the subscription's url was not within the bound (its url: ${last.url})`;
  if (!window.some((s) => s.listens)) return "the subscription's events did not list the event at any moment within the bound";
  if (!window.some((s) => s.isActive)) return 'the subscription was inactive (isActive false) throughout the bound';
  if (window.some((s) => s.secret === undefined)) return undefined;
  if (window.some((s) => verifies(s.secret!))) return undefined;
  return 'its signature verifies with none of the secrets the subscription had within the bound (one rotate-secret replaced earlier, or none it ever had)';
}

/** Whether every state in `window` asks for a delivery at `url` (then one not arriving is an absence, observed). */
export function expectedAt(window: readonly HookState[], url: string): boolean {
  return window.length > 0 && window.every((s) => s.url === url && s.listens && s.isActive);
}
