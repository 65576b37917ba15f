import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { toYaml, type YamlValue } from './yaml.js';

const SAMPLE: YamlValue = {
  apiVersion: 'v1',
  kind: 'ConfigMap',
  metadata: { name: 'x', labels: { 'app.kubernetes.io/name': 'conformance' }, 'odd key: yes': 'v', yes: 'key', '0755': 'key' },
  data: {
    'locustfile.py': 'import os\n\nclass A:\n    x = "y: z"  # comment\n\tz = 1\n',
    noNewline: 'a\nb',
    spacesFirst: '  indented first\nline',
    trailingBlanks: 'a\n\n',
    carriage: 'a\r\nb\n',
  },
  ambiguous: ['5557', 'yes', 'null', 'true', '', '- dash', '#hash', "it's"],
  numbers: [5557, 0, -1, 2.5],
  flags: [true, false, null],
  empty: { list: [], map: {} },
  nested: [{ name: 'a', ports: [{ containerPort: 5557 }], command: ['python3', '-m', 'locust'] }, [1, [2]], 'tail\ntext\n'],
};

/** Debian's python3 ships PyYAML here: a second, independent reader of the same text. */
const PYTHON = '/usr/bin/python3';
const hasPyYaml = existsSync(PYTHON) && spawnSync(PYTHON, ['-c', 'import yaml'], { timeout: 10_000 }).status === 0;

describe('toYaml', () => {
  it('reads back exactly what it wrote, as YAML 1.2 and as YAML 1.1', () => {
    expect(parse(toYaml(SAMPLE))).toEqual(SAMPLE);
    // Readers on YAML 1.1 (PyYAML, older kubectl) take `yes` or `on` as booleans: quoting keeps them strings.
    expect(parse(toYaml(SAMPLE), { version: '1.1' })).toEqual(SAMPLE);
    expect(parse(toYaml({ yes: 'on', on: ['off'] }), { version: '1.1' })).toEqual({ yes: 'on', on: ['off'] });
  });

  it('quotes every string and writes a clean text as a literal block', () => {
    const text = toYaml(SAMPLE);
    expect(text).toContain('  locustfile.py: |\n    import os\n\n    class A:\n        x = "y: z"  # comment\n    \tz = 1\n');
    expect(text).toContain('  noNewline: |-\n    a\n    b\n');
    expect(text).toContain('  carriage: "a\\r\\nb\\n"\n');
    expect(text).toContain('  - "5557"\n  - "yes"\n');
    expect(text).toContain('  "odd key: yes": "v"\n');
    expect(text).toContain('- name: "a"\n    ports:\n      - containerPort: 5557\n');
  });

  it.skipIf(!hasPyYaml)('is read the same by PyYAML (skipped where /usr/bin/python3 has no yaml module)', () => {
    const out = spawnSync(PYTHON, ['-c', 'import json, sys, yaml; print(json.dumps(yaml.safe_load(sys.stdin.read())))'], {
      input: toYaml(SAMPLE),
      encoding: 'utf8',
      timeout: 10_000,
    });
    expect(out.stderr).toBe('');
    expect(JSON.parse(out.stdout)).toEqual(SAMPLE);
  });

  it('refuses what it cannot write', () => {
    expect(() => toYaml('top')).toThrow(/non-empty mapping or sequence/);
    expect(() => toYaml({ n: Number.NaN })).toThrow(/finite/);
  });
});
