import { mkdtemp, writeFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Redactor } from '../http/redact.js';
import {
  INTERRUPT_BOUND_MS,
  INTERRUPT_CLEANUP_MS,
  INTERRUPT_CLOSE_MS,
  INTERRUPT_EXIT_CODES,
  INTERRUPT_SETTLE_MS,
  INTERRUPT_WIND_DOWN_MS,
  RunInterrupt,
  deleteLogged,
  quitLine,
} from './interrupt.js';

describe('the bounds of an interrupted run', () => {
  it('add up to less than the promised bound, itself under the 10 s CI systems give before SIGKILL', () => {
    expect(INTERRUPT_SETTLE_MS).toBeLessThan(INTERRUPT_WIND_DOWN_MS);
    // Room for writing the report files and the process's exit.
    expect(INTERRUPT_WIND_DOWN_MS + INTERRUPT_CLEANUP_MS + INTERRUPT_CLOSE_MS + 1_000).toBeLessThanOrEqual(INTERRUPT_BOUND_MS);
    expect(INTERRUPT_BOUND_MS).toBeLessThan(10_000);
  });
});

describe('RunInterrupt', () => {
  it('aborts on the first signal only, and exits with the first signal’s code', () => {
    const interrupt = new RunInterrupt();
    expect(interrupt.receive('SIGTERM')).toBe('first');
    expect(interrupt.signal.aborted).toBe(true);
    expect(interrupt.receive('SIGINT')).toBe('second');
    expect(interrupt.received).toBe('SIGTERM');
    interrupt.leftBehind = () => ({ runId: '20261127T000000Z-AB12', left: 3, logFile: '/r/.x.created.jsonl' });
    const { line, exitCode } = interrupt.quit('SIGINT');
    expect(exitCode).toBe(INTERRUPT_EXIT_CODES.SIGTERM);
    expect(line).toContain('3 records created by run 20261127T000000Z-AB12 may remain');
    expect(line).toContain('conformance-run-20261127t000000z-ab12');
    expect(line).toContain('/r/.x.created.jsonl');
  });

  it('says nothing was created when the checks had not started', () => {
    expect(quitLine('SIGINT', undefined, undefined, undefined)).toContain('nothing was created');
  });
});

describe('deleteLogged', () => {
  const deletes: string[] = [];
  /** `/tasks/parent` refuses while `/tasks/child` is there; `/contacts/stuck` always refuses. */
  const live = new Set(['/contacts/a', '/contacts/b', '/tasks/parent', '/tasks/child', '/contacts/stuck']);
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const path = (req.url ?? '').replace('/api/v1', '');
    deletes.push(`${req.method} ${path} ${String(req.headers['x-api-key'])}`);
    if (path === '/contacts/stuck' || (path === '/tasks/parent' && live.has('/tasks/child'))) {
      res.writeHead(409).end();
      return;
    }
    res.writeHead(live.delete(path) ? 204 : 404).end();
  });
  let baseUrl: string;

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address() as { port: number };
    baseUrl = `http://127.0.0.1:${address.port}/api/v1`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('deletes what the log lists as not yet deleted, with the key of its role, and names what is left', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'created-log-'));
    const log = join(dir, '.run.created.jsonl');
    const lines = [
      { created: '/tasks/parent', role: 'admin' },
      { created: '/contacts/a', role: 'admin' },
      { created: '/contacts/gone', role: 'admin' },
      { deleted: '/contacts/gone' },
      { created: '/contacts/b', role: 'otherOrg' },
      { created: '/contacts/stuck', role: 'admin' },
      { created: '/tasks/child', role: 'admin' },
      { unanswered: '/contacts' },
    ];
    await writeFile(log, `${lines.map((l) => JSON.stringify(l)).join('\n')}\n{"created":"/cut`);
    const keys = { admin: 'wmk_admin', otherOrg: 'wmk_other' };
    const result = await deleteLogged(
      log,
      { baseUrl, keys, authStyle: 'x-api-key', requestTimeoutMs: 2000, redactor: new Redactor(Object.values(keys)) },
      2000,
    );
    expect(result.found).toBe(5);
    expect(result.deleted).toBe(4);
    expect(result.left).toEqual([{ path: '/contacts/stuck', role: 'admin' }]);
    // A create the stop cut off is counted, not deleted: its id never came back.
    expect(result.unansweredCreates).toBe(1);
    expect(result.cutShort).toBe(false);
    expect(live).toEqual(new Set(['/contacts/stuck']));
    // Never a record the log says was already deleted; each with its own role's key.
    expect(deletes.some((d) => d.includes('/contacts/gone'))).toBe(false);
    expect(deletes).toContain('DELETE /contacts/b wmk_other');
    expect(deletes).toContain('DELETE /tasks/child wmk_admin');
  });

  it('finds nothing in a log that does not exist', async () => {
    expect(
      await deleteLogged(join(tmpdir(), 'no-such-dir', 'x.jsonl'), {
        baseUrl,
        keys: {},
        authStyle: 'x-api-key',
        requestTimeoutMs: 100,
        redactor: new Redactor([]),
      }),
    ).toEqual({ found: 0, deleted: 0, left: [], unansweredCreates: 0, cutShort: false });
  });
});
