// biome-ignore-all lint/suspicious/noExplicitAny: the test walks a generated JSON document by its keys
// biome-ignore-all lint/nursery/noUnsafeReturn: the test walks a generated JSON document by its keys
import { readFile } from 'node:fs/promises';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { ENDPOINTS } from '../spec/endpoints.js';
import { EVENT_NAMES } from '../spec/webhooks.js';
import { isRequirementId } from '../spec/requirements.js';
import { buildOpenApi, OPENAPI_PATHS } from './build.js';
import type { OpenApiDocument } from './document.js';
import { renderOpenApi } from './render.js';

type Json = Record<string, any>;

let document: OpenApiDocument;
let doc: Json;
beforeAll(async () => {
  document = await buildOpenApi();
  doc = document as Json;
});

const operations = (): Array<[string, string, Json]> =>
  Object.entries(doc['paths'] as Json).flatMap(([path, item]) =>
    Object.entries(item as Json).map(([method, op]): [string, string, Json] => [method, path, op]),
  );
const body = (name: string): Json => doc['components']['schemas'][name];

describe('the shipped OpenAPI document (schemas/openapi.json, schemas/openapi.yaml)', () => {
  it('is the one generated from the spec tables (run npm run openapi after changing a field rule or an endpoint)', async () => {
    expect(await readFile(OPENAPI_PATHS.json, 'utf8')).toBe(renderOpenApi(document, 'json'));
    expect(await readFile(OPENAPI_PATHS.yaml, 'utf8')).toBe(renderOpenApi(document, 'yaml'));
    // The two formats say the same.
    expect(parse(renderOpenApi(document, 'yaml'))).toEqual(JSON.parse(renderOpenApi(document, 'json')));
  });

  it('validates against the OpenAPI 3.1 schema (@seriousme/openapi-schema-validator)', async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(renderOpenApi(document, 'json')));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe('3.1');
    // The validator is no rubber stamp: a parameter without its `in` is refused.
    const broken = JSON.parse(renderOpenApi(document, 'json'));
    delete broken.components.parameters.id.in;
    expect((await new Validator().validate(broken)).valid).toBe(false);
  });

  it("lints clean with Redocly's recommended-strict rules; under all rules only the explained ones remain", async () => {
    const source = renderOpenApi(document, 'json');
    const strict = await lintFromString({ source, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['recommended-strict'] }) });
    expect(strict.map((p) => `${p.ruleId}: ${p.message} ${p.location[0]?.pointer}`)).toEqual([]);
    const all = await lintFromString({ source, absoluteRef: 'openapi.json', config: await createConfig({ extends: ['all'] }) });
    // Each would need the document to claim what the spec does not say (docs/openapi.md says why).
    const EXPLAINED = {
      'info-contact': 'the spec names no contact for the API',
      'scalar-property-missing-example': 'the spec gives no example values; the document invents none',
      'required-string-property-missing-min-length': 'the spec sets no minimum length for those strings',
      'operation-4xx-problem-details-rfc7807': 'error bodies are not shown by the spec (7): no problem+json is claimed',
      'path-segment-plural': "the paths are the spec's own (approve, reject, complete, execute...)",
      'paths-kebab-case': "the webhook names are spec 6.1's exact event names (time_entry.created)",
    };
    expect([...new Set(all.map((p) => p.ruleId))].sort()).toEqual(Object.keys(EXPLAINED).sort());
  }, 30_000);
});

describe('what the document says, and no more', () => {
  it('has every documented endpoint once, with an id, its section and catalogued requirement ids', () => {
    const ops = operations();
    expect(ops.map(([m, p]) => `${m.toUpperCase()} ${p}`).sort()).toEqual(ENDPOINTS.map((e) => `${e.method} ${e.path}`).sort());
    expect(new Set(ops.map(([, , op]) => op['operationId'])).size).toBe(ENDPOINTS.length);
    for (const [method, path, op] of ops) {
      expect(op['x-requirements'].length, `${method} ${path}`).toBeGreaterThan(0);
      expect(op['x-requirements'].filter((id: string) => !isRequirementId(id))).toEqual([]);
    }
    expect(doc['paths']['/time-entries']['post']['x-requirements']).toEqual(expect.arrayContaining(['TE-HOURS-MIN-NON-TIMER', 'TE-DATE-REAL']));
    // markedBilled is "not accepted" on create: its row traces to update requirements only.
    expect(doc['paths']['/rates/{id}/versions']['get']['x-requirements']).toContain('RT-VERSIONS-LIST');
    // Spec 4's common rules by kind: a list's envelope and paging, a delete's 204; none on a batch (4.10 has its own).
    expect(doc['paths']['/contacts']['get']['x-requirements']).toEqual(expect.arrayContaining(['ENV-LIST', 'PAGE-LIMIT-RANGE', 'CT-FILTER-TYPE']));
    expect(doc['paths']['/contacts/{id}']['delete']['x-requirements']).toEqual(['CT-DELETE', 'ENV-DELETE']);
    expect(doc['paths']['/batch/time-entries']['post']['x-requirements']).not.toContain('ENV-CREATE');
  });

  it('answers as spec 4 states: 201 creates and 204 deletes, data and pagination, 429 with Retry-After, rate headers everywhere', () => {
    const contacts = doc['paths']['/contacts'];
    expect(Object.keys(contacts['post']['responses'])).toEqual(['201', '429', '4XX', 'default']);
    expect(contacts['get']['responses']['200']['content']['application/json']['schema']).toEqual({ $ref: '#/components/schemas/List' });
    expect(doc['paths']['/contacts/{id}']['delete']['responses']['204']['content']).toBeUndefined();
    expect(body('List')['required']).toEqual(['data', 'pagination']);
    expect(body('Pagination')['required']).toEqual(['limit', 'offset']);
    const tooMany = doc['components']['responses']['TooManyRequests'];
    expect(tooMany['headers']['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
    for (const [method, path, op] of operations()) {
      for (const [status, response] of Object.entries(op['responses'] as Json)) {
        if (status === 'default' || '$ref' in response) continue;
        expect(Object.keys(response['headers']), `${method} ${path} ${status}`).toEqual(['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset']);
      }
    }
    expect(doc['components']['headers']['X-RateLimit-Limit']['required']).toBe(true);
    // A refusal of a missing or unknown key has no key to count against: the headers are not required there.
    expect(doc['components']['responses']['ClientError']['headers']['X-RateLimit-Limit']['required']).toBe(false);
  });

  it('stays open where the spec is silent: record fields, error statuses and bodies', () => {
    expect(body('Record')['properties']['data']['additionalProperties']).toBe(true);
    expect(body('Record')['required']).toEqual(['data']);
    const client = doc['components']['responses']['ClientError'];
    expect(client['description']).toMatch(/not shown by the spec/);
    expect(client['content']['application/json']['schema']).toEqual({});
    // The pattern zod uses for an e-mail or a UUID is its own: the spec says "format" only.
    expect(body('PostContactsBody')['properties']['email']).toEqual({ type: 'string', format: 'email' });
  });

  it('types the bodies from the field tables: required, nullable, bounds, formats, and strict only for the rate bodies of spec 2.5', () => {
    const create = body('PostContactsBody');
    expect(create['required']).toEqual(['contactType', 'name']);
    expect(create['properties']['paymentTermsDays']).toEqual({ type: 'integer', minimum: 0 });
    expect(body('PatchContactsByIdBody')['properties']['phone']).toEqual({ type: ['string', 'null'] });
    expect(body('PatchContactsByIdBody')['required']).toBeUndefined();
    for (const strict of ['PostRatesBody', 'PatchRatesByIdBody', 'PostRatesByIdVersionsBody']) expect(body(strict)['additionalProperties']).toBe(false);
    for (const open of ['PostContactsBody', 'PostTimeEntriesBody', 'PostReportsByIdExecuteBody']) expect(body(open)['additionalProperties']).toBeUndefined();
    // Only the execute scope is "no extra properties" (spec 4.9).
    expect(body('PostReportsByIdExecuteBody')['properties']['scope']['additionalProperties']).toBe(false);
    expect(body('PostBatchTimeEntriesBody')['properties']['entries']).toMatchObject({ minItems: 1, maxItems: 100 });
    // Trimmed before it is measured (spec 2.6): no bare maxLength that would refuse spaces the spec allows.
    expect(JSON.stringify(body('PostAllocationsBody')['properties']['constraintReason'])).not.toContain('maxLength');
    const list = doc['paths']['/tasks']['get']['parameters'] as Json[];
    expect(list.find((p) => p['name'] === 'limit')!['schema']).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 50 });
    expect(list.find((p) => p['name'] === 'lifecycleScope')!['schema']).toEqual({ type: 'string', enum: ['active', 'all'], default: 'all' });
    // Spec 4: a boolean filter is any string, `true` meaning true.
    expect((doc['paths']['/contacts']['get']['parameters'] as Json[]).find((p) => p['name'] === 'isActive')!['schema']['type']).toBe('string');
  });

  it('follows the cross-field rule of spec 2.3 on time entry create (a real validator over the body schema)', () => {
    const ajv = new Ajv2020({ strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(body('PostTimeEntriesBody'));
    const entry = { taskId: '3f0e8a52-8f6c-4b9e-9a3e-2d1c5b7a9e10', resourceId: '3f0e8a52-8f6c-4b9e-9a3e-2d1c5b7a9e11', date: '2024-02-29' };
    expect(validate({ ...entry, hours: 0.1 })).toBe(false);
    expect(validate({ ...entry, hours: 0.1, entrySource: 'timer' })).toBe(true);
    expect(validate({ ...entry, hours: 0.25 })).toBe(true);
    expect(validate({ ...entry, hours: 1, date: '2023-02-29' })).toBe(false);
  });

  it('names both security schemes and the signed webhook deliveries', () => {
    expect(doc['security']).toEqual([{ apiKey: [] }, { bearerKey: [] }]);
    expect(doc['components']['securitySchemes']['apiKey']).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
    expect(doc['components']['securitySchemes']['bearerKey']).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(Object.keys(doc['webhooks'])).toEqual([...EVENT_NAMES]);
    const delivery = doc['webhooks']['milestone.completed']['post'];
    expect(delivery['parameters'].map((p: Json) => p['name'])).toEqual(['X-Service-Event', 'X-Service-Signature', 'X-Service-Delivery']);
    expect(delivery['requestBody']['content']['application/json']['schema']['properties']['event']).toEqual({ type: 'string', const: 'milestone.completed' });
    expect(delivery['requestBody']['content']['application/json']['schema']['required']).toEqual(['event', 'timestamp', 'data']);
  });
});
