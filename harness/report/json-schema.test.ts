import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { REPORT_JSON_SCHEMA } from './json-schema.js';
import { reportSchema, type Report } from './model.js';
import { sampleReport } from './testing/sample-report.js';

/** The published schema as a reader of report.json validates against it. */
function publishedValidator() {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats.default(ajv);
  return ajv.compile(JSON.parse(readFileSync(REPORT_JSON_SCHEMA.path, 'utf8')) as object);
}

function withDeclaredAt(declaredAt: unknown): Report {
  const report = sampleReport();
  (report.checks[0] as { declaredAt?: unknown }).declaredAt = declaredAt;
  return report;
}

describe('where a check is declared, in report.json', () => {
  const validate = publishedValidator();

  it('is accepted by the model and the published schema: the suite line, then the helper line', () => {
    const report = withDeclaredAt([
      { file: 'suites/contacts.test.ts', line: 40 },
      { file: 'harness/crosscutting/validation.ts', line: 48 },
    ]);
    expect(reportSchema.safeParse(report).success).toBe(true);
    expect(validate(JSON.parse(JSON.stringify(report))), JSON.stringify(validate.errors)).toBe(true);
  });

  it('is optional, and refused as a bare string, an empty list or a line 0', () => {
    expect(validate(JSON.parse(JSON.stringify(sampleReport())))).toBe(true);
    for (const bad of ['suites/contacts.test.ts:40', [], [{ file: 'suites/contacts.test.ts', line: 0 }]]) {
      expect(reportSchema.safeParse(withDeclaredAt(bad)).success, JSON.stringify(bad)).toBe(false);
      expect(validate(JSON.parse(JSON.stringify(withDeclaredAt(bad)))), JSON.stringify(bad)).toBe(false);
    }
  });
});
