import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';

export interface RunningNginx {
  /** e.g. `http://127.0.0.1:41234`: requests are spread round-robin over the upstreams. */
  readonly url: string;
  /** Stops nginx (its whole process group) and removes its directory; safe to call twice. */
  close(): Promise<void>;
}

/** Why a test cannot put nginx in front of anything here: the skip reason it prints. */
export const NGINX_MISSING = 'nginx not installed: apt-get install -y nginx';

const READY_WITHIN_MS = 5000;
const STOP_WITHIN_MS = 3000;

/** The nginx binary: on PATH, or Debian's /usr/sbin, which a non-root PATH often lacks. */
export function nginxBinary(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (candidate.startsWith('/') && !existsSync(candidate)) continue;
    const probe = spawnSync(candidate, ['-v'], { stdio: 'ignore', timeout: 5000 });
    if (probe.error === undefined && probe.status === 0) return candidate;
  }
  return undefined;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The whole configuration: everything nginx writes (pid, logs, temp files) inside `prefix`, one
 * worker, the upstreams round-robin with connections kept alive, and no retry of a request on
 * the next upstream (a retried request would be counted by two replicas' limiters).
 */
export function nginxConfig(options: { prefix: string; port: number; upstreams: readonly string[]; root: boolean }): string {
  const { prefix, port, upstreams } = options;
  const servers = upstreams.map((u) => `    server ${new URL(u).host};`).join('\n');
  return `${options.root ? 'user root;\n' : ''}worker_processes 1;
pid ${join(prefix, 'nginx.pid')};
error_log ${join(prefix, 'error.log')} warn;
events { worker_connections 1024; }
http {
  access_log ${join(prefix, 'access.log')};
  client_body_temp_path ${join(prefix, 'client_body')};
  proxy_temp_path ${join(prefix, 'proxy')};
  fastcgi_temp_path ${join(prefix, 'fastcgi')};
  uwsgi_temp_path ${join(prefix, 'uwsgi')};
  scgi_temp_path ${join(prefix, 'scgi')};
  upstream replicas {
${servers}
    keepalive 64;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_next_upstream off;
    }
  }
}
`;
}

async function answers(url: string): Promise<boolean> {
  try {
    const res = await request(url, { signal: AbortSignal.timeout(1000) });
    await res.body.dump();
    // 502: nginx is up but not its upstreams yet; still up.
    return true;
  } catch {
    return false;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const group = (signal: NodeJS.Signals): void => {
    try {
      process.kill(-child.pid!, signal);
    } catch {
      // Already gone.
    }
  };
  group('SIGTERM');
  const timer = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), STOP_WITHIN_MS).unref());
  if ((await Promise.race([exited, timer])) === 'late') {
    group('SIGKILL');
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_WITHIN_MS).unref())]);
  }
}

/**
 * A private nginx in front of `upstreams` (origins such as `http://127.0.0.1:5000`), started from
 * a temporary directory and waited for (bounded); or, where nginx is not installed, the reason a
 * test skips.
 */
export async function startNginx(upstreams: readonly string[]): Promise<RunningNginx | string> {
  const binary = nginxBinary();
  if (binary === undefined) return NGINX_MISSING;
  const prefix = await mkdtemp(join(tmpdir(), 'conformance-nginx-'));
  let child: ChildProcess | undefined;
  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      if (child !== undefined) await stop(child);
      await rm(prefix, { recursive: true, force: true });
    })());
  try {
    const port = await freePort();
    const conf = join(prefix, 'nginx.conf');
    await writeFile(conf, nginxConfig({ prefix, port, upstreams, root: process.getuid?.() === 0 }));
    // -e: the error log before the configuration is read, which would otherwise be /var/log/nginx's.
    child = spawn(binary, ['-e', join(prefix, 'error.log'), '-c', conf, '-p', prefix, '-g', 'daemon off;'], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const spawned = child;
    const url = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + READY_WITHIN_MS;
    while (!(await answers(url))) {
      if (spawned.exitCode !== null || Date.now() > deadline) {
        const log = await readFile(join(prefix, 'error.log'), 'utf8').catch(() => '');
        throw new Error(`nginx did not answer on ${url} within ${READY_WITHIN_MS} ms (exit ${spawned.exitCode}): ${(stderr + log).trim().slice(-500)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    return { url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
