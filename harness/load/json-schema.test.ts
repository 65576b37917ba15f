import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../http/redact.js';
import { LOAD_JSON_SCHEMA } from './json-schema.js';
import { sampleLoadReport } from './testing/sample-report.js';
import { writeLoadReport } from './write.js';

let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function committedSchema(): Promise<object> {
  return JSON.parse(await readFile(LOAD_JSON_SCHEMA.path, 'utf8')) as object;
}

describe('the published load report schema', () => {
  it('is the one generated from the load model (run npm run schema after changing model.ts)', async () => {
    expect(await committedSchema()).toEqual(LOAD_JSON_SCHEMA.jsonSchema());
  });

  it('accepts the load.json the writer writes, and refuses one with an unknown status', async () => {
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats.default(ajv);
    const validate = ajv.compile(await committedSchema());
    dir = await mkdtemp(join(tmpdir(), 'load-schema-'));
    await writeLoadReport(sampleLoadReport(), dir, new Redactor([]));
    const written = JSON.parse(await readFile(join(dir, 'latest-load', 'load.json'), 'utf8')) as Record<string, unknown>;
    expect(validate(written), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...written, status: 'fine' })).toBe(false);
  });
});
