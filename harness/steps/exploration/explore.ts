import fc from 'fast-check';
import { randomBytes } from 'node:crypto';
import type { ApiClient } from '../../http/client.js';
import type { Redactor } from '../../http/redact.js';
import type { CheckFailure } from '../../check/outcomes.js';
import { DEFAULTS } from '../../config/schema.js';
import type { RunContext } from '../../check/run-context.js';
import type { SequenceRequirementId } from '../../spec/sequences.js';
import { batchCommands } from './batch.js';
import { finalAudit, openingCreates, sequenceCommands } from './commands.js';
import type { SequenceDomain, ScopeIds } from './domains.js';
import { renderNumbered, renderScript } from './log.js';
import { RuleBroken } from './model.js';
import { eventAudit, eventCommands } from './webhook-events.js';
import { hookAudit, hookCommands, hookOpening, type HookSink } from './webhooks.js';
import { dataOf, freshOfficeId, SequenceWorld, type ScopeMaker, type SequenceObservation } from './world.js';
import { makeOwnScope } from './own-scopes.js';
import { drawRuns, Lanes, lanesFor, shrinkRun } from './side-by-side.js';
import { narrowingLimiter, wasThrottled } from '../../check/concurrency.js';
import { listSettleMs } from '../settle.js';

/** CONFORMANCE_SEQUENCES, CONFORMANCE_SEQUENCES_S and CONFORMANCE_SEQUENCES_SHRINK_S as the run gives them, or their defaults. */
export function sequenceSettings(run: Pick<RunContext, 'sequences'>): NonNullable<RunContext['sequences']> {
  return run.sequences ?? { count: DEFAULTS.sequences, seconds: DEFAULTS.sequencesS };
}

/** Commands in one sequence at most (fast-check draws fewer, and shrinking takes them away). */
export const MAX_COMMANDS = 16;
/** Sequences replayed while shrinking a failure, at most. */
export const SHRINK_RUNS = 200;
/**
 * How long a list may take to show a write while a failure is shrunk. The failing sequence found
 * first waited the run's whole settle bound, so its list did not merely lag; a shorter sequence
 * failing the same rule within this bound is taken, and the shortest one is then run once more
 * with the whole bound before it is reported (a list that only lagged longer is not reported: the
 * sequence found first is). Each failing candidate would otherwise cost the whole bound, and
 * shrinking would stop at its time bound long before the shortest sequence.
 */
export const SHRINK_SETTLE_MS = 1000;
/** Requests one sequence sends at most, on average: the request cap is this times CONFORMANCE_SEQUENCES. */
const REQUESTS_PER_SEQUENCE = 80;

export interface ExplorationOptions {
  readonly domains: readonly SequenceDomain[];
  /** Org A's admin key, and the other organisation's key when one is configured. */
  readonly a: ApiClient;
  readonly b: ApiClient | undefined;
  readonly redactor: Redactor;
  readonly scopes: ScopeMaker;
  /** CONFORMANCE_SEQUENCES: sequences at most. */
  readonly count: number;
  /** CONFORMANCE_SEQUENCES_S: no sequence starts after this long; shrinking a failure gets twice as long (30 s by default). */
  readonly seconds: number;
  /** CONFORMANCE_SEQUENCES_SHRINK_S: how long shrinking a failure may take (0: the first failing sequence is reported); absent: twice `seconds`. */
  readonly shrinkSeconds?: number | undefined;
  /** The exploration's seed (from the run's), and the run's seed for the replay line. */
  readonly seed: number;
  readonly runSeed: number;
  readonly baseUrl: string;
  readonly authStyle: 'x-api-key' | 'bearer';
  /** The sink webhook sequences point their subscriptions at; without it there are none. */
  readonly hooks?: HookSink | undefined;
  /** Told as each sequence starts: how many have started, of at most `count` (the progress line shows it). */
  readonly onSequence?: ((started: number, planned: number) => void) | undefined;
  /** Registers a record for the run's cleanup that no tracked POST made (a batch create's entries). */
  readonly track?: ((path: string) => void) | undefined;
  /** Exact lookups of records made without an id in the answer, for the run's cleanup (SequenceWorld.sweep). */
  readonly sweep?: ((path: string, query: Readonly<Record<string, string>>) => void) | undefined;
  /** CONFORMANCE_CONCURRENCY: requests in flight at once across the sequences (absent: its default). */
  readonly concurrency?: number | undefined;
  /** Sequences run at once, fixed (the seed sweep runs the far target's); absent: by the shortest round trip (side-by-side.ts lanesFor). */
  readonly lanes?: number | undefined;
}

export interface ExplorationFailure {
  readonly rule: SequenceRequirementId;
  /** What broke, then the shrunk sequence as a numbered list and as a script. */
  readonly message: string;
  readonly exchange: CheckFailure['exchange'];
  readonly property: NonNullable<CheckFailure['property']>;
}

export interface Exploration {
  /** Sequences started, each run to its end (those that passed, the first that failed, and those running beside it). */
  readonly sequences: number;
  readonly requests: number;
  /** Records org A's key made in the sequences (none: nothing was verified). */
  readonly records: number;
  readonly durationMs: number;
  /** Why it made fewer sequences than CONFORMANCE_SEQUENCES asked, if it did. */
  readonly stoppedBy?: string | undefined;
  readonly failure?: ExplorationFailure | undefined;
  readonly observations: readonly SequenceObservation[];
}

/**
 * Runs random sequences of commands (fast-check model-based testing: `fc.commands` and
 * `fc.asyncModelRun`) against the target and judges every answer against the model. The
 * sequences of the seed are drawn up front and run side by side (side-by-side.ts: two at once
 * next to the target, more far from it, never more requests in flight than CONFORMANCE_CONCURRENCY);
 * each makes its own scope, so they cannot meet in what they judge. The failure of the lowest
 * run is shrunk by fast-check, one candidate at a time, to the shortest sequence that still
 * breaks the same rule (a shorter one that breaks another rule is not taken: it would be another
 * failure): the same sequence and replay a run one after another would give. Bounded by count,
 * time and requests; anything but a rule broken (no answer, the run stopped) ends it once the
 * sequences running have ended, and is passed on.
 */
export async function explore(options: ExplorationOptions): Promise<Exploration> {
  const started = performance.now();
  const exploreMs = options.seconds * 1000;
  const shrinkMs = (options.shrinkSeconds ?? 2 * options.seconds) * 1000;
  const maxRequests = options.count * REQUESTS_PER_SEQUENCE;
  const concurrency = options.concurrency ?? DEFAULTS.concurrency;
  let sequences = 0;
  let requests = 0;
  let stoppedBy: string | undefined;
  let failedAt = 0;
  let rule: SequenceRequirementId | undefined;
  /** A sequence that broke a rule; `rerun` runs its commands again with the whole settle bound (the failure it ends with, if any). */
  type Failed = { readonly error: RuleBroken; readonly world: SequenceWorld; readonly rerun?: () => Promise<Failed | undefined> };
  let last: Failed | undefined;
  let broken: { readonly error: unknown } | undefined;
  let shrinkRuns = 0;
  const observations: SequenceObservation[] = [];
  let records = 0;
  const keep = (world: SequenceWorld): void => {
    if (rule === undefined) records += world.records.filter((r) => r.org === 'A').length;
    for (const o of world.observations)
      if (!observations.some((k) => k.topic === o.topic && k.subject === o.subject && k.value === o.value)) observations.push(o);
  };

  // Requests in flight across the sequences, at most CONFORMANCE_CONCURRENCY; each timed, and the
  // shortest round trip sets how many sequences run at once (unless the caller fixed it). Once the
  // target answered a request with 429, one request at a time (narrowingLimiter) and one sequence
  // at a time from then on (found by the seed sweep, variant limiter-smoothing, 8 sequences at once
  // on a loaded machine: 2 to 3 seeds in 100).
  const gate = narrowingLimiter(concurrency);
  const lanes = new Lanes(options.lanes ?? lanesFor(0, concurrency));
  let shortestMs = Number.POSITIVE_INFINITY;
  const around = <R>(send: () => Promise<R>): Promise<R> =>
    gate(async () => {
      const sent = performance.now();
      let answer: R | undefined;
      try {
        answer = await send();
        return answer;
      } finally {
        shortestMs = Math.min(shortestMs, performance.now() - sent);
        if (gate.narrowed || wasThrottled(answer)) lanes.width = 1;
        else if (options.lanes === undefined) lanes.width = lanesFor(shortestMs, concurrency);
      }
    });

  type Commands = Iterable<fc.AsyncCommand<SequenceWorld, SequenceWorld>>;
  type Sequence = readonly [Commands, Commands];
  type Run = readonly [Commands, Commands, Sequence?];
  /** One sequence in a world of its own: the failure it ends with, if any; anything but a rule broken is thrown. */
  const runSequence = async (
    commands: Array<fc.AsyncCommand<SequenceWorld, SequenceWorld>>,
    audit: (world: SequenceWorld) => Promise<void>,
    settle: 'whole' | 'short',
  ): Promise<Failed | undefined> => {
    const settleMs = settle === 'short' ? Math.min(SHRINK_SETTLE_MS, listSettleMs()) : undefined;
    const world = new SequenceWorld({
      a: options.a,
      b: options.b,
      redactor: options.redactor,
      scopes: options.scopes,
      count: () => void (requests += 1),
      track: options.track,
      sweep: options.sweep,
      settleMs,
      around,
    });
    try {
      await fc.asyncModelRun(() => ({ model: world, real: world }), commands);
      await audit(world);
      keep(world);
      return undefined;
    } catch (error) {
      keep(world);
      if (!(error instanceof RuleBroken)) throw error;
      const rerun = async (): Promise<Failed | undefined> => runSequence(commands, audit, 'whole').catch(() => undefined);
      return settle === 'short' ? { error, world, rerun } : { error, world };
    }
  };
  /** A run: its domain sequence, then its webhook sequence if it has one; the first failure `counts` takes. */
  const runOnce = async ([opening, rest, hook]: Run, settle: 'whole' | 'short', counts: (failed: Failed) => boolean): Promise<Failed | undefined> => {
    const failed = await runSequence([...opening, ...rest], (world) => finalAudit(world, options.domains), settle);
    if (failed !== undefined && counts(failed)) return failed;
    // A webhook sequence after some of them, in a world of its own (harness/steps/exploration/webhooks.ts).
    if (hook === undefined) return undefined;
    const hookFailed = await runSequence(
      [...hook[0], ...hook[1]],
      async (world) => {
        if (hooks !== undefined) await eventAudit(world, hooks);
        await hookAudit(world);
      },
      settle,
    );
    return hookFailed !== undefined && counts(hookFailed) ? hookFailed : undefined;
  };

  // Most sequences stay in one domain, so that their commands meet the same records again and
  // again; some mix them all (the other organisation's requests come in both).
  const otherOrg = options.b !== undefined;
  const focus = [...options.domains.map((d) => [d]), options.domains];
  const domainSequences = fc
    .constantFrom(...focus)
    .chain((domains) =>
      fc.tuple(
        openingCreates(domains),
        fc.commands([...sequenceCommands(domains, { otherOrg }), ...batchCommands(domains)], { maxCommands: MAX_COMMANDS, size: 'max' }),
      ),
    );
  // Webhook subscriptions get sequences of their own (they need a sink), after about one run in
  // three. Drawn after the domain sequence, so that the domain sequences a seed makes stay the same.
  const hooks = options.hooks;
  const sequencesOf: fc.Arbitrary<Run> =
    hooks === undefined
      ? domainSequences
      : fc
          .tuple(
            domainSequences,
            fc.tuple(hookOpening(hooks), fc.commands([...hookCommands(hooks), ...eventCommands(hooks)], { maxCommands: MAX_COMMANDS, size: 'max' })),
            fc.nat({ max: 2 }),
          )
          .map(([[opening, rest], hook, turn]) => (turn === 0 ? ([opening, rest, hook] as const) : ([opening, rest] as const)));

  // The runs side by side: none starts after the time bound or once the request bound, with a
  // full sequence's share for each one running, could be passed; the first failure or error
  // starts no more, and those running end.
  const runs = drawRuns(sequencesOf, options.seed, options.count);
  const ended = new Map<number, { readonly failed: Failed } | { readonly broken: unknown }>();
  await lanes.run(
    runs.length,
    (_, running) => {
      if (performance.now() - started >= exploreMs) {
        stoppedBy ??= `its time bound (CONFORMANCE_SEQUENCES_S=${options.seconds})`;
        return false;
      }
      if (requests + running * REQUESTS_PER_SEQUENCE >= maxRequests) {
        stoppedBy ??= `its request bound (${maxRequests})`;
        return false;
      }
      sequences += 1;
      options.onSequence?.(sequences, options.count);
      return true;
    },
    async (index) => {
      try {
        const failed = await runOnce(runs[index]!, 'whole', () => true);
        if (failed === undefined) return true;
        ended.set(index, { failed });
      } catch (error) {
        ended.set(index, { broken: error });
      }
      return false;
    },
  );
  // The lowest run that ended otherwise than passing decides, as if the runs had gone one after another.
  const index = ended.size === 0 ? undefined : Math.min(...ended.keys());
  const end = index === undefined ? undefined : ended.get(index)!;
  if (end !== undefined && 'broken' in end) throw end.broken;
  if (index === undefined || end === undefined) return { sequences, requests, records, durationMs: performance.now() - started, stoppedBy, observations };

  const first = end.failed;
  rule = first.error.rule;
  last = first;
  failedAt = performance.now();
  const details = await shrinkRun(
    sequencesOf,
    async (run) => {
      if (broken !== undefined) throw broken.error;
      if (++shrinkRuns > SHRINK_RUNS || performance.now() - failedAt >= shrinkMs) return;
      let failed: Failed | undefined;
      try {
        failed = await runOnce(run, 'short', (f) => f.error.rule === rule);
      } catch (error) {
        broken = { error };
        throw error;
      }
      if (failed === undefined) return;
      last = failed;
      throw failed.error;
    },
    { seed: options.seed, numRuns: options.count, index, ran: runs[index]!, error: first.error, timeLimitMs: shrinkMs + 60_000 },
  );
  // The shortest sequence was judged with the shrinking's short settle bound: it is reported if it
  // fails the same rule with the whole bound too, otherwise the sequence found first is.
  const again = last.rerun === undefined ? last : await last.rerun();
  const reported: Failed = again !== undefined && again.error.rule === rule ? again : first;
  const { error, world } = reported;
  const durationMs = performance.now() - started;
  const log = world.log;
  const numbered = renderNumbered(log);
  const script = renderScript(log, { baseUrl: options.baseUrl, authStyle: options.authStyle, seed: options.runSeed, redactor: options.redactor });
  const shrunk = shrinkRuns > SHRINK_RUNS || performance.now() - failedAt >= shrinkMs ? ' (shrinking stopped at its bound)' : '';
  const message = [
    `${error.message}.`,
    `The shortest failing sequence found${shrunk}, ${log.length} requests (CONFORMANCE_SEED=${options.runSeed} CONFORMANCE_SUITES=sequences replays it):`,
    numbered,
    'As a script:',
    script,
  ].join('\n');
  const counterexample = details.counterexample === null ? null : String(fc.stringify(details.counterexample[0])).slice(0, 1500);
  return {
    sequences,
    requests,
    records,
    durationMs,
    stoppedBy,
    observations,
    failure: {
      rule: error.rule,
      message,
      exchange: error.exchange ?? world.lastExchange,
      // The run's place in the seed's stream: what fc.check one run after another reports.
      property: { seed: options.seed, path: details.counterexamplePath ?? null, numRuns: index + 1, counterexample },
    },
  };
}

/**
 * The records each sequence's scope stands on, made with org A's key through the sequence (so the
 * script makes them too): two parent contacts, a staff resource assigned to the exploration's task
 * (a server may let a resource log time only on a task it is assigned to), a fresh office id.
 */
export function sequenceScopes(taskId: string, tag: string, projectId: string, versionId: string): ScopeMaker {
  return {
    async make(world, kind: keyof ScopeIds) {
      if (kind === 'office') return freshOfficeId();
      if (kind === 'staff1' || kind === 'staff2' || kind === 'rateTag' || kind === 'rateTagB' || kind === 'milestoneDay') return makeOwnScope(world, kind, tag);
      if (kind === 'task') {
        const res = await world.send('A', 'POST', '/tasks', {
          body: { parentTaskId: projectId, versionId, name: `Conformance sequence parent task ${randomBytes(4).toString('hex')}` },
          rule: 'SEQ-READ-AFTER-WRITE',
          letter: 'PT',
        });
        return scopeId(world, res.status, dataOf(res), `POST /tasks (a parent for the sequence's tasks)`);
      }
      const token = randomBytes(4).toString('hex');
      if (kind === 'parent1' || kind === 'parent2') {
        const res = await world.send('A', 'POST', '/contacts', {
          body: { contactType: 'company', name: `Conformance sequence parent ${token}`, tags: [tag] },
          rule: 'SEQ-READ-AFTER-WRITE',
          letter: 'P',
        });
        return scopeId(world, res.status, dataOf(res), `POST /contacts (a parent for the sequence's contacts)`);
      }
      const res = await world.send('A', 'POST', '/resources', {
        body: { name: `Conformance sequence resource ${token}`, tags: [tag] },
        rule: 'SEQ-READ-AFTER-WRITE',
        letter: 'R',
      });
      const id = scopeId(world, res.status, dataOf(res), `POST /resources (the sequence's resource)`);
      if (id !== undefined) {
        await world.send('A', 'POST', '/allocations', {
          body: { taskId, resourceId: id, startDate: '2000-01-01', endDate: '2025-12-31', hoursPerDay: 0 },
          rule: 'SEQ-READ-AFTER-WRITE',
          letter: 'A',
        });
      }
      return id;
    },
  };
}

function scopeId(world: SequenceWorld, status: number, data: Record<string, unknown> | undefined, what: string): string | undefined {
  const id = data?.['id'];
  if (status >= 200 && status < 300 && typeof id === 'string') return id;
  world.observe('sequence-scope-refused', what, `refused (${status}): the sequences leave that domain out`);
  return undefined;
}
