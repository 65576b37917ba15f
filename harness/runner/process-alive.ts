/**
 * Whether a process of this id still runs (signal 0 only asks): a folder a run named for its
 * process is another live run's while it does. EPERM: it runs, under another user.
 */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
