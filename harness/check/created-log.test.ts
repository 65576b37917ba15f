import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { logAnswer, logCreated, logDeleted, readCreatedLog, readLedger } from './created-log.js';

let dir: string | undefined;
afterEach(() => {
  if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

describe('the run ledger', () => {
  it('keeps every created record with its last delete answer, and whether a delete was ever accepted', () => {
    dir = mkdtempSync(join(tmpdir(), 'ledger-'));
    const file = join(dir, 'created.jsonl');
    logCreated(file, '/tasks/1', 'admin', 'tasks');
    logCreated(file, '/contacts/2', 'otherOrg', 'security');
    logCreated(file, '/expenses/3', 'admin', 'expenses');
    // A check's own delete, then the cleanup's refused one.
    logAnswer(file, '/tasks/1', { status: 204 });
    logAnswer(file, '/tasks/1', { status: 409 });
    logAnswer(file, '/contacts/2', { none: 'not sent' });
    logAnswer(file, '/expenses/3', { status: 204 });
    logDeleted(file, '/expenses/3');
    // Not the run's record: ignored.
    logAnswer(file, '/milestones/9', { status: 204 });
    expect(readLedger(file)).toEqual([
      { path: '/tasks/1', role: 'admin', domain: 'tasks', lastAnswer: { status: 409 }, accepted: true },
      { path: '/contacts/2', role: 'otherOrg', domain: 'security', lastAnswer: { none: 'not sent' }, accepted: false },
      { path: '/expenses/3', role: 'admin', domain: 'expenses', lastAnswer: { status: 204 }, accepted: true },
    ]);
    // The interrupt's view is unchanged: what is not known deleted.
    expect(readCreatedLog(file).map((r) => r.path)).toEqual(['/tasks/1', '/contacts/2']);
  });

  it('reads no file as an empty ledger', () => {
    expect(readLedger('/nonexistent/created.jsonl')).toEqual([]);
  });
});
