/**
 * Base class of every error the reference server raises outside an HTTP exchange
 * (bad seed, unknown fault, bad CLI flag). Each carries a stable `code` so that the
 * entry point can map it to one readable line and an exit code.
 */
export class ReferenceServerError extends Error {
  readonly code: string;

  constructor(code: string, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}
