import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Redactor } from '../http/redact.js';
import { loadReportSchema } from './model.js';
import { sampleLoadReport } from './testing/sample-report.js';
import { writeLoadReport } from './write.js';

const KEY = 'wmk_3be3b5804692ebe4e955884c7b5d1661';
let dir: string | undefined;

afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('writeLoadReport', () => {
  it('writes load.json, load.html and junit.xml to load-<run id>/ and a copy to latest-load/', async () => {
    dir = await mkdtemp(join(tmpdir(), 'load-write-'));
    const report = sampleLoadReport();
    const written = await writeLoadReport(report, dir, new Redactor([KEY]));
    expect(written.runDir).toBe(join(dir, `load-${report.runId}`));
    expect((await readdir(written.runDir)).sort()).toEqual(['junit.xml', 'load.html', 'load.json']);
    expect((await readdir(join(dir, 'latest-load'))).sort()).toEqual(['junit.xml', 'load.html', 'load.json']);
    const json = JSON.parse(await readFile(join(dir, 'latest-load', 'load.json'), 'utf8')) as unknown;
    expect(loadReportSchema.parse(json)).toEqual(report);
  });

  it('never writes a key, even one that slipped into a message', async () => {
    dir = await mkdtemp(join(tmpdir(), 'load-write-'));
    const report = sampleLoadReport();
    const leaky = { ...report, scenarios: report.scenarios.map((s) => ({ ...s, message: `refused key ${KEY}` })) };
    const written = await writeLoadReport(leaky, dir, new Redactor([KEY]));
    for (const file of written.files) {
      const text = await readFile(file, 'utf8');
      expect(text).not.toContain(KEY);
      expect(text).toContain('wmk_****');
    }
  });

  it('refuses to write a report that does not match the model', async () => {
    dir = await mkdtemp(join(tmpdir(), 'load-write-'));
    const bad = { ...sampleLoadReport(), exitCode: 7 } as unknown as ReturnType<typeof sampleLoadReport>;
    await expect(writeLoadReport(bad, dir, new Redactor([]))).rejects.toThrow();
  });
});
