import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The project root: bench commands run from there. */
export const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** `node --import tsx <args>` from the project root, output piped. */
export function spawnTsx(args: readonly string[], env: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
}

/**
 * Starts a server script in its own process (the reference server, the bare Fastify route) and
 * resolves with the `/api/v1` base URL it prints once it listens.
 */
export async function startServer(args: readonly string[]): Promise<{ baseUrl: string; child: ChildProcess }> {
  const child = spawnTsx(args);
  child.stderr!.resume();
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const match = /listening at (\S+\/api\/v1)/.exec(out);
      if (match) resolve(match[1]!);
    });
    child.on('close', (code) => reject(new Error(`${args.join(' ')} exited ${code}: ${out}`)));
  });
  child.stdout!.resume();
  return { baseUrl, child };
}
