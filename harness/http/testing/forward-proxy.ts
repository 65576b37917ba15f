import { createServer, request, type Server } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';

/**
 * A real forwarding proxy on loopback, as HTTP_PROXY names one: CONNECT tunnels (https targets,
 * and http ones when the client tunnels) and absolute-form requests (`GET http://host/path`),
 * each counted by the host:port it reached.
 */
export interface ForwardProxy {
  /** `http://127.0.0.1:<port>`. */
  readonly url: string;
  /** CONNECT tunnels opened, per `host:port`. */
  readonly tunnels: Map<string, number>;
  /** Absolute-form requests forwarded, per `host:port`. */
  readonly forwarded: Map<string, number>;
  /** Tunnels plus forwarded requests. */
  total(): number;
  reset(): void;
  close(): Promise<void>;
}

const bump = (map: Map<string, number>, key: string): void => {
  map.set(key, (map.get(key) ?? 0) + 1);
};

export async function startForwardProxy(): Promise<ForwardProxy> {
  const tunnels = new Map<string, number>();
  const forwarded = new Map<string, number>();
  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    let target: URL;
    try {
      target = new URL(req.url ?? '');
    } catch {
      res.writeHead(400).end('absolute-form request expected');
      return;
    }
    bump(forwarded, target.host);
    const upstream = request(
      { host: target.hostname, port: target.port || 80, method: req.method, path: `${target.pathname}${target.search}`, headers: req.headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.writeHead(502).end());
    req.pipe(upstream);
  });
  server.on('connect', (req, client: Socket, head: Buffer) => {
    const [host, port] = (req.url ?? '').split(/:(?=\d+$)/);
    bump(tunnels, req.url ?? '');
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    sockets.add(client).add(upstream);
    const drop = (): void => {
      client.destroy();
      upstream.destroy();
    };
    upstream.on('error', drop);
    client.on('error', drop);
    client.on('close', () => sockets.delete(client));
    upstream.on('close', () => sockets.delete(upstream));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    tunnels,
    forwarded,
    total: () => [...tunnels.values(), ...forwarded.values()].reduce((a, b) => a + b, 0),
    reset: () => {
      tunnels.clear();
      forwarded.clear();
    },
    close: async () => {
      for (const socket of sockets) socket.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
