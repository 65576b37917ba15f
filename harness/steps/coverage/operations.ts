import fc from 'fast-check';
import { Read, Search, Update } from '../exploration/commands.js';
import type { Body, ListFilter, SequenceDomain } from '../exploration/domains.js';
import { judgeList, judgePages } from '../exploration/judge-list.js';
import { expectedValue, type ModelRecord } from '../exploration/model.js';
import type { SequenceWorld } from '../exploration/world.js';

/*
 * The operations the coverage phase chains on one record of a domain, derived from the domain's
 * definition (harness/steps/exploration/domains.ts), not from a hand list: one PATCH per field the
 * domain's update generator writes (each field on its own, its values drawn from that generator),
 * each of the domain's own operations (its actions, a rate's versions), and every read path
 * that shows the record (read by id, the list under each filter the domain defines, search, a
 * walk in small pages). A field or filter added to a domain is covered without new code here.
 */

/** One operation on the chain's record. */
export interface CoverageOperation {
  /** How the table and a failure name it: `PATCH name`, `approve`, `list ?isActive`. */
  readonly name: string;
  readonly writes: boolean;
  /** The field a PATCH writes (its list filter, if the domain defines one, is read after it). */
  readonly field?: string | undefined;
  /** The read paths it runs (one, or every one of the domain's: chained). */
  readonly reads?: number | undefined;
  /** Runs the operation on `record` at its `visit`-th use (PATCH values alternate between visits). */
  run(world: SequenceWorld, domain: SequenceDomain, record: ModelRecord, visit: number): Promise<void>;
}

/** Bodies drawn from a domain's generators to find its fields and values. */
const DRAWS = 300;
const NO_FILTER: ListFilter = { query: {}, conditions: [] };

/** The record's place among those Read, Update and the domain commands pick from (world.pickAny, world.pick). */
export function pickOf(world: SequenceWorld, record: ModelRecord): number {
  return Math.max(0, world.records.filter((r) => r.org === 'A' && r.state !== 'unjudged').indexOf(record));
}

/** The scope value a record's lists are scoped by: its own scope field, or the sequence's scope id for a domain scoped otherwise. */
export async function scopeValueOf(world: SequenceWorld, domain: SequenceDomain, record: ModelRecord): Promise<string | undefined> {
  const own = record.fields[domain.scopeField];
  if (domain.scoped === undefined && typeof own === 'string') return own;
  const scope = await world.scope(domain);
  return scope === undefined ? undefined : scope[domain.scopeValues[0]!];
}

/** A PATCH of one field, alternating between the distinct values the update generator gave it. */
function patchOf(field: string, values: readonly unknown[]): CoverageOperation {
  return {
    name: `PATCH ${field}`,
    writes: true,
    field,
    async run(world, domain, record, visit) {
      const body: Body = { [field]: values[visit % values.length] };
      await new Update([domain], pickOf(world, record), { [domain.name]: body }).run(world);
    },
  };
}

/**
 * The list under one of the domain's filters, with the record's current value where the filter
 * asks for a value of one of its fields (so that the record is decided in), the drawn value otherwise.
 */
function listOf(signature: string, drawn: ListFilter): CoverageOperation {
  return {
    name: signature === '' ? 'list' : `list ?${signature}`,
    writes: false,
    async run(world, domain, record) {
      const scopeValue = await scopeValueOf(world, domain, record);
      if (scopeValue === undefined) return;
      await judgeList(world, domain, scopeValue, currentFilter(drawn, record));
    },
  };
}

/** The filter with the record's current values in place of the drawn ones (an `eq` condition on a field the record holds). */
export function currentFilter(filter: ListFilter, record: ModelRecord): ListFilter {
  const query: Record<string, string> = { ...filter.query };
  const conditions = filter.conditions.map((c) => {
    const held = expectedValue(record, c.field);
    if (c.op !== 'eq' || !Object.hasOwn(query, c.field) || !held.known || (typeof held.value !== 'string' && typeof held.value !== 'boolean')) return c;
    if (typeof c.value !== typeof held.value) return c;
    query[c.field] = String(held.value);
    return { ...c, value: held.value };
  });
  return { query, conditions };
}

/** The list filters a domain defines, one per set of query parameters, in a stable order. */
function filtersOf(domain: SequenceDomain, seed: number): Array<readonly [string, ListFilter]> {
  const bySignature = new Map<string, ListFilter>();
  for (const filter of fc.sample(domain.filters, { seed, numRuns: DRAWS })) {
    const signature = Object.keys(filter.query).sort().join('&');
    if (!bySignature.has(signature)) bySignature.set(signature, filter);
  }
  return [...bySignature.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Each field the update generator writes, with up to two distinct values it gave that field, in field order. */
export function fieldsOf(domain: SequenceDomain, seed: number): Array<readonly [string, unknown[]]> {
  const values = new Map<string, unknown[]>();
  for (const body of fc.sample(domain.update, { seed, numRuns: DRAWS })) {
    for (const [field, value] of Object.entries(body)) {
      const seen = values.get(field) ?? [];
      if (seen.length < 2 && !seen.some((v) => JSON.stringify(v) === JSON.stringify(value))) seen.push(value);
      values.set(field, seen);
    }
  }
  return [...values.entries()].sort(([a], [b]) => a.localeCompare(b));
}

/** Every operation the coverage phase chains on a record of the domain, delete aside (it ends a record). */
export function coverageOperations(domain: SequenceDomain, seed: number): CoverageOperation[] {
  const fields = [...fieldsOf(domain, seed), ...Object.entries(domain.stateFields ?? {}).map(([field, values]) => [field, [...values]] as const)];
  const ops: CoverageOperation[] = fields.map(([field, values]) => patchOf(field, values));
  for (const action of (domain.actions ?? []).filter((a) => a.deletes !== true)) {
    const made = fc.sample(action.command, { seed, numRuns: 4 });
    ops.push({
      name: action.name,
      writes: action.writes,
      async run(world, _domain, record, visit) {
        await made[visit % made.length]!(pickOf(world, record)).run(world, world);
      },
    });
  }
  ops.push({
    name: 'read by id',
    writes: false,
    async run(world, d, record) {
      await new Read([d], pickOf(world, record)).run(world);
    },
  });
  for (const [signature, filter] of filtersOf(domain, seed)) ops.push(listOf(signature, filter));
  if (domain.searchField !== undefined && domain.scoped === undefined) {
    ops.push({
      name: 'search',
      writes: false,
      async run(world, d, record) {
        await new Search([d], pickOf(world, record)).run(world);
      },
    });
  }
  if (domain.sharedScope !== true) {
    ops.push({
      name: 'pages of 1',
      writes: false,
      async run(world, d, record) {
        const scopeValue = await scopeValueOf(world, d, record);
        if (scopeValue !== undefined) await judgePages(world, d, scopeValue, NO_FILTER, 1);
      },
    });
  }
  return ops;
}

/** The list operation that reads the field a PATCH wrote, where the domain defines a filter on it. */
export function listAfter(ops: readonly CoverageOperation[], field: string): CoverageOperation | undefined {
  return ops.find((op) => !op.writes && op.name.startsWith('list ?') && op.name.slice('list ?'.length).split('&').includes(field));
}

/** The domain's own delete (a batch delete), which the coverage phase uses on every other record instead of DELETE. */
export function otherDelete(domain: SequenceDomain, seed: number): ((world: SequenceWorld, record: ModelRecord) => Promise<void>) | undefined {
  const action = (domain.actions ?? []).find((a) => a.deletes === true);
  if (action === undefined) return undefined;
  const made = fc.sample(action.command, { seed, numRuns: 1 })[0]!;
  return async (world, record) => {
    // A batch delete picks among the domain's live records.
    const live = world.records.filter((r) => r.domain === domain.name && r.org === 'A' && r.state === 'live');
    await made(Math.max(0, live.indexOf(record))).run(world, world);
  };
}

/**
 * The operations as the chain runs them: the writes one by one, and the read paths together as
 * one operation that runs each of them in turn. A read changes nothing, so two reads in a row
 * decide nothing a write between them would not: every pair with a write in it is still run
 * (a write before each read path, each read path before a write), with n = writes + 1 instead
 * of writes + reads, which more than halves the requests.
 */
export function chainedOperations(ops: readonly CoverageOperation[]): CoverageOperation[] {
  const reads = ops.filter((op) => !op.writes);
  const writes = ops.filter((op) => op.writes);
  if (reads.length === 0) return writes;
  return [
    ...writes,
    {
      name: 'every read path',
      writes: false,
      reads: reads.length,
      async run(world, domain, record, visit) {
        for (const read of reads) {
          if (record.state === 'unjudged') return;
          await read.run(world, domain, record, visit);
        }
      },
    },
  ];
}

/** The ordered pairs with a write in them that one operation followed by another runs (a chained read counts each of its paths). */
export function pairsBetween(first: Pick<CoverageOperation, 'writes' | 'reads'>, second: Pick<CoverageOperation, 'writes' | 'reads'>): number {
  if (first.writes && second.writes) return 1;
  if (first.writes) return second.reads ?? 1;
  if (second.writes) return first.reads ?? 1;
  return 0;
}
