import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a target that goes away for a while, as a deploy or a restart does:
 * after `afterRequests` requests it cuts every open connection and resets every new one for
 * `downMs`, then forwards again. Requests are counted by their request lines (keep-alive
 * connections carry many).
 */
export interface OutageProxy {
  readonly baseUrl: string;
  /** Requests seen (request lines), and connections cut while down. */
  stats(): { readonly requests: number; readonly cut: number; readonly outages: number };
  close(): Promise<void>;
}

export async function startOutageProxy(options: { readonly target: string; readonly afterRequests: number; readonly downMs: number }): Promise<OutageProxy> {
  const target = new URL(options.target);
  const sockets = new Set<Socket>();
  let requests = 0;
  let cut = 0;
  let outages = 0;
  let downUntil = 0;
  let triggered = false;
  const isDown = (): boolean => Date.now() < downUntil;
  const goDown = (): void => {
    triggered = true;
    outages += 1;
    downUntil = Date.now() + options.downMs;
    for (const socket of sockets) {
      cut += 1;
      socket.destroy();
    }
  };
  const server: Server = createServer((client) => {
    if (isDown()) {
      cut += 1;
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(Number(target.port), target.hostname);
    sockets.add(client);
    sockets.add(upstream);
    const drop = (): void => {
      sockets.delete(client);
      sockets.delete(upstream);
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      if (isDown()) return drop();
      requests += chunk.toString('latin1').match(/ HTTP\/1\.1\r\n/g)?.length ?? 0;
      upstream.write(chunk);
      if (!triggered && requests >= options.afterRequests) goDown();
    });
    upstream.on('data', (chunk: Buffer) => {
      if (isDown()) return drop();
      client.write(chunk);
    });
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
    upstream.on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    baseUrl: `http://127.0.0.1:${port}${target.pathname.replace(/\/+$/, '')}`,
    stats: () => ({ requests, cut, outages }),
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
