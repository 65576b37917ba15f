import { createRequire } from 'node:module';
import type * as Undici from 'undici';

/*
 * The part of undici the harness sends with: its Agent, its EnvHttpProxyAgent and the request API
 * of its dispatchers, loaded from the modules that define them instead of undici's index. The
 * index also loads fetch, WebSocket, EventSource, the cache and cookie APIs, and through the
 * cookies module Node's own bundled copy of undici: about a tenth of a second of CPU in every
 * thread that loads it, and a distant run starts up to 9 (issue 32). undici has no `exports` map,
 * so its modules are reachable; should a release move them, the index is loaded instead (`lean`
 * says which one is in use).
 */

type RequestOptions = Omit<Undici.Dispatcher.RequestOptions, 'origin' | 'path'>;

export interface Lean {
  readonly Agent: typeof Undici.Agent;
  readonly EnvHttpProxyAgent: typeof Undici.EnvHttpProxyAgent;
}

/** undici's own modules, with the request API on its dispatchers; undefined if a release moved them. */
function ownModules(load: (id: string) => unknown): Lean | undefined {
  let dispatcher: { prototype: object } | undefined;
  let api: Record<string, unknown> | undefined;
  let parts: Lean;
  try {
    dispatcher = load('undici/lib/dispatcher/dispatcher.js') as { prototype: object } | undefined;
    api = load('undici/lib/api/index.js') as Record<string, unknown> | undefined;
    parts = {
      Agent: load('undici/lib/dispatcher/agent.js') as typeof Undici.Agent,
      EnvHttpProxyAgent: load('undici/lib/dispatcher/env-http-proxy-agent.js') as typeof Undici.EnvHttpProxyAgent,
    };
  } catch {
    return undefined;
  }
  const methods = ['request', 'stream', 'pipeline', 'upgrade', 'connect'];
  if (typeof dispatcher?.prototype !== 'object' || methods.some((m) => typeof api?.[m] !== 'function')) return undefined;
  if (typeof parts.Agent !== 'function' || typeof parts.EnvHttpProxyAgent !== 'function') return undefined;
  // What undici's index does first: every dispatcher gets the request API (its proxy agent
  // opens a tunnel through `connect`). The same functions again if the index is loaded too.
  Object.assign(dispatcher.prototype, api);
  return parts;
}

/**
 * undici's parts from `load` (a `require`): its own modules, or its index should a release have
 * moved them. Exported for the test of that fallback.
 */
export function loadUndici(load: (id: string) => unknown): { readonly parts: Lean; readonly lean: boolean } {
  const own = ownModules(load);
  if (own !== undefined) return { parts: own, lean: true };
  const undici = load('undici') as typeof Undici;
  return { parts: { Agent: undici.Agent, EnvHttpProxyAgent: undici.EnvHttpProxyAgent }, lean: false };
}

const loaded = loadUndici(createRequire(import.meta.url));

/** Whether undici's own modules were found (false: its index was loaded instead). */
export const lean = loaded.lean;
export const Agent = loaded.parts.Agent;
export const EnvHttpProxyAgent = loaded.parts.EnvHttpProxyAgent;

/** undici's `request(url, options)` through `dispatcher`. */
export function request(dispatcher: Undici.Dispatcher, url: string, options: RequestOptions): Promise<Undici.Dispatcher.ResponseData> {
  const target = new URL(url);
  return dispatcher.request({ ...options, origin: target.origin, path: `${target.pathname}${target.search}` });
}
