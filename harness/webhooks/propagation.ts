/*
 * How long a subscription change may take to reach the deliveries (spec 2.10, 3.5, 4.11, 6.2 show
 * no timing). A server may cache its subscriptions, or let a replaced secret sign a little longer;
 * an event fired this long after the change was answered must be delivered by the new state. The
 * bound is a fixed constant, not CONFORMANCE_WEBHOOK_WAIT_S: that setting says how long to wait for
 * a delivery to arrive (absence), whereas a delivery the current state forbids is evidence, and a
 * longer wait must not tolerate more of it.
 */

/**
 * The propagation bound: 5 s. Long enough for a subscription cache refreshed every few seconds
 * (the variant webhook-choices applies a deactivation 2 s late and lets the old secret sign
 * 1.5 s), short enough that a change is always judged within a check's few rounds.
 */
export const PROPAGATION_MS = 5000;

/** Whether an event fired at `firedAt` comes after the propagation bound of a change answered at `changedAt`. */
export function pastPropagation(changedAt: number, firedAt: number): boolean {
  return firedAt - changedAt >= PROPAGATION_MS;
}
