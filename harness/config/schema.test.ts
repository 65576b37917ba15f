import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../errors.js';
import { REQUIREMENT_SUITES } from './requirement-suites.js';
import { DEFAULTS, DOMAINS, LOAD_DEFAULTS, LOAD_ENDPOINTS, LOAD_SCENARIOS, parseEnv } from './schema.js';

const TARGET = 'http://127.0.0.1:8080/api/v1';
const ADMIN = 'wmk_adminsecret0001';
const UUID = '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

const noRandom = (): number => {
  throw new Error('the random seed must not be drawn');
};

/** The ConfigError parseEnv throws for `env`; fails the test when it does not throw one. */
function configError(env: Record<string, string | undefined>): ConfigError {
  try {
    parseEnv(env, () => 1);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).code).toBe('CONFIG_INVALID');
    return error as ConfigError;
  }
  throw new Error(`parseEnv accepted ${JSON.stringify(env)}`);
}

describe('CONFORMANCE_LIMITED_KEYS', () => {
  it('splits the list, and falls back to CONFORMANCE_LIMITED_KEY', () => {
    expect(parseEnv({ CONFORMANCE_LIMITED_KEYS: 'wmk_a, wmk_b' }, () => 1).limitedKeys).toEqual(['wmk_a', 'wmk_b']);
    expect(parseEnv({ CONFORMANCE_LIMITED_KEY: 'wmk_c' }, () => 1).limitedKeys).toEqual(['wmk_c']);
  });

  it('refuses a key with a space, without echoing the keys', () => {
    const error = configError({ CONFORMANCE_LIMITED_KEYS: 'wmk_a, wmk b' });
    expect(error.message).toMatch(/^CONFORMANCE_LIMITED_KEYS: /);
    expect(error.message).not.toContain('wmk_a');
  });

  it('refuses the self-test rate window with a target URL', () => {
    const error = configError({ CONFORMANCE_TARGET_URL: 'http://h/api/v1', CONFORMANCE_ADMIN_KEY: 'k_1', CONFORMANCE_REFERENCE_RATE_WINDOW_S: '5' });
    expect(error.message).toMatch(/^CONFORMANCE_REFERENCE_RATE_WINDOW_S: only applies/);
  });
});

describe('parseEnv defaults', () => {
  it('targets the embedded server with every documented default when nothing is set', () => {
    const config = parseEnv({}, () => 4242);
    expect(config).toEqual({
      targetUrl: null,
      network: { caFile: undefined, viaProxy: false },
      keys: { admin: undefined, member: undefined, otherOrg: undefined, limited: undefined, customLimit: undefined },
      limitedKeys: [],
      customLimit: undefined,
      projectId: undefined,
      versionId: undefined,
      otherProjectId: undefined,
      sink: { host: DEFAULTS.sinkHost, port: DEFAULTS.sinkPort, publicUrl: undefined },
      webhookWaitS: 60,
      listSettleS: 6,
      requestTimeoutMs: 10_000,
      maxResponseBytes: 8 * 1024 * 1024,
      breakerFailures: 5,
      outageWaitS: 60,
      runDeadlineS: 1800,
      concurrency: undefined,
      seed: 4242,
      numRuns: 20,
      sequences: { count: 40, seconds: 15, shrinkSeconds: 30 },
      suites: [...DOMAINS],
      allSuites: true,
      failOnIncomplete: false,
      throttleBudgetS: 120,
      paced: false,
      reference: false,
      skipDoctor: false,
      har: false,
      expectedFailuresPath: undefined,
      reportDir: 'reports',
      referenceFaults: [],
      referenceVariants: [],
      referenceRateWindowS: undefined,
      requirements: [],
      load: {
        scenarios: [...LOAD_SCENARIOS],
        burstRequests: 150,
        burstConnections: 50,
        sustainedS: 120,
        sustainedPerMin: 55,
        stepS: LOAD_DEFAULTS.stepS,
        concurrency: [...LOAD_DEFAULTS.concurrency],
        endpoints: [...LOAD_ENDPOINTS],
        maxCreatesPerStep: LOAD_DEFAULTS.maxCreatesPerStep,
        freshWaitS: LOAD_DEFAULTS.freshWaitS,
        stages: [],
        thresholds: [],
        metricsPush: undefined,
      },
      loadEngine: 'node',
      locust: {
        workers: 2,
        externalWorkers: false,
        masterHost: '127.0.0.1',
        masterBind: '127.0.0.1',
        masterPort: 5557,
        workerWaitS: 120,
        python: existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3',
        keysFile: undefined,
      },
    });
    expect(config.sink).toEqual({ host: '127.0.0.1', port: 0, publicUrl: undefined });
  });

  it('treats blank and whitespace-only values as unset', () => {
    const config = parseEnv({ CONFORMANCE_NUM_RUNS: '   ', CONFORMANCE_TARGET_URL: '', CONFORMANCE_SUITES: ' ', CONFORMANCE_SEED: '' }, () => 7);
    expect(config.numRuns).toBe(20);
    expect(config.targetUrl).toBeNull();
    expect(config.suites).toEqual([...DOMAINS]);
    expect(config.seed).toBe(7);
  });

  it('ignores variables outside the CONFORMANCE_ namespace', () => {
    expect(parseEnv({ PATH: '/usr/bin', HOME: 'x y z' }, () => 1).targetUrl).toBeNull();
  });

  it('reads every variable that is set', () => {
    const config = parseEnv(
      {
        CONFORMANCE_TARGET_URL: TARGET,
        CONFORMANCE_ADMIN_KEY: ADMIN,
        CONFORMANCE_MEMBER_KEY: 'wmk_member',
        CONFORMANCE_OTHER_ORG_KEY: 'wmk_other',
        CONFORMANCE_LIMITED_KEY: 'wmk_limited',
        CONFORMANCE_CUSTOM_LIMIT_KEY: 'wmk_custom',
        CONFORMANCE_CUSTOM_LIMIT: '90',
        CONFORMANCE_PROJECT_ID: UUID,
        CONFORMANCE_VERSION_ID: UUID.toUpperCase(),
        CONFORMANCE_OTHER_PROJECT_ID: UUID,
        CONFORMANCE_SINK_HOST: '0.0.0.0',
        CONFORMANCE_SINK_PORT: '9999',
        CONFORMANCE_SINK_PUBLIC_URL: 'https://sink.example/hooks',
        CONFORMANCE_WEBHOOK_WAIT_S: '5',
        CONFORMANCE_REQUEST_TIMEOUT_MS: '2500',
        CONFORMANCE_MAX_RESPONSE_BYTES: '65536',
        CONFORMANCE_BREAKER_FAILURES: '3',
        CONFORMANCE_RUN_DEADLINE_S: '90',
        CONFORMANCE_CONCURRENCY: '3',
        CONFORMANCE_SEED: '-17',
        CONFORMANCE_NUM_RUNS: '3',
        CONFORMANCE_REPORT_DIR: 'out/reports',
        CONFORMANCE_THROTTLE_BUDGET_S: '3',
        CONFORMANCE_PACED: 'yes',
      },
      noRandom,
    );
    expect(config).toMatchObject({
      targetUrl: TARGET,
      keys: { admin: ADMIN, member: 'wmk_member', otherOrg: 'wmk_other', limited: 'wmk_limited', customLimit: 'wmk_custom' },
      customLimit: 90,
      projectId: UUID,
      versionId: UUID.toUpperCase(),
      otherProjectId: UUID,
      sink: { host: '0.0.0.0', port: 9999, publicUrl: 'https://sink.example/hooks' },
      webhookWaitS: 5,
      listSettleS: 6,
      requestTimeoutMs: 2500,
      maxResponseBytes: 65536,
      breakerFailures: 3,
      outageWaitS: 60,
      runDeadlineS: 90,
      concurrency: 3,
      seed: -17,
      numRuns: 3,
      reportDir: 'out/reports',
      throttleBudgetS: 3,
      paced: true,
    });
  });
});

describe('parseEnv rejects each malformed variable with a ConfigError that names it first', () => {
  const cases: Array<[variable: string, value: string]> = [
    ['CONFORMANCE_TARGET_URL', 'not a url'],
    ['CONFORMANCE_TARGET_URL', 'ftp://example.com/api/v1'],
    ['CONFORMANCE_TARGET_URL', 'http://example.com/api/v2'],
    ['CONFORMANCE_CUSTOM_LIMIT', 'many'],
    ['CONFORMANCE_CUSTOM_LIMIT', '0'],
    ['CONFORMANCE_PROJECT_ID', 'project-1'],
    ['CONFORMANCE_VERSION_ID', '12345'],
    ['CONFORMANCE_OTHER_PROJECT_ID', '3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4'],
    ['CONFORMANCE_SINK_PORT', 'http'],
    ['CONFORMANCE_SINK_PORT', '70000'],
    ['CONFORMANCE_SINK_PUBLIC_URL', 'sink host'],
    ['CONFORMANCE_WEBHOOK_WAIT_S', '-1'],
    ['CONFORMANCE_REQUEST_TIMEOUT_MS', '1.5'],
    ['CONFORMANCE_MAX_RESPONSE_BYTES', '8MB'],
    ['CONFORMANCE_MAX_RESPONSE_BYTES', '1000'],
    ['CONFORMANCE_BREAKER_FAILURES', '0'],
    ['CONFORMANCE_RUN_DEADLINE_S', '30m'],
    ['CONFORMANCE_CONCURRENCY', '0'],
    ['CONFORMANCE_CONCURRENCY', '33'],
    ['CONFORMANCE_THROTTLE_BUDGET_S', '2m'],
    ['CONFORMANCE_THROTTLE_BUDGET_S', '0'],
    ['CONFORMANCE_PACED', 'slowly'],
    ['CONFORMANCE_SEED', 'abc'],
    ['CONFORMANCE_SEED', '2147483648'],
    ['CONFORMANCE_SEED', '-2147483649'],
    ['CONFORMANCE_NUM_RUNS', '0'],
    ['CONFORMANCE_SUITES', 'contacts,billing'],
    ['CONFORMANCE_ADMIN_KEY', 'wmk_has space'],
    ['CONFORMANCE_MEMBER_KEY', 'wmk_has space'],
    ['CONFORMANCE_OTHER_ORG_KEY', 'wmk_has space'],
    ['CONFORMANCE_LIMITED_KEY', 'wmk_has space'],
    ['CONFORMANCE_CUSTOM_LIMIT_KEY', 'wmk_has space'],
  ];

  it.each(cases)('%s=%j', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.message.startsWith(`${variable}:`)).toBe(true);
  });

  it('shows the offending value for variables that are not keys', () => {
    expect(configError({ CONFORMANCE_NUM_RUNS: 'lots' }).message).toContain('"lots"');
  });
});

describe('parseEnv never echoes an API key', () => {
  const KEY_VARIABLES = [
    'CONFORMANCE_ADMIN_KEY',
    'CONFORMANCE_MEMBER_KEY',
    'CONFORMANCE_OTHER_ORG_KEY',
    'CONFORMANCE_LIMITED_KEY',
    'CONFORMANCE_CUSTOM_LIMIT_KEY',
  ] as const;

  it.each(KEY_VARIABLES)('a malformed %s is reported without its value', (variable) => {
    const secret = 'wmk_Sup3rS3cretValue';
    const error = configError({ [variable]: `${secret} trailing-part` });
    expect(error.message.startsWith(`${variable}:`)).toBe(true);
    expect(error.message).not.toContain('Sup3rS3cret');
    expect(error.message).not.toContain('trailing-part');
  });

  it('a custom-limit key without its limit is reported without the key', () => {
    const error = configError({ CONFORMANCE_CUSTOM_LIMIT_KEY: 'wmk_CustomS3cret' });
    expect(error.message.startsWith('CONFORMANCE_CUSTOM_LIMIT')).toBe(true);
    expect(error.message).not.toContain('CustomS3cret');
  });

  it('an error in another variable does not reveal configured keys', () => {
    const error = configError({ CONFORMANCE_ADMIN_KEY: ADMIN, CONFORMANCE_SEED: 'x' });
    expect(error.message.startsWith('CONFORMANCE_SEED:')).toBe(true);
    expect(error.message).not.toContain('adminsecret');
  });
});

describe('parseEnv CONFORMANCE_TARGET_URL', () => {
  it('a target URL makes the proxy variables apply; CONFORMANCE_CA_FILE must name a PEM file', () => {
    const base = { CONFORMANCE_TARGET_URL: 'https://api.example.com/api/v1', CONFORMANCE_ADMIN_KEY: 'k' };
    expect(parseEnv(base, () => 1).network).toEqual({ caFile: undefined, viaProxy: true });
    expect(() => parseEnv({ ...base, CONFORMANCE_CA_FILE: '/nonexistent/ca.pem' }, () => 1)).toThrow(ConfigError);
    expect(() => parseEnv({ ...base, CONFORMANCE_CA_FILE: '/nonexistent/ca.pem' }, () => 1)).toThrow(
      /^CONFORMANCE_CA_FILE: \/nonexistent\/ca\.pem: no such file; name the PEM file of the CA that signed the target's certificate$/,
    );
  });

  it('strips a trailing slash after /api/v1', () => {
    expect(parseEnv({ CONFORMANCE_TARGET_URL: `${TARGET}/`, CONFORMANCE_ADMIN_KEY: ADMIN }, () => 1).targetUrl).toBe(TARGET);
  });

  it('accepts https and keeps the URL otherwise unchanged', () => {
    const url = 'https://staging.example.com:8443/base/api/v1';
    expect(parseEnv({ CONFORMANCE_TARGET_URL: url, CONFORMANCE_ADMIN_KEY: ADMIN }, () => 1).targetUrl).toBe(url);
  });

  it('must end with /api/v1', () => {
    const error = configError({ CONFORMANCE_TARGET_URL: 'http://127.0.0.1:8080/api', CONFORMANCE_ADMIN_KEY: ADMIN });
    expect(error.message).toMatch(/^CONFORMANCE_TARGET_URL: .*\/api\/v1/);
  });

  it('requires CONFORMANCE_ADMIN_KEY', () => {
    const error = configError({ CONFORMANCE_TARGET_URL: TARGET });
    expect(error.message.startsWith('CONFORMANCE_ADMIN_KEY:')).toBe(true);
    expect(error.message).toContain('CONFORMANCE_TARGET_URL');
  });

  it('refuses reference-server faults against a third-party target', () => {
    const error = configError({ CONFORMANCE_TARGET_URL: TARGET, CONFORMANCE_ADMIN_KEY: ADMIN, CONFORMANCE_REFERENCE_FAULTS: 'x' });
    expect(error.message.startsWith('CONFORMANCE_REFERENCE_FAULTS:')).toBe(true);
  });
});

describe('parseEnv custom limit pair', () => {
  it('rejects CONFORMANCE_CUSTOM_LIMIT_KEY without CONFORMANCE_CUSTOM_LIMIT', () => {
    expect(configError({ CONFORMANCE_CUSTOM_LIMIT_KEY: 'wmk_custom' }).message.startsWith('CONFORMANCE_CUSTOM_LIMIT')).toBe(true);
  });

  it('rejects CONFORMANCE_CUSTOM_LIMIT without CONFORMANCE_CUSTOM_LIMIT_KEY', () => {
    expect(configError({ CONFORMANCE_CUSTOM_LIMIT: '90' }).message.startsWith('CONFORMANCE_CUSTOM_LIMIT')).toBe(true);
  });

  it('accepts both together', () => {
    const config = parseEnv({ CONFORMANCE_CUSTOM_LIMIT_KEY: 'wmk_custom', CONFORMANCE_CUSTOM_LIMIT: '90' }, () => 1);
    expect(config.customLimit).toBe(90);
    expect(config.keys.customLimit).toBe('wmk_custom');
  });
});

describe('parseEnv CONFORMANCE_SUITES', () => {
  it('parses a comma-separated list, trimming blanks', () => {
    expect(parseEnv({ CONFORMANCE_SUITES: ' contacts , ,auth ' }, () => 1).suites).toEqual(['contacts', 'auth']);
    expect(parseEnv({ CONFORMANCE_SUITES: 'auth' }, () => 1).suites).toEqual(['auth']);
  });

  it('names the unknown domain', () => {
    const error = configError({ CONFORMANCE_SUITES: 'auth,invoices' });
    expect(error.message).toMatch(/^CONFORMANCE_SUITES: .*"invoices"/);
  });

  it('refuses requirements none of the selected suites checks, naming the suites that do', () => {
    const error = configError({ CONFORMANCE_SUITES: 'auth', CONFORMANCE_REQUIREMENTS: 'ENV-CREATE' });
    expect(error.message).toBe(
      `CONFORMANCE_REQUIREMENTS selects no check of the suites CONFORMANCE_SUITES=auth runs: ENV-CREATE is checked by the ${REQUIREMENT_SUITES['ENV-CREATE'].join(', ')} suites; ` +
        'add one of those suites to CONFORMANCE_SUITES (--suites), or unset CONFORMANCE_SUITES',
    );
    expect(configError({ CONFORMANCE_SUITES: 'auth,batch', CONFORMANCE_REQUIREMENTS: 'ENV-CREATE,RL-RECOVERY' }).message).toContain(
      '; RL-RECOVERY by the rate-limit suite;',
    );
    // One requirement the suites check is enough: the others are reported not selected.
    expect(parseEnv({ CONFORMANCE_SUITES: 'auth', CONFORMANCE_REQUIREMENTS: 'ENV-CREATE,AUTH-BEARER' }, () => 1).requirements).toEqual([
      'ENV-CREATE',
      'AUTH-BEARER',
    ]);
    expect(parseEnv({ CONFORMANCE_REQUIREMENTS: 'ENV-CREATE' }, () => 1).suites).toContain('contacts');
  });

  it('splits reference faults the same way', () => {
    expect(parseEnv({ CONFORMANCE_REFERENCE_FAULTS: 'a, b,,c' }, () => 1).referenceFaults).toEqual(['a', 'b', 'c']);
  });
});

describe('parseEnv seed', () => {
  it('takes the seed from the environment without drawing a random one', () => {
    expect(parseEnv({ CONFORMANCE_SEED: '123456' }, noRandom).seed).toBe(123456);
    expect(parseEnv({ CONFORMANCE_SEED: '0' }, noRandom).seed).toBe(0);
    expect(parseEnv({ CONFORMANCE_SEED: '-2147483648' }, noRandom).seed).toBe(-2147483648);
  });

  it('draws the seed from the random function when unset, once', () => {
    let calls = 0;
    const config = parseEnv({}, () => {
      calls += 1;
      return 987654;
    });
    expect(config.seed).toBe(987654);
    expect(calls).toBe(1);
  });
});

describe('the load engine and the Locust settings', () => {
  it('reads a cluster run: external workers listen on every interface unless told otherwise', () => {
    const config = parseEnv(
      {
        CONFORMANCE_LOAD_ENGINE: 'locust',
        CONFORMANCE_LOAD_WORKERS: '8',
        CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'true',
        CONFORMANCE_LOCUST_MASTER_HOST: 'master.internal',
        CONFORMANCE_LOCUST_MASTER_PORT: '6557',
        CONFORMANCE_LOCUST_WORKER_WAIT_S: '30',
        CONFORMANCE_LOCUST_PYTHON: '/opt/py/bin/python',
        CONFORMANCE_LOCUST_KEYS_FILE: '/etc/conformance/keys.json',
      },
      () => 1,
    );
    expect(config.loadEngine).toBe('locust');
    expect(config.locust).toEqual({
      workers: 8,
      externalWorkers: true,
      masterHost: 'master.internal',
      masterBind: '0.0.0.0',
      masterPort: 6557,
      workerWaitS: 30,
      python: '/opt/py/bin/python',
      keysFile: '/etc/conformance/keys.json',
    });
    expect(parseEnv({ CONFORMANCE_LOCUST_EXTERNAL_WORKERS: 'yes', CONFORMANCE_LOCUST_MASTER_BIND: '10.0.0.5' }, () => 1).locust.masterBind).toBe('10.0.0.5');
  });

  it.each([
    ['CONFORMANCE_LOAD_ENGINE', 'k6', /^CONFORMANCE_LOAD_ENGINE: expected node or locust \(got "k6"\)$/],
    ['CONFORMANCE_LOAD_WORKERS', '1001', /^CONFORMANCE_LOAD_WORKERS: expected a whole number from 1 to 1000/],
    ['CONFORMANCE_LOAD_WORKERS', '0', /^CONFORMANCE_LOAD_WORKERS: expected a whole number from 1 to 1000/],
    ['CONFORMANCE_LOCUST_MASTER_PORT', '70000', /^CONFORMANCE_LOCUST_MASTER_PORT: expected a whole number from 1 to 65535/],
    ['CONFORMANCE_LOCUST_EXTERNAL_WORKERS', 'maybe', /^CONFORMANCE_LOCUST_EXTERNAL_WORKERS: expected true or false/],
  ])('refuses %s=%s', (name, value, message) => {
    expect(() => parseEnv({ [name]: value }, () => 1)).toThrow(message);
  });
});

describe('CONFORMANCE_LOAD_* (conformance load)', () => {
  it('reads the shortened settings a self-test uses', () => {
    const load = parseEnv(
      {
        CONFORMANCE_LOAD_SCENARIOS: 'burst, sustained',
        CONFORMANCE_LOAD_BURST_REQUESTS: '90',
        CONFORMANCE_LOAD_BURST_CONNECTIONS: '30',
        CONFORMANCE_LOAD_SUSTAINED_S: '3',
        CONFORMANCE_LOAD_SUSTAINED_PER_MIN: '50',
        CONFORMANCE_LOAD_STEP_S: '1',
        CONFORMANCE_LOAD_CONCURRENCY: '1, 4, 4',
        CONFORMANCE_LOAD_ENDPOINTS: 'get',
        CONFORMANCE_LOAD_MAX_CREATES: '10',
        CONFORMANCE_LOAD_WAIT_S: '5',
      },
      () => 1,
    ).load;
    expect(load).toEqual({
      scenarios: ['burst', 'sustained'],
      burstRequests: 90,
      burstConnections: 30,
      sustainedS: 3,
      sustainedPerMin: 50,
      stepS: 1,
      concurrency: [1, 4],
      endpoints: ['get'],
      maxCreatesPerStep: 10,
      freshWaitS: 5,
      stages: [],
      thresholds: [],
      metricsPush: undefined,
    });
  });

  it('reads thresholds from the variable, then from the file, and the stages of a ramp', () => {
    const dir = mkdtempSync(join(tmpdir(), 'thresholds-'));
    const file = join(dir, 'thresholds.json');
    writeFileSync(file, JSON.stringify({ 'http_req_duration{scenario:throughput}': ['p(99)<800'] }));
    const load = parseEnv(
      {
        CONFORMANCE_LOAD_THRESHOLDS: 'http_req_failed:rate<0.01\nhttp_reqs:rps>=50',
        CONFORMANCE_LOAD_THRESHOLDS_FILE: file,
        CONFORMANCE_LOAD_STAGES: '30s:20, 1m:50',
      },
      () => 1,
    ).load;
    expect(load.thresholds.map((t) => t.expression)).toEqual([
      'http_req_failed:rate<0.01',
      'http_reqs:rate>=50',
      'http_req_duration{scenario:throughput}:p(99)<800',
    ]);
    expect(load.stages).toEqual([
      { durationS: 30, target: 20 },
      { durationS: 60, target: 50 },
    ]);
    writeFileSync(file, '["http_req_duration:p(95)<<1"]');
    expect(() => parseEnv({ CONFORMANCE_LOAD_THRESHOLDS_FILE: file }, () => 1)).toThrow(
      /^CONFORMANCE_LOAD_THRESHOLDS_FILE .*thresholds\.json: "http_req_duration:p\(95\)<<1"/,
    );
  });

  it('never uses more burst connections than requests', () => {
    expect(parseEnv({ CONFORMANCE_LOAD_BURST_REQUESTS: '20' }, () => 1).load.burstConnections).toBe(20);
  });

  it.each([
    ['CONFORMANCE_LOAD_SCENARIOS', 'burst,soak', /unknown value "soak" \(known: burst, keys, sustained, throughput\)/],
    ['CONFORMANCE_LOAD_ENDPOINTS', 'list,delete', /unknown value "delete"/],
    ['CONFORMANCE_LOAD_CONCURRENCY', '1,ten', /expected comma-separated whole numbers/],
    ['CONFORMANCE_LOAD_CONCURRENCY', '0', /expected comma-separated whole numbers/],
    ['CONFORMANCE_LOAD_CONCURRENCY', '5000', /expected a whole number from 1 to 1000 \(got 5000\)/],
    ['CONFORMANCE_LOAD_BURST_REQUESTS', '0', /expected a whole number from 1 to 10000 \(got "0"\)/],
    ['CONFORMANCE_LOAD_BURST_REQUESTS', '1000000', /expected a whole number from 1 to 10000 \(got "1000000"\)/],
    ['CONFORMANCE_LOAD_SUSTAINED_S', '2.5', /expected a whole number/],
    ['CONFORMANCE_LOAD_STEP_S', '601', /expected a whole number from 1 to 600/],
    ['CONFORMANCE_LOAD_WAIT_S', 'long', /expected a whole number/],
    ['CONFORMANCE_LOAD_THRESHOLDS', 'http_req_duration:p(95)<300;p95<300', /"p95<300": expected METRIC/],
    ['CONFORMANCE_LOAD_STAGES', '30s:20,1m', /"1m": expected one colon/],
    ['CONFORMANCE_LOAD_THRESHOLDS_FILE', '/nonexistent/thresholds.json', /cannot read \/nonexistent\/thresholds\.json \(ENOENT\)/],
  ])('%s=%j is one ConfigError line naming the variable', (variable, value, message) => {
    const error = configError({ [variable]: value });
    expect(error.message.startsWith(`${variable}:`)).toBe(true);
    expect(error.message).toMatch(message);
    expect(error.message).not.toContain('\n');
  });

  it.each([
    ['CONFORMANCE_NUM_RUNS', '-5', 'CONFORMANCE_NUM_RUNS: expected a whole number of 1 or more (got "-5")'],
    ['CONFORMANCE_NUM_RUNS', '0', 'CONFORMANCE_NUM_RUNS: expected a whole number of 1 or more (got "0")'],
    ['CONFORMANCE_CONCURRENCY', '0', 'CONFORMANCE_CONCURRENCY: expected a whole number from 1 to 32 (got "0")'],
    ['CONFORMANCE_MAX_RESPONSE_BYTES', '10', /^CONFORMANCE_MAX_RESPONSE_BYTES: expected a whole number of \d+ or more \(got "10"\)$/],
    ['CONFORMANCE_SINK_PORT', '70000', 'CONFORMANCE_SINK_PORT: expected a port number from 0 to 65535 (got "70000")'],
    ['CONFORMANCE_SEED', '9999999999', 'CONFORMANCE_SEED: expected a whole number from -2147483648 to 2147483647 (got "9999999999")'],
  ])('%s=%j says the allowed range', (variable, value, message) => {
    const error = configError({ [variable]: value });
    if (typeof message === 'string') expect(error.message).toBe(message);
    else expect(error.message).toMatch(message);
  });
});

describe('a selection that selects nothing', () => {
  it.each([
    ['CONFORMANCE_SUITES', ','],
    ['CONFORMANCE_SUITES', ' , ,'],
    ['CONFORMANCE_REQUIREMENTS', ','],
    ['CONFORMANCE_LOAD_SCENARIOS', ','],
    ['CONFORMANCE_LOAD_ENDPOINTS', ' ,'],
  ])('%s=%j is refused, never read as "everything"', (variable, value) => {
    const error = configError({ [variable]: value });
    expect(error.message).toMatch(new RegExp(`^${variable}: selects nothing \\(got ".*"\\); name at least .+, or unset it to run everything$`));
  });

  it('an unset or blank selection still selects everything', () => {
    expect(parseEnv({ CONFORMANCE_SUITES: '' }, () => 1).allSuites).toBe(true);
    expect(parseEnv({ CONFORMANCE_SUITES: '   ' }, () => 1).allSuites).toBe(true);
    expect(parseEnv({}, () => 1).requirements).toEqual([]);
  });
});
