import fc from 'fast-check';
import type { ApiResponse } from '../../http/client.js';
import { mismatch } from '../compare.js';
import type { Body, DomainAction, SequenceDomain } from './domains.js';
import { boundName } from './log.js';
import { applyWrite, judgeRecord, RuleBroken, type ModelRecord } from './model.js';
import { dataOf, type SequenceWorld } from './world.js';

/*
 * Batch create, update and delete of time entries (spec 4.10) as commands of a sequence, on the
 * same records the single operations make, read and list. Spec 4.10 shows neither per-item
 * outcome nor partial failure: after a 2xx, what each item became is learned (from the answer
 * where it names each record beyond doubt, else by reading it), and reads, lists and totals are
 * held to that from then on.
 */

type Command = fc.AsyncCommand<SequenceWorld, SequenceWorld>;

const PATH = '/batch/time-entries';
/** Spec 4.10: the fields of a batch create item and of a batch update item (besides its id). */
const ENTRY_FIELDS = ['taskId', 'resourceId', 'date', 'hours', 'startTime', 'description', 'isBillable', 'billableRate', 'tags'];
const UPDATE_FIELDS = ['taskId', 'resourceId', 'date', 'hours', 'startTime', 'description', 'isBillable', 'markedBilled', 'billableRate', 'tags'];

const ok = (res: ApiResponse): boolean => res.status >= 200 && res.status < 300;

/**
 * A single-operation body as a batch item: only the fields spec 4.10 lists, a start time with
 * seconds now and then (batch items take `HH:MM:SS`), hours kept at 0.25 or more (the batch
 * table says 0 to 24, part 8 at least 0.25 for non-timer entries: only values both allow).
 */
function asItem(body: Body, fields: readonly string[], seconds: number | undefined): Body {
  const item: Body = Object.fromEntries(Object.entries(body).filter(([field, value]) => fields.includes(field) && value !== undefined));
  if (typeof item['hours'] === 'number' && item['hours'] < 0.25) item['hours'] = 0.25;
  if (item['billableRate'] === null && fields === ENTRY_FIELDS) delete item['billableRate'];
  if (seconds !== undefined && typeof item['startTime'] === 'string' && /^\d{2}:\d{2}$/.test(item['startTime']))
    item['startTime'] = `${item['startTime']}:${String(seconds).padStart(2, '0')}`;
  return item;
}

/** The records of a 2xx answer when its `data` is an array of them (spec 4.10 shows no more than the envelope). */
function answered(res: ApiResponse): Array<Record<string, unknown>> | undefined {
  const data = (res.json as { data?: unknown } | undefined)?.data;
  if (!Array.isArray(data)) return undefined;
  return data.map((item) => (item !== null && typeof item === 'object' ? (item as Record<string, unknown>) : {}));
}

const sameId = (a: unknown, b: string): boolean => typeof a === 'string' && a.toLowerCase() === b.toLowerCase();

/**
 * The entries the sequence's resource has that the model does not know yet (a lagging list is read
 * again). The resource is the sequence's own (its scope), so every entry it lists was made by the
 * run: each one seen is registered for the run's cleanup at once, whether or not it is then matched
 * to an item (a server that normalises a description would leave it unmatched) and whether or not
 * the list ever shows them all.
 */
async function unknownEntries(world: SequenceWorld, domain: SequenceDomain, resourceId: string, wanted: number): Promise<string[]> {
  const known = new Set(world.records.map((r) => r.id.toLowerCase()));
  try {
    return await world.settled(async () => {
      const res = await world.send('A', 'GET', domain.path, { query: { [domain.scopeField]: resourceId, limit: 100 }, rule: 'SEQ-LIST-AFTER-WRITE' });
      const data = (res.json as { data?: unknown } | undefined)?.data;
      const ids = (Array.isArray(data) ? data : []).map((r) => (r as { id?: unknown } | null)?.id).filter((id): id is string => typeof id === 'string');
      const fresh = ids.filter((id) => !known.has(id.toLowerCase()));
      for (const id of fresh) world.track(`${domain.path}/${id}`);
      if (fresh.length < wanted) throw new RuleBroken('SEQ-LIST-AFTER-WRITE', `the list shows ${fresh.length} of ${wanted} new entries`);
      return fresh;
    });
  } catch (error) {
    if (!(error instanceof RuleBroken)) throw error;
    return [];
  }
}

/** A new record of the model for a time entry a batch made (label bound to the script's variable when the answer named it). */
function record(world: SequenceWorld, domain: SequenceDomain, id: string, item: Body, n: number): ModelRecord {
  const name = boundName(world.log, id);
  return {
    domain: domain.name,
    id,
    label: `${domain.noun} ${name === undefined ? `(batch item ${n})` : `$${name}`}`,
    org: 'A',
    state: 'live',
    fields: { ...item },
    learned: {},
    toLearn: new Set(domain.defaults.filter((f) => !Object.hasOwn(item, f))),
    learnedAfterDelete: new Set(),
    softListed: new Map(),
  };
}

/** POST /batch/time-entries: one to three new entries of the sequence's resource, each with a description of its own to tell them apart. */
class BatchCreate implements Command {
  constructor(
    readonly domain: SequenceDomain,
    readonly items: readonly Body[],
    readonly token: string,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const entries: Body[] = [];
    for (const [i, item] of this.items.entries()) {
      const body = await world.fill(this.domain, item);
      if (body === undefined) return;
      entries.push({ ...body, description: `Conformance batch item ${i + 1} ${this.token}` });
    }
    // Whatever the answer names: every entry under the sequence's own resource is found again at the
    // file's end by that exact filter and deleted by id (harness/check/cleanup.ts sweepAtEnd).
    const scopeId = entries[0]?.[this.domain.scopeField];
    if (typeof scopeId === 'string') world.sweep(this.domain.path, { [this.domain.scopeField]: scopeId });
    const res = await world.send('A', 'POST', PATH, { body: { entries }, rule: 'SEQ-READ-AFTER-WRITE' });
    if (typeof scopeId === 'string') world.sweep(this.domain.path, { [this.domain.scopeField]: scopeId });
    if (!ok(res)) return world.observe('sequence-refused-write', `POST ${PATH}`, `refused (${res.status})`);
    // Each item's entry: named by the answer when exactly one of its records carries the item's description.
    const shown = answered(res) ?? [];
    const ids = entries.map((entry) => {
      const matches = shown.flatMap((r, k) => (typeof r['id'] === 'string' && mismatch(r, { description: entry['description'] }) === undefined ? [k] : []));
      return matches.length === 1 ? { id: shown[matches[0]!]!['id'] as string, jq: `.data[${matches[0]}].id` } : undefined;
    });
    const named = ids.filter((x): x is { id: string; jq: string } => x !== undefined);
    if (named.length > 0 && new Set(named.map((x) => x.id.toLowerCase())).size === named.length) {
      const last = world.log[world.log.length - 1]!;
      world.log[world.log.length - 1] = { ...last, letter: this.domain.letter, bound: named };
    } else {
      ids.fill(undefined);
    }
    // The others are looked for in the resource's list and read: an item not found is taken as not made (observed), and
    // lists stop counting exactly (a late entry would show in them).
    const missing = entries.flatMap((entry, i) => (ids[i] === undefined ? [{ entry, i }] : []));
    const found = new Map<number, string>();
    if (missing.length > 0) {
      const resourceId = String(entries[0]![this.domain.scopeField]);
      for (const id of await unknownEntries(world, this.domain, resourceId, missing.length)) {
        const read = await world.send('A', 'GET', `${this.domain.path}/${id}`, { rule: 'SEQ-READ-AFTER-WRITE' });
        const data = dataOf(read);
        const hit =
          data === undefined ? undefined : missing.find(({ entry, i }) => !found.has(i) && mismatch(data, { description: entry['description'] }) === undefined);
        if (hit !== undefined) found.set(hit.i, id);
      }
    }
    for (const [i, entry] of entries.entries()) {
      const id = ids[i]?.id ?? found.get(i);
      if (id !== undefined) {
        // A batch create is not a POST the client tracks: the run's cleanup learns of it here.
        world.track(`${this.domain.path}/${id}`);
        world.records.push(record(world, this.domain, id, entry, i + 1));
        continue;
      }
      world.observe('sequence-batch-item', `POST ${PATH} answered ${res.status}`, 'an item not found afterwards (not made, or not yet listed)');
      world.records.push({ ...record(world, this.domain, `unfound-${this.token}-${i}`, entry, i + 1), state: 'unjudged' });
    }
  }
  toString(): string {
    return `batch create ${JSON.stringify(this.items)}`;
  }
}

/** The sequence's live time entries, `count` of them from the `pick`-th on. */
function targets(world: SequenceWorld, domain: SequenceDomain, pick: number, count: number): ModelRecord[] {
  const live = world.records.filter((r) => r.domain === domain.name && r.org === 'A' && r.state === 'live');
  if (live.length === 0) return [];
  return Array.from({ length: Math.min(count, live.length) }, (_, k) => live[(pick + k) % live.length]!);
}

/** PATCH /batch/time-entries: changes to one to three of the sequence's entries. */
export class BatchUpdate implements Command {
  constructor(
    readonly domain: SequenceDomain,
    readonly pick: number,
    readonly changes: readonly Body[],
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const records = targets(world, this.domain, this.pick, this.changes.length);
    if (records.length === 0) return;
    const changes: Body[] = [];
    for (const change of this.changes.slice(0, records.length)) {
      const body = await world.fill(this.domain, change);
      if (body === undefined) return;
      changes.push(body);
    }
    const res = await world.send('A', 'PATCH', PATH, { body: { updates: records.map((r, i) => ({ id: r.id, ...changes[i] })) }, rule: 'SEQ-READ-AFTER-WRITE' });
    // Any refusal: the batch may hold an item a server's own rule refuses (a billed entry, a day over 24 hours).
    if (!ok(res)) return world.observe('sequence-refused-write', `PATCH ${PATH}`, `refused (${res.status})`);
    const shown = answered(res) ?? [];
    for (const [i, target] of records.entries()) {
      const change = changes[i]!;
      // Applied beyond doubt: the answer's record of it shows every written field it carries, and carries one.
      const inAnswer = shown.find((r) => sameId(r['id'], target.id));
      if (inAnswer !== undefined && Object.keys(change).some((f) => Object.hasOwn(inAnswer, f)) && mismatch(inAnswer, change) === undefined) {
        applyWrite(target, change, this.domain.linked);
        continue;
      }
      await this.learn(world, target, change, res.status);
    }
  }
  /** What one item became, from a read: the change applied, or the entry as it was (observed); anything else is no state at all. */
  async learn(world: SequenceWorld, target: ModelRecord, change: Body, status: number): Promise<void> {
    const what = `GET ${this.domain.path}/{${target.label}} after a batch update answered ${status}`;
    const read = await world.send('A', 'GET', `${this.domain.path}/${target.id}`, { rule: 'SEQ-READ-AFTER-WRITE' });
    const data = dataOf(read);
    if (!ok(read) || data === undefined) {
      throw new RuleBroken('SEQ-READ-AFTER-WRITE', `${what} answered ${read.status}; a batch update deletes nothing`, read.exchange);
    }
    const present = Object.fromEntries(Object.entries(change).filter(([f]) => Object.hasOwn(data, f)));
    if (mismatch(data, present) === undefined) {
      applyWrite(target, change, this.domain.linked);
      judgeRecord(target, data, what);
      return;
    }
    try {
      judgeRecord(target, data, what);
    } catch (error) {
      if (!(error instanceof RuleBroken)) throw error;
      throw new RuleBroken(error.rule, `${error.message}; it shows the batch update neither whole nor not at all`, read.exchange);
    }
    world.observe('sequence-batch-item', `PATCH ${PATH} answered ${status}`, 'an item left unchanged');
  }
  toString(): string {
    return `batch update from record #${this.pick} ${JSON.stringify(this.changes)}`;
  }
}

/** DELETE /batch/time-entries: one to three of the sequence's entries; what became of each is read. */
export class BatchDelete implements Command {
  constructor(
    readonly domain: SequenceDomain,
    readonly pick: number,
    readonly count: number,
  ) {}
  check(): boolean {
    return true;
  }
  async run(world: SequenceWorld): Promise<void> {
    const records = targets(world, this.domain, this.pick, this.count);
    if (records.length === 0) return;
    const res = await world.send('A', 'DELETE', PATH, { body: { ids: records.map((r) => r.id) }, rule: 'SEQ-DELETE-GONE' });
    if (!ok(res)) return world.observe('sequence-refused-write', `DELETE ${PATH}`, `refused (${res.status})`);
    for (const target of records) {
      const read = await world.send('A', 'GET', `${this.domain.path}/${target.id}`, { rule: 'SEQ-DELETE-GONE' });
      if (!ok(read)) {
        target.state = 'deleted';
        continue;
      }
      world.observe('sequence-batch-item', `DELETE ${PATH} answered ${res.status}`, 'an item still read afterwards');
      const data = dataOf(read);
      if (data !== undefined) judgeRecord(target, data, `GET ${this.domain.path}/{${target.label}} after a batch delete answered ${res.status}`);
    }
  }
  toString(): string {
    return `batch delete ${this.count} from record #${this.pick}`;
  }
}

/** The batch commands, when the sequence's domains hold time entries. */
export function batchCommands(domains: readonly SequenceDomain[]): Array<fc.Arbitrary<Command>> {
  const domain = domains.find((d) => d.name === 'time-entries');
  if (domain === undefined) return [];
  const seconds = fc.option(fc.integer({ min: 0, max: 59 }), { nil: undefined });
  const pick = fc.nat({ max: 30 });
  const token = fc.integer({ min: 0, max: 0x7fffffff }).map((n) => n.toString(16));
  const items = fc.array(fc.tuple(domain.create, seconds), { minLength: 1, maxLength: 3 }).map((xs) => xs.map(([b, s]) => asItem(b, ENTRY_FIELDS, s)));
  const changes = fc
    .array(fc.tuple(domain.update, seconds), { minLength: 1, maxLength: 3 })
    .map((xs) =>
      xs.map(([b, s]) => asItem(b, UPDATE_FIELDS, s)).map((c) => (Object.keys(c).length > 0 ? c : { description: 'changed by a conformance batch' })),
    );
  return [
    fc.tuple(items, token).map(([xs, t]) => new BatchCreate(domain, xs, t)),
    // Updates weigh most: a batch update meeting a record a single read or update saw before is what shows a stale copy.
    fc.tuple(pick, changes).map(([p, cs]) => new BatchUpdate(domain, p, cs)),
    fc.tuple(pick, changes).map(([p, cs]) => new BatchUpdate(domain, p, cs)),
    fc.tuple(pick, changes).map(([p, cs]) => new BatchUpdate(domain, p, cs)),
    fc.tuple(pick, fc.integer({ min: 1, max: 3 })).map(([p, n]) => new BatchDelete(domain, p, n)),
  ];
}

/**
 * The batch operations as one time entry's own, for the coverage phase: a batch update of the
 * entry alone (one field of the update generator's, as an item), and a batch delete of it alone
 * (the coverage phase deletes every other record with it).
 */
export function batchActions(domain: () => SequenceDomain): DomainAction[] {
  // Drawn lazily: the domain is not made yet when its definition calls this.
  const change = fc
    .constant(null)
    .chain(() => domain().update)
    .map((b) => asItem(b, UPDATE_FIELDS, undefined))
    .map((c) => (Object.keys(c).length > 0 ? c : { description: 'changed by a conformance batch' }));
  return [
    { name: 'batch update', writes: true, command: change.map((c) => (pick: number) => new BatchUpdate(domain(), pick, [c])), request: undefined },
    { name: 'batch delete', writes: true, deletes: true, command: fc.constant((pick: number) => new BatchDelete(domain(), pick, 1)), request: undefined },
  ];
}
