/** `conformance init` on the process's own streams, then `conformance doctor` on the file it wrote (init.ts does the work). */
export async function initCommand(rest: readonly string[]): Promise<number> {
  const [{ runInit }, { doctorCommand }] = await Promise.all([import('./init.js'), import('./doctor-command.js')]);
  const io = {
    stdin: process.stdin,
    stdout: process.stdout,
    stderr: process.stderr,
    interactive: process.stdin.isTTY === true && process.stdout.isTTY === true,
    cwd: process.cwd(),
    env: process.env,
  };
  return runInit(rest, io, (envFile) => doctorCommand({ envFile, overrides: {} }));
}
