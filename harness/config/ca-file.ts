import { readFileSync } from 'node:fs';
import { ConfigError } from '../errors.js';

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/** The certificates of a PEM file, or a ConfigError that names the setting and the fix. */
export function readCaFile(path: string, setting = 'CONFORMANCE_CA_FILE'): string[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (cause) {
    const why = (cause as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (cause as Error).message;
    throw new ConfigError(`${setting}: ${path}: ${why}; name the PEM file of the CA that signed the target's certificate`);
  }
  const certificates = text.match(PEM_CERTIFICATE) ?? [];
  if (certificates.length === 0) {
    throw new ConfigError(
      `${setting}: ${path}: no PEM certificate in it (expected "-----BEGIN CERTIFICATE-----"); ` +
        'convert a DER file with `openssl x509 -inform der -in ca.der -out ca.pem`',
    );
  }
  return certificates;
}
