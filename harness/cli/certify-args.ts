import { DOTENV_OPTIONS } from './args.js';
import type { CommandSyntax } from './parse.js';

/*
 * The options of `certify`, `verify` and `keygen` (their flows are in certify.ts): adding one is
 * a line here, with its help. Every command takes --dotenv and --no-dotenv; verify and keygen read
 * no configuration and ignore them.
 */

export const CERTIFY_SYNTAX: CommandSyntax = {
  command: 'certify',
  options: {
    '--product': { kind: 'value', needs: 'a path', meta: 'FILE', help: ['product.json: vendor, product, version, targetUrl, contact (required)'] },
    '--private-key': { kind: 'value', needs: 'a path', meta: 'FILE', help: ['Sign the bundle with this Ed25519 key (conformance keygen makes one)'] },
    '--passphrase-env': { kind: 'value', needs: 'a variable name', meta: 'VAR', help: ["The variable holding the private key's passphrase"] },
    '--out': { kind: 'value', needs: 'a directory', meta: 'DIR', help: ['Where to write the bundle (default <report dir>/certification-<run id>)'] },
    ...DOTENV_OPTIONS,
  },
};

// The bundle is the one argument; a count other than one gets the line that says so.
export const VERIFY_SYNTAX: CommandSyntax = {
  command: 'verify',
  options: {
    '--public-key': { kind: 'value', needs: 'a path', meta: 'FILE', help: ["The signer's public key (PEM); without it the signature is not checked"] },
    ...DOTENV_OPTIONS,
  },
  positionals: Number.POSITIVE_INFINITY,
};

export const KEYGEN_SYNTAX: CommandSyntax = {
  command: 'keygen',
  options: {
    '--out': { kind: 'value', needs: 'a path prefix', meta: 'PREFIX', help: ['Where to write (default ./conformance-signing)'] },
    '--force': { kind: 'switch', help: ['Overwrite an existing pair'] },
    ...DOTENV_OPTIONS,
  },
};
