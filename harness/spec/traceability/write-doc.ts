import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { traceabilityDoc } from './doc.js';
import { TRACE } from './map.js';
import { specUnits } from './units.js';

/** Writes docs/traceability.md from the map (the self-test compares it). */
const root = fileURLToPath(new URL('../../../', import.meta.url));
const units = specUnits(readFileSync(`${root}spec/work-management-api-v1.md`, 'utf8'));
writeFileSync(`${root}docs/traceability.md`, traceabilityDoc(units, TRACE));
process.stdout.write(`wrote ${root}docs/traceability.md (${units.length} units)\n`);
