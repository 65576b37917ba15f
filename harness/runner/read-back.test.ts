import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import type { LedgerRecord } from '../check/created-log.js';
import { Redactor } from '../http/redact.js';
import { footprintSentence } from '../report/footprint.js';
import { readBackRecords, whyAlive } from './read-back.js';

/** A target holding records per key: a GET by id answers the record, or 404; `hang` paths never answer. */
async function fakeTarget(
  records: Record<string, Record<string, Record<string, unknown>>>,
  hang: ReadonlySet<string> = new Set(),
): Promise<{ server: Server; baseUrl: string; seen: Array<{ key: string; path: string }> }> {
  const seen: Array<{ key: string; path: string }> = [];
  const server = createServer((req: IncomingMessage, res) => {
    const path = (req.url ?? '').replace(/^\/api\/v1/, '').split('?')[0]!;
    const key = String(req.headers['x-api-key'] ?? '');
    seen.push({ key, path });
    if (hang.has(path)) return;
    const record = records[key]?.[path];
    res.writeHead(record === undefined ? 404 : 200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(record === undefined ? { error: 'not found' } : { data: record }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`, seen };
}

let open: Server | undefined;
afterEach(async () => {
  const server = open;
  open = undefined;
  if (server === undefined) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const KEYS = { admin: 'wm_admin_a', otherOrg: 'wm_other_b' };
const targetOf = (baseUrl: string) => ({
  baseUrl,
  keys: KEYS,
  authStyle: 'x-api-key' as const,
  requestTimeoutMs: 5000,
  redactor: new Redactor(Object.values(KEYS)),
});

const ledger = (path: string, role: LedgerRecord['role'], lastAnswer: LedgerRecord['lastAnswer'], accepted = false): LedgerRecord => ({
  path,
  role,
  domain: 'time-entries',
  lastAnswer,
  accepted: accepted || (lastAnswer !== undefined && 'status' in lastAnswer && lastAnswer.status < 300),
});

describe('readBackRecords', () => {
  it('lists a record still read by id with why its delete left it, in its organisation, and not the gone or the kept', async () => {
    const { server, baseUrl, seen } = await fakeTarget({
      [KEYS.admin]: {
        '/time-entries/refused': { id: 'refused' },
        '/expenses/failed': { id: 'failed' },
        // The spec keeps these after their delete: a deactivated rate, a soft-deleted task.
        '/rates/deactivated': { id: 'deactivated', isActive: false },
        '/tasks/soft': { id: 'soft' },
        // A rate whose delete answered 204 and still reads active: alive.
        '/rates/still-active': { id: 'still-active', isActive: true },
      },
      [KEYS.otherOrg]: { '/contacts/b-never-sent': { id: 'b-never-sent' } },
    });
    open = server;
    const result = await readBackRecords(
      [
        ledger('/time-entries/refused', 'admin', { status: 409 }),
        ledger('/time-entries/gone', 'admin', { status: 204 }),
        ledger('/expenses/failed', 'admin', { status: 503 }),
        ledger('/rates/deactivated', 'admin', { status: 204 }),
        ledger('/tasks/soft', 'admin', { status: 409 }, true),
        ledger('/rates/still-active', 'admin', { status: 204 }),
        ledger('/contacts/b-never-sent', 'otherOrg', { none: 'not sent' }),
      ],
      targetOf(baseUrl),
      { concurrency: 2 },
    );
    expect(result).toEqual({
      checked: 7,
      unknown: 0,
      cutShort: false,
      unansweredCreates: 0,
      alive: [
        { collection: '/time-entries', organisation: 'A', id: 'refused', why: 'the delete was refused (409)', domain: 'time-entries' },
        { collection: '/expenses', organisation: 'A', id: 'failed', why: 'the delete answered 503', domain: 'time-entries' },
        {
          collection: '/rates',
          organisation: 'A',
          id: 'still-active',
          why: 'the delete answered 204, and a read by id still finds it',
          domain: 'time-entries',
        },
        { collection: '/contacts', organisation: 'B', id: 'b-never-sent', why: 'the delete was never sent: the run had stopped', domain: 'time-entries' },
      ],
    });
    // Each record read with its own organisation's key.
    expect(seen.find((s) => s.path === '/contacts/b-never-sent')?.key).toBe(KEYS.otherOrg);
    expect(seen.filter((s) => s.key === KEYS.otherOrg)).toHaveLength(1);
    expect(footprintSentence(result)).toBe(
      '1 time entry, 1 expense, 1 rate, 1 contact left alive: /time-entries/refused in org A (the delete was refused (409)); ' +
        '/expenses/failed in org A (the delete answered 503); /rates/still-active in org A (the delete answered 204, and a read by id still finds it); ' +
        '/contacts/b-never-sent in org B (the delete was never sent: the run had stopped); 7 records checked by id.',
    );
  });

  it('stops at the interrupt: reads in flight are abandoned, the rest not sent, and the result says cut short', async () => {
    const { server, baseUrl, seen } = await fakeTarget({}, new Set(['/contacts/1', '/contacts/2']));
    open = server;
    const interrupt = new AbortController();
    const records = Array.from({ length: 10 }, (_, i) => ledger(`/contacts/${i + 1}`, 'admin', i < 5 ? { status: 204 } : { status: 500 }));
    const reading = readBackRecords(records, targetOf(baseUrl), { signal: interrupt.signal, concurrency: 2 });
    // Both reads hang on the target; the interrupt comes while they are in flight.
    while (seen.length < 2) await new Promise((resolve) => setImmediate(resolve));
    interrupt.abort('SIGINT');
    const result = await reading;
    expect(result.cutShort).toBe(true);
    expect(result.checked).toBe(0);
    expect(seen).toHaveLength(2);
    // The five whose delete answered 500 are not known gone; the others were answered deleted.
    expect(result.unknown).toBe(5);
    expect(footprintSentence(result)).toBe(
      'Nothing the run read back is left alive: 0 records checked by id; 5 records not read back and not known deleted (the read-back was cut short).',
    );
  });

  it('says nothing is left when every record reads gone', async () => {
    const { server, baseUrl } = await fakeTarget({});
    open = server;
    const result = await readBackRecords(
      [ledger('/contacts/1', 'admin', { status: 204 }), ledger('/webhooks/2', 'otherOrg', { status: 404 })],
      targetOf(baseUrl),
    );
    expect(result).toEqual({ checked: 2, alive: [], unknown: 0, cutShort: false, unansweredCreates: 0 });
    expect(footprintSentence(result)).toBe('Nothing the run created is left alive: 2 records checked by id.');
  });
});

describe('footprintSentence', () => {
  it('does not claim nothing is left when a create got no answer', () => {
    expect(footprintSentence({ checked: 12, alive: [], unknown: 0, cutShort: false, unansweredCreates: 2 })).toBe(
      "Nothing the run read back is left alive: 12 records checked by id; 2 creates got no answer, and a record one of them made would be unknown to the run (those with tags carry the run's tag).",
    );
  });
});

describe('whyAlive', () => {
  it('names the answer: refused, failed, none, never deleted', () => {
    expect(whyAlive({ status: 403 }, false)).toBe('the delete was refused (403)');
    expect(whyAlive({ status: 502 }, false)).toBe('the delete answered 502');
    expect(whyAlive({ none: 'no answer' }, false)).toBe('the delete got no answer');
    expect(whyAlive(undefined, false)).toBe(
      'no delete was sent: the run stopped before its cleanup reached it, or it was made after its file had cleaned up (a create answered late)',
    );
  });
});
