import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parseEnv } from '../../config/schema.js';
import { engineKeys, KEYS_FILE_ENV, locustfilePath } from '../locust/paths.js';
import {
  IMAGE_DIGEST_ANNOTATION,
  IMAGE_PLACEHOLDER,
  kubernetesExport,
  locustfileVersion,
  NAMES,
  TARGET_PLACEHOLDER,
  writeKubernetesExport,
} from './kubernetes.js';
import { parse as readYaml } from 'yaml';

const config = parseEnv(
  {
    CONFORMANCE_TARGET_URL: 'https://api.example.com/api/v1',
    CONFORMANCE_ADMIN_KEY: 'wmk_admin_k8s_secret',
    CONFORMANCE_LIMITED_KEY: 'wmk_limited_k8s_secret',
    CONFORMANCE_LIMITED_KEYS: 'wmk_more_k8s_secret1,wmk_more_k8s_secret2',
    CONFORMANCE_MEMBER_KEY: 'wmk_member_k8s_secret',
    CONFORMANCE_LOAD_WORKERS: '7',
  },
  () => 1,
);
const LOCUSTFILE = readFileSync(locustfilePath(), 'utf8');
const files = kubernetesExport({ locust: config.locust, locustfile: LOCUSTFILE, target: config.targetUrl ?? undefined });
const byPath = new Map(files.map((f) => [f.path, f.content]));

/** A manifest as JSON: its comment header dropped, the rest read by the subset reader. */
// biome-ignore lint/suspicious/noExplicitAny: the tests walk Kubernetes paths; a wrong path fails its assertion
function manifest(path: string): any {
  const text = byPath.get(path);
  if (text === undefined) throw new Error(`no ${path} in the export`);
  return readYaml(text.replace(/^(#.*\n)+/, ''));
}

const MANIFESTS = files.filter((f) => f.path.endsWith('.yaml')).map((f) => f.path);
const PYTHON = '/usr/bin/python3';
const hasPyYaml = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import yaml'], { timeout: 10_000 }).status === 0;

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) await rm(dir, { recursive: true, force: true });
});

describe('conformance load export --kubernetes', () => {
  it('writes a ConfigMap, the master Job and Service, the worker Job, two Secret shapes and a README', () => {
    expect(files.map((f) => f.path).sort()).toEqual([
      'README.txt',
      'locustfile-configmap.yaml',
      'master-job.yaml',
      'master-service.yaml',
      'secrets/env-secret.yaml',
      'secrets/locust-keys-secret.yaml',
      'worker-job.yaml',
    ]);
    expect(MANIFESTS.map((p) => [p, manifest(p).kind, manifest(p).metadata.name])).toEqual([
      ['locustfile-configmap.yaml', 'ConfigMap', NAMES.configMap],
      ['master-service.yaml', 'Service', NAMES.service],
      ['master-job.yaml', 'Job', NAMES.masterJob],
      ['worker-job.yaml', 'Job', NAMES.workerJob],
      ['secrets/locust-keys-secret.yaml', 'Secret', NAMES.keysSecret],
      ['secrets/env-secret.yaml', 'Secret', NAMES.envSecret],
    ]);
  });

  it('holds the current locustfile in the ConfigMap, with its version', () => {
    const cm = manifest('locustfile-configmap.yaml');
    expect(cm.data['locustfile.py']).toBe(LOCUSTFILE);
    expect(cm.metadata.annotations['conformance/locustfile-version']).toBe(locustfileVersion(LOCUSTFILE));
    expect(locustfileVersion(LOCUSTFILE)).toMatch(/^\S+$/);
  });

  it('puts the master on port 5557 behind the Service, running the harness with external workers', () => {
    const service = manifest('master-service.yaml');
    expect(service.spec.ports).toEqual([{ name: 'locust', protocol: 'TCP', port: 5557, targetPort: 5557 }]);
    const job = manifest('master-job.yaml');
    const pod = job.spec.template.spec;
    expect(service.spec.selector).toEqual(job.spec.template.metadata.labels);
    expect(pod.containers[0].command).toEqual([
      'conformance',
      'load',
      '--engine=locust',
      '--external-workers',
      '--workers',
      '7',
      '--master-bind',
      '0.0.0.0',
      '--master-host',
      NAMES.service,
      '--master-port',
      '5557',
    ]);
    expect(pod.containers[0].ports[0].containerPort).toBe(5557);
    expect(pod.containers[0].image).toBe(IMAGE_PLACEHOLDER);
    expect(pod.containers[0].env).toContainEqual({ name: 'CONFORMANCE_TARGET_URL', value: 'https://api.example.com/api/v1' });
    expect(pod.containers[0].envFrom).toEqual([{ secretRef: { name: NAMES.envSecret } }]);
    expect(job.spec.backoffLimit).toBe(0);
    expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
  });

  it('runs --workers workers, each with the locustfile and the keys Secret mounted as a file', () => {
    const job = manifest('worker-job.yaml');
    expect(job.spec.parallelism).toBe(7);
    expect(job.spec.completions).toBe(7);
    expect(job.spec.activeDeadlineSeconds).toBeGreaterThan(0);
    const pod = job.spec.template.spec;
    const [worker] = pod.containers;
    expect(worker.command).toEqual([
      'python3',
      '-m',
      'locust',
      '-f',
      '/etc/conformance-locust/locustfile.py',
      '--worker',
      '--master-host',
      NAMES.service,
      '--master-port',
      '5557',
    ]);
    expect(worker.env).toEqual([{ name: KEYS_FILE_ENV, value: '/etc/conformance-locust-keys/keys.json' }]);
    expect(worker.volumeMounts).toEqual([
      { name: 'locustfile', mountPath: '/etc/conformance-locust', readOnly: true },
      { name: 'keys', mountPath: '/etc/conformance-locust-keys', readOnly: true },
    ]);
    expect(pod.volumes).toEqual([
      { name: 'locustfile', configMap: { name: NAMES.configMap } },
      { name: 'keys', secret: { secretName: NAMES.keysSecret, defaultMode: 0o400 } },
    ]);
  });

  it('writes no key of the configuration anywhere, and says how to create the Secrets', () => {
    const keys = [...engineKeys(config), ...Object.values(config.keys).filter((k): k is string => k !== undefined)];
    expect(new Set(keys).size).toBe(5);
    for (const { path, content } of files) for (const key of keys) expect(content, path).not.toContain(key);
    expect(manifest('secrets/locust-keys-secret.yaml').stringData['keys.json']).toMatch(/^REPLACE/);
    const readme = byPath.get('README.txt')!;
    expect(readme).toContain(`kubectl create secret generic ${NAMES.keysSecret} --from-file=keys.json=keys.json`);
    expect(readme).toContain('npx conformance load keys-file keys.json');
    expect(readme).toContain('not exercised');
  });

  it("without --image, runs the project's image of the package version and says how to push it", () => {
    const own = kubernetesExport({ locust: { workers: 1, masterPort: 6000 }, locustfile: LOCUSTFILE, packageVersion: '9.8.7' });
    for (const path of ['master-job.yaml', 'worker-job.yaml']) {
      // biome-ignore lint/suspicious/noExplicitAny: as manifest() above
      const job = readYaml(own.find((f) => f.path === path)!.content.replace(/^(#.*\n)+/, '')) as any;
      expect(job.spec.template.spec.containers[0].image, path).toBe('work-management-conformance:9.8.7');
    }
    const readme = own.find((f) => f.path === 'README.txt')!.content;
    expect(readme).toContain('npm run image');
    expect(readme).toContain('podman push REGISTRY/work-management-conformance:9.8.7');
    expect(readme).not.toContain(IMAGE_PLACEHOLDER);
  });

  it('uses the given image and a placeholder target when none is configured', () => {
    const other = kubernetesExport({ locust: { workers: 1, masterPort: 6000 }, locustfile: LOCUSTFILE, image: 'registry.internal/conformance:1' });
    // biome-ignore lint/suspicious/noExplicitAny: as manifest() above
    const job = readYaml(other.find((f) => f.path === 'master-job.yaml')!.content.replace(/^(#.*\n)+/, '')) as any;
    expect(job.spec.template.spec.containers[0].image).toBe('registry.internal/conformance:1');
    expect(job.spec.template.spec.containers[0].env[0]).toEqual({ name: 'CONFORMANCE_TARGET_URL', value: TARGET_PLACEHOLDER });
    expect(other.find((f) => f.path === 'README.txt')!.content).not.toContain('REPLACE-ME.example/conformance-locust');
  });

  it('carries the image digest, when known, as an annotation of both pods and in README.txt, not in the image reference', () => {
    const digest = `sha256:${'ab'.repeat(32)}`;
    const files = kubernetesExport({ locust: { workers: 2, masterPort: 5557 }, locustfile: LOCUSTFILE, packageVersion: '9.8.7', imageDigest: digest });
    for (const path of ['master-job.yaml', 'worker-job.yaml']) {
      // biome-ignore lint/suspicious/noExplicitAny: as manifest() above
      const job = readYaml(files.find((f) => f.path === path)!.content.replace(/^(#.*\n)+/, '')) as any;
      expect(job.spec.template.metadata.annotations, path).toEqual({ [IMAGE_DIGEST_ANNOTATION]: digest });
      expect(job.spec.template.spec.containers[0].image, path).toBe('work-management-conformance:9.8.7');
    }
    expect(files.find((f) => f.path === 'README.txt')!.content).toContain(`digest ${digest}`);
    // Without it, no annotation and no digest line.
    const plain = kubernetesExport({ locust: { workers: 2, masterPort: 5557 }, locustfile: LOCUSTFILE, packageVersion: '9.8.7' });
    // biome-ignore lint/suspicious/noExplicitAny: as manifest() above
    const job = readYaml(plain.find((f) => f.path === 'master-job.yaml')!.content.replace(/^(#.*\n)+/, '')) as any;
    expect(job.spec.template.metadata.annotations).toBeUndefined();
    expect(plain.find((f) => f.path === 'README.txt')!.content).not.toContain('sha256:');
  });

  it.skipIf(!hasPyYaml)('is valid YAML to PyYAML too, read the same (skipped where /usr/bin/python3 has no yaml module)', () => {
    for (const path of MANIFESTS) {
      const out = spawnSync(PYTHON, ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))'], {
        input: byPath.get(path),
        encoding: 'utf8',
        timeout: 10_000,
      });
      expect(out.stderr, path).toBe('');
      expect(JSON.parse(out.stdout), path).toEqual(manifest(path));
    }
  });

  it('writes the files into the directory, secrets/ included', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'conformance-k8s-'));
    dirs.push(dir);
    const written = await writeKubernetesExport(join(dir, 'out'), files);
    expect(written).toHaveLength(files.length);
    expect(await readFile(join(dir, 'out', 'secrets', 'env-secret.yaml'), 'utf8')).toBe(byPath.get('secrets/env-secret.yaml'));
  });
});
