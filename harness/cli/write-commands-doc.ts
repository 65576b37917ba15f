import { readFile, writeFile } from 'node:fs/promises';
import { packageFile } from '../package-root.js';
import { COMMANDS_DOC_BEGIN, COMMANDS_DOC_END, renderCommandsDoc } from './commands-doc.js';

// `npx tsx harness/cli/write-commands-doc.ts`: the command table of docs/commands.md, from harness/cli/commands.ts.
const path = packageFile('docs/commands.md');
const doc = await readFile(path, 'utf8');
const begin = doc.indexOf(COMMANDS_DOC_BEGIN);
const end = doc.indexOf(COMMANDS_DOC_END);
const block = await renderCommandsDoc();
const next = begin === -1 || end === -1 ? `${doc.trimEnd()}\n\n${block}\n` : doc.slice(0, begin) + block + doc.slice(end + COMMANDS_DOC_END.length);
await writeFile(path, next);
process.stdout.write(`wrote ${path.pathname}\n`);
