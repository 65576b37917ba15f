import fc from 'fast-check';
import { Create, Foreign } from '../exploration/commands.js';
import type { Body, SequenceDomain } from '../exploration/domains.js';
import type { Org } from '../exploration/log.js';
import { RuleBroken, type ModelRecord } from '../exploration/model.js';
import type { SequenceWorld } from '../exploration/world.js';
import { pickOf, scopeValueOf } from './operations.js';

/*
 * The coverage phase's isolation rows (spec 1, 5.4: a key sees its own organisation's data):
 * every path that reads or writes a record, by id, its list and search, each of the domain's own
 * operations, sent with the other organisation's key on this organisation's record; then the
 * same paths with this organisation's key on a record the other organisation made. None may
 * succeed; what this organisation's record holds afterwards is judged by the audit after them.
 */

export interface IsolationRow {
  readonly name: string;
  run(world: SequenceWorld, domain: SequenceDomain, record: ModelRecord): Promise<void>;
}

const ok = (status: number): boolean => status >= 200 && status < 300;

/** A request with `org`'s key on a record of the other organisation: it must not succeed. */
async function refusedAcross(
  world: SequenceWorld,
  org: Org,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  path: string,
  target: ModelRecord,
  body?: unknown,
): Promise<void> {
  const res = await world.send(org, method, path, { ...(body === undefined ? {} : { body }), rule: 'SEQ-ISOLATION' });
  if (!ok(res.status)) return;
  const [who, owner] = org === 'B' ? ["the other organisation's key", 'organisation A'] : ["organisation A's key", 'the other organisation'];
  throw new RuleBroken(
    'SEQ-ISOLATION',
    `${method} ${path.replace(target.id, `{${target.label}}`)} with ${who} answered ${res.status}; ${target.label} belongs to ${owner}`,
    res.exchange,
  );
}

/** The other organisation's record of the domain the rows made (the last one). */
const theirs = (world: SequenceWorld, domain: SequenceDomain): ModelRecord | undefined =>
  world.records.filter((r) => r.domain === domain.name && r.org === 'B').at(-1);

/** Every isolation row of the domain, in the order they are sent. */
export function isolationRows(domain: SequenceDomain): IsolationRow[] {
  const update = fc.sample(domain.update, { seed: 1, numRuns: 1 })[0]!;
  const create = fc.sample(domain.create, { seed: 1, numRuns: 1 })[0]!;
  const bodies = { [domain.name]: update } as Readonly<Record<string, Body>>;
  const requests = (domain.actions ?? []).flatMap((a) => (a.request === undefined ? [] : [{ name: a.name, ...a.request }]));
  const foreign = (operation: 'read' | 'update' | 'delete' | 'list'): IsolationRow => ({
    name: `${operation === 'list' ? 'list' : operation === 'read' ? 'GET' : operation === 'update' ? 'PATCH' : 'DELETE'} with the other key`,
    run: (world, d, record) => new Foreign([d], pickOf(world, record), operation, bodies).run(world),
  });
  const rows: IsolationRow[] = [foreign('read'), foreign('update'), foreign('delete'), foreign('list')];
  if (domain.searchField !== undefined) {
    rows.push({
      name: 'search with the other key',
      async run(world, d, record) {
        const value = record.fields[d.searchField!];
        const scopeValue = await scopeValueOf(world, d, record);
        if (typeof value !== 'string' || scopeValue === undefined) return;
        const scoped = d.scoped === undefined ? { [d.scopeField]: scopeValue } : d.scoped(scopeValue, { query: {}, conditions: [] }).query;
        const res = await world.send('B', 'GET', d.path, { query: { ...scoped, search: value }, rule: 'SEQ-ISOLATION' });
        const listed = ((res.json as { data?: unknown } | undefined)?.data ?? []) as unknown[];
        if (
          ok(res.status) &&
          Array.isArray(listed) &&
          listed.some((item) => String((item as { id?: unknown } | null)?.id).toLowerCase() === record.id.toLowerCase())
        ) {
          throw new RuleBroken(
            'SEQ-ISOLATION',
            `GET ${d.path}?search=${value} with the other organisation's key lists ${record.label} of organisation A`,
            res.exchange,
          );
        }
      },
    });
  }
  for (const r of requests) {
    rows.push({
      name: `${r.name} with the other key`,
      run: (world, d, record) => refusedAcross(world, 'B', r.method, `${d.path}/${record.id}/${r.sub}`, record, r.body),
    });
  }
  // This organisation's key on the other's record.
  rows.push({
    name: 'create with the other key',
    run: (world, d) => new Create(d, create, 'B').run(world),
  });
  const across = (name: string, method: 'GET' | 'PATCH' | 'DELETE' | 'POST', sub: string, body?: unknown): IsolationRow => ({
    name,
    async run(world, d) {
      const target = theirs(world, d);
      if (target === undefined) return;
      const filled = body === undefined ? undefined : await world.fill(d, body as Body);
      await refusedAcross(world, 'A', method, `${d.path}/${target.id}${sub}`, target, filled);
    },
  });
  rows.push(across("GET of the other's record", 'GET', ''), across("PATCH of the other's record", 'PATCH', '', update));
  for (const r of requests) rows.push(across(`${r.name} of the other's record`, r.method, `/${r.sub}`, r.body));
  rows.push(across("DELETE of the other's record", 'DELETE', ''));
  return rows;
}
