import { readFile, writeFile } from 'node:fs/promises';
import { GENERATED_FILES } from './generated.js';

/*
 * Entry point of `npm run settings`: rewrites .env.example and the settings tables of the docs
 * from harness/config/settings.ts, and says which files changed.
 */

const root = new URL('../../', import.meta.url);
for (const file of GENERATED_FILES) {
  const url = new URL(file.path, root);
  const current = await readFile(url, 'utf8');
  const next = file.render(current);
  if (next === current) continue;
  await writeFile(url, next);
  process.stdout.write(`wrote ${file.path}\n`);
}
