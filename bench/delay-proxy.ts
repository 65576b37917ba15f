import { connect, createServer, type AddressInfo, type Server, type Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { RequestFramer } from './request-framer.js';

/**
 * A target "far away": a TCP path to `upstream` that adds `delayMs` to every round trip, half on
 * the way in and half on the way back, as a network path of that latency would. A new client
 * connection also costs one round trip (the TCP handshake) before its first byte goes on, so
 * keep-alive pays off as it would over a real distance. Bytes are passed on as they come, never
 * parsed into requests and answers again: the path costs this machine little CPU, as a network
 * costs none (an HTTP proxy that parsed and re-sent every exchange took 5.4 s of CPU in a 50 ms
 * run of the functional suites, on a 2-core machine where the run itself is CPU-bound).
 * With `tls` the proxy speaks https, and a new connection costs one more round trip (the TLS 1.3
 * handshake); behind it the upstream gets plain http.
 */
export interface DelayProxy {
  /** The proxy's URL with the upstream's path (`http://127.0.0.1:<port>/api/v1`). */
  readonly baseUrl: string;
  /** Requests forwarded so far, the most that waited for an answer at once, client connections (TLS: handshakes) accepted. */
  stats(): { readonly requests: number; readonly maxInFlight: number; readonly connections: number };
  close(): Promise<void>;
}

export interface DelayProxyOptions {
  /** Added to every round trip (and to a new connection's handshake). */
  readonly delayMs: number;
  readonly host?: string;
  /** Called as each request arrives (`head`: its request line and header fields), for a breakdown of what a run sends. */
  readonly onRequest?: (method: string, url: string, head: string) => void;
  /** Speak https with this certificate (the client must trust its CA). */
  readonly tls?: { readonly cert: string; readonly key: string };
}

/**
 * One direction of a connection: each chunk goes on `delayMs` after it came (the first ones not
 * before `notBefore`), in the order they came.
 */
class DelayedPipe {
  /** Chunks to send and when; `null` is the end (a FIN travels the path too). */
  readonly #queue: Array<{ readonly at: number; readonly chunk: Buffer | null }> = [];
  #timer: NodeJS.Timeout | undefined;
  #ended = false;

  constructor(
    private readonly to: Socket,
    private readonly delayMs: number,
    private notBefore: number,
  ) {}

  push(chunk: Buffer): void {
    this.#enqueue(chunk);
  }

  /** The other side ended or closed: end this one once what came before went on. */
  end(): void {
    if (this.#ended) return;
    this.#ended = true;
    this.#enqueue(null);
  }

  stop(): void {
    if (this.#timer !== undefined) clearTimeout(this.#timer);
    this.#queue.length = 0;
  }

  #enqueue(chunk: Buffer | null): void {
    const at = Math.max(performance.now() + this.delayMs, this.notBefore);
    this.notBefore = at;
    this.#queue.push({ at, chunk });
    if (this.#timer === undefined) this.#schedule();
  }

  #schedule(): void {
    const head = this.#queue[0];
    this.#timer = head === undefined ? undefined : setTimeout(() => this.#flush(), Math.max(0, head.at - performance.now()));
  }

  #flush(): void {
    const now = performance.now();
    while (this.#queue.length > 0 && this.#queue[0]!.at <= now + 1) {
      const { chunk } = this.#queue.shift()!;
      if (this.to.destroyed) continue;
      if (chunk === null) this.to.end();
      else this.to.write(chunk);
    }
    this.#schedule();
  }
}

export async function startDelayProxy(upstream: string, options: DelayProxyOptions): Promise<DelayProxy> {
  const target = new URL(upstream);
  const half = options.delayMs / 2;
  // TCP's handshake, and TLS's after it: one round trip each before the first request goes on.
  const handshakeMs = options.tls === undefined ? options.delayMs : 2 * options.delayMs;
  let requests = 0;
  let inFlight = 0;
  let maxInFlight = 0;
  let connections = 0;
  const open = new Set<Socket>();

  const relay = (client: Socket): void => {
    connections++;
    // No Nagle: a small write (an answer's last bytes) goes on at once, as the HTTP server's own would.
    const server = connect({ host: target.hostname, port: Number(target.port), noDelay: true });
    client.setNoDelay(true);
    open.add(client);
    open.add(server);
    const accepted = performance.now();
    const inbound = new DelayedPipe(server, half, accepted + handshakeMs + half);
    const outbound = new DelayedPipe(client, half, 0);
    // Waiting for an answer: from a request's head until the first byte back (one request at a time per connection).
    let waiting = false;
    const framer = new RequestFramer((method, url, head) => {
      requests++;
      options.onRequest?.(method, url, head);
      if (!waiting) {
        waiting = true;
        maxInFlight = Math.max(maxInFlight, ++inFlight);
      }
    });
    const settle = () => {
      if (waiting) {
        waiting = false;
        inFlight--;
      }
    };
    client.on('data', (chunk: Buffer) => {
      framer.push(chunk);
      inbound.push(chunk);
    });
    server.on('data', (chunk: Buffer) => {
      settle();
      outbound.push(chunk);
    });
    // An end or a close goes on after the bytes before it (an answer sent with Connection: close
    // must reach the client before the close does); an error ends both sides at once.
    client.on('end', () => inbound.end());
    server.on('end', () => outbound.end());
    client.on('close', () => {
      open.delete(client);
      inbound.end();
    });
    server.on('close', () => {
      open.delete(server);
      settle();
      outbound.end();
    });
    const fail = () => {
      settle();
      inbound.stop();
      outbound.stop();
      client.destroy();
      server.destroy();
    };
    client.on('error', fail);
    server.on('error', fail);
  };

  const listener: Server = options.tls === undefined ? createServer(relay) : createTlsServer({ cert: options.tls.cert, key: options.tls.key }, relay);
  await new Promise<void>((resolve) => listener.listen(0, options.host ?? '127.0.0.1', resolve));
  const { port } = listener.address() as AddressInfo;
  const path = target.pathname.replace(/\/+$/, '');
  return {
    baseUrl: `${options.tls === undefined ? 'http' : 'https'}://${options.host ?? '127.0.0.1'}:${port}${path}`,
    stats: () => ({ requests, maxInFlight, connections }),
    close: async () => {
      for (const socket of open) socket.destroy();
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
