import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { LocustSettings } from '../../config/schema.js';
import { KEYS_FILE_ENV } from '../locust/paths.js';
import { keysFileCommand, masterCommand } from './commands.js';
import { toYaml, type YamlValue } from './yaml.js';

/*
 * `conformance load export --kubernetes DIR`: plain manifests for a cluster run of the Locust
 * engine. The master Job runs the harness itself (it probes, sends jobs to the workers and
 * judges), a Service gives it a stable name on the master port, a worker Job runs `--workers`
 * Locust workers, the locustfile travels as a ConfigMap and the keys as a Secret mounted as a
 * file. No key is ever written here: the Secrets' shapes carry placeholders, and README.txt says
 * how to create the real ones from the .env without the keys passing a command line.
 */

/** The image to replace: the master needs Node 20, this package and Python with Locust; workers only the latter. */
export const IMAGE_PLACEHOLDER = 'REPLACE-ME.example/conformance-locust:latest';

/** The name scripts/build-image.sh (`npm run image`) gives the project's image of `version`: Node, the package, Locust. */
export function projectImage(version: string): string {
  return `work-management-conformance:${version}`;
}
/** The target when the configuration names none (the embedded server cannot serve a cluster). */
export const TARGET_PLACEHOLDER = 'https://REPLACE-ME.example/api/v1';

const NAME = 'conformance-locust';
export const NAMES = {
  configMap: `${NAME}-locustfile`,
  service: `${NAME}-master`,
  masterJob: `${NAME}-master`,
  workerJob: `${NAME}-worker`,
  keysSecret: `${NAME}-keys`,
  envSecret: 'conformance-env',
} as const;

const LOCUSTFILE_DIR = '/etc/conformance-locust';
const KEYS_DIR = '/etc/conformance-locust-keys';
const KEYS_ENTRY = 'keys.json';
/** A bound on every pod of the run: a stuck master or worker is ended, not left running. */
export const ACTIVE_DEADLINE_S = 3 * 3600;

export interface KubernetesExportOptions {
  readonly locust: Pick<LocustSettings, 'workers' | 'masterPort'>;
  /** The locustfile's text (what locustfilePath() holds). */
  readonly locustfile: string;
  /** The target, redacted for display; undefined: the placeholder. */
  readonly target?: string | undefined;
  readonly image?: string | undefined;
  /** The package's version: without an image, the Jobs run the project's image of it (projectImage). */
  readonly packageVersion?: string | undefined;
  /**
   * CONFORMANCE_IMAGE_DIGEST when set: the digest of the image the export was made for, written as
   * an annotation of both pods and in README.txt, not into the image reference (a push to another
   * registry may give the same image another digest, and a pinned reference would then not pull).
   */
  readonly imageDigest?: string | undefined;
}

/** The pods' annotation that carries the image's digest, when the export knows it. */
export const IMAGE_DIGEST_ANNOTATION = 'conformance/image-digest';

export interface ExportFile {
  /** Relative to the export directory. */
  readonly path: string;
  readonly content: string;
}

/** LOCUSTFILE_VERSION of a locustfile's text, or undefined when it declares none. */
export function locustfileVersion(text: string): string | undefined {
  return /^LOCUSTFILE_VERSION\s*=\s*["']([^"'\n]+)["']/m.exec(text)?.[1];
}

const labels = (component: string): Record<string, string> => ({
  'app.kubernetes.io/name': NAME,
  'app.kubernetes.io/component': component,
  'app.kubernetes.io/part-of': 'work-management-conformance',
});

/** Pure: the manifests and README.txt, by path. */
export function kubernetesExport(options: KubernetesExportOptions): ExportFile[] {
  const { workers, masterPort } = options.locust;
  const image = options.image ?? (options.packageVersion === undefined ? IMAGE_PLACEHOLDER : projectImage(options.packageVersion));
  const target = options.target ?? TARGET_PLACEHOLDER;
  const version = locustfileVersion(options.locustfile) ?? 'unknown';
  const port = masterPort;
  const digestAnnotation: { annotations?: Record<string, string> } =
    options.imageDigest === undefined ? {} : { annotations: { [IMAGE_DIGEST_ANNOTATION]: options.imageDigest } };

  const configMap: YamlValue = {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: NAMES.configMap, labels: labels('locustfile'), annotations: { 'conformance/locustfile-version': version } },
    data: { 'locustfile.py': options.locustfile },
  };
  const service: YamlValue = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: NAMES.service, labels: labels('master') },
    spec: { selector: labels('master'), ports: [{ name: 'locust', protocol: 'TCP', port, targetPort: port }] },
  };
  const masterJob: YamlValue = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: NAMES.masterJob, labels: labels('master') },
    spec: {
      // One run: a failed run is read from its report, not retried behind the operator's back.
      backoffLimit: 0,
      activeDeadlineSeconds: ACTIVE_DEADLINE_S,
      template: {
        metadata: { labels: labels('master'), ...digestAnnotation },
        spec: {
          restartPolicy: 'Never',
          containers: [
            {
              name: 'master',
              image,
              command: masterCommand({ workers, masterHost: NAMES.service, port }),
              ports: [{ name: 'locust', containerPort: port, protocol: 'TCP' }],
              env: [
                { name: 'CONFORMANCE_TARGET_URL', value: target },
                { name: 'CONFORMANCE_REPORT_DIR', value: '/reports' },
              ],
              // The harness's keys and settings: the .env as a Secret (README.txt).
              envFrom: [{ secretRef: { name: NAMES.envSecret } }],
              volumeMounts: [{ name: 'reports', mountPath: '/reports' }],
            },
          ],
          volumes: [{ name: 'reports', emptyDir: {} }],
        },
      },
    },
  };
  const workerJob: YamlValue = {
    apiVersion: 'batch/v1',
    kind: 'Job',
    metadata: { name: NAMES.workerJob, labels: labels('worker') },
    spec: {
      parallelism: workers,
      completions: workers,
      backoffLimit: workers,
      activeDeadlineSeconds: ACTIVE_DEADLINE_S,
      template: {
        metadata: { labels: labels('worker'), ...digestAnnotation },
        spec: {
          // A worker that starts before the master's Service answers fails and is started again.
          restartPolicy: 'OnFailure',
          containers: [
            {
              name: 'worker',
              image,
              command: [
                'python3',
                '-m',
                'locust',
                '-f',
                `${LOCUSTFILE_DIR}/locustfile.py`,
                '--worker',
                '--master-host',
                NAMES.service,
                '--master-port',
                String(port),
              ],
              env: [{ name: KEYS_FILE_ENV, value: `${KEYS_DIR}/${KEYS_ENTRY}` }],
              volumeMounts: [
                { name: 'locustfile', mountPath: LOCUSTFILE_DIR, readOnly: true },
                { name: 'keys', mountPath: KEYS_DIR, readOnly: true },
              ],
            },
          ],
          volumes: [
            { name: 'locustfile', configMap: { name: NAMES.configMap } },
            // 0400: the keys file is the owner's alone, as on a worker machine.
            { name: 'keys', secret: { secretName: NAMES.keysSecret, defaultMode: 0o400 } },
          ],
        },
      },
    },
  };
  const placeholder = 'REPLACE: create this Secret with kubectl (README.txt); no key is written here';
  const keysSecret: YamlValue = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: NAMES.keysSecret, labels: labels('keys') },
    type: 'Opaque',
    stringData: { [KEYS_ENTRY]: placeholder },
  };
  const envSecret: YamlValue = {
    apiVersion: 'v1',
    kind: 'Secret',
    metadata: { name: NAMES.envSecret, labels: labels('master') },
    type: 'Opaque',
    stringData: { CONFORMANCE_ADMIN_KEY: placeholder, CONFORMANCE_LIMITED_KEYS: placeholder },
  };
  const header = (what: string): string => `# ${what}\n# Made by conformance load export --kubernetes (locustfile version ${version}); see README.txt.\n`;
  return [
    { path: 'locustfile-configmap.yaml', content: header('The locustfile every master and worker runs.') + toYaml(configMap) },
    { path: 'master-service.yaml', content: header(`The master's stable address for the workers, port ${port}.`) + toYaml(service) },
    { path: 'master-job.yaml', content: header('The harness: probes the keys, sends the jobs to the workers, judges the counts.') + toYaml(masterJob) },
    { path: 'worker-job.yaml', content: header(`${workers} Locust worker${workers === 1 ? '' : 's'}: they send and count, nothing else.`) + toYaml(workerJob) },
    {
      path: 'secrets/locust-keys-secret.yaml',
      content: header('Shape only, without keys: create the real Secret with kubectl (README.txt).') + toYaml(keysSecret),
    },
    { path: 'secrets/env-secret.yaml', content: header('Shape only, without keys: create the real Secret with kubectl (README.txt).') + toYaml(envSecret) },
    {
      path: 'README.txt',
      content: readme({
        workers,
        port,
        image,
        version,
        target,
        projectImage: image === projectImage(options.packageVersion ?? ''),
        digest: options.imageDigest,
      }),
    },
  ];
}

function readme(o: {
  workers: number;
  port: number;
  image: string;
  version: string;
  target: string;
  projectImage: boolean;
  digest: string | undefined;
}): string {
  return `Kubernetes manifests for conformance load --engine=locust with ${o.workers} worker${o.workers === 1 ? '' : 's'}
(made by conformance load export --kubernetes; locustfile version ${o.version}).
They are not exercised by the project's own tests, which check their shape only.

1. The image. ${
    o.image === IMAGE_PLACEHOLDER
      ? `Replace ${IMAGE_PLACEHOLDER} in master-job.yaml and worker-job.yaml
   (or export again with --image IMAGE)`
      : o.projectImage
        ? `Both Jobs run ${o.image}, the project's image of this version, which
   npm run image (scripts/build-image.sh, in the repository) builds: Node, this package, Python
   with Locust. Push it where the cluster pulls from and export again with --image
     podman tag localhost/${o.image} REGISTRY/${o.image}
     podman push REGISTRY/${o.image}
     npx conformance load export --kubernetes DIR --image REGISTRY/${o.image}`
        : `Both Jobs run ${o.image}`
  }.${
    o.digest === undefined
      ? ''
      : `
   Made for the image of digest ${o.digest} (CONFORMANCE_IMAGE_DIGEST; both pods carry it as the
   annotation ${IMAGE_DIGEST_ANNOTATION}): after a push, compare it with the registry's digest.`
  }
   Another image serves if the master has Node 20.19+, this package (its conformance command on
   PATH) and Python 3 with Locust 2.x; the workers need only Python 3 with Locust 2.x.

2. The Secrets, never in these files. From the same .env as a local run (no key on a command line):
     npx ${keysFileCommand('keys.json').join(' ')}
     kubectl create secret generic ${NAMES.keysSecret} --from-file=${KEYS_ENTRY}=keys.json
     kubectl create secret generic ${NAMES.envSecret} --from-env-file=.env
     rm keys.json
   (--from-env-file reads KEY=value lines without quotes.) secrets/ shows their shape with
   placeholders only: do not apply it over the real ones.

3. kubectl apply -f <the directory holding this file>
   (not recursive: secrets/ is left out). The master listens on port ${o.port}, behind the Service
   ${NAMES.service}; the workers connect to it, and every job names the target
   (${o.target}, CONFORMANCE_TARGET_URL in master-job.yaml), which each worker must reach.

4. kubectl logs -f job/${NAMES.masterJob}
   The verdict and the summary are in the log. The report is written to /reports in the master
   pod, an emptyDir: mount a PersistentVolumeClaim there to keep load.json and load.html.
   Every pod ends within ${ACTIVE_DEADLINE_S} s (activeDeadlineSeconds); the workers end with the run.

Export again after upgrading the package, so that the ConfigMap holds the locustfile the
harness expects.
`;
}

/** Writes the export into `dir` (created if need be); returns the paths written. */
export async function writeKubernetesExport(dir: string, files: readonly ExportFile[]): Promise<string[]> {
  const written: string[] = [];
  for (const file of files) {
    const path = join(dir, file.path);
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, file.content);
    written.push(path);
  }
  return written;
}
