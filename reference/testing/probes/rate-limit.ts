import type { LightMyRequestResponse } from 'fastify';
import { KEY_A_ADMIN, KEY_A_DEFAULT, KEY_A_LIMITED, KEY_B_ADMIN, type TestApi } from '../test-api.js';
import { statusOf, type ProbesFor } from './probe.js';

const UNKNOWN_ID = '8a0b1c2d-3e4f-4a5b-8c6d-7e8f9a0b1c2d';

/**
 * `count` sequential GETs with the limited key (3 per minute in testSeed()), so the fourth
 * is the first one over the limit.
 */
async function burst(api: TestApi, count: number, url = '/contacts'): Promise<LightMyRequestResponse[]> {
  const responses: LightMyRequestResponse[] = [];
  for (let i = 0; i < count; i++) responses.push(await api.get(url, KEY_A_LIMITED));
  return responses;
}

/** The first response over the limited key's limit. */
const refused = async (api: TestApi): Promise<LightMyRequestResponse> => (await burst(api, 4)).at(-1)!;

const hasRateHeaders = (response: LightMyRequestResponse): boolean =>
  ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-reset'].every((name) => response.headers[name] !== undefined);

export const RATE_LIMIT_PROBES: ProbesFor<'rl-'> = {
  'rl-no-retry-after': {
    probe: async (api) => {
      const response = await refused(api);
      return [response.statusCode, response.headers['retry-after'] !== undefined];
    },
    clean: [429, true],
    faulty: [429, false],
  },
  'rl-retry-after-ms': {
    probe: async (api) => {
      const seconds = Number((await refused(api)).headers['retry-after']);
      return Number.isInteger(seconds) && seconds >= 1 && seconds <= 60;
    },
    clean: true,
    faulty: false,
  },
  'rl-one-too-many': {
    probe: async (api) => (await burst(api, 5)).map((r) => [r.statusCode, r.headers['x-ratelimit-remaining']]),
    clean: [
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [200, '0'],
      [429, '0'],
    ],
  },
  'rl-shared-counter': {
    probe: async (api) => [
      (await refused(api)).statusCode,
      await statusOf(api.get('/contacts', KEY_A_ADMIN)),
      await statusOf(api.get('/contacts', KEY_B_ADMIN)),
    ],
    clean: [429, 200, 200],
    faulty: [429, 429, 429],
  },
  'rl-shared-counter-own-limits': {
    // The limited key's 4 requests show in the admin key's counter, yet the admin key is admitted.
    probe: async (api) => {
      await burst(api, 4);
      const admin = await api.get('/contacts', KEY_A_ADMIN);
      return [admin.statusCode, admin.headers['x-ratelimit-remaining']];
    },
    clean: [200, '999999'],
    faulty: [200, '999995'],
  },
  'rl-headers-missing-on-errors': {
    probe: async (api) => {
      const found = await api.get('/contacts');
      const missing = await api.get(`/contacts/${UNKNOWN_ID}`);
      const over = await refused(api);
      return [found.statusCode, hasRateHeaders(found), missing.statusCode, hasRateHeaders(missing), over.statusCode, hasRateHeaders(over)];
    },
    clean: [200, true, 404, true, 429, true],
    faulty: [200, true, 404, false, 429, false],
  },
  'rl-concurrent-over-admission': {
    // concurrent injects all pass the read before the first setImmediate callback runs
    probe: async (api) => {
      const responses = await Promise.all(Array.from({ length: 12 }, () => api.get('/contacts', KEY_A_LIMITED)));
      return responses.filter((r) => r.statusCode === 200).length;
    },
    clean: 3,
    faulty: 12,
  },
  'rl-custom-limit-ignored': {
    probe: async (api) => {
      const responses = await burst(api, 4);
      return [responses[0]?.headers['x-ratelimit-limit'], responses[3]?.statusCode];
    },
    clean: ['3', 429],
    faulty: ['60', 200],
  },
  'rl-503': {
    probe: async (api) => {
      const response = await refused(api);
      return [response.statusCode, response.headers['retry-after'] !== undefined, hasRateHeaders(response)];
    },
    clean: [429, true, true],
    faulty: [503, true, true],
  },
  'rl-remaining-stuck': {
    probe: async (api) => (await burst(api, 4)).map((r) => [r.statusCode, r.headers['x-ratelimit-remaining']]),
    clean: [
      [200, '2'],
      [200, '1'],
      [200, '0'],
      [429, '0'],
    ],
    faulty: [
      [200, '3'],
      [200, '3'],
      [200, '3'],
      [429, '3'],
    ],
  },
  'rl-never-recovers': {
    probe: async (api) => {
      const over = (await refused(api)).statusCode;
      api.advanceClock(60_000);
      return [over, await statusOf(api.get('/contacts', KEY_A_LIMITED))];
    },
    clean: [429, 200],
    faulty: [429, 429],
  },
  'rl-endpoint-exempt': {
    probe: async (api) => {
      const events = await burst(api, 4, '/webhooks/events');
      return [events.map((r) => [r.statusCode, r.headers['x-ratelimit-remaining']]), await statusOf(api.get('/contacts', KEY_A_LIMITED))];
    },
    clean: [
      [
        [200, '2'],
        [200, '1'],
        [200, '0'],
        [429, '0'],
      ],
      429,
    ],
    faulty: [
      [
        [200, '3'],
        [200, '3'],
        [200, '3'],
        [200, '3'],
      ],
      200,
    ],
  },
  'rl-default-limit-100': {
    probe: async (api) => {
      const { headers } = await api.get('/contacts', KEY_A_DEFAULT);
      return [headers['x-ratelimit-limit'], headers['x-ratelimit-remaining']];
    },
    clean: ['60', '59'],
    faulty: ['100', '99'],
  },
  'rl-reset-garbage': {
    probe: async (api) => /^\d+$/.test(String((await api.get('/contacts')).headers['x-ratelimit-reset'])),
    clean: true,
    faulty: false,
  },
  'rl-reset-past': {
    probe: async (api) => /^\d{10}$/.test(String((await api.get('/contacts')).headers['x-ratelimit-reset'])),
    clean: false,
    faulty: true,
  },
  'rl-counter-per-route': {
    // The limited key's budget spent on GET /contacts: GET /webhooks/events draws from the same one.
    probe: async (api) => [(await refused(api)).statusCode, await statusOf(api.get('/webhooks/events', KEY_A_LIMITED))],
    clean: [429, 429],
    faulty: [429, 200],
  },
  'rl-counter-per-credential': {
    // The budget spent with X-API-Key: the same key as a Bearer token draws from the same one.
    probe: async (api) => [
      (await refused(api)).statusCode,
      await statusOf(api.request({ method: 'GET', url: '/contacts', key: null, headers: { authorization: `Bearer ${KEY_A_LIMITED}` } })),
    ],
    clean: [429, 429],
    faulty: [429, 200],
  },
};
