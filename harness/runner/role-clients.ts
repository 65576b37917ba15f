import { ApiClient, type AuthStyle, type ClientOptions } from '../http/client.js';
import type { TargetNetwork } from '../http/network.js';
import type { Redactor } from '../http/redact.js';
import type { Keys } from '../config/schema.js';

/** What the main process needs to reach the target after the checks: the interrupt's cleanup, the read-back. */
export interface CleanupTarget {
  readonly baseUrl: string;
  readonly keys: Partial<Keys>;
  readonly authStyle: AuthStyle;
  readonly requestTimeoutMs: number;
  readonly redactor: Redactor;
  readonly network?: TargetNetwork | undefined;
}

export interface RoleClientOptions {
  /** The caller's overall bound: no request waits longer than this (nor than the target's timeout). */
  readonly maxMs: number;
  readonly throttle: NonNullable<ClientOptions['throttle']>;
  /** Aborts every request of every client (the caller's bound, the run's interrupt). */
  readonly signal: AbortSignal;
}

/**
 * One client per role of the target's keys, made on first use and kept: `undefined` for a role
 * without a key (what it created cannot be reached with the right key).
 */
export function clientsByRole(target: CleanupTarget, options: RoleClientOptions): (role: keyof Keys) => ApiClient | undefined {
  const clients = new Map<keyof Keys, ApiClient>();
  return (role) => {
    const key = target.keys[role];
    if (key === undefined) return undefined;
    let client = clients.get(role);
    if (client === undefined) {
      client = new ApiClient({
        baseUrl: target.baseUrl,
        key,
        authStyle: target.authStyle,
        timeoutMs: Math.min(target.requestTimeoutMs, options.maxMs),
        redactor: target.redactor,
        throttle: options.throttle,
        signal: options.signal,
        ...(target.network === undefined ? {} : { network: target.network }),
      });
      clients.set(role, client);
    }
    return client;
  };
}
