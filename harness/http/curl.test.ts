import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { toCurl } from './curl.js';
import { Redactor } from './redact.js';

const KEY = 'wmk_3be3b5804692ebe4e955884c7b5d1661';
const redactor = new Redactor([KEY]);

/** The words a POSIX shell makes of `command` (after its first word), as the real `sh` sees them. */
function shellWords(command: string): string[] {
  const [first, ...rest] = command.split(' ');
  expect(first).toBe('curl');
  const out = execFileSync('/bin/sh', ['-c', `printf '%s\\0' ${rest.join(' ')}`], { encoding: 'utf8' });
  return out.split('\0').slice(0, -1);
}

describe('toCurl', () => {
  it('builds a curl command with method, URL, sorted headers and body', () => {
    const curl = toCurl(
      {
        method: 'POST',
        url: 'http://127.0.0.1:8080/api/v1/contacts',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: '{"name":"Acme"}',
      },
      redactor,
    );
    expect(curl).toBe(
      "curl -i -X POST 'http://127.0.0.1:8080/api/v1/contacts' -H 'accept: application/json' -H 'content-type: application/json' --data-raw '{\"name\":\"Acme\"}'",
    );
  });

  it('leaves out --data-raw without a body', () => {
    const curl = toCurl({ method: 'GET', url: 'http://h/api/v1/contacts', headers: {} }, redactor);
    expect(curl).toBe("curl -i -X GET 'http://h/api/v1/contacts'");
  });

  it('keeps an empty body', () => {
    expect(toCurl({ method: 'POST', url: 'http://h/x', headers: {}, body: '' }, redactor)).toMatch(/--data-raw ''$/);
  });

  it('quotes single quotes and shell metacharacters so the shell sees the exact text', () => {
    const body = `{"name":"O'Brien & Sons","notes":"$HOME \`id\` \\n it's\nsecond line"}`;
    const url = "http://h/api/v1/contacts?search=it's&x=$(id)";
    const curl = toCurl({ method: 'PATCH', url, headers: { 'x-note': "don't" }, body }, redactor);
    expect(curl).toContain(`'\\''`);
    expect(shellWords(curl)).toEqual(['-i', '-X', 'PATCH', url, '-H', "x-note: don't", '--data-raw', body]);
  });

  it('masks the key in headers, URL and body', () => {
    const curl = toCurl(
      {
        method: 'POST',
        url: `http://h/api/v1/contacts?apiKey=${KEY}`,
        headers: { 'X-API-Key': KEY, authorization: 'Bearer wmk_otherUnknownKey1', 'x-echo': KEY },
        body: JSON.stringify({ note: KEY }),
      },
      redactor,
    );
    expect(curl).not.toContain('3be3b5804692');
    expect(curl).not.toContain('otherUnknownKey1');
    expect(shellWords(curl)).toEqual([
      '-i',
      '-X',
      'POST',
      'http://h/api/v1/contacts?apiKey=wmk_****',
      '-H',
      'authorization: Bearer wmk_****',
      '-H',
      'X-API-Key: wmk_****',
      '-H',
      'x-echo: wmk_****',
      '--data-raw',
      '{"note":"wmk_****"}',
    ]);
  });
});
