/**
 * Every error the harness raises on purpose is a `HarnessError` with a stable `code`.
 * The CLI maps them to one readable line and an exit code; anything else is a crash.
 */
export class HarnessError extends Error {
  readonly code: string;
  constructor(code: string, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/** A variable is missing or malformed (exit 2). */
export class ConfigError extends HarnessError {
  constructor(message: string) {
    super('CONFIG_INVALID', message);
  }
}

/** The target cannot be reached or refuses the configured admin key (exit 2). */
export class TargetUnreachableError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('TARGET_UNREACHABLE', message, options);
  }
}

/** The embedded reference server could not start. */
export class EmbeddedServerError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('EMBEDDED_SERVER_FAILED', message, options);
  }
}
