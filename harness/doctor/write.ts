import { mkdir, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Redactor } from '../http/redact.js';
import { redactDeep } from '../report/files.js';
import type { DoctorReport } from './model.js';

/** Writes `<report dir>/doctor.json`, every string through the redactor; answers the path. */
export async function writeDoctorReport(report: DoctorReport, dir: string, redactor: Redactor): Promise<string> {
  const path = resolve(dir, 'doctor.json');
  await mkdir(resolve(dir), { recursive: true });
  await writeFile(path, `${JSON.stringify(redactDeep(report, redactor), null, 2)}\n`);
  return path;
}
