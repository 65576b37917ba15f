import { DOTENV_OPTIONS } from './args.js';
import type { CommandSyntax } from './parse.js';

/** The options of `conformance openapi` (openapi.ts); --dotenv and --no-dotenv are every command's, and change nothing here: the document depends on no variable. */
export const OPENAPI_SYNTAX: CommandSyntax = {
  command: 'openapi',
  options: {
    '--out': { kind: 'value', needs: 'a file name', meta: 'FILE', help: ['Write it to FILE (default: standard output)'] },
    '--format': { kind: 'value', needs: 'yaml or json', meta: 'yaml|json', help: ['The format (default: yaml for a FILE ending in .yaml or .yml, else json)'] },
    ...DOTENV_OPTIONS,
  },
};
