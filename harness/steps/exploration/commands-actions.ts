import fc from 'fast-check';
import type { ApiResponse } from '../../http/client.js';
import type { SequenceDomain } from './domains.js';
import { judgeSearch } from './judge-list.js';
import { expectedValue, judgeRecord, RuleBroken, type ModelRecord } from './model.js';
import { rateVersions, sameAmount } from './rate-versions.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * Commands of one domain beside the common ones (harness/steps/exploration/commands.ts): the
 * milestone's complete action, a rate's versions and a search for a rate. Like the common commands, each finds its target when it runs
 * (`pick` modulo the domain's records), so shrinking may drop any command before it.
 */

const ok = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;
const refused = (res: ApiResponse): boolean => res.status >= 400 && res.status < 500;

/**
 * POST /milestones/{id}/complete (spec 3.3, 4.8): afterwards the milestone is `completed`, kept
 * until a write that may decide it. Which states may be completed is not shown: a 4xx refusal
 * is the server's choice, observed, and changes nothing.
 */
export class CompleteMilestone implements fc.AsyncCommand<SequenceWorld, SequenceWorld> {
  constructor(
    readonly domain: () => SequenceDomain,
    readonly pick: number,
    readonly body: Record<string, unknown> | undefined,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const domain = this.domain();
    const record = world.pick(domain, this.pick);
    if (record === undefined || record.state === 'unjudged') return;
    const res = await world.send('A', 'POST', `${domain.path}/${record.id}/complete`, { body: this.body, rule: 'SEQ-READ-AFTER-WRITE' });
    const what = `POST ${domain.path}/{${record.label}}/complete`;
    if (record.state === 'deleted') {
      if (ok(res)) throw new RuleBroken('SEQ-DELETE-GONE', `${what} answered ${res.status} after ${record.label} was deleted`, res.exchange);
      return;
    }
    if (refused(res)) {
      if (res.status === 404) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${record.label} was created and never deleted`, res.exchange);
      world.observe('sequence-refused-write', `complete ${domain.path}`, `refused (${res.status})`);
      return;
    }
    // spec 3.3: the state after complete is `completed`, whatever it was.
    record.fields['status'] = 'completed';
    delete record.learned['status'];
    record.toLearn.delete('status');
    const data = dataOf(res);
    if (data !== undefined) judgeRecord(record, data, `the answer to ${what}`);
  }
  toString(): string {
    return `complete milestone #${this.pick}${this.body === undefined ? '' : ` ${JSON.stringify(this.body)}`}`;
  }
}

/**
 * POST /rates/{id}/versions (spec 2.5, 4.5): a new amount from a date. A refusal (4xx) is the
 * server's choice (a version dated before the latest, a deactivated rate), observed; 404 while
 * the rate was never deleted is not.
 */
export class AddRateVersion implements fc.AsyncCommand<SequenceWorld, SequenceWorld> {
  constructor(
    readonly domain: () => SequenceDomain,
    readonly pick: number,
    readonly body: { readonly amount: number; readonly effectiveFrom: string; readonly changeReason?: string },
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const domain = this.domain();
    const record = world.pick(domain, this.pick);
    if (record === undefined || record.state === 'unjudged') return;
    const versions = rateVersions(record);
    const res = await world.send('A', 'POST', `${domain.path}/${record.id}/versions`, { body: this.body, rule: 'SEQ-VERSIONS-AFTER-WRITE' });
    const what = `POST ${domain.path}/{${record.label}}/versions`;
    if (refused(res)) {
      if (res.status === 404 && record.state === 'live')
        throw new RuleBroken('SEQ-VERSIONS-AFTER-WRITE', `${what} answered 404; ${record.label} was created and never deleted`, res.exchange);
      world.observe('sequence-refused-write', `POST ${domain.path}/{id}/versions`, `refused (${res.status})`);
      return;
    }
    const data = dataOf(res);
    // The answer may be the version or the rate with it (not stated): only a version's own id is kept.
    const id = typeof data?.['id'] === 'string' && data['id'] !== record.id ? data['id'] : undefined;
    versions.push({ id, amount: this.body.amount, effectiveFrom: this.body.effectiveFrom });
  }
  toString(): string {
    return `add a version to rate #${this.pick} ${JSON.stringify(this.body)}`;
  }
}

/** Every number under a key `amount` anywhere in `value`. */
function amountsIn(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const item of value) amountsIn(item, out);
  else if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'amount' && (typeof inner === 'number' || (typeof inner === 'string' && Number.isFinite(Number(inner))))) out.push(Number(inner));
      else amountsIn(inner, out);
    }
  }
  return out;
}

/**
 * GET /rates/{id}/versions (spec 4.5: "Lists all versions of the rate"): every version the
 * sequence made, the initial one included, whatever ran before. Versions are found by their
 * amount (and id where one was shown): the shape of each is not stated. A deactivated rate's
 * versions may be refused (4xx): the server's choice.
 */
export class ListRateVersions implements fc.AsyncCommand<SequenceWorld, SequenceWorld> {
  constructor(
    readonly domain: () => SequenceDomain,
    readonly pick: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const domain = this.domain();
    const record = world.pick(domain, this.pick);
    if (record === undefined || record.state === 'unjudged') return;
    await judgeRateVersions(world, domain, record);
  }
  toString(): string {
    return `list the versions of rate #${this.pick}`;
  }
}

/** GET /rates/{id}/versions judged against the versions the model knows (ListRateVersions, and the audit at a sequence's end). */
export async function judgeRateVersions(world: SequenceWorld, domain: SequenceDomain, record: ModelRecord): Promise<void> {
  // A list: read again while it does not hold, within the settle bound (spec 4 says nothing of when a write shows).
  await world.settled(() => versionsHold(world, domain, record));
}

async function versionsHold(world: SequenceWorld, domain: SequenceDomain, record: ModelRecord): Promise<void> {
  const versions = rateVersions(record);
  const res = await world.send('A', 'GET', `${domain.path}/${record.id}/versions`, { rule: 'SEQ-VERSIONS-AFTER-WRITE' });
  const what = `GET ${domain.path}/{${record.label}}/versions`;
  if (record.state !== 'live' && refused(res)) return;
  const data = (res.json as { data?: unknown } | undefined)?.data;
  if (!ok(res) || data === undefined) {
    throw new RuleBroken(
      'SEQ-VERSIONS-AFTER-WRITE',
      `${what} answered ${res.status}${ok(res) ? ' without data' : ''}; ${record.label} was never deleted`,
      res.exchange,
    );
  }
  const amounts = amountsIn(data);
  const shownIds = JSON.stringify(data);
  const missing = versions.filter((v) => !amounts.some((a) => sameAmount(a, v.amount)) || (v.id !== undefined && !shownIds.includes(v.id)));
  const count = Array.isArray(data) ? data.length : undefined;
  if (missing.length > 0 || (count !== undefined && count < versions.length)) {
    throw new RuleBroken(
      'SEQ-VERSIONS-AFTER-WRITE',
      `${what} lists ${count ?? 'some'} versions without ${missing.length > 0 ? missing.map((v) => `the one of amount ${v.amount}${v.effectiveFrom ? ` from ${v.effectiveFrom}` : ''}`).join(', ') : 'all of them'}; the sequence made ${versions.length} (the initial one included)`,
      res.exchange,
    );
  }
}

/**
 * `search` with a rate's current name under the sequence's tag (spec 4.5), and its isActive:
 * it must find the rate (the common search command scopes by one field: rates are scoped by a tag).
 */
export class SearchRate implements fc.AsyncCommand<SequenceWorld, SequenceWorld> {
  constructor(
    readonly domain: () => SequenceDomain,
    readonly pick: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const domain = this.domain();
    const record = world.pick(domain, this.pick);
    const scope = await world.scope(domain);
    if (record === undefined || record.state !== 'live' || scope === undefined) return;
    const active = expectedValue(record, 'isActive');
    if (typeof record.fields['name'] !== 'string' || !active.known || typeof active.value !== 'boolean') return;
    await judgeSearch(world, domain, record, scope.rateTag, active.value);
  }
  toString(): string {
    return `search for rate #${this.pick}`;
  }
}
