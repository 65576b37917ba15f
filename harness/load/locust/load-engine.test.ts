import { afterEach, describe, expect, it, vi } from 'vitest';
import { LOCUST_DEFAULTS } from '../../config/schema.js';
import { LocustNetworkError } from '../../errors.js';
import { LocustLoadEngine } from './load-engine.js';

const settings = {
  ...LOCUST_DEFAULTS,
  workers: 2,
  externalWorkers: false,
  masterHost: '127.0.0.1',
  masterBind: '127.0.0.1',
  masterPort: 5557,
  workerWaitS: 5,
  python: '/nonexistent/python3',
};

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('LocustLoadEngine', () => {
  it('refuses a run through a CA file before it starts anything: its workers connect to the target directly', async () => {
    const engine = new LocustLoadEngine({
      settings,
      keys: ['k'],
      targetUrl: 'https://api.example.test/api/v1',
      network: { caFile: '/etc/ca.pem', viaProxy: true },
    });
    await expect(engine.start()).rejects.toThrow(LocustNetworkError);
    await expect(engine.start()).rejects.toThrow(/CA file \/etc\/ca\.pem \(CONFORMANCE_CA_FILE\)/);
  });

  it('refuses a run whose target is reached through a proxy, naming the proxy without its credentials', async () => {
    for (const name of ['HTTPS_PROXY', 'https_proxy']) vi.stubEnv(name, 'http://user:secret@proxy.example.test:3128');
    for (const name of ['NO_PROXY', 'no_proxy']) vi.stubEnv(name, '');
    const engine = new LocustLoadEngine({ settings, keys: ['k'], targetUrl: 'https://api.example.test/api/v1', network: { viaProxy: true } });
    const error = await engine.start().then(
      () => undefined,
      (e: unknown) => e as Error,
    );
    expect(error).toBeInstanceOf(LocustNetworkError);
    expect(error!.message).toMatch(/proxy\.example\.test:3128/);
    expect(error!.message).not.toContain('secret');
  });
});
