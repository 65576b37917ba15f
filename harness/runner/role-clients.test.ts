import { describe, expect, it } from 'vitest';
import { RAW_429 } from '../http/client.js';
import { Redactor } from '../http/redact.js';
import { clientsByRole } from './role-clients.js';

const target = {
  baseUrl: 'http://127.0.0.1:9/api/v1',
  keys: { admin: 'wm_admin_a', otherOrg: 'wm_other_b' },
  authStyle: 'x-api-key' as const,
  requestTimeoutMs: 10_000,
  redactor: new Redactor([]),
};

describe('clientsByRole', () => {
  it('makes one client per role with a key, and none for a role without one', () => {
    const clientOf = clientsByRole(target, { maxMs: 1_000, throttle: RAW_429, signal: new AbortController().signal });
    const admin = clientOf('admin');
    expect(admin).toBeDefined();
    expect(clientOf('admin')).toBe(admin);
    expect(clientOf('otherOrg')).not.toBe(admin);
    expect(clientOf('member')).toBeUndefined();
  });

  it('sends nothing once the signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    const clientOf = clientsByRole(target, { maxMs: 1_000, throttle: RAW_429, signal: controller.signal });
    await expect(clientOf('admin')!.get('/contacts/x')).rejects.toThrow();
  });
});
