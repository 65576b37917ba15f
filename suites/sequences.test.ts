import { afterAll, describe } from 'vitest';
import { checker, type CheckContext } from '../harness/check/check.js';
import { noteExploration, noteKnownDuration } from '../harness/check/known-wait.js';
import { once } from '../harness/check/once.js';
import { CheckFailure } from '../harness/check/outcomes.js';
import { runTag } from '../harness/check/run-context.js';
import { Redactor } from '../harness/http/redact.js';
import { createTask } from '../harness/steps/prerequisites.js';
import { sequenceDomains, type SequenceDomain } from '../harness/steps/exploration/domains.js';
import { explore, sequenceScopes, sequenceSettings, type Exploration } from '../harness/steps/exploration/explore.js';
import type { SequenceRequirementId } from '../harness/spec/sequences.js';
import { SINK_MAX_BODY_BYTES, WebhookSink } from '../harness/sink/sink.js';
import type { HookSink } from '../harness/steps/exploration/webhooks.js';
import { PROPAGATION_MS } from '../harness/webhooks/propagation.js';
import { COVERAGE_SECONDS_PER_EXPLORATION_SECOND, HOOK_DOMAIN, runCoverage, type Coverage } from '../harness/steps/coverage/run.js';
import { HOOK_SIDE_BY_SIDE } from '../harness/steps/coverage/hooks.js';

/**
 * The exploration, for state that one operation changes and another reads stale: random
 * sequences of writes, reads, lists, searches, actions and the other organisation's requests over
 * contacts, time entries, expenses, resources, tasks, milestones, allocations and rates (with their
 * versions), each answer judged against a model of the
 * spec's state (harness/steps/exploration/). It runs once per file; each state rule is one check,
 * which fails when the shortest failing sequence found broke that rule.
 */
/** The exploration's own webhook sink, for its webhook sequences. */
let hookSink: WebhookSink | undefined;
// Registered before the checker: its end-of-file cleanup deletes what the sequences left, then the sink closes.
afterAll(async () => {
  await hookSink?.close();
});
const check = checker('sequences');

/**
 * A sink of its own on an ephemeral port: a fixed CONFORMANCE_SINK_PORT or a public URL is the
 * webhooks suite's (one port, which two sinks cannot share), so then webhook sequences are left out.
 */
async function hooks(t: CheckContext, domains: readonly SequenceDomain[]): Promise<HookSink | undefined> {
  const { host, port, publicUrl } = t.run.sink;
  if (port !== 0 || publicUrl !== undefined) {
    t.observe(
      'sequences-webhooks',
      'webhook subscriptions',
      "left out: CONFORMANCE_SINK_PORT or CONFORMANCE_SINK_PUBLIC_URL is set, and that sink is the webhooks suite's",
    );
    return undefined;
  }
  hookSink ??= await WebhookSink.start({ host, port: 0, maxBodyBytes: Math.min(t.run.maxResponseBytes, SINK_MAX_BODY_BYTES) });
  const waitS = t.run.webhookWaitS;
  // A short wait per test delivery: the exploration's time bound is 15 s (what does not arrive is only observed).
  return { sink: hookSink, waitMs: Math.min(2000, waitS * 1000), graceMs: PROPAGATION_MS, misses: 0, tag: runTag(t.run), domains };
}

/** The exploration's seed, derived from the run's so CONFORMANCE_SEED replays the same sequences. */
function explorationSeed(runSeed: number): number {
  let hash = runSeed | 0;
  for (const c of 'sequences') hash = (Math.imul(hash, 31) + c.charCodeAt(0)) | 0;
  return hash;
}

const exploration = once(async (t: CheckContext): Promise<{ readonly coverage: Coverage; readonly explored: Exploration }> => {
  const taskId = await createTask(t, 'Conformance sequences task');
  const projectId = t.need(t.run.projectId, 'CONFORMANCE_PROJECT_ID');
  const versionId = t.need(t.run.versionId, 'CONFORMANCE_VERSION_ID');
  const tag = runTag(t.run);
  const settings = sequenceSettings(t.run);
  const domains = sequenceDomains({ taskId, versionId, runTag: tag, projectId });
  const b = t.run.keys.otherOrg === undefined ? undefined : t.as('otherOrg');
  const redactor = new Redactor(Object.values(t.run.keys));
  const scopes = sequenceScopes(taskId, tag, projectId, versionId);
  const hookSide = await hooks(t, domains);
  // First the coverage phase: every ordered pair of operations on a record of each domain, and on subscriptions side by side (harness/steps/coverage/).
  const coverage = await runCoverage({
    domains,
    a: t.api,
    b,
    redactor,
    scopes,
    seed: explorationSeed(t.run.seed),
    runSeed: t.run.seed,
    baseUrl: t.run.baseUrl,
    authStyle: t.run.authStyle,
    track: (path) => t.track(path),
    sweep: (path, query) => t.sweepAtEnd(path, query),
    concurrency: t.run.concurrency,
    seconds: COVERAGE_SECONDS_PER_EXPLORATION_SECOND * settings.seconds,
    hooks: hookSide,
  });
  // The progress line's ETA counts the exploration's time bound from the start.
  noteKnownDuration(settings.seconds * 1000);
  noteExploration(0, settings.count);
  try {
    const explored = await explore({
      domains,
      a: t.api,
      b,
      redactor,
      scopes,
      count: settings.count,
      seconds: settings.seconds,
      shrinkSeconds: settings.shrinkSeconds,
      seed: explorationSeed(t.run.seed),
      runSeed: t.run.seed,
      baseUrl: t.run.baseUrl,
      authStyle: t.run.authStyle,
      hooks: hookSide,
      onSequence: noteExploration,
      track: (path) => t.track(path),
      sweep: (path, query) => t.sweepAtEnd(path, query),
      concurrency: t.run.concurrency,
    });
    return { coverage, explored };
  } finally {
    // The progress line shows the count while the exploration runs.
    noteExploration(0, 0);
  }
});

/** The exploration's verdict on one rule: its failure when the shortest failing sequence broke it. */
async function judged(t: CheckContext, id: SequenceRequirementId, summary = false): Promise<void> {
  const { coverage, explored: result } = await exploration(t);
  if (summary) {
    for (const row of coverage.rows) {
      t.observe(
        'sequences-coverage',
        row.domain,
        `${row.pairs.exercised} of ${row.pairs.decidable} ordered pairs with a write in them, of ${row.operations.length} operations${row.domain === HOOK_DOMAIN ? ` on ${HOOK_SIDE_BY_SIDE} subscriptions side by side, an event fired after each change, and each around a DELETE on one of its own` : ' and delete on one record'} (${row.operations.join(', ')}); isolation rows ${row.isolation.exercised} of ${row.isolation.decidable}${row.stopped === undefined ? '' : `; stopped by ${row.stopped}`}`,
      );
    }
    t.observe(
      'sequences-coverage',
      'the phase',
      `${coverage.requests} requests (${coverage.otherOrgRequests} with the other organisation's key), ${Math.round(coverage.durationMs / 100) / 10} s`,
    );
    for (const o of coverage.observations) t.observe(o.topic, o.subject, o.value);
    t.observe(
      'sequences-explored',
      'contacts, time entries (single and batch), expenses, resources, tasks, milestones, allocations, rates, webhook subscriptions',
      `${result.sequences} sequences, ${result.requests} requests, ${Math.round(result.durationMs / 100) / 10} s${result.stoppedBy ? `; stopped by ${result.stoppedBy}` : ''}`,
    );
    for (const o of result.observations) t.observe(o.topic, o.subject, o.value);
  }
  // The coverage phase's failure first; the random sequences' shortest failing sequence of the same rule after it.
  const explored = result.failure?.rule === id ? result.failure : undefined;
  if (coverage.failure?.rule === id) {
    const failure = new CheckFailure(
      explored === undefined ? coverage.failure.message : `${coverage.failure.message}\nThe random sequences found it too.\n${explored.message}`,
      coverage.failure.exchange,
    );
    if (explored !== undefined) failure.property = explored.property;
    throw failure;
  }
  if (explored !== undefined) {
    const failure = new CheckFailure(explored.message, explored.exchange);
    failure.property = explored.property;
    throw failure;
  }
  if (result.sequences === 0) t.inconclusive('the exploration made no sequence within its bounds');
  if (result.records === 0 && result.failure === undefined)
    t.inconclusive('the sequences made no record: the target refused every create (see the observations)');
}

describe('sequences: state after any sequence of operations', () => {
  check(
    'SEQ-READ-AFTER-WRITE',
    'show the values last written in every read and write answer, whatever ran before',
    (t) => judged(t, 'SEQ-READ-AFTER-WRITE', true),
    {
      timeoutMs: 300_000,
    },
  );
  check('SEQ-LIST-AFTER-WRITE', 'list by every defined filter the records whose current values match it', (t) => judged(t, 'SEQ-LIST-AFTER-WRITE'), {
    timeoutMs: 300_000,
  });
  check('SEQ-SEARCH-AFTER-WRITE', 'find a record by its current name, after renames too', (t) => judged(t, 'SEQ-SEARCH-AFTER-WRITE'), { timeoutMs: 300_000 });
  check(
    'SEQ-TOTAL-AFTER-WRITE',
    'count the live matching records in the paging total and in small pages walked to the end, after creates and deletes',
    (t) => judged(t, 'SEQ-TOTAL-AFTER-WRITE'),
    {
      timeoutMs: 300_000,
    },
  );
  check('SEQ-DELETE-GONE', 'never read or list a deleted record again', (t) => judged(t, 'SEQ-DELETE-GONE'), { timeoutMs: 300_000 });
  check('SEQ-SOFT-DELETE-STAYS', 'keep a soft-deleted resource as its deletion left it through later updates', (t) => judged(t, 'SEQ-SOFT-DELETE-STAYS'), {
    timeoutMs: 300_000,
  });
  check(
    'SEQ-VERSIONS-AFTER-WRITE',
    "list every version of a rate made in the sequence, and show as current an amount one of them can hold on the server's today",
    (t) => judged(t, 'SEQ-VERSIONS-AFTER-WRITE'),
    { timeoutMs: 300_000 },
  );
  check(
    'SEQ-ISOLATION',
    "never let the other organisation's interleaved requests read, list, change or delete the sequence's records",
    async (t) => {
      t.need(t.run.keys.otherOrg, 'CONFORMANCE_OTHER_ORG_KEY');
      await judged(t, 'SEQ-ISOLATION');
    },
    { timeoutMs: 300_000 },
  );
});
