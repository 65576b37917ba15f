import fc from 'fast-check';
import type { ApiResponse } from '../../http/client.js';
import type { Body, ListFilter, SequenceDomain } from './domains.js';
import { judgeForeignList, judgeList, judgePages, judgeSearch, walksOf } from './judge-list.js';
import { boundName, type Org } from './log.js';
import { applyWrite, forget, judgeRecord, RuleBroken, type ModelRecord } from './model.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * The operations a sequence is made of, as fast-check commands over one SequenceWorld (model and
 * real system in one: the model follows the answers). Targets are picked when the command runs
 * (`pick` modulo the records there are), so any order of commands is a valid sequence and
 * shrinking can drop any of them. Every answer is judged against the model where the spec decides.
 */

type Command = fc.AsyncCommand<SequenceWorld, SequenceWorld>;

const NO_FILTER: ListFilter = { query: {}, conditions: [] };

const ok = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;
const refused = (res: ApiResponse): boolean => res.status >= 400 && res.status < 500;

/** A refusal the spec does not rule out (a business rule, a state the server keeps): observed, nothing changes. */
function refusal(world: SequenceWorld, domain: SequenceDomain, operation: string, res: ApiResponse): void {
  world.observe('sequence-refused-write', `${operation} ${domain.path}`, `refused (${res.status})`);
}

abstract class SequenceCommand implements Command {
  check(): boolean {
    return true;
  }
  abstract run(model: SequenceWorld, real: SequenceWorld): Promise<void>;
  abstract toString(): string;
}

export class Create extends SequenceCommand {
  constructor(
    readonly domain: SequenceDomain,
    readonly body: Body,
    readonly org: Org,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    if (this.org === 'B' && !world.hasOtherOrg) return;
    const body = await world.fill(this.domain, this.body);
    if (body === undefined) return;
    const res = await world.send(this.org, 'POST', this.domain.path, {
      body,
      rule: this.org === 'B' ? 'SEQ-ISOLATION' : 'SEQ-READ-AFTER-WRITE',
      letter: this.domain.letter,
    });
    if (refused(res)) return refusal(world, this.domain, this.org === 'B' ? 'POST (other organisation)' : 'POST', res);
    const data = dataOf(res);
    if (!ok(res) || typeof data?.['id'] !== 'string') {
      throw new RuleBroken('SEQ-READ-AFTER-WRITE', `POST ${this.domain.path} answered ${res.status} without the created record's id in data`, res.exchange);
    }
    const record: ModelRecord = {
      domain: this.domain.name,
      id: data['id'],
      label: `${this.domain.noun} $${boundName(world.log, data['id']) ?? this.domain.letter}`,
      org: this.org,
      state: 'live',
      fields: { ...body },
      learned: {},
      toLearn: new Set(this.domain.defaults.filter((f) => !Object.hasOwn(body, f))),
      learnedAfterDelete: new Set(),
      softListed: new Map(),
    };
    world.records.push(record);
    if (this.org === 'A') judgeRecord(record, data, `the answer to POST ${this.domain.path}`);
  }
  toString(): string {
    return `create ${this.domain.noun}${this.org === 'B' ? ' (org B)' : ''} ${JSON.stringify(this.body)}`;
  }
}

export class Read extends SequenceCommand {
  constructor(
    readonly domains: readonly SequenceDomain[],
    readonly pick: number,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const target = world.pickAny(this.domains, this.pick);
    if (target === undefined) return;
    await readAndJudge(world, target.domain, target.record);
  }
  toString(): string {
    return `read record #${this.pick}`;
  }
}

/** A read by id judged against the model (spec 4: get success is 200 with the record in data). */
export async function readAndJudge(world: SequenceWorld, domain: SequenceDomain, record: ModelRecord): Promise<void> {
  const rule = record.state === 'deleted' ? 'SEQ-DELETE-GONE' : record.state === 'soft-deleted' ? 'SEQ-SOFT-DELETE-STAYS' : 'SEQ-READ-AFTER-WRITE';
  const res = await world.send('A', 'GET', `${domain.path}/${record.id}`, { rule });
  const what = `GET ${domain.path}/{${record.label}}`;
  if (record.state === 'deleted') {
    if (ok(res)) throw new RuleBroken('SEQ-DELETE-GONE', `${what} answered ${res.status} after ${record.label} was deleted`, res.exchange);
    return;
  }
  if (record.state === 'soft-deleted') {
    const found = ok(res) ? 'found' : 'refused';
    if (record.softRead === undefined) {
      record.softRead = found;
      world.observe(
        'sequence-soft-delete',
        `GET ${domain.path}/{id} after DELETE`,
        found === 'found' ? `still read (${res.status})` : `refused (${res.status})`,
      );
    } else if (record.softRead !== found) {
      throw new RuleBroken(
        'SEQ-SOFT-DELETE-STAYS',
        `${what} answered ${res.status}; after ${record.label} was soft-deleted it was ${record.softRead === 'found' ? 'still read' : 'refused'}, and nothing since wrote isActive`,
        res.exchange,
      );
    }
    if (!ok(res)) return;
  } else if (!ok(res)) {
    throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered ${res.status}; ${record.label} was created and never deleted`, res.exchange);
  }
  const data = dataOf(res);
  if (data === undefined) throw new RuleBroken(rule, `${what} answered ${res.status} without the record in data`, res.exchange);
  domain.judgeShown?.(record, data, what);
  judgeRecord(record, data, what);
}

export class Update extends SequenceCommand {
  constructor(
    readonly domains: readonly SequenceDomain[],
    readonly pick: number,
    readonly bodies: Readonly<Record<string, Body>>,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const target = world.pickAny(this.domains, this.pick);
    if (target === undefined) return;
    const { domain, record } = target;
    const body = await world.fill(domain, this.bodies[domain.name]!);
    if (body === undefined) return;
    const res = await world.send('A', 'PATCH', `${domain.path}/${record.id}`, { body, rule: 'SEQ-READ-AFTER-WRITE' });
    const what = `PATCH ${domain.path}/{${record.label}}`;
    if (record.state === 'deleted') {
      if (ok(res)) throw new RuleBroken('SEQ-DELETE-GONE', `${what} answered ${res.status} after ${record.label} was deleted`, res.exchange);
      return;
    }
    if (refused(res)) {
      if (res.status === 404 && record.state === 'live') {
        throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${record.label} was created and never deleted`, res.exchange);
      }
      return refusal(world, domain, 'PATCH', res);
    }
    applyWrite(record, body, domain.linked);
    // Writing isActive on a soft-deleted record may bring it back: how is the server's reading.
    if (record.state === 'soft-deleted' && Object.hasOwn(body, 'isActive')) record.state = 'unjudged';
    const data = dataOf(res);
    if (data !== undefined && record.state !== 'unjudged') judgeRecord(record, data, `the answer to ${what}`);
  }
  toString(): string {
    return `update record #${this.pick} ${JSON.stringify(this.bodies)}`;
  }
}

export class Delete extends SequenceCommand {
  constructor(
    readonly domains: readonly SequenceDomain[],
    readonly pick: number,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const target = world.pickAny(this.domains, this.pick);
    if (target === undefined || target.record.state !== 'live') return;
    const { domain, record } = target;
    const res = await world.send('A', 'DELETE', `${domain.path}/${record.id}`, { rule: 'SEQ-DELETE-GONE' });
    if (refused(res)) {
      if (res.status === 404) {
        throw new RuleBroken('SEQ-READ-AFTER-WRITE', `DELETE ${domain.path}/{${record.label}} answered 404; it was created and never deleted`, res.exchange);
      }
      return refusal(world, domain, 'DELETE', res);
    }
    if (domain.deletion === 'hard') {
      record.state = 'deleted';
      return;
    }
    // spec 2, 4.4: a soft delete; what it leaves (isActive, and the fields tied to it) is learned.
    record.state = 'soft-deleted';
    for (const field of ['isActive', ...domain.linked.filter(([inputs]) => inputs.includes('isActive')).flatMap(([, decided]) => decided)]) {
      forget(record, field);
    }
    domain.afterDelete?.(record);
    // What the soft delete left is learned now, so that what follows is judged against it.
    await readAndJudge(world, domain, record);
  }
  toString(): string {
    return `delete record #${this.pick}`;
  }
}

class List extends SequenceCommand {
  constructor(
    readonly domain: SequenceDomain,
    readonly scope: number,
    readonly filter: ListFilter,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const scope = await world.scope(this.domain);
    if (scope === undefined) return;
    const kind = this.domain.scopeValues[this.scope % this.domain.scopeValues.length]!;
    await judgeList(world, this.domain, scope[kind], this.filter);
  }
  toString(): string {
    return `list ${this.domain.path} ${JSON.stringify(this.filter.query)}`;
  }
}

/**
 * A walk of the scope a record is in, unfiltered, page by page with a small page (limit 1 to 7)
 * from offset 0 to the end (judge-list.ts judgePages): the scope of a record the sequence made, so
 * that the walk meets the records the writes touch.
 */
class WalkAny extends SequenceCommand {
  constructor(
    readonly domains: readonly SequenceDomain[],
    readonly pick: number,
    readonly limit: number,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const target = world.pickAny(this.domains, this.pick);
    if (target === undefined) return;
    const { domain, record } = target;
    // The scope the record names now (a domain scoped by more than one field is walked by Walk).
    const scopeValue = record.fields[domain.scopeField];
    if (domain.scoped !== undefined || typeof scopeValue !== 'string') return;
    await judgePages(world, domain, scopeValue, NO_FILTER, this.limit);
  }
  toString(): string {
    return `walk the scope of record #${this.pick} in pages of ${this.limit}`;
  }
}

export class Search extends SequenceCommand {
  constructor(
    readonly domains: readonly SequenceDomain[],
    readonly pick: number,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const target = world.pickAny(this.domains, this.pick);
    if (target === undefined) return;
    const { domain, record } = target;
    if (record.state !== 'live' || domain.searchField === undefined) return;
    const value = record.fields[domain.searchField];
    const scopeValue = record.fields[domain.scopeField];
    const active = record.fields['isActive'] ?? record.learned['isActive'];
    if (typeof value !== 'string' || typeof scopeValue !== 'string' || (domain.activeFlag && typeof active !== 'boolean')) return;
    await judgeSearch(world, domain, record, scopeValue, domain.activeFlag ? (active as boolean) : undefined);
  }
  toString(): string {
    return `search for record #${this.pick}`;
  }
}

/** Expense approve and reject (spec 3.1, 4.2): the status each leaves is not stated, so it is learned from the answer. */
export class Action extends SequenceCommand {
  constructor(
    readonly domain: SequenceDomain,
    readonly pick: number,
    readonly action: 'approve' | 'reject',
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    const record = world.pick(this.domain, this.pick);
    if (record === undefined || record.state === 'unjudged') return;
    const body = this.action === 'reject' ? { reason: 'rejected by a conformance sequence' } : undefined;
    const res = await world.send('A', 'POST', `${this.domain.path}/${record.id}/${this.action}`, { body, rule: 'SEQ-READ-AFTER-WRITE' });
    const what = `POST ${this.domain.path}/{${record.label}}/${this.action}`;
    if (record.state === 'deleted') {
      if (ok(res)) throw new RuleBroken('SEQ-DELETE-GONE', `${what} answered ${res.status} after ${record.label} was deleted`, res.exchange);
      return;
    }
    if (refused(res)) {
      if (res.status === 404) throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered 404; ${record.label} was created and never deleted`, res.exchange);
      return refusal(world, this.domain, this.action, res);
    }
    forget(record, 'status');
    forget(record, 'reimbursementStatus');
    const data = dataOf(res);
    if (data !== undefined) {
      judgeRecord(record, data, `the answer to ${what}`);
      if (typeof record.learned['status'] === 'string')
        world.observe('sequence-action-state', `POST /expenses/{id}/${this.action}`, `leaves status ${record.learned['status']}`);
    }
  }
  toString(): string {
    return `${this.action} ${this.domain.noun} #${this.pick}`;
  }
}

/** The other organisation's key on one of org A's records: a read, an update or a delete must never succeed (spec 1, 5.4). */
export class Foreign extends SequenceCommand {
  constructor(
    readonly domains: readonly SequenceDomain[],
    readonly pick: number,
    readonly operation: 'read' | 'update' | 'delete' | 'list',
    readonly bodies: Readonly<Record<string, Body>>,
  ) {
    super();
  }
  async run(world: SequenceWorld): Promise<void> {
    if (!world.hasOtherOrg) return;
    const target = world.pickAny(this.domains, this.pick);
    if (target === undefined) return;
    const { domain, record } = target;
    if (this.operation === 'list') {
      const scope = await world.scope(domain);
      if (scope === undefined) return;
      return judgeForeignList(world, domain, scope[domain.scopeValues[this.pick % domain.scopeValues.length]!]);
    }
    const body = this.operation === 'update' ? await world.fill(domain, this.bodies[domain.name]!) : undefined;
    const method = this.operation === 'read' ? 'GET' : this.operation === 'update' ? 'PATCH' : 'DELETE';
    const res = await world.send('B', method, `${domain.path}/${record.id}`, { ...(body ? { body } : {}), rule: 'SEQ-ISOLATION' });
    if (ok(res)) {
      throw new RuleBroken(
        'SEQ-ISOLATION',
        `${method} ${domain.path}/{${record.label}} with the other organisation's key answered ${res.status}; ${record.label} belongs to organisation A`,
        res.exchange,
      );
    }
  }
  toString(): string {
    return `${this.operation} record #${this.pick} with org B's key`;
  }
}

/** Every command over the domains, with valid bodies from the domain generators. */
/** The records a sequence starts with: one to three creates in its domains, so that what follows has targets. */
export function openingCreates(domains: readonly SequenceDomain[]): fc.Arbitrary<Command[]> {
  return fc.array(fc.oneof(...domains.map((d) => d.create.map((body): Command => new Create(d, body, 'A')))), { minLength: 1, maxLength: 3 });
}

export function sequenceCommands(domains: readonly SequenceDomain[], options: { readonly otherOrg: boolean }): Array<fc.Arbitrary<Command>> {
  const pick = fc.nat({ max: 30 });
  // An update body for each domain: the command finds its target when it runs, in any domain.
  const bodies = fc.record(Object.fromEntries(domains.map((d) => [d.name, d.update])) as Record<string, fc.Arbitrary<Body>>);
  const perDomain = domains.flatMap(
    (d): Array<fc.Arbitrary<Command>> => [
      d.create.map((body) => new Create(d, body, 'A')),
      fc.tuple(pick, d.filters).map(([p, filter]) => new List(d, p, filter)),
      ...(d.name === 'expenses' ? [fc.tuple(pick, fc.constantFrom('approve' as const, 'reject' as const)).map(([p, a]) => new Action(d, p, a))] : []),
      ...(options.otherOrg ? [d.create.map((body) => new Create(d, body, 'B'))] : []),
      ...(d.commands ?? []),
    ],
  );
  const anyRecord: Array<fc.Arbitrary<Command>> = [
    pick.map((p) => new Read(domains, p)),
    pick.map((p) => new Read(domains, p)),
    fc.tuple(pick, bodies).map(([p, b]) => new Update(domains, p, b)),
    fc.tuple(pick, bodies).map(([p, b]) => new Update(domains, p, b)),
    fc.tuple(pick, bodies).map(([p, b]) => new Update(domains, p, b)),
    pick.map((p) => new Delete(domains, p)),
    pick.map((p) => new Delete(domains, p)),
    pick.map((p) => new Search(domains, p)),
    fc.tuple(pick, fc.integer({ min: 1, max: 7 })).map(([p, limit]) => new WalkAny(domains, p, limit)),
    ...(options.otherOrg
      ? [
          fc
            .tuple(pick, fc.constantFrom('read' as const, 'update' as const, 'delete' as const, 'list' as const), bodies)
            .map(([p, op, b]) => new Foreign(domains, p, op, b)),
        ]
      : []),
  ];
  return [...perDomain, ...anyRecord];
}

/**
 * After the commands: every record read once more, and each scope listed without a filter, so a
 * stale copy left by the last write still shows (the last command may have been anything).
 */
export async function finalAudit(world: SequenceWorld, domains: readonly SequenceDomain[]): Promise<void> {
  for (const domain of domains) {
    const own = world.records.filter((r) => r.domain === domain.name && r.org === 'A' && r.state !== 'unjudged');
    if (own.length === 0) continue;
    for (const record of own) {
      await readAndJudge(world, domain, record);
      await domain.audit?.(world, record);
    }
    const scope = await world.scope(domain);
    if (scope === undefined) continue;
    for (const kind of domain.scopeValues) {
      await judgeList(world, domain, scope[kind], { query: {}, conditions: [] });
      // Each value the records hold now of the fields a stale index would keep.
      for (const field of domain.auditFilters) {
        const values = new Set(own.filter((r) => r.state === 'live').map((r) => r.fields[field] ?? r.learned[field]));
        for (const value of values) {
          if (typeof value !== 'boolean' && typeof value !== 'string') continue;
          await judgeList(world, domain, scope[kind], { query: { [field]: String(value) }, conditions: [{ field, op: 'eq', value }] });
        }
      }
    }
    // The sequence's last small-page walks once more: a page past the first that a write left stale shows now.
    for (const walk of walksOf(world).filter((w) => w.domain === domain)) await judgePages(world, domain, walk.scopeValue, walk.filter, walk.limit, true);
    // The other organisation last: no write of org A comes between its lists and this one.
    if (world.hasOtherOrg) for (const kind of domain.scopeValues) await judgeForeignList(world, domain, scope[kind]);
    for (const record of own) {
      const active = record.fields['isActive'] ?? record.learned['isActive'];
      const scopeValue = record.fields[domain.scopeField];
      const value = domain.searchField === undefined ? undefined : record.fields[domain.searchField];
      if (record.state !== 'live' || typeof value !== 'string' || typeof scopeValue !== 'string' || (domain.activeFlag && typeof active !== 'boolean'))
        continue;
      await judgeSearch(world, domain, record, scopeValue, domain.activeFlag ? (active as boolean) : undefined);
    }
  }
}
