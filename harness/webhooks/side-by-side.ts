import { SinkEndpoint, type Received } from '../sink/sink.js';
import { holdsId } from './attempt-record.js';
import { about, describeAttempts } from './received.js';

/*
 * WH-SUBSCRIPTION-CHANGES, pure: subscriptions side by side, each changing one attribute (events,
 * isActive, url, secret) round after round, and back; what each round's event may and must do at
 * each subscription's endpoints, and what a deliveries list may hold. Requests in, findings out.
 */

/** The attribute one subscription of the check changes each round. */
export type Changing = 'events' | 'isActive' | 'url' | 'secret';

/** One subscription as the check's model holds it: the values its last accepted change gave. */
export interface SideSubscription {
  readonly id: string;
  readonly label: string;
  readonly changing: Changing;
  /** The URLs it points at in turn, as sink endpoints: the create's first (only `url` has two). */
  readonly endpoints: readonly SinkEndpoint[];
  /** Its events list the round's event. */
  listens: boolean;
  isActive: boolean;
  /** Which of `endpoints` its url is now. */
  at: number;
  /** The secret in force (undefined when no answer or read showed it). */
  secret: string | undefined;
  /** Secrets rotate-secret replaced. */
  readonly retired: string[];
  /** The last change, for messages: `events ["quote.rejected"] (PATCH of round 2)`. */
  state: string;
}

/** What one subscription's state allowed when a round's event was fired. */
export interface Allowed {
  readonly expects: boolean;
  readonly at: number;
  readonly secret: string | undefined;
  readonly retired: readonly string[];
  readonly state: string;
}

/** One round: its event's record, when it was fired, each subscription's state then. */
export interface Round {
  readonly index: number;
  readonly marker: string;
  readonly firedAt: number;
  readonly allowed: ReadonlyMap<string, Allowed>;
  /** When the next round's changes began: a delivery arriving later may have been sent by the next state. */
  until: number;
}

export function snapshot(index: number, marker: string, firedAt: number, subs: readonly SideSubscription[]): Round {
  const allowed = new Map<string, Allowed>();
  for (const s of subs) allowed.set(s.id, { expects: s.listens && s.isActive, at: s.at, secret: s.secret, retired: [...s.retired], state: s.state });
  return { index, marker, firedAt, allowed, until: Number.POSITIVE_INFINITY };
}

/** The round's deliveries at one endpoint (of the check's event, about the round's record). */
const at = (endpoint: SinkEndpoint, round: Round, event: string): Received[] => about(endpoint, round.marker, event);

/** Whether every subscription the round's state expects got the event at its current URL. */
export function expectedArrived(round: Round, subs: readonly SideSubscription[], event: string): boolean {
  return subs.every((s) => {
    const allowed = round.allowed.get(s.id)!;
    return !allowed.expects || at(s.endpoints[allowed.at]!, round, event).length > 0;
  });
}

/** The subscriptions the round's state expected that got nothing at their current URL. */
export function missing(round: Round, subs: readonly SideSubscription[], event: string): string[] {
  return subs.filter((s) => !expectedArrived(round, [s], event)).map((s) => s.label);
}

/**
 * Evidence against the round's state (spec 2.10, 6, 6.2): a delivery to a subscription that did
 * not list the event or was inactive, one at a URL it no longer had, one signed with a secret a
 * rotation replaced (or with none of its secrets). Only deliveries that arrived before the next
 * round's changes began are judged: a later one may have been sent by the next state.
 */
export function wrongDeliveries(round: Round, subs: readonly SideSubscription[], event: string): string[] {
  const wrong: string[] = [];
  const about = `${event} about ${round.marker} (round ${round.index})`;
  for (const s of subs) {
    const allowed = round.allowed.get(s.id)!;
    s.endpoints.forEach((endpoint, i) => {
      const got = at(endpoint, round, event).filter((d) => d.arrivedAt < round.until);
      if (got.length === 0) return;
      const seen = describeAttempts(got, round.firedAt);
      if (!allowed.expects) wrong.push(`${about} reached ${s.label}, whose state forbids it: ${allowed.state}; ${seen}`);
      else if (i !== allowed.at) wrong.push(`${about} reached ${s.label} at a URL it no longer has: ${allowed.state}; ${seen}`);
      else {
        for (const d of got) {
          if (allowed.secret !== undefined && SinkEndpoint.verifiesWith(d, allowed.secret)) continue;
          const replaced = allowed.retired.findIndex((secret) => SinkEndpoint.verifiesWith(d, secret));
          if (replaced >= 0) {
            wrong.push(
              `${about} reached ${s.label} signed with the secret ${replaced === 0 ? 'of the create' : `of rotation ${replaced}`}, which rotation ${replaced + 1} replaced (now ${allowed.state}); X-Service-Delivery ${d.headers['x-service-delivery'] ?? '(none)'}`,
            );
          } else if (allowed.secret !== undefined) {
            wrong.push(
              `${about} reached ${s.label} signed with none of its secrets (${allowed.state}); X-Service-Signature ${d.headers['x-service-signature'] ?? '(none)'}`,
            );
          }
        }
      }
    });
  }
  return wrong;
}

/** The X-Service-Delivery values of the check's rounds that reached each subscription's endpoints. */
export function deliveryIds(rounds: readonly Round[], subs: readonly SideSubscription[], event: string): Map<string, Set<string>> {
  const ids = new Map<string, Set<string>>();
  for (const s of subs) {
    const own = new Set<string>();
    for (const round of rounds)
      for (const endpoint of s.endpoints)
        for (const d of at(endpoint, round, event)) {
          const id = d.headers['x-service-delivery'];
          if (id !== undefined && id.trim() !== '') own.add(id);
        }
    ids.set(s.id, own);
  }
  return ids;
}

/**
 * Rows of one subscription's deliveries list (spec 4.11: its delivery attempts) that name an
 * X-Service-Delivery value which reached only other subscriptions of the check: another's attempts.
 * A value several subscriptions received (an event id shared by all) tells nothing and is not judged.
 */
export function foreignRows(
  subscription: SideSubscription,
  rows: ReadonlyArray<Record<string, unknown>>,
  ids: ReadonlyMap<string, ReadonlySet<string>>,
  subs: readonly SideSubscription[],
): string[] {
  const own = ids.get(subscription.id) ?? new Set<string>();
  const found: string[] = [];
  for (const other of subs) {
    if (other.id === subscription.id) continue;
    for (const id of ids.get(other.id) ?? []) {
      if (own.has(id)) continue;
      const row = rows.find((r) => holdsId(r, id));
      if (row !== undefined) found.push(`${subscription.label}'s deliveries list shows ${other.label}'s delivery ${id}: ${JSON.stringify(row).slice(0, 200)}`);
    }
  }
  return found;
}
