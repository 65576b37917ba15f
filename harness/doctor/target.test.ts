import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../http/client.js';
import { notAList, withoutPagination } from './target.js';

const answer = (body: string, type = 'application/json'): ApiResponse => {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status: 200, headers: type === '' ? {} : { 'content-type': type }, text: body, json, exchange: undefined as unknown as ApiResponse['exchange'] };
};

describe('notAList: is this answer to GET /contacts the API', () => {
  it('takes a JSON object with a `data` array as the API, with or without `pagination`', () => {
    expect(notAList(answer('{"data":[],"pagination":{"limit":1,"offset":0,"total":0}}'))).toBeUndefined();
    // spec 4: a missing `pagination` is the paging checks' finding, not evidence of a wrong base.
    expect(notAList(answer('{"data":[]}'))).toBeUndefined();
  });
  it('names what is not the API: HTML, no JSON object, no `data` array', () => {
    expect(notAList(answer('<html></html>', 'text/html'))).toMatch(/Content-Type "text\/html", not JSON/);
    expect(notAList(answer('"x"'))).toMatch(/not a JSON object/);
    expect(notAList(answer('{"items":[]}'))).toMatch(/without a `data` array/);
  });
});

describe('withoutPagination', () => {
  it('is true for a list with no pagination object, false for one that has it', () => {
    expect(withoutPagination(answer('{"data":[]}'))).toBe(true);
    expect(withoutPagination(answer('{"data":[],"pagination":null}'))).toBe(true);
    expect(withoutPagination(answer('{"data":[],"pagination":[]}'))).toBe(true);
    expect(withoutPagination(answer('{"data":[],"pagination":{"limit":1}}'))).toBe(false);
  });
});
