import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { auditDoc } from './doc.js';
import { AUDIT } from './index.js';

/** Writes docs/audit.md from harness/spec/audit/ (the self-test compares it). */
const root = fileURLToPath(new URL('../../../', import.meta.url));
writeFileSync(`${root}docs/audit.md`, auditDoc(AUDIT));
process.stdout.write(`wrote ${root}docs/audit.md\n`);
