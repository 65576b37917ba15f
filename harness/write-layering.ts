import { readFile, writeFile } from 'node:fs/promises';
import { UsageError } from './errors.js';
import { layeringDocs, withBlock } from './layering.js';
import { packageFile } from './package-root.js';

/*
 * Entry point of `npx tsx harness/write-layering.ts`: rewrites the "Imports:" blocks of the
 * folder READMEs and the import rules of docs/architecture.md from the layering table
 * (harness/layering.ts), and says which files changed. `layering.test.ts` fails when one is stale.
 */

for (const { path, block } of layeringDocs()) {
  const url = packageFile(path);
  const current = await readFile(url, 'utf8');
  const next = withBlock(current, block);
  if (next === undefined) {
    throw new UsageError(`${path} has no imports:begin/imports:end markers: add them where its "Imports:" line goes`);
  }
  if (next === current) continue;
  await writeFile(url, next);
  process.stdout.write(`wrote ${path}\n`);
}
