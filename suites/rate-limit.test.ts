import { randomUUID } from 'node:crypto';
import { checker, type CheckContext, type CheckOptions } from '../harness/check/check.js';
import { fail } from '../harness/check/expect.js';
import { rateLimitFileLoaded } from '../harness/check/head-start.js';
import { once } from '../harness/check/once.js';
import { runContext } from '../harness/check/run-context.js';
import { RAW_429, type ApiResponse } from '../harness/http/client.js';
import { bothForms, type KeyForm } from '../harness/http/key-forms.js';
import type { CounterVerdict } from '../harness/rate/counters.js';
import { readRateHeaders } from '../harness/rate/headers.js';
import { interpretReset, resetForm } from '../harness/rate/reset.js';
import { readRetryAfter } from '../harness/rate/retry-after.js';
import { refillAllowance } from '../harness/rate/tolerance.js';
import { WindowEstimate } from '../harness/rate/window.js';
import {
  CONCURRENT_BURST,
  DEFAULT_LIMIT,
  concurrentBurst,
  isAdmitted,
  rawClient,
  recover,
  sampleRoutes,
  sequentialBurst,
  type BystanderReading,
  type SampleRoute,
} from '../harness/steps/rate-limit.js';
import { judgeOneCounter } from '../harness/steps/rate-limit-one-counter.js';
import {
  bystanders,
  confirmed,
  counterVerdict,
  customBurstBeside,
  exactBurst,
  expectExactSequential,
  expectHeaders,
  judgeConcurrent,
  judged,
  observeWait,
  remainingOf,
  smoothed,
  statusCounts,
  uncountedRoute,
  windowMs,
} from '../harness/steps/rate-limit-verdicts.js';

/**
 * Rate limiting (spec 5.6, 7, 8) with CONFORMANCE_LIMITED_KEY (60/min) and, when set,
 * CONFORMANCE_CUSTOM_LIMIT_KEY and a second key of CONFORMANCE_LIMITED_KEYS. One fresh window of
 * the limited key feeds the sequential checks (its burst alternates six routes and the key's two
 * forms, X-API-Key and Authorization: Bearer, spec 5.1); the recovery after its Retry-After opens the
 * window the concurrent burst uses. The custom key's burst, in a window of its own, runs beside
 * the limited burst (when a second limited key is read around that) or beside the recovery. The
 * file costs about one minute (two for a limiter that gives its budget back gradually), which the
 * runner spends beside the other suites.
 */
// One after another, unlike the other suites' checks: they read one key's window in a set order
// (but for the groups whose checks use different keys).
const check = checker('rate-limit', { sequential: true });
// Loaded: the other suites' files, waiting so that this one's window opens sooner, may load theirs.
rateLimitFileLoaded();

/** Waiting for a fresh window (up to two minutes), a Retry-After and a repeat's fresh window. */
const SLOW = { timeoutMs: 360_000 } as const;
/**
 * The file's last checks, side by side (issue 32): the limited key's recovery and concurrent
 * burst, and the custom key's burst when it could not run first. Its key was then read around the
 * limited burst, so its fresh window opens about when the limited key's does.
 */
const LAST = { ...SLOW, sideBySide: true } as const;
/** With a second limited key, the custom key's burst runs beside the limited key's, first (customBurstBeside). */
const CUSTOM_BESIDE = customBurstBeside(runContext());
const FIRST = { ...SLOW, sideBySide: CUSTOM_BESIDE } as const;

/** What the limited key's headers have shown of its window, for the fresh-window waits. */
const limitedWindow = new WindowEstimate();
const customWindow = new WindowEstimate();

const routes = once(sampleRoutes);
/** spec 5.1: the limited key's burst alternates its two forms, the run's own first (RL-ONE-COUNTER). */
const forms = (t: CheckContext): KeyForm[] => bothForms(t.run.authStyle);
/** Self-test only: the reference server's shortened window, for a limiter seen to refill (tolerance.ts refillWindowMs). */
const selfTest = (t: CheckContext): { selfTestWindowMs: number | undefined } => ({ selfTestWindowMs: t.run.rateWindowMs });
const limitedBurst = once(async (t) =>
  sequentialBurst(rawClient(t, 'limited'), await routes(t), DEFAULT_LIMIT, {
    window: limitedWindow,
    bystanders: bystanders(t),
    forms: forms(t),
    ...selfTest(t),
  }),
);
/** Reads only: records of the custom key would have to be deleted with that key, spent by then. */
const readRoutes = async (t: CheckContext): Promise<SampleRoute[]> => (await routes(t)).filter((r) => r.route.startsWith('GET '));
const customBurst = once(async (t) => {
  const limit = t.need(t.run.customLimit, 'CONFORMANCE_CUSTOM_LIMIT');
  return sequentialBurst(rawClient(t, 'customLimit'), await readRoutes(t), limit, { window: customWindow, ...selfTest(t) });
});
const recovery = once(async (t) => recover(rawClient(t, 'limited'), DEFAULT_LIMIT, limitedWindow));
const concurrent = once(async (t) => {
  const after = (await recovery(t)).after;
  return concurrentBurst(rawClient(t, 'limited'), DEFAULT_LIMIT, {
    found: after !== undefined && isAdmitted(after.res) ? after : undefined,
    window: limitedWindow,
    ...selfTest(t),
  });
});

check(
  'RL-HEADERS-SUCCESS',
  'A 2xx response carries the three rate headers: integer Limit and Remaining, a readable Reset',
  async (t) => {
    if (t.run.keys.limited === undefined) {
      // Without the limited key, the admin key's answers still show the headers.
      const res = await t.api.get('/contacts', { limit: 1 });
      if (!isAdmitted(res)) t.inconclusive(`GET /contacts with the admin key answered ${res.status}`);
      expectHeaders([{ route: 'GET /contacts (admin key)', res, startMs: 0, endMs: 0 }], 'admitted');
      t.observe('rate-limit-reset-form', 'X-RateLimit-Reset', resetForm(interpretReset(readRateHeaders(res.headers).values.reset!)));
      return;
    }
    const burst = await limitedBurst(t);
    const answers = burst.fresh.fresh ? burst.admitted : burst.probes.filter((p) => isAdmitted(p.res));
    if (answers.length === 0) t.inconclusive(`no admitted response to examine: ${burst.fresh.fresh ? '' : burst.fresh.reason}`);
    expectHeaders(answers, 'admitted');
    const reset = readRateHeaders(answers[0]!.res.headers).values.reset!;
    // Spec 8 shows no form: the target's choice (delay or instant, which notation) is recorded.
    t.observe('rate-limit-reset-form', 'X-RateLimit-Reset', resetForm(interpretReset(reset)));
  },
  FIRST,
);

// Beside the limited burst when a second limited key, not the custom key, is read around it.
if (CUSTOM_BESIDE) customLimitCheck(FIRST);

check('RL-HEADERS-ERROR', 'A 4xx response to an authenticated request carries the three rate headers', async (t) => {
  const cases: Array<[string, () => Promise<ApiResponse>]> = [
    ['GET /contacts?limit=101', () => t.api.get('/contacts', { limit: 101 })],
    ['GET /contacts/{unknown id}', () => t.api.get(`/contacts/${randomUUID()}`)],
    ['POST /contacts with an invalid contactType', () => t.api.post('/contacts', { contactType: 'conformance-invalid', name: 'x' })],
  ];
  let examined = 0;
  for (const [route, send] of cases) {
    const res = await send();
    // An accepted request is another check's failure; only 4xx answers are examined here.
    if (res.status < 400 || res.status >= 500 || res.status === 429) continue;
    examined += 1;
    expectHeaders([{ route, res, startMs: 0, endMs: 0 }], 'refused');
  }
  if (examined === 0) t.inconclusive('none of the invalid requests was answered with a 4xx status');
});

check(
  'RL-LIMIT-DEFAULT',
  'X-RateLimit-Limit is 60 for a key without a custom limit',
  async (t) => {
    const burst = judged(t, await limitedBurst(t));
    for (const { route, res } of [...burst.admitted, ...burst.refused]) {
      const limit = readRateHeaders(res.headers).values.limit;
      if (limit !== undefined && limit !== DEFAULT_LIMIT)
        fail(`${route}: X-RateLimit-Limit is ${limit} for CONFORMANCE_LIMITED_KEY, not ${DEFAULT_LIMIT}`, res);
    }
  },
  SLOW,
);

check(
  'RL-REMAINING',
  'X-RateLimit-Remaining falls by exactly one per sequential admitted request',
  async (t) => {
    const burst = exactBurst(t, await limitedBurst(t));
    const [first, ...rest] = burst.admitted;
    const start = remainingOf(first!.res);
    if (start === undefined) return t.inconclusive('the first response has no readable X-RateLimit-Remaining (RL-HEADERS-SUCCESS)');
    for (const [index, answer] of rest.entries()) {
      const remaining = remainingOf(answer.res);
      if (remaining === undefined) continue;
      const n = index + 1;
      // A route the key may not use (403, 404) that the limiter counted lowered Remaining too.
      const low = start - n - [...burst.unusable, ...burst.unusableForms].filter((u) => u.counted && u.startMs < answer.startMs).length;
      // A refilling bucket may earn requests back, and one that reports whole requests may show one more.
      const high = low + refillAllowance(burst.limit, answer.endMs - first!.startMs, burst.refillWindowMs) + 1;
      if (remaining < low || remaining > high) {
        fail(
          `after ${n} more admitted request(s) X-RateLimit-Remaining is ${remaining}; from ${start} it should be ${low}` +
            (high > low ? ` (at most ${high} with what a refilling window earns back)` : ''),
          answer.res,
        );
      }
    }
  },
  SLOW,
);

check(
  'RL-EXACT-SEQUENTIAL',
  'A sequential burst in a fresh window admits exactly the limit',
  async (t) => {
    const burst = exactBurst(t, await limitedBurst(t));
    observeWait(t, 'sequential burst', burst.fresh);
    await expectExactSequential(
      t,
      'sequential burst',
      burst,
      async () => sequentialBurst(rawClient(t, 'limited'), await routes(t), DEFAULT_LIMIT, { window: limitedWindow, forms: forms(t), ...selfTest(t) }),
      rawClient(t, 'limited'),
    );
  },
  SLOW,
);

check(
  'RL-OVER-429',
  "A request refused for the key's limit is answered 429",
  async (t) => {
    const burst = judged(t, await limitedBurst(t));
    const refused = burst.refused.filter((a) => !isAdmitted(a.res));
    if (refused.length === 0) t.inconclusive('the burst was never refused (RL-EXACT-SEQUENTIAL)');
    const other = refused.find((a) => a.res.status !== 429);
    if (other) fail(`${other.route} was refused with ${other.res.status}, not 429, once the budget was spent (${statusCounts(refused)})`, other.res);
  },
  SLOW,
);

check(
  'RL-HEADERS-429',
  'A 429 response carries the three rate headers: integer Limit and Remaining, a readable Reset',
  async (t) => {
    const burst = judged(t, await limitedBurst(t));
    const throttled = burst.refused.filter((a) => a.res.status === 429);
    if (throttled.length === 0) t.inconclusive('no request was answered 429 (RL-OVER-429)');
    expectHeaders(throttled, '429');
  },
  SLOW,
);

check(
  'RL-RETRY-AFTER',
  'Every 429 carries Retry-After (delta-seconds or HTTP date), positive and at most two windows',
  async (t) => {
    const burst = judged(t, await limitedBurst(t));
    const throttled = burst.refused.filter((a) => a.res.status === 429);
    if (throttled.length === 0) t.inconclusive('no request was answered 429 (RL-OVER-429)');
    const forms = new Set<string>();
    for (const { route, res } of throttled) {
      // A wait under a second may be truncated to 0: accepted where the window visibly ends now.
      const reset = readRateHeaders(res.headers).values.reset;
      const dateMs = res.headers['date'] === undefined ? Number.NaN : Date.parse(res.headers['date']);
      const ending = reset !== undefined && interpretReset(reset, Number.isNaN(dateMs) ? Date.now() : dateMs);
      const windowEndingNow = ending !== false && ending.msUntilReset <= 1000 + ending.precisionMs;
      // Spec 7 and 8 set no bound: up to two windows pass (jitter, a penalty); a wait beyond one is recorded.
      const reading = readRetryAfter(res.headers['retry-after'], res.headers['date'], Date.now(), { windowEndingNow, maxMs: 2 * windowMs(t) });
      if (!reading.ok) fail(`${route} (429): ${reading.problem}`, res);
      if (reading.ms > windowMs(t) + reading.precisionMs)
        t.observe('retry-after-beyond-window', 'Retry-After on a 429', `${Math.round(reading.ms / 1000)} s, beyond the ${windowMs(t) / 1000} s window`);
      // RFC 9110 10.2.3 allows both forms; spec 7 does not choose.
      if (!forms.has(reading.form)) t.observe('retry-after-format', 'Retry-After on a 429', reading.form);
      forms.add(reading.form);
    }
  },
  SLOW,
);

check(
  'RL-ALL-ENDPOINTS',
  'Requests to a list, a get, a create and /webhooks/events count against the limit and are refused once it is spent',
  async (t) => {
    const burst = exactBurst(t, await limitedBurst(t));
    const { admitted, refused, limit } = burst;
    // spec 5.7 shows no permission levels: a route the limited key may not use (403, 404) is not judged.
    for (const { route, res } of burst.unusable)
      t.observe('rate-limit-routes', route, `not judged: answered ${res.status} to the limited key at its first use`);
    for (const { route } of await routes(t)) {
      // (a) Its admitted requests lowered Remaining like any other request did.
      const uncounted = uncountedRoute(burst, route);
      if (uncounted !== undefined) fail(`${uncounted}: they do not count against the limit`, admitted.find((a) => a.route === route)?.res);
    }
    // (b) Once the budget was spent, each route was refused (less what a refilling window earned back
    // meanwhile, and for a limiter seen to refill the part of a request it already held at the refusal).
    const tail = refused.slice(1);
    if (tail.length === 0) t.inconclusive('the burst was never refused (RL-EXACT-SEQUENTIAL)');
    const span = tail[tail.length - 1]!.endMs - refused[0]!.startMs;
    const admittedInTail = tail.filter((a) => isAdmitted(a.res));
    if (admittedInTail.length > refillAllowance(limit, span, burst.refillWindowMs) + (burst.refills ? 1 : 0)) {
      fail(`${admittedInTail.map((a) => a.route).join(', ')} admitted after the key's budget was spent`, admittedInTail[0]!.res);
    }
  },
  SLOW,
);

check(
  'RL-ONE-COUNTER',
  'Requests to several routes, the key sent as X-API-Key and as Authorization: Bearer in turn, draw from one budget',
  async (t) => {
    // Not exactBurst: a Remaining that rises when the route or the form changes is this check's evidence; the window's end bounds what is judged.
    const burst = judged(t, await limitedBurst(t));
    const verdict = judgeOneCounter(burst);
    if (verdict.problems.length > 0) fail(`${verdict.problems.join('; ')}. The burst: ${verdict.sequence}`, verdict.evidence);
    if (verdict.undecided.length > 0) t.inconclusive(`no sign of a second counter, but ${verdict.undecided.join('; ')}`);
    const sent = [...burst.admitted, ...burst.refused];
    const formsUsed = new Set(sent.map((a) => a.form)).size;
    const routesUsed = new Set(sent.map((a) => a.route)).size;
    t.observe(
      'rate limit',
      'one counter',
      `${burst.admitted.length} admitted, then ${burst.refused.length} from the first refusal on, over ${routesUsed} routes in ${formsUsed} forms`,
    );
  },
  SLOW,
);

check(
  'RL-PER-KEY',
  "Exhausting the limited key does not limit the admin key or another organisation's key",
  async (t) => {
    const burst = judged(t, await limitedBurst(t));
    if (burst.refused.length === 0) t.inconclusive('the limited key was never refused (RL-EXACT-SEQUENTIAL)');
    const limited = await rawClient(t, 'limited').get('/contacts', { limit: 1 });
    if (isAdmitted(limited)) t.inconclusive('the limited key was admitted again before the other keys could be tried (its window had passed)');
    const others: Array<[string, ApiResponse]> = [['CONFORMANCE_ADMIN_KEY', await t.api.with({ throttle: RAW_429 }).get('/contacts', { limit: 1 })]];
    if (t.run.keys.otherOrg !== undefined) {
      others.push(['CONFORMANCE_OTHER_ORG_KEY', await t.as('otherOrg').with({ throttle: RAW_429 }).get('/contacts', { limit: 1 })]);
    }
    for (const [variable, res] of others) {
      if (res.status === 429) fail(`${variable} was answered 429 while only CONFORMANCE_LIMITED_KEY had spent its budget`, res);
    }
  },
  SLOW,
);

check(
  'RL-PER-KEY-COUNTERS',
  "While the limited key spends its budget, another key's X-RateLimit-Remaining falls only by that key's own requests",
  async (t) => {
    const judgedKeys = bystanders(t).filter((b) => b.exclusive);
    if (judgedKeys.length === 0) t.skip('not configured: CONFORMANCE_LIMITED_KEYS has no second key and CONFORMANCE_CUSTOM_LIMIT_KEY is not set');
    const burst = judged(t, await limitedBurst(t));
    const sent = burst.admitted.length - 1 + burst.refused.length;
    const meanwhile = `the limited key sent ${sent} (${burst.admitted.length - 1} admitted)`;
    const verdicts: Array<[BystanderReading, CounterVerdict]> = burst.bystanders.map((reading) => [
      reading,
      counterVerdict(reading, meanwhile, burst.refillWindowMs),
    ]);
    for (const [reading, verdict] of verdicts) {
      // Other suites use the admin key at the same time: its fall says nothing about this burst.
      t.observe(
        'rate limit',
        `${reading.name} counter`,
        reading.exclusive ? verdict.summary : `${verdict.summary} (not judged: other suites use this key meanwhile)`,
      );
    }
    const exclusive = verdicts.filter(([reading]) => reading.exclusive);
    const fell = exclusive.find(([, verdict]) => verdict.kind === 'fell');
    if (fell) fail(fell[1].summary, fell[0].after.res);
    if (!exclusive.some(([, verdict]) => verdict.kind === 'own')) {
      t.inconclusive(`no other key's counter could be read across the burst: ${exclusive.map(([, v]) => v.summary).join('; ')}`);
    }
  },
  SLOW,
);

check(
  'RL-RECOVERY',
  'After waiting as long as Retry-After says, the key is admitted again',
  async (t) => {
    const { refusal, after, waitedMs, waitBasis, earlyRefusal } = await recovery(t);
    if (refusal === undefined || after === undefined) return t.inconclusive(`the limited key was never refused (${waitBasis})`);
    t.observe('rate limit', 'recovery wait', `${Math.round(waitedMs)} ms (${waitBasis})`);
    if (earlyRefusal !== undefined)
      t.observe(
        'rate-limit-recovery-retried',
        'the request right after Retry-After',
        `refused once more (${earlyRefusal.res.status}, Retry-After ${earlyRefusal.res.headers['retry-after']})`,
      );
    if (!isAdmitted(after.res)) fail(`still refused with ${after.res.status} after waiting ${Math.round(waitedMs)} ms as ${waitBasis} asked`, after.res);
  },
  LAST,
);

check(
  'RL-EXACT-CONCURRENT',
  `A concurrent burst (${CONCURRENT_BURST.requests} requests over ${CONCURRENT_BURST.connections} connections) admits exactly the remaining budget`,
  async (t) => {
    const burst = await concurrent(t);
    if (!burst.fresh.fresh) t.inconclusive(`the key's rate window did not become fresh: ${burst.fresh.reason}`);
    observeWait(t, 'concurrent burst', burst.fresh);
    const first = judgeConcurrent(burst);
    t.observe('rate limit', 'concurrent burst', first.summary);
    const verdict = await confirmed(t, 'concurrent burst', first, async () => {
      const again = await concurrentBurst(rawClient(t, 'limited'), DEFAULT_LIMIT, { window: limitedWindow, ...selfTest(t) });
      return again.fresh.fresh ? judgeConcurrent(again) : again.fresh.reason;
    });
    const admitted = burst.responses.filter((a) => isAdmitted(a.res));
    const example = admitted[admitted.length - 1]?.res ?? burst.responses[0]!.res;
    const refusal = burst.responses.find((a) => a.res.status === 429)?.res;
    if (verdict === first && (await smoothed(t, 'concurrent burst', verdict, rawClient(t, 'limited'), burst.limit, refusal))) return;
    if (!verdict.ok) fail(`${verdict.summary}; statuses: ${statusCounts(burst.responses)}`, example);
  },
  LAST,
);

// Last, beside the limited key's recovery, when it could not run beside its burst.
if (!CUSTOM_BESIDE) customLimitCheck(LAST);

/** RL-LIMIT-CUSTOM, declared where it runs: beside the limited burst or beside the recovery. */
function customLimitCheck(options: CheckOptions): void {
  check(
    'RL-LIMIT-CUSTOM',
    'A key with a custom limit reports it and a sequential burst admits exactly that many',
    async (t) => {
      const burst = exactBurst(t, await customBurst(t));
      const configured = burst.limit;
      for (const { route, res } of [...burst.admitted, ...burst.refused]) {
        const limit = readRateHeaders(res.headers).values.limit;
        if (limit !== undefined && limit !== configured)
          fail(`${route}: X-RateLimit-Limit is ${limit}, not the configured CONFORMANCE_CUSTOM_LIMIT ${configured}`, res);
      }
      await expectExactSequential(
        t,
        'custom-limit burst',
        burst,
        async () => sequentialBurst(rawClient(t, 'customLimit'), await readRoutes(t), configured, { window: customWindow, ...selfTest(t) }),
        rawClient(t, 'customLimit'),
      );
    },
    options,
  );
}
