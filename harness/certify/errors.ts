import { HarnessError } from '../errors.js';

/*
 * Errors of certification bundles. Each carries a stable code; the CLI maps them to
 * one readable line. `conformance verify` turns BundleUnreadableError into exit 2.
 */

/** product.json is missing, not JSON, or a field is missing or malformed (exit 2 in certify). */
export class ProductError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('PRODUCT_INVALID', message, options);
  }
}

/** A MANIFEST.sha256 line is not `<64 hex>  <name>`, or names a file twice. */
export class ManifestError extends HarnessError {
  constructor(message: string) {
    super('MANIFEST_INVALID', message);
  }
}

/** A key is not an Ed25519 key in PEM, or a SIGNATURE file is malformed. */
export class SignatureError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('SIGNATURE_INVALID', message, options);
  }
}

/** A .tar.gz is not gzip, not ustar, too large, or holds an entry the reader refuses. */
export class TarError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('TAR_INVALID', message, options);
  }
}

/** writeBundle was refused (the directory is not empty, a file name is not plain). */
export class BundleError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('BUNDLE_WRITE_FAILED', message, options);
  }
}

/** The path is not a bundle (no such path, neither a directory nor a .tar.gz, a bad archive). */
export class BundleUnreadableError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('BUNDLE_UNREADABLE', message, options);
  }
}
