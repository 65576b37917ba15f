/*
 * The commands of a Locust run across machines on the project's image, written once: the
 * Kubernetes export's master Job and its README.txt run these, and so does the container test
 * that runs them on real containers (test/image-locust.test.ts), so the lines a user is given are
 * the ones that were run.
 */

/** Where the master listens in a container: every address, for the workers of other containers or pods. */
export const MASTER_BIND_ALL = '0.0.0.0';

/** `conformance load --engine=locust --external-workers ...`: the master, waiting for `workers` workers that reach it at `masterHost:port`. */
export function masterCommand(o: { readonly workers: number; readonly masterHost: string; readonly port: number }): string[] {
  return [
    'conformance',
    'load',
    '--engine=locust',
    '--external-workers',
    '--workers',
    String(o.workers),
    '--master-bind',
    MASTER_BIND_ALL,
    '--master-host',
    o.masterHost,
    '--master-port',
    String(o.port),
  ];
}

/** `conformance load keys-file PATH`: the workers' keys file, made from the same .env as the run (mode 0600). */
export function keysFileCommand(path: string): string[] {
  return ['conformance', 'load', 'keys-file', path];
}
