import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { KEY_A_LIMITED, testApi, testSeed, type TestApi } from '../../reference/testing/test-api.js';
import { recoveryWait, RECOVERY_MARGIN_MS } from '../steps/rate-limit.js';
import { readRateHeaders } from './headers.js';
import { interpretReset, resetForm } from './reset.js';
import { MAX_RETRY_AFTER_S, readRetryAfter } from './retry-after.js';
import { NOTATION_VARIANTS, RESET_NOTATIONS, RETRY_AFTER_NOTATIONS, type NotationVariant } from './testing/notations.js';
import { WindowEstimate } from './window.js';

/*
 * Every notation of the rate headers a reference variant writes (harness/rate/testing/notations.ts),
 * judged in-process: the reference's own header writer for that variant (its app, through
 * app.inject, on a clock of the test's) answers a limited key, and the harness's rate modules read
 * the answers as the rate-limit suite does (RL-HEADERS-*, RL-RESET, RL-RETRY-AFTER, RL-RECOVERY, a
 * fresh-window wait). The reference stays the witness: nothing here writes a rate header.
 */

const WINDOW_MS = 60_000;
const LIMIT = 3;
/** The first request opens the window at a moment with a fraction of a second, so rounding shows. */
const OPENED = Date.UTC(2026, 0, 5, 10, 0, 0, 437);
/** How far into the window the budget is spent: at once, in the middle, with under a second left. */
const INTO_WINDOW_MS = [0, 20_250, 59_400, 59_950] as const;

/** The plain reference: delta seconds in both headers. */
const PLAIN = { reset: 'delta-seconds', retryAfter: 'delta-seconds' } as const;

function expectedForms(variant: NotationVariant | undefined): { reset: string; retryAfter: string } {
  return {
    reset: variant !== undefined && variant in RESET_NOTATIONS ? RESET_NOTATIONS[variant as keyof typeof RESET_NOTATIONS] : PLAIN.reset,
    retryAfter:
      variant !== undefined && variant in RETRY_AFTER_NOTATIONS ? RETRY_AFTER_NOTATIONS[variant as keyof typeof RETRY_AFTER_NOTATIONS] : PLAIN.retryAfter,
  };
}

const apps = new Map<string, { api: TestApi; clock: { now: number } }>();
/** Each use of a variant's app starts an hour after the last: the limited key's old window is long gone. */
let uses = 0;

/**
 * The limited key of the app of `variant` (one app per variant) on a clock the test moves, at a
 * moment `OPENED` plus whole hours; its answers carry a Date header of that clock, as Node writes
 * one (whole seconds).
 */
async function limitedKey(variant: NotationVariant | undefined) {
  const name = variant ?? 'plain';
  let app = apps.get(name);
  if (app === undefined) {
    const clock = { now: OPENED };
    app = { api: await testApi({ seed: testSeed(LIMIT), now: () => clock.now, variants: variant === undefined ? [] : [variant] }), clock };
    apps.set(name, app);
  }
  const { api, clock } = app;
  uses += 1;
  clock.now = OPENED + uses * 3_600_000;
  const opened = clock.now;
  const send = async (): Promise<{ headers: Record<string, string>; status: number; at: number }> => {
    const res: LightMyRequestResponse = await api.get('/contacts?limit=1', KEY_A_LIMITED);
    const headers = Object.fromEntries(Object.entries(res.headers).map(([k, v]) => [k, String(v)]));
    return { status: res.statusCode, headers: { ...headers, date: new Date(clock.now).toUTCString() }, at: clock.now };
  };
  return {
    send,
    /** When the key's window ends: a minute after its first request. */
    windowEnd: opened + WINDOW_MS,
    advance: (ms: number) => void (clock.now += ms),
    /** Sends until the first refusal (bounded by the limit and one more). */
    async spend(intoMs: number) {
      const admitted = [await send()];
      clock.now += intoMs;
      for (let i = 0; i < LIMIT; i++) {
        const answer = await send();
        if (answer.status === 429) return { admitted, refusal: answer };
        admitted.push(answer);
      }
      throw new Error(`no 429 after ${LIMIT + 1} requests`);
    },
  };
}

afterAll(async () => {
  await Promise.all([...apps.values()].map(({ api }) => api.app.close()));
});

describe.each([undefined, ...NOTATION_VARIANTS])('the rate headers of %s', (variant) => {
  const forms = expectedForms(variant);
  describe.each(INTO_WINDOW_MS)('the budget spent %i ms into the window', (intoMs) => {
    it('reads every X-RateLimit-Reset in its form, never before the window ends nor more than a second after', async () => {
      const key = await limitedKey(variant);
      const { admitted, refusal } = await key.spend(intoMs);
      const estimate = new WindowEstimate();
      for (const answer of [...admitted, refusal]) {
        const { values, problems } = readRateHeaders(answer.headers, answer.at);
        expect(problems).toEqual([]);
        expect(values.limit).toBe(LIMIT);
        const reading = interpretReset(values.reset!, answer.at);
        expect(resetForm(reading)).toBe(forms.reset);
        const left = key.windowEnd - answer.at;
        // A wait of the reading and its precision reaches the new window; the reading is not a second late.
        expect(reading.msUntilReset + reading.precisionMs).toBeGreaterThanOrEqual(left);
        expect(reading.msUntilReset).toBeLessThanOrEqual(left + 1000);
        estimate.note(answer.headers, answer.at);
      }
      expect(estimate.longestMs).toBeGreaterThanOrEqual(WINDOW_MS - intoMs);
      expect(estimate.longestMs).toBeLessThanOrEqual(WINDOW_MS);
    });

    it('reads Retry-After in its form, within the window, and waiting it (RL-RECOVERY) is admitted', async () => {
      const key = await limitedKey(variant);
      const { refusal } = await key.spend(intoMs);
      // As RL-RETRY-AFTER reads it: a wait under a second may be 0 where the Reset shows the window ending now.
      const reset = readRateHeaders(refusal.headers).values.reset;
      const ending = reset !== undefined && interpretReset(reset, Date.parse(refusal.headers['date']!));
      const windowEndingNow = ending !== false && ending.msUntilReset <= 1000 + ending.precisionMs;
      const reading = readRetryAfter(refusal.headers['retry-after'], refusal.headers['date'], refusal.at, {
        windowEndingNow,
        maxMs: MAX_RETRY_AFTER_S * 1000,
      });
      if (!reading.ok) throw new Error(reading.problem);
      expect(reading.form).toBe(forms.retryAfter);
      // Never asked to wait beyond the window (no retry-after-beyond-window observation), nor less than its rest.
      expect(reading.ms).toBeLessThanOrEqual(WINDOW_MS + reading.precisionMs);
      const { waitMs, waitBasis } = recoveryWait(refusal.headers, refusal.at);
      expect(waitBasis).toMatch(/^Retry-After /);
      expect(waitMs + RECOVERY_MARGIN_MS).toBeGreaterThanOrEqual(key.windowEnd - refusal.at);
      key.advance(waitMs + RECOVERY_MARGIN_MS);
      expect((await key.send()).status).toBe(200);
    });

    it('a wait of the refusal’s X-RateLimit-Reset and its precision gives a fresh window', async () => {
      const key = await limitedKey(variant);
      const { refusal } = await key.spend(intoMs);
      const reading = interpretReset(readRateHeaders(refusal.headers, refusal.at).values.reset!, refusal.at);
      key.advance(reading.msUntilReset + reading.precisionMs);
      const fresh = await key.send();
      expect(fresh.status).toBe(200);
      expect(readRateHeaders(fresh.headers, fresh.at).values.remaining).toBe(LIMIT - 1);
    });
  });
});
