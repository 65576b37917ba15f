import { describe, expect, it } from 'vitest';
import type { ApiResponse } from '../http/client.js';
import { isJsonMediaType } from '../http/media-type.js';
import { jsonBodies, mislabelled, unlabelled, type LabelledAnswer } from './json-content-type.js';

const answer = (request: string, body: string, type?: string): LabelledAnswer => {
  let json: unknown;
  try {
    json = body === '' ? undefined : JSON.parse(body);
  } catch {
    json = undefined;
  }
  const response = { status: 200, headers: type === undefined ? {} : { 'content-type': type }, text: body, json } as unknown as ApiResponse;
  return { request, response };
};

describe('isJsonMediaType', () => {
  it('takes every JSON type, with parameters and in any case', () => {
    for (const type of [
      'application/json',
      'application/json; charset=utf-8',
      'APPLICATION/JSON;charset=UTF-8',
      'application/problem+json',
      'application/vnd.api+json',
      'text/json',
      'application/x-json',
    ]) {
      expect(isJsonMediaType(type), type).toBe(true);
    }
  });
  it('refuses what is not JSON, and nothing', () => {
    for (const type of ['text/plain', 'text/html; charset=utf-8', 'application/octet-stream', 'application/jsonp', 'application/javascript', '', undefined]) {
      expect(isJsonMediaType(type), String(type)).toBe(false);
    }
  });
});

describe('the content-type judgements', () => {
  const good = [
    answer('GET /contacts?limit=1', '{"data":[]}', 'application/json; charset=utf-8'),
    answer('GET /contacts/{unknown uuid}', '{"error":"x"}', 'application/problem+json'),
  ];

  it('pass a correct server', () => {
    expect(mislabelled(good)).toBeUndefined();
    expect(unlabelled(good)).toBeUndefined();
  });

  it('judge only JSON bodies: an empty or plain-text error body is not judged', () => {
    const answers = [good[0]!, answer('GET /contacts/{unknown uuid}', '', undefined), answer('GET /contacts/{unknown uuid}', 'Not Found', 'text/plain')];
    expect(jsonBodies(answers).map((a) => a.request)).toEqual(['GET /contacts?limit=1']);
    expect(mislabelled(answers)).toBeUndefined();
    expect(unlabelled(answers)).toBeUndefined();
  });

  it('name a JSON body labelled text/plain (ENV-JSON-TYPE), not one without a label', () => {
    expect(mislabelled([good[0]!, answer('GET /contacts/{unknown uuid}', '{"error":"x"}', 'text/plain')])?.type).toBe('text/plain');
    expect(mislabelled([answer('GET /contacts?limit=1', '{"data":[]}')])).toBeUndefined();
  });

  it('name a JSON body without a Content-Type (ENV-JSON-TYPE-SENT)', () => {
    expect(unlabelled([answer('GET /contacts?limit=1', '{"data":[]}'), good[1]!])?.request).toBe('GET /contacts?limit=1');
    expect(unlabelled([answer('GET /contacts?limit=1', '{"data":[]}', '  ')])?.request).toBe('GET /contacts?limit=1');
  });
});
