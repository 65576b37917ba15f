import { UsageError } from '../errors.js';
import { readFile, writeFile } from 'node:fs/promises';
import { REQUIREMENTS } from '../spec/requirements.js';
import { renderRequirementSuites, requirementSuitesOf } from './requirement-suites-text.js';

/*
 * Entry point: rewrites requirement-suites.ts from the report.json of a full, unnarrowed run
 * (`npx tsx harness/config/write-requirement-suites.ts reports/latest/report.json`).
 */

const path = process.argv[2];
if (path === undefined) throw new UsageError('usage: write-requirement-suites.ts <report.json of a full run>');
const report = JSON.parse(await readFile(path, 'utf8')) as { checks: { requirementId: string; domain: string }[] };
const table = requirementSuitesOf(report.checks, Object.keys(REQUIREMENTS));
const unchecked = [...table].filter(([, suites]) => suites.length === 0).map(([id]) => id);
if (unchecked.length > 0) throw new UsageError(`${path}: no check of ${unchecked.join(', ')}; give the report of a full, unnarrowed run`);
await writeFile(new URL('./requirement-suites.ts', import.meta.url), renderRequirementSuites(table));
process.stdout.write('wrote harness/config/requirement-suites.ts\n');
