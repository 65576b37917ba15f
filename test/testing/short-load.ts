/**
 * `conformance load` shortened for self-tests against the embedded reference: a 4 s rate window
 * instead of a minute (self-test only), a 3 s sustained run, 1 s throughput steps at 1 and 4
 * connections, at most 50 creates a step, and a fresh-window wait with room for a window's
 * moment and a full window after the last probe (2 × 4 s + margin).
 */
export const SHORT_LOAD = {
  CONFORMANCE_REFERENCE_RATE_WINDOW_S: '4',
  CONFORMANCE_LOAD_SUSTAINED_S: '3',
  CONFORMANCE_LOAD_STEP_S: '1',
  CONFORMANCE_LOAD_CONCURRENCY: '1,4',
  CONFORMANCE_LOAD_MAX_CREATES: '50',
  CONFORMANCE_LOAD_WAIT_S: '20',
} as const;
