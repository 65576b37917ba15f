import { describe, expect, it } from 'vitest';
import { Redactor } from '../../http/redact.js';
import { boundName, renderNumbered, renderScript, type LoggedRequest } from './log.js';

const KEY = 'wmk_0123456789abcdef0123456789abcdef';
const PARENT = '11111111-2222-4333-8444-555555555555';
const CHILD = '66666666-7777-4888-8999-aaaaaaaaaaaa';

const log: LoggedRequest[] = [
  {
    org: 'A',
    method: 'POST',
    path: '/contacts',
    body: '{"contactType":"company","name":"P"}',
    status: 201,
    excerpt: `{"data":{"id":"${PARENT}"}}`,
    createdId: PARENT,
    letter: 'P',
  },
  {
    org: 'A',
    method: 'POST',
    path: '/contacts',
    body: `{"name":"it's","parentContactId":"${PARENT}"}`,
    status: 201,
    excerpt: `{"data":{"id":"${CHILD}"}}`,
    createdId: CHILD,
    letter: 'C',
  },
  { org: 'B', method: 'GET', path: `/contacts/${CHILD}`, status: 404, excerpt: '' },
  { org: 'A', method: 'GET', path: `/contacts?parentContactId=${PARENT}&limit=100`, status: 200, excerpt: `{"data":[{"id":"${CHILD}"}]}` },
];

describe('renderNumbered', () => {
  it('numbers the requests, names ids by the variables the script binds, and marks the other organisation', () => {
    const text = renderNumbered(log);
    expect(text.split('\n')).toHaveLength(4);
    expect(text).toContain('1. POST /contacts');
    expect(text).toContain('(id: $P1)');
    expect(text).toContain('3. GET /contacts/$C1 [org B key] -> 404');
    expect(text).toContain('4. GET /contacts?parentContactId=$P1&limit=100 -> 200 {"data":[{"id":"$C1"}]}');
    expect(text).not.toContain(CHILD);
  });
});

describe('renderScript', () => {
  const script = renderScript(log, { baseUrl: 'http://localhost:3000/api/v1/', authStyle: 'x-api-key', seed: 42, redactor: new Redactor([KEY]) });

  it('binds each created id from its answer and uses the variable afterwards', () => {
    expect(script).toContain('P1=$(curl -sS -X POST "$BASE/contacts"');
    expect(script).toContain('| jq -r .data.id)');
    expect(script).toContain(`'{"name":"it'\\''s","parentContactId":"'"$P1"'"}'`);
    expect(script).toContain('curl -sS -X GET "$BASE/contacts/$C1" -H "X-API-Key: $KEY_B"');
    expect(script).not.toContain(PARENT);
    expect(script).not.toContain(CHILD);
  });

  it('never holds a key: the keys come from KEY and KEY_B, Bearer when the run sends them so', () => {
    expect(script).not.toContain(KEY);
    expect(script).toContain('-H "X-API-Key: $KEY"');
    const bearer = renderScript(log, { baseUrl: 'http://localhost:3000/api/v1', authStyle: 'bearer', seed: 42, redactor: new Redactor([KEY]) });
    expect(bearer).toContain('-H "Authorization: Bearer $KEY"');
    expect(script).toContain(`BASE="\${BASE:-http://localhost:3000/api/v1}"`);
    expect(script).toContain('CONFORMANCE_SEED=42');
  });
});

describe('a request that made many records (a batch create)', () => {
  const FIRST = 'bbbbbbbb-2222-4333-8444-555555555555';
  const SECOND = 'cccccccc-2222-4333-8444-555555555555';
  const batch: LoggedRequest[] = [
    ...log,
    {
      org: 'A',
      method: 'POST',
      path: '/batch/time-entries',
      body: '{"entries":[{"hours":1},{"hours":2}]}',
      status: 200,
      excerpt: `{"data":[{"id":"${FIRST}"},{"id":"${SECOND}"}]}`,
      letter: 'T',
      bound: [
        { id: FIRST, jq: '.data[0].id' },
        { id: SECOND, jq: '.data[1].id' },
      ],
    },
    { org: 'A', method: 'GET', path: `/time-entries/${SECOND}`, status: 200, excerpt: '' },
  ];

  it('binds each id from the answer at its path, and names them afterwards', () => {
    expect(boundName(batch, SECOND)).toBe('T2');
    expect(renderNumbered(batch)).toContain('(ids: $T1, $T2)');
    const script = renderScript(batch, { baseUrl: 'http://localhost:3000/api/v1', authStyle: 'x-api-key', seed: 42, redactor: new Redactor([KEY]) });
    expect(script).toContain('OUT=$(curl -sS -X POST "$BASE/batch/time-entries"');
    expect(script).toContain(`T2=$(printf '%s' "$OUT" | jq -r '.data[1].id')`);
    expect(script).toContain('curl -sS -X GET "$BASE/time-entries/$T2"');
    expect(script).not.toContain(SECOND);
  });
});
