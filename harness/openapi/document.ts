import { deliveryBodySchema, EVENT_NAMES, MAX_ATTEMPTS, SIGNATURE_HEADER } from '../spec/webhooks.js';
import { NOT_TESTABLE, endpointKey } from '../spec/endpoints.js';
import { INPUT_SURFACES } from '../spec/inputs/table.js';
import type { RequirementId } from '../spec/requirements.js';
import { TRACE } from '../spec/traceability/map.js';
import type { SpecUnit } from '../spec/traceability/units.js';
import { OPERATIONS, operationId, type Operation } from './operations.js';
import { operationRequirements } from './requirements.js';
import { bodySchema, fieldSchema, type JsonSchema } from './schemas.js';

/*
 * The API as an OpenAPI 3.1 document, built from what the suite already knows: the endpoints
 * (harness/spec/endpoints.ts), the bodies' zod schemas (harness/spec/*.ts), the query parameters of
 * the input table (harness/spec/inputs/table.ts) and the traceability map (requirement ids). Pure.
 * Where the spec is silent (response fields, error statuses and bodies) the document says so and
 * stays open: it never claims more than the spec.
 */

export type OpenApiDocument = JsonSchema & { readonly openapi: '3.1.0' };

const NOT_SHOWN = 'not shown by the spec';

const RATE_HEADERS = ['X-RateLimit-Limit', 'X-RateLimit-Remaining', 'X-RateLimit-Reset'] as const;
const headerRef = (name: string): JsonSchema => ({ $ref: `#/components/headers/${name}` });
/** Spec 8: the three rate headers on the responses of every endpoint, errors and 429s included. */
const rateHeaders = (): JsonSchema => Object.fromEntries(RATE_HEADERS.map((h) => [h, headerRef(h)]));

const json = (schema: JsonSchema): JsonSchema => ({ 'application/json': { schema } });
const ref = (name: string): JsonSchema => ({ $ref: `#/components/schemas/${name}` });

/** Ids traced to the units of these sections whose text matches. */
function tracedTo(units: readonly SpecUnit[], sections: readonly string[], text: RegExp): RequirementId[] {
  const ids = new Set<RequirementId>();
  for (const unit of units) {
    const trace = TRACE[unit.key];
    if (sections.includes(unit.section) && text.test(unit.text) && trace !== undefined && 'ids' in trace) for (const id of trace.ids) ids.add(id);
  }
  return [...ids].sort();
}

/** `postContacts` → `PostContactsBody`. */
const bodyName = (op: Operation): string => {
  const id = operationId(op.endpoint);
  return `${id[0]!.toUpperCase()}${id.slice(1)}Body`;
};

/**
 * Spec 2.3 cross-field rule on create: unless entrySource (default `manual`) is `timer`, hours
 * must be at least 0.25. zod holds it as a refinement, which has no JSON Schema form of its own.
 */
const CROSS_FIELD: Readonly<Record<string, JsonSchema>> = {
  'POST /time-entries': {
    if: { not: { required: ['entrySource'], properties: { entrySource: { const: 'timer' } } } },
    // biome-ignore lint/suspicious/noThenProperty: JSON Schema's if/then keyword, never awaited
    then: { properties: { hours: { minimum: 0.25 } } },
    description: 'Spec 2.3: when entrySource (default `manual`) is anything other than `timer`, hours must be at least 0.25.',
  },
};

function parameters(op: Operation): JsonSchema[] {
  const params: JsonSchema[] = [];
  if (op.endpoint.path.includes('{id}')) params.push({ $ref: '#/components/parameters/id' });
  const query = INPUT_SURFACES.find((s) => s.operation === endpointKey(op.endpoint) && s.container === 'query');
  for (const field of query?.fields ?? []) {
    // Spec 4: "Boolean query filters are sent as strings: the value `true` means true, any other value means false."
    const schema =
      field.kind === 'boolean'
        ? { type: 'string', description: 'A boolean filter: `true` means true, any other value means false (spec 4).' }
        : { ...fieldSchema(field), ...(field.default !== undefined ? { default: field.default } : {}) };
    const what = field.name === 'limit' || field.name === 'offset' ? 'Paging (spec 4, 8)' : `A filter of ${endpointKey(op.endpoint)} (spec ${query!.section})`;
    params.push({ name: field.name, in: 'query', required: false, description: `${what}.`, schema });
  }
  return params;
}

function success(op: Operation): JsonSchema {
  const headers = rateHeaders();
  switch (op.answer) {
    case 'empty':
      return { description: 'Deleted: 204 without a body (spec 4, 7).', headers };
    case 'list':
      return { description: 'The records in `data`, paging in `pagination` (spec 4).', headers, content: json(ref('List')) };
    case 'record':
      return {
        description: 'The record in `data`; its fields beyond the request fields are not shown by the spec (spec 2, 4).',
        headers,
        content: json(ref('Record')),
      };
    case 'data':
      return { description: 'The result in `data`; its shape is not shown by the spec.', headers, content: json(ref('Data')) };
    case 'unstated':
      return { description: `Success; the body is ${NOT_SHOWN}.`, headers, content: json({}) };
  }
}

function operation(op: Operation, units: readonly SpecUnit[]): JsonSchema {
  const params = parameters(op);
  const description = [op.note, `Spec ${op.endpoint.section}.`].filter((s) => s !== undefined).join(' ');
  return {
    operationId: operationId(op.endpoint),
    summary: op.summary,
    description,
    tags: [op.endpoint.domain],
    ...(params.length > 0 ? { parameters: params } : {}),
    ...(op.body !== undefined ? { requestBody: { required: op.bodyOptional !== true, content: json(ref(bodyName(op))) } } : {}),
    responses: {
      [String(op.status)]: success(op),
      '429': { $ref: '#/components/responses/TooManyRequests' },
      '4XX': { $ref: '#/components/responses/ClientError' },
      default: { $ref: '#/components/responses/Unstated' },
    },
    'x-spec-section': op.endpoint.section,
    'x-requirements': operationRequirements(op, units),
  };
}

function bodies(): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const op of OPERATIONS) {
    if (op.body === undefined) continue;
    const key = endpointKey(op.endpoint);
    out[bodyName(op)] = { ...bodySchema(op.body, key), ...(CROSS_FIELD[key] ?? {}) };
  }
  return out;
}

/** Spec 6: one entry per event name, each a signed JSON POST to the subscription's url. */
function webhooks(units: readonly SpecUnit[]): JsonSchema {
  const body = bodySchema(deliveryBodySchema, 'delivery');
  const requirements = tracedTo(units, ['6', '6.1', '6.2', '3.4'], /./);
  return Object.fromEntries(
    EVENT_NAMES.map((event) => [
      event,
      {
        post: {
          operationId: `deliver${event
            .split(/[._]/)
            .map((w) => w[0]!.toUpperCase() + w.slice(1))
            .join('')}`,
          summary: `The ${event} event, delivered to the subscription url`,
          description:
            'Signed with HMAC-SHA256 over the raw body bytes, keyed with the subscription secret (spec 6.2). ' +
            `The content of \`data\` is ${NOT_SHOWN}; so are the delivery timeout, the spacing of retries and which operation triggers the event beyond what its name implies.`,
          tags: ['webhooks'],
          security: [],
          parameters: [
            { name: 'X-Service-Event', in: 'header', required: true, description: 'The event name.', schema: { type: 'string', const: event } },
            {
              name: 'X-Service-Signature',
              in: 'header',
              required: true,
              description: '`sha256=` and the hex HMAC-SHA256 digest of the raw request body, keyed with the subscription secret.',
              schema: { type: 'string', pattern: SIGNATURE_HEADER.source },
            },
            { name: 'X-Service-Delivery', in: 'header', required: true, description: 'The delivery identifier.', schema: { type: 'string' } },
          ],
          requestBody: {
            required: true,
            content: json({ ...body, properties: { ...(body['properties'] as JsonSchema), event: { type: 'string', const: event } } }),
          },
          responses: {
            '2XX': { description: 'Success: the delivery is done.' },
            default: {
              description: `Any other answer, or none within the timeout (${NOT_SHOWN}), is retried: up to ${MAX_ATTEMPTS} attempts in total (spec 3.4, 6.2).`,
            },
          },
          'x-requirements': requirements,
        },
      },
    ]),
  );
}

/** The whole document. `units`: the shipped spec's units (harness/spec/traceability/units.ts), for the requirement ids. */
export function openApiDocument(units: readonly SpecUnit[], version: string): OpenApiDocument {
  const paths: Record<string, JsonSchema> = {};
  for (const op of OPERATIONS) {
    const item = (paths[op.endpoint.path] ??= {});
    item[op.endpoint.method.toLowerCase()] = operation(op, units);
  }
  const domains = [...new Set([...OPERATIONS.map((o) => o.endpoint.domain), 'webhooks'])].sort();
  const rateLimitIds = tracedTo(units, ['7', '8'], /429|Retry-After/);
  const headerIds = tracedTo(units, ['8'], /X-RateLimit/);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Work-management REST API',
      version: '1',
      summary: 'The Work-management REST API v1 as its spec states it, generated by the conformance suite.',
      description: [
        `Generated by work-management-conformance ${version} from the suite's own field tables and schemas (conformance openapi).`,
        'Where the spec is silent the document stays open and says so: the fields of response records beyond `data` and `pagination`,',
        'error statuses, error bodies and codes (spec 7) are not shown by the spec; request bodies other than the rate bodies of spec 2.5',
        'are not said to refuse unknown properties, so they stay open. Each operation lists the conformance requirements that check it (`x-requirements`).',
        `Domains not shown: ${NOT_TESTABLE.map((n) => `${n.domain} (${n.reason})`).join('; ')}.`,
      ].join(' '),
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [
      {
        url: '{baseUrl}',
        description: 'The service base address; it ends with `/api/v1` (spec conventions, 9).',
        variables: { baseUrl: { default: 'https://api.example.com/api/v1', description: 'The base URL, ending in /api/v1.' } },
      },
    ],
    // Spec 5.1: either header carries the key.
    security: [{ apiKey: [] }, { bearerKey: [] }],
    tags: domains.map((d) => ({ name: d, description: `The ${d} endpoints.` })),
    paths,
    webhooks: webhooks(units),
    components: {
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An organisation API key, `<prefix>_<secret>` (spec 5).' },
        bearerKey: { type: 'http', scheme: 'bearer', description: 'The same organisation API key as `Authorization: Bearer <API_KEY>` (spec 5).' },
      },
      parameters: {
        id: { name: 'id', in: 'path', required: true, description: 'The record id (spec 4: a plain string).', schema: { type: 'string' } },
      },
      headers: Object.fromEntries([
        ...RATE_HEADERS.map((h) => [
          h,
          {
            required: true,
            description: `Spec 8: on the responses of every endpoint. Its number format is ${NOT_SHOWN}.`,
            schema: { type: 'string' },
            'x-requirements': headerIds,
          },
        ]),
        ['Retry-After', { required: true, description: 'Spec 7, 8: on every 429 (RFC 9110: seconds or an HTTP date).', schema: { type: 'string' } }],
      ]),
      responses: {
        TooManyRequests: {
          description: 'The key spent its per-minute request limit (spec 7, 8). The body is not shown by the spec.',
          headers: { 'Retry-After': headerRef('Retry-After'), ...rateHeaders() },
          content: json({}),
          'x-requirements': rateLimitIds,
        },
        ClientError: {
          description: `A refusal (invalid input, a missing or invalid key, insufficient permission, an unknown id): its status, body and error codes are ${NOT_SHOWN} (spec 7).`,
          // The limit is a key's (spec 5.6, 8): a refusal of a request that has a valid key carries the headers,
          // while an answer to a missing or unknown key has no key to count against.
          headers: Object.fromEntries(
            RATE_HEADERS.map((h) => [
              h,
              {
                required: false,
                description: `Spec 8: on a refusal of a request made with a valid key (invalid input, an unknown id); an answer to a missing or unknown key may carry none. Its number format is ${NOT_SHOWN}.`,
                schema: { type: 'string' },
              },
            ]),
          ),
          content: json({}),
        },
        Unstated: { description: `Any other answer: ${NOT_SHOWN}.`, content: json({}) },
      },
      schemas: {
        Record: {
          type: 'object',
          required: ['data'],
          properties: {
            data: { type: 'object', additionalProperties: true, description: `The record; its fields are ${NOT_SHOWN} beyond the request fields.` },
          },
          additionalProperties: true,
        },
        List: {
          type: 'object',
          required: ['data', 'pagination'],
          properties: {
            data: { type: 'array', items: { type: 'object', additionalProperties: true } },
            pagination: ref('Pagination'),
          },
          additionalProperties: true,
        },
        Pagination: {
          type: 'object',
          description: `Spec 4: paging totals (their field name is ${NOT_SHOWN}), \`limit\` and \`offset\`.`,
          required: ['limit', 'offset'],
          properties: { limit: { type: 'integer', minimum: 1, maximum: 100 }, offset: { type: 'integer', minimum: 0 } },
          additionalProperties: true,
        },
        Data: {
          type: 'object',
          required: ['data'],
          properties: { data: { description: `Its shape is ${NOT_SHOWN}.` } },
          additionalProperties: true,
        },
        ...bodies(),
      },
    },
  };
}
