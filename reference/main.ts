/**
 * Entry point of `npm run reference` (reference/command.ts does the work): errors become one
 * line on stderr, exit 2.
 */
import { referenceErrorLine, runReference } from './command.js';

runReference(process.argv.slice(2), process.env, { stdout: process.stdout, stderr: process.stderr, program: 'npm run reference --' }).then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${referenceErrorLine(error)}\n`);
    process.exit(2);
  },
);
