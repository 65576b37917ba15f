import { describe, expect, it } from 'vitest';
import type { Config } from '../config/schema.js';
import type { ApiClient, ApiResponse } from '../http/client.js';
import { checkTarget, jsonUnlabelled, notAList, withoutPagination } from './target.js';
import { fakeDoctorContext } from './testing/fake-context.js';

const answer = (body: string, type = 'application/json', status = 200, extra: Record<string, string> = {}): ApiResponse => {
  let json: unknown;
  try {
    json = body.trim() === '' ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  return {
    status,
    headers: { ...(type === '' ? {} : { 'content-type': type }), ...extra },
    text: body,
    json,
    exchange: undefined as unknown as ApiResponse['exchange'],
  };
};

const LIST = '{"data":[],"pagination":{"limit":1,"offset":0,"total":0}}';
const RATE = { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': '30' };

describe('notAList: is this answer to GET /contacts the API', () => {
  it('takes a JSON object with a `data` array as the API, with or without `pagination`', () => {
    expect(notAList(answer(LIST))).toBeUndefined();
    // spec 4: a missing `pagination` is the paging checks' finding, not evidence of a wrong base.
    expect(notAList(answer('{"data":[]}'))).toBeUndefined();
  });
  it("reads the body whatever its Content-Type, or none: the header is the checks' business", () => {
    expect(notAList(answer(LIST, ''))).toBeUndefined();
    expect(notAList(answer(LIST, 'text/plain'))).toBeUndefined();
    expect(notAList(answer(LIST, 'text/html; charset=utf-8'))).toBeUndefined();
  });
  it('names what is not the API: a body that is not JSON, no JSON object, no `data` array', () => {
    expect(notAList(answer('<html></html>', 'text/html'))).toMatch(/Content-Type "text\/html" and a body that is not JSON$/);
    expect(notAList(answer('<html></html>', ''))).toMatch(/Content-Type \(none\) and a body that is not JSON$/);
    expect(notAList(answer('"x"'))).toMatch(/not a JSON object/);
    expect(notAList(answer('[1]'))).toMatch(/not a JSON object/);
    expect(notAList(answer('{"items":[]}'))).toMatch(/without a `data` array/);
  });
});

describe('jsonUnlabelled: a JSON body whose Content-Type does not say JSON', () => {
  it('accepts every JSON type, with parameters', () => {
    for (const type of ['application/json', 'application/json; charset=utf-8', 'Application/JSON', 'application/problem+json', 'application/vnd.api+json']) {
      expect(jsonUnlabelled(answer(LIST, type)), type).toBeUndefined();
    }
  });
  it('names a missing or non-JSON type, and the check that reports it', () => {
    expect(jsonUnlabelled(answer(LIST, ''))).toMatch(/Content-Type \(none\).*ENV-JSON-TYPE-SENT/);
    expect(jsonUnlabelled(answer(LIST, 'text/plain'))).toMatch(/Content-Type "text\/plain".*ENV-JSON-TYPE will/);
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

/** checkTarget against a target answering `at(path, query)` to every GET. */
async function targetItem(at: (path: string, query: unknown) => ApiResponse) {
  const client = { get: async (path: string, query?: unknown) => at(path, query) } as unknown as ApiClient;
  const ctx = fakeDoctorContext({ keys: { admin: 'wmk_admin' } as Config['keys'], network: undefined } as unknown as Partial<Config>, () => client);
  return checkTarget(ctx, undefined, false);
}

describe('checkTarget: the shape of the body decides, not its headers or status', () => {
  it('goes on with a list that comes without a Content-Type (the measured case: exit 2 telling to fix a right URL)', async () => {
    const found = await targetItem(() => answer(LIST, '', 200, RATE));
    expect(found.answers).toBe(true);
    expect(found.item.blocksRun).toBe(false);
    expect(found.item.status).toBe('warning');
    expect(found.item.detail).toMatch(/JSON list \(data, pagination\).*Content-Type \(none\)/);
    expect(found.item.detail).not.toMatch(/is this the API/);
  });

  it('goes on with a list labelled text/plain or text/html', async () => {
    for (const type of ['text/plain', 'text/html']) {
      const found = await targetItem(() => answer(LIST, type, 200, RATE));
      expect(found.answers, type).toBe(true);
      expect(found.item.blocksRun, type).toBe(false);
    }
  });

  it("goes on with a list whatever the status (the checks judge ENV-LIST's 200)", async () => {
    for (const status of [201, 202, 404, 500]) {
      const found = await targetItem(() => answer(LIST, 'application/json', status, RATE));
      expect(found.answers, String(status)).toBe(true);
      expect(found.item.blocksRun, String(status)).toBe(false);
      expect(found.item.detail, String(status)).toMatch(/JSON list/);
    }
  });

  it('says ok to a list in JSON with its rate headers', async () => {
    const found = await targetItem(() => answer(LIST, 'application/json; charset=utf-8', 200, RATE));
    expect(found.item.status).toBe('ok');
  });

  it('still stops on what is not this API: HTML at every route, or 404 everywhere', async () => {
    const html = await targetItem(() => answer('<html>welcome</html>', 'text/html', 200));
    expect(html.answers).toBe(false);
    expect(html.item.blocksRun).toBe(true);
    const unknown = await targetItem(() => answer('{"error":"not found"}', 'application/json', 404));
    expect(unknown.answers).toBe(false);
    expect(unknown.item.blocksRun).toBe(true);
  });

  it('a 500 at the paging query but a list at plain /contacts is the API', async () => {
    const found = await targetItem((_path, query) => (query === undefined ? answer(LIST, '', 200, RATE) : answer('oops', 'text/plain', 500)));
    expect(found.answers).toBe(true);
    expect(found.item.blocksRun).toBe(false);
  });
});
