import { rootCertificates } from 'node:tls';
import type { Dispatcher } from 'undici';
import { readCaFile } from '../config/ca-file.js';
import { Agent, EnvHttpProxyAgent } from './undici.js';

/**
 * How the harness reaches the target: serialisable, so a run hands it to every suite worker.
 * Every client of the run (suite, doctor, init, load) builds its connections from it.
 */
export interface TargetNetwork {
  /** CONFORMANCE_CA_FILE: PEM certificates trusted for the target, on top of Node's own (and NODE_EXTRA_CA_CERTS). */
  readonly caFile?: string | undefined;
  /**
   * HTTP_PROXY / HTTPS_PROXY / NO_PROXY (either case) apply. False for the embedded reference
   * server: it listens on this machine's loopback, which a proxy elsewhere cannot reach.
   */
  readonly viaProxy: boolean;
}

/** The network of a run against the embedded reference server (no proxy, no CA). */
export const DIRECT: TargetNetwork = { viaProxy: false };

/** The TLS options for the target: Node's CAs plus the file's (a `ca` list replaces Node's, so both go in). */
function tlsOptions(caFile: string | undefined): { ca: string[] } | undefined {
  return caFile === undefined ? undefined : { ca: [...rootCertificates, ...readCaFile(caFile)] };
}

export interface DispatcherOptions {
  /** Connections per origin (a load scenario's pool); undici's default otherwise. */
  readonly connections?: number;
}

const shared = new Map<string, Dispatcher>();

/** The proxy variables as undici reads them: the lower-case name first. */
function proxyEnv(env: Readonly<Record<string, string | undefined>>): { http: string | undefined; https: string | undefined } {
  return { http: env['http_proxy'] ?? env['HTTP_PROXY'], https: env['https_proxy'] ?? env['HTTPS_PROXY'] };
}

/**
 * The dispatcher every request to the target goes through. With `viaProxy`, undici's
 * EnvHttpProxyAgent reads HTTP_PROXY, HTTPS_PROXY and NO_PROXY (lower case first) as curl does:
 * a host NO_PROXY does not name goes through the proxy, loopback included. The CA applies to the
 * target whether it is reached directly or through a proxy's CONNECT tunnel (and to an https proxy).
 *
 * Without options one dispatcher is kept per network, so connections are reused across clients;
 * with options the caller owns it and closes it.
 */
export function targetDispatcher(network: TargetNetwork, options: DispatcherOptions = {}): Dispatcher {
  const own = options.connections !== undefined;
  // undici reads the proxy variables when the agent is made (NO_PROXY at each request).
  const proxies = proxyEnv(process.env);
  const key = [network.caFile ?? '', network.viaProxy, proxies.http ?? '', proxies.https ?? ''].join('\n');
  const known = own ? undefined : shared.get(key);
  if (known !== undefined) return known;
  const tls = tlsOptions(network.caFile);
  const base = {
    ...(tls ? { connect: tls } : {}),
    ...(options.connections !== undefined ? { connections: options.connections, pipelining: 1 } : {}),
  };
  const dispatcher = network.viaProxy ? new EnvHttpProxyAgent({ ...base, ...(tls ? { requestTls: tls, proxyTls: tls } : {}) }) : new Agent(base);
  if (!own) shared.set(key, dispatcher);
  return dispatcher;
}

/** The proxy a request to `url` goes through under `network` and `env`, as undici decides; undefined: direct. */
export function proxyFor(url: string, network: TargetNetwork, env: Readonly<Record<string, string | undefined>> = process.env): string | undefined {
  if (!network.viaProxy) return undefined;
  const target = new URL(url);
  const https = target.protocol === 'https:';
  const { http: httpProxy, https: httpsProxy } = proxyEnv(env);
  const proxy = https ? httpsProxy || httpProxy : httpProxy;
  if (proxy === undefined || proxy === '') return undefined;
  const noProxy = env['no_proxy'] ?? env['NO_PROXY'] ?? '';
  if (noProxy.trim() === '*') return undefined;
  const host = target.host.replace(/:\d*$/, '').toLowerCase();
  const port = Number(target.port) || (https ? 443 : 80);
  for (const raw of noProxy.split(/[,\s]/)) {
    const entry = raw.trim().toLowerCase();
    if (entry === '') continue;
    const match = /^(.+):(\d+)$/.exec(entry);
    const name = (match ? match[1]! : entry).replace(/^\*?\./, '');
    if (match && Number(match[2]) !== port) continue;
    if (host === name || host.endsWith(`.${name}`)) return undefined;
  }
  return proxy;
}

/** A proxy URL as messages show it: without its user name and password. */
export function shownProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return url.username !== '' || url.password !== '' ? `${url.protocol}//${url.host}` : proxy;
  } catch {
    return proxy.replace(/\/\/[^@/]*@/, '//');
  }
}

/** TLS verification codes that mean "the certificate's issuer is not one we trust". */
const UNTRUSTED = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
]);

/**
 * One line for a TLS failure that a setting fixes, or undefined for any other failure. The code
 * is looked for on the error and its causes (undici wraps the socket's error).
 */
export function diagnoseTls(error: unknown): string | undefined {
  for (let e = error as { code?: unknown; cause?: unknown; message?: unknown } | undefined, depth = 0; e && depth < 5; e = e.cause as typeof e, depth++) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (UNTRUSTED.has(code)) {
      return (
        `the target's TLS certificate is not trusted (${code}): name the PEM file of the CA that signed it ` +
        'in CONFORMANCE_CA_FILE (or NODE_EXTRA_CA_CERTS, for the whole process)'
      );
    }
    if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
      return `the target's TLS certificate does not name this host (${String(e.message)}): use the host name the certificate was issued for in CONFORMANCE_TARGET_URL`;
    }
    if (code === 'CERT_HAS_EXPIRED') return "the target's TLS certificate has expired (CERT_HAS_EXPIRED): renew it on the target";
  }
  return undefined;
}
