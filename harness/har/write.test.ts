import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { harEntry } from './entry.js';
import { harSchema } from './format.js';
import { writeHar } from './write.js';

let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

const wire = (url: string) => ({
  sentAt: Date.parse('2026-11-23T10:00:00.000Z'),
  method: 'GET',
  url,
  requestHeaders: {},
  requestBody: undefined,
  status: 200,
  responseHeaders: { 'content-type': 'application/json' },
  responseBody: '{"data":[]}',
  truncated: false,
  durationMs: 3,
});

describe('writeHar', () => {
  it('merges the parts into one archive the reader of the format accepts, entries in part order', async () => {
    dir = await mkdtemp(join(tmpdir(), 'har-write-'));
    const parts = join(dir, 'parts');
    await mkdir(parts);
    const line = (url: string) => `${JSON.stringify(harEntry(wire(url), { check: null, requirement: null }))}\n`;
    await writeFile(join(parts, '1-0.jsonl'), line('http://t.example/api/v1/contacts') + line('http://t.example/api/v1/tasks'));
    await writeFile(join(parts, '2-0.jsonl'), line('http://t.example/api/v1/expenses'));
    const path = join(dir, 'exchanges.har');
    expect(await writeHar(parts, path, { name: 'work-management-conformance', version: 'test' })).toBe(3);
    const har = harSchema.parse(JSON.parse(await readFile(path, 'utf8')));
    expect(har.log.entries.map((e) => new URL(e.request.url).pathname)).toEqual(['/api/v1/contacts', '/api/v1/tasks', '/api/v1/expenses']);
  });
});
