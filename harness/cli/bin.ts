import { main } from './main.js';

// Entry point only: vitest sets process.exitCode on failures, so the CLI sets its own last.
const code = await main(process.argv.slice(2));
process.exitCode = code;
setImmediate(() => process.exit(code));
