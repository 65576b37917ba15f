import type { StopKind } from './http/health.js';
import type { ExchangeRecord, Report } from './report/model.js';
import type { WrittenReport } from './report/write.js';

/**
 * Every code an error of the harness can carry, as users see it: the CLI's one line starts with it
 * (`conformance: CONFIG_INVALID: ...`), report.json and load.json name it where a run or a scenario
 * stopped, and docs/why-did-my-run-stop.md has a row for each (a test keeps the two in step).
 * A code never changes meaning: scripts match on it, never on the message.
 */
export const ERROR_CODES = [
  'CONFIG_INVALID',
  'TARGET_UNREACHABLE',
  'TARGET_REFUSED',
  'EMBEDDED_SERVER_FAILED',
  'PREFLIGHT_FAILED',
  'TARGET_UNHEALTHY',
  'THROTTLE_BUDGET_SPENT',
  'RUN_DEADLINE',
  'RUN_INTERRUPTED',
  'REQUEST_FAILED',
  'RESPONSE_TOO_LARGE',
  'THROTTLED',
  'CHECK_FAILED',
  'SINK_FAILED',
  'USAGE',
  'PRODUCT_INVALID',
  'MANIFEST_INVALID',
  'SIGNATURE_INVALID',
  'TAR_INVALID',
  'BUNDLE_WRITE_FAILED',
  'BUNDLE_UNREADABLE',
  'INIT_STOPPED',
  'DOCTOR_STOPPED',
  'LOAD_STOPPED',
  'LOCUST_UNAVAILABLE',
  'LOCUST_START_FAILED',
  'LOCUST_JOB_FAILED',
  'LOCUST_RESULT_INVALID',
  'LOAD_JOB_KEY',
  'LOAD_ENGINE_KEY_MISSING',
  'LOAD_HISTOGRAM_FORMAT',
  'LOCUST_NETWORK',
  'LOAD_TALLY_MERGE',
  'INTERNAL',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

/**
 * Every error the harness raises on purpose is a `HarnessError` with a stable `code`.
 * The CLI maps them to one readable line and an exit code; anything else is a crash.
 */
export class HarnessError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = new.target.name;
    this.code = code;
  }
}

/**
 * The one line a user sees for an expected problem: the message, then its code in brackets, the
 * key to its row in docs/why-did-my-run-stop.md. At the end, so the line still begins with what it
 * names (`CONFORMANCE_SEED: expected ...`) and the code does not stand between the reader and it.
 */
export function errorLine(error: HarnessError): string {
  return `${error.message} [${error.code}]`;
}

/**
 * Something the harness's own code promised cannot happen did (a helper called outside its
 * contract, shared memory of the wrong size): a bug of the harness, never the target's doing
 * nor the configuration's. One code for all of them: the message says which.
 */
export class InternalError extends HarnessError {
  constructor(message: string) {
    super('INTERNAL', message);
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

/**
 * The target answered, but refused a request the harness needs to go on, one a conformant server
 * accepts (the load run's `POST /contacts` for the record its get steps read): the target's doing,
 * reported as its failure with the status it answered, never as a broken harness.
 */
export class TargetRefusedError extends HarnessError {
  /** The status the target answered. */
  readonly status: number;
  constructor(message: string, status: number) {
    super('TARGET_REFUSED', message);
    this.status = status;
  }
}

/** The embedded reference server could not start. */
export class EmbeddedServerError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('EMBEDDED_SERVER_FAILED', message, options);
  }
}

// The doctor before a run

/** The doctor found a problem that would make the run meaningless (exit 2, before anything ran). */
export class PreflightError extends HarnessError {
  constructor(message: string) {
    super('PREFLIGHT_FAILED', message);
  }
}

// The runner

/**
 * A run that reached the target but stopped before any check ran (the preflight found a
 * certainty that makes the run meaningless, the keys' limits would hold it for hours, ...)
 * still leaves every report file: a report in which nothing was verified, saying why. Its
 * verdict can never be conformant (every MUST requirement is unverified), and the error that
 * stopped the run keeps its exit code: the CLI still exits 2 for a configuration stop.
 */
export class StoppedBeforeChecksError extends HarnessError {
  /** Where the report of the stopped run was written. */
  readonly written: WrittenReport;
  readonly report: Report;

  constructor(cause: HarnessError, report: Report, written: WrittenReport) {
    super(cause.code, cause.message, { cause });
    this.report = report;
    this.written = written;
  }
}

// A run that stopped

/** A request the run refused to send because it stopped (breaker or deadline). */
const STOP_CODES = {
  breaker: 'TARGET_UNHEALTHY',
  throttled: 'THROTTLE_BUDGET_SPENT',
  deadline: 'RUN_DEADLINE',
  interrupted: 'RUN_INTERRUPTED',
} as const satisfies Record<StopKind, ErrorCode>;

/** The code of a run stopped this way: report.json's `stoppedBy.code`, the CLI's line. */
export function stopCode(kind: StopKind): ErrorCode {
  return STOP_CODES[kind];
}

export class RunStoppedError extends HarnessError {
  readonly kind: StopKind;
  /** Why the run stopped, without the "not run:" prefix. */
  readonly reason: string;
  constructor(kind: StopKind, reason: string) {
    super(STOP_CODES[kind], `not run: ${reason}`);
    this.kind = kind;
    this.reason = reason;
  }
}

// Requests to the target

/** The request could not be sent or got no answer in time (a harness-side error, not a verdict). */
export class RequestFailedError extends HarnessError {
  /** `no-answer`: the target's doing (timeout, reset, refused); `stopped`: the check's own signal ended it. */
  readonly reason: 'no-answer' | 'stopped';
  constructor(message: string, options?: ErrorOptions & { reason?: 'no-answer' | 'stopped' }) {
    super('REQUEST_FAILED', message, options);
    this.reason = options?.reason ?? 'no-answer';
  }
}

/**
 * The target answered with a body larger than the read bound: the exchange ended there,
 * so nothing about the body can be judged. Carries the status, headers and a redacted excerpt.
 */
export class ResponseTooLargeError extends HarnessError {
  readonly exchange: ExchangeRecord;
  constructor(message: string, exchange: ExchangeRecord) {
    super('RESPONSE_TOO_LARGE', message);
    this.exchange = exchange;
  }
}

/** A functional check stayed throttled after every allowed wait: not the check's failure. */
export class ThrottledError extends HarnessError {
  constructor(message: string) {
    super('THROTTLED', message);
  }
}

// The webhook sink

/** The sink could not listen, or a receiving URL could not be made. */
export class SinkError extends HarnessError {
  constructor(message: string, options?: ErrorOptions) {
    super('SINK_FAILED', message, options);
  }
}

// The command line

/** A command line the CLI cannot act on: an unknown command or option, a missing value (exit 2, one line). */
export class UsageError extends HarnessError {
  constructor(message: string) {
    super('USAGE', message);
  }
}

// Certification bundles (`conformance verify` turns BundleUnreadableError into exit 2)

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

/**
 * `conformance doctor` stopped by SIGINT or SIGTERM: the reason of its stop (no new request
 * goes out, what it created is deleted, doctor.json says `stoppedBy`), then exit 130 or 143.
 */
export class DoctorStoppedError extends HarnessError {
  readonly signal: 'SIGINT' | 'SIGTERM';
  constructor(signal: 'SIGINT' | 'SIGTERM') {
    super('DOCTOR_STOPPED', `stopped by ${signal}: the items after this were not checked`);
    this.signal = signal;
  }
}

/** A problem `conformance init` reports in one line, with its exit code (2, or 130 when cancelled). */
export class InitStoppedError extends HarnessError {
  readonly exitCode: number;
  constructor(message: string, exitCode = 2) {
    super('INIT_STOPPED', message);
    this.exitCode = exitCode;
  }
}

// The load harness

/** A load scenario's wait ended because the scenario was stopped (its bound, or the user). */
export class LoadStoppedError extends HarnessError {
  constructor() {
    super('LOAD_STOPPED', 'stopped');
  }
}

// The Locust engine

/** Python or Locust is not installed where the engine looks (one line naming the fix). */
export class LocustUnavailableError extends HarnessError {
  constructor(message: string) {
    super('LOCUST_UNAVAILABLE', message);
  }
}

/** The Locust master or its workers did not come up (a process exited, or the workers did not all connect in time). */
export class LocustStartError extends HarnessError {
  constructor(message: string) {
    super('LOCUST_START_FAILED', message);
  }
}

/** A job sent to Locust failed, or gave no result within its bound. */
export class LocustJobError extends HarnessError {
  constructor(message: string) {
    super('LOCUST_JOB_FAILED', message);
  }
}

/** The master's result file is missing, not JSON, or not a LocustResult of this locustfile's version. */
export class LocustResultError extends HarnessError {
  constructor(message: string) {
    super('LOCUST_RESULT_INVALID', message);
  }
}

/* The load engines (harness/load/): tallies, jobs and the Locust engine behind the one interface. */

/** A job that names a key the engine's key list does not hold: a harness bug, never the target's. */
export class JobKeyError extends HarnessError {
  constructor(index: number, count: number) {
    super('LOAD_JOB_KEY', `the job names key ${index}; the engine holds ${count} keys`);
  }
}

/** A scenario's key that is not in the engine's key list (locust/paths.ts engineKeys): a harness bug. */
export class EngineKeyMissingError extends HarnessError {
  constructor() {
    super('LOAD_ENGINE_KEY_MISSING', "a scenario's key is missing from the engine's key list");
  }
}

/** A sparse histogram (from another engine's result) that does not fit this one's buckets. */
export class HistogramFormatError extends HarnessError {
  constructor(message: string) {
    super('LOAD_HISTOGRAM_FORMAT', message);
  }
}

/** The Locust workers send straight to the target: they know neither the run's CA file nor its proxy. */
export class LocustNetworkError extends HarnessError {
  constructor(what: string) {
    super(
      'LOCUST_NETWORK',
      `the Locust engine cannot send through ${what}: its workers connect to the target directly; use --engine=node, or make the target reachable directly`,
    );
  }
}

/** Tallies that cannot be one key's: different keys or bucket widths. */
export class TallyMergeError extends HarnessError {
  constructor(message: string) {
    super('LOAD_TALLY_MERGE', message);
  }
}
