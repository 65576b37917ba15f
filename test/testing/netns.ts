import { execFile, spawn, spawnSync, type ChildProcess, type SpawnOptions } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, open, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { processAlive } from '../../harness/runner/process-alive.js';

/*
 * Separate hosts on a private link, on this one machine: a Linux bridge with an address from
 * 10.231.0.0/16, and network namespaces each joined to it by a veth pair and given an address of
 * its own. A process started in a namespace reaches the bridge's /24 and nothing else (no default
 * route), so its traffic never leaves the machine, and a server on the bridge address sees it
 * come from the namespace's address, as from another host. Needs root and iproute2's `ip`.
 */

export interface PrivateHost {
  /** The namespace's name (`ip netns exec NAME ...`). */
  readonly name: string;
  /** Its address on the link, e.g. 10.231.17.2. */
  readonly address: string;
}

export interface PrivateLink {
  /** This machine's address on the link (the bridge's), e.g. 10.231.17.1. */
  readonly hostAddress: string;
  /** The link's network, e.g. 10.231.17.0/24. */
  readonly network: string;
  readonly bridge: string;
  readonly namespaces: readonly PrivateHost[];
  /**
   * Starts `argv` inside namespace `i` (its own process group, stdin closed, stdout and stderr
   * piped); `env` is added to this process's environment. close() ends it.
   */
  exec(i: number, argv: readonly string[], env?: Readonly<Record<string, string>>, options?: Pick<SpawnOptions, 'cwd'>): ChildProcess;
  /**
   * Ends every process started in the namespaces (the ones exec started and any they left), then
   * deletes the namespaces, the veth pairs and the bridge. Safe to call twice; throws when
   * something could not be removed, after trying everything.
   */
  close(): Promise<void>;
}

const PREFIX = '10.231';
/** Every `ip` command is bounded: a hung one fails the setup instead of the test's timeout. */
const IP_TIMEOUT_MS = 5000;
const CONNECT_TIMEOUT_MS = 3000;
const STOP_WITHIN_MS = 2000;
/**
 * Where runs claim a /24 (one file per network, made with O_EXCL, holding the claimer's pid), so
 * that runs side by side, in one process or several, never pick the same one.
 */
const CLAIMS_DIR = join(tmpdir(), 'conformance-netns-claims');

let links = 0;

/** Why namespaces cannot be made here without trying (not Linux, not root, no `ip`); undefined when they may be. */
export function privateLinkUnavailable(): string | undefined {
  if (process.platform !== 'linux') return `network namespaces are Linux only (this is ${process.platform})`;
  const uid = process.getuid?.();
  if (uid !== 0) return `network namespaces need root (running as uid ${uid})`;
  const probe = spawnSync('ip', ['-V'], { stdio: 'ignore', timeout: IP_TIMEOUT_MS });
  if (probe.error !== undefined || probe.status !== 0) return 'no `ip` command: apt-get install -y iproute2';
  return undefined;
}

class IpError extends Error {
  constructor(
    readonly args: readonly string[],
    readonly stderr: string,
  ) {
    super(`\`ip ${args.join(' ')}\` failed: ${stderr.trim() || 'no message'}`);
    this.name = 'IpError';
  }
}

function ip(...args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile('ip', args, { timeout: IP_TIMEOUT_MS }, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else reject(new IpError(args, stderr || error.message));
    });
  });
}

/** The third octets of 10.231.X.0/24 networks this machine already has an address or a route in. */
async function takenNetworks(): Promise<Set<number>> {
  const text = `${await ip('-o', '-4', 'addr', 'show')}\n${await ip('-4', 'route', 'show', 'table', 'all')}`;
  return new Set([...text.matchAll(/\b10\.231\.(\d{1,3})\./g)].map((m) => Number(m[1])));
}

/**
 * Claims 10.231.X.0/24 for this run: true when the claim file was made here. A claim whose process
 * is gone (a run that was killed) is taken over.
 */
async function claim(x: number, owner: string): Promise<boolean> {
  const file = join(CLAIMS_DIR, `${PREFIX}.${x}`);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const handle = await open(file, 'wx', 0o600);
      await handle.writeFile(`${process.pid} ${owner}\n`);
      await handle.close();
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number((await readFile(file, 'utf8').catch(() => '')).split(' ')[0]);
      // A claim being written (empty for an instant) or held by a live process stays.
      if (!Number.isInteger(pid) || pid <= 0 || processAlive(pid)) return false;
      await rm(file, { force: true });
    }
  }
  return false;
}

function killGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
}

function alive(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null && child.pid !== undefined;
}

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Opens a TCP connection from namespace `name` to host:port with this Node; resolves to the error code, or undefined when it connected. */
function connectFrom(name: string, host: string, port: number): Promise<string | undefined> {
  const script = `const s=require('net').connect(${port},${JSON.stringify(host)});s.setTimeout(${CONNECT_TIMEOUT_MS});s.on('connect',()=>{s.end();process.exit(0)});s.on('timeout',()=>{console.log('ETIMEDOUT');process.exit(1)});s.on('error',(e)=>{console.log(e.code);process.exit(1)})`;
  return new Promise((resolve) => {
    execFile('ip', ['netns', 'exec', name, process.execPath, '-e', script], { timeout: CONNECT_TIMEOUT_MS + IP_TIMEOUT_MS }, (error, stdout) => {
      resolve(error === null ? undefined : stdout.trim() || error.message);
    });
  });
}

/**
 * Makes the bridge and `n` namespaces on it, and checks (TCP connect, bounded) that each
 * namespace reaches the host address. Returns the reason instead when namespaces cannot be made
 * here (not root, no `ip`, refused by the kernel or the container), after removing what it made.
 */
export async function startPrivateLink(n: number): Promise<PrivateLink | string> {
  if (!Number.isInteger(n) || n < 1 || n > 250) throw new RangeError(`namespaces: 1 to 250 (got ${n})`);
  const unavailable = privateLinkUnavailable();
  if (unavailable !== undefined) return unavailable;

  // Short names (an interface name is at most 15 characters) that two processes never share.
  const tag = `${process.pid.toString(36)}${(links++).toString(36)}`;
  const bridge = `ctb${tag}`;
  const vethOf = (i: number): string => `ctv${tag}x${i}`;
  const names = Array.from({ length: n }, (_, i) => `ctns${tag}x${i}`);
  const made = { bridge: false, namespaces: [] as string[], veths: [] as string[] };
  const children: ChildProcess[] = [];
  let hostAddress = '';
  let network = '';
  let claimed: string | undefined;
  let hosts: PrivateHost[] = [];

  const stopChildren = async (): Promise<void> => {
    for (const signal of ['SIGTERM', 'SIGKILL'] as const) {
      const running = children.filter(alive);
      if (running.length === 0) return;
      for (const child of running) killGroup(child.pid!, signal);
      const exited = Promise.all(running.map((c) => (alive(c) ? once(c, 'exit') : undefined)));
      await Promise.race([exited, pause(STOP_WITHIN_MS)]);
    }
  };

  /** Kills whatever still runs in a namespace (what exec's processes left behind), bounded. */
  const emptyNamespace = async (name: string): Promise<void> => {
    const deadline = Date.now() + STOP_WITHIN_MS;
    for (;;) {
      const pids = (await ip('netns', 'pids', name).catch(() => ''))
        .split(/\s+/)
        .filter((p) => /^\d+$/.test(p))
        .map(Number);
      if (pids.length === 0 || Date.now() > deadline) return;
      for (const pid of pids) {
        try {
          process.kill(pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
      await pause(50);
    }
  };

  let closing: Promise<void> | undefined;
  const close = (): Promise<void> =>
    (closing ??= (async () => {
      const problems: string[] = [];
      await stopChildren();
      for (const name of made.namespaces) await emptyNamespace(name);
      // Deleting a namespace deletes the veth end inside it, and with it the pair.
      for (const name of made.namespaces) await ip('netns', 'del', name).catch((e: Error) => problems.push(e.message));
      // The kernel removes a deleted namespace's devices a moment later: wait for the veths (bounded), then delete what is left.
      const vethsLeft = async (): Promise<string[]> => {
        const present = await ip('-o', 'link', 'show').catch(() => '');
        return made.veths.filter((veth) => present.includes(` ${veth}@`) || present.includes(` ${veth}:`));
      };
      const deadline = Date.now() + STOP_WITHIN_MS;
      let left = await vethsLeft();
      while (left.length > 0 && Date.now() < deadline) {
        await pause(50);
        left = await vethsLeft();
      }
      for (const veth of left) {
        await ip('link', 'del', veth).catch((e: Error) => {
          if (!/Cannot find device/.test(e.message)) problems.push(e.message);
        });
      }
      if (made.bridge) await ip('link', 'del', bridge).catch((e: Error) => problems.push(e.message));
      // The /24 is free again once its bridge is gone.
      if (claimed !== undefined && problems.length === 0) await rm(claimed, { force: true });
      if (problems.length > 0) throw new Error(`the private link was not entirely removed: ${problems.join('; ')}`);
    })());

  const exec: PrivateLink['exec'] = (i, argv, env = {}, options = {}) => {
    const host = hosts[i];
    if (host === undefined) throw new RangeError(`no namespace ${i} (there are ${hosts.length})`);
    if (closing !== undefined) throw new Error('the private link is closed');
    // `ip netns exec` runs the command in place of itself: the child's pid is the command's.
    const child = spawn('ip', ['netns', 'exec', host.name, ...argv], {
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
      ...(options.cwd === undefined ? {} : { cwd: options.cwd }),
    });
    children.push(child);
    return child;
  };

  try {
    await ip('link', 'add', bridge, 'type', 'bridge');
    made.bridge = true;
    // A /24 that no address or route of this machine touches and that no other run has claimed.
    const taken = await takenNetworks();
    await mkdir(CLAIMS_DIR, { recursive: true, mode: 0o700 });
    const start = process.pid % 254;
    for (let k = 0; k < 254 && hostAddress === ''; k++) {
      const x = ((start + k) % 254) + 1;
      if (taken.has(x) || !(await claim(x, bridge))) continue;
      claimed = join(CLAIMS_DIR, `${PREFIX}.${x}`);
      hostAddress = `${PREFIX}.${x}.1`;
      network = `${PREFIX}.${x}.0/24`;
    }
    if (hostAddress === '') throw new Error(`no free /24 in ${PREFIX}.0.0/16 (all taken or claimed in ${CLAIMS_DIR})`);
    await ip('addr', 'add', `${hostAddress}/24`, 'dev', bridge);
    await ip('link', 'set', bridge, 'up');
    const base = hostAddress.slice(0, hostAddress.lastIndexOf('.'));
    for (const [i, name] of names.entries()) {
      await ip('netns', 'add', name);
      made.namespaces.push(name);
      const veth = vethOf(i);
      await ip('link', 'add', veth, 'type', 'veth', 'peer', 'name', 'eth0', 'netns', name);
      made.veths.push(veth);
      await ip('link', 'set', veth, 'master', bridge, 'up');
      const address = `${base}.${i + 2}`;
      // Only the link's /24 (the kernel's route for the address): no default route, nowhere else to go.
      await ip('netns', 'exec', name, 'ip', 'addr', 'add', `${address}/24`, 'dev', 'eth0');
      await ip('netns', 'exec', name, 'ip', 'link', 'set', 'eth0', 'up');
      await ip('netns', 'exec', name, 'ip', 'link', 'set', 'lo', 'up');
      hosts.push({ name, address });
    }
  } catch (error) {
    hosts = [];
    await close().catch(() => undefined);
    if (error instanceof IpError) return `network namespaces not possible here: ${error.message}`;
    throw error;
  }

  // The link must carry TCP from every namespace to the host before anyone relies on it.
  const server = createServer((socket) => socket.destroy());
  try {
    server.listen(0, hostAddress);
    await once(server, 'listening');
    const { port } = server.address() as { port: number };
    const failures = (await Promise.all(hosts.map(async (h) => [h, await connectFrom(h.name, hostAddress, port)] as const))).filter(
      ([, failure]) => failure !== undefined,
    );
    if (failures.length > 0) {
      throw new Error(
        `the private link does not carry TCP to ${hostAddress}:${port}: ${failures.map(([h, failure]) => `${h.name} (${h.address}): ${failure}`).join('; ')}`,
      );
    }
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  } finally {
    server.close();
  }

  return { hostAddress, network, bridge, namespaces: hosts, exec, close };
}
