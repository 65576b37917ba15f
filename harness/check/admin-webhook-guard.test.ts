import { describe, expect, it } from 'vitest';
import type { ApiResponse, SendOptions } from '../http/client.js';
import { adminWebhookGuard } from './admin-webhook-guard.js';
import { CheckSkipped } from './outcomes.js';

const answer = (status: number): ApiResponse => ({ status, headers: {}, text: '', json: undefined }) as unknown as ApiResponse;
const request = (method: SendOptions['method'], path: string): SendOptions => ({ method, path });
const REASON =
  "POST /webhooks refused CONFORMANCE_ADMIN_KEY (403): either the key has no admin rights or the server refuses admins' webhook writes (spec 5.5); checks that need an admin key are not verified";

function thrown(run: () => void): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('adminWebhookGuard', () => {
  it('refused before the run: every admin webhook write skips the check with the one reason, before anything is sent', () => {
    const guard = adminWebhookGuard({ refused: REASON });
    for (const [method, path] of [
      ['POST', '/webhooks'],
      ['PATCH', '/webhooks/abc'],
      ['DELETE', '/webhooks/abc'],
    ] as const) {
      const error = thrown(() => guard.before?.(request(method, path)));
      expect(error, `${method} ${path}`).toBeInstanceOf(CheckSkipped);
      expect((error as CheckSkipped).message).toBe(REASON);
    }
    // Reads, a test delivery and a secret rotation are no admin writes (spec 4.11).
    for (const [method, path] of [
      ['GET', '/webhooks'],
      ['GET', '/webhooks/abc'],
      ['POST', '/webhooks/abc/test'],
      ['POST', '/webhooks/abc/rotate-secret'],
      ['POST', '/contacts'],
    ] as const) {
      expect(
        thrown(() => guard.before?.(request(method, path))),
        `${method} ${path}`,
      ).toBeUndefined();
    }
  });

  it('nothing asked before the run: a 401 or 403 on an admin webhook write skips the check naming both parties; other answers pass through', () => {
    const guard = adminWebhookGuard(undefined);
    expect(guard.before).toBeUndefined();
    const error = thrown(() => guard.after?.(request('PATCH', '/webhooks/0b6c'), answer(403)));
    expect(error).toBeInstanceOf(CheckSkipped);
    expect((error as CheckSkipped).message).toMatch(
      /^PATCH \/webhooks\/\{id\} refused CONFORMANCE_ADMIN_KEY \(403\): either the key has no admin rights or the server refuses admins' webhook writes \(spec 5\.5\)/,
    );
    expect(thrown(() => guard.after?.(request('POST', '/webhooks'), answer(401)))).toBeInstanceOf(CheckSkipped);
    expect(thrown(() => guard.after?.(request('POST', '/webhooks'), answer(400)))).toBeUndefined();
    expect(thrown(() => guard.after?.(request('POST', '/webhooks'), answer(201)))).toBeUndefined();
    expect(thrown(() => guard.after?.(request('POST', '/contacts'), answer(403)))).toBeUndefined();
  });

  it("rights proven (the key wrote a subscription, or the embedded reference): a refusal is the target's to answer for", () => {
    const guard = adminWebhookGuard('proven');
    expect(guard.before).toBeUndefined();
    expect(guard.after).toBeUndefined();
  });
});
