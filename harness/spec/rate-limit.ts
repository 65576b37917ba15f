/**
 * Spec 8 and 5.6: a key without a custom limit may send 60 requests a minute. Declared once here;
 * the checks, the doctor, the preflight and the load harness read them from this file. (The
 * reference server declares its own, as an independent witness.)
 */
export const SPEC_DEFAULT_LIMIT = 60;

/** The window the per-minute limit counts over, in milliseconds. */
export const SPEC_WINDOW_MS = 60_000;
