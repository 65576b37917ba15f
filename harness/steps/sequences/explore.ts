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
}

export interface ExplorationFailure {
  readonly rule: SequenceRequirementId;
  /** What broke, then the shrunk sequence as a numbered list and as a script. */
  readonly message: string;
  readonly exchange: CheckFailure['exchange'];
  readonly property: NonNullable<CheckFailure['property']>;
}

export interface Exploration {
  /** Sequences run to their end (those that passed, and the first that failed). */
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
 * `fc.asyncModelRun`) against the target and judges every answer against the model. The first
 * failure is shrunk by fast-check to the shortest sequence that still breaks the same rule (a
 * shorter one that breaks another rule is not taken: it would be another failure). Bounded by
 * count, time and requests; anything but a rule broken (no answer, the run stopped) ends it
 * at once and is passed on.
 */
export async function explore(options: ExplorationOptions): Promise<Exploration> {
  const started = performance.now();
  const exploreMs = options.seconds * 1000;
  const shrinkMs = (options.shrinkSeconds ?? 2 * options.seconds) * 1000;
  const maxRequests = options.count * REQUESTS_PER_SEQUENCE;
  let sequences = 0;
  let requests = 0;
  let stoppedBy: string | undefined;
  let failedAt: number | undefined;
  let rule: SequenceRequirementId | undefined;
  /** A sequence that broke the rule; `rerun` runs its commands again with the whole settle bound (the failure it ends with, if the same rule). */
  type Failed = { readonly error: RuleBroken; readonly world: SequenceWorld; readonly rerun?: () => Promise<Failed | undefined> };
  let last: Failed | undefined;
  let first: Failed | undefined;
  let broken: { readonly error: unknown } | undefined;
  let shrinkRuns = 0;
  const observations: SequenceObservation[] = [];
  let records = 0;
  const keep = (world: SequenceWorld): void => {
    if (rule === undefined) records += world.records.filter((r) => r.org === 'A').length;
    for (const o of world.observations)
      if (!observations.some((k) => k.topic === o.topic && k.subject === o.subject && k.value === o.value)) observations.push(o);
  };

  type Commands = Iterable<fc.AsyncCommand<SequenceWorld, SequenceWorld>>;
  type Sequence = readonly [Commands, Commands];
  const predicate = async ([opening, rest, hook]: readonly [Commands, Commands, Sequence?]): Promise<void> => {
    if (broken !== undefined) throw broken.error;
    if (rule === undefined) {
      if (performance.now() - started >= exploreMs) {
        stoppedBy ??= `its time bound (CONFORMANCE_SEQUENCES_S=${options.seconds})`;
        return;
      }
      if (requests >= maxRequests) {
        stoppedBy ??= `its request bound (${maxRequests})`;
        return;
      }
    } else if (++shrinkRuns > SHRINK_RUNS || performance.now() - failedAt! >= shrinkMs) {
      return;
    }
    if (rule === undefined) {
      sequences += 1;
      options.onSequence?.(sequences, options.count);
    }
    await runSequence([...opening, ...rest], (world) => finalAudit(world, options.domains));
    // A webhook sequence after some of them, in a world of its own (harness/steps/sequences/webhooks.ts).
    if (hook !== undefined)
      await runSequence([...hook[0], ...hook[1]], async (world) => {
        if (hooks !== undefined) await eventAudit(world, hooks);
        await hookAudit(world);
      });
  };
  const runSequence = async (
    commands: Array<fc.AsyncCommand<SequenceWorld, SequenceWorld>>,
    audit: (world: SequenceWorld) => Promise<void>,
    settle: 'whole' | 'short' = rule === undefined ? 'whole' : 'short',
  ): Promise<void> => {
    const settleMs = settle === 'short' ? Math.min(SHRINK_SETTLE_MS, listSettleMs()) : undefined;
    const world = new SequenceWorld({
      a: options.a,
      b: options.b,
      redactor: options.redactor,
      scopes: options.scopes,
      count: () => void (requests += 1),
      track: options.track,
      settleMs,
    });
    try {
      await fc.asyncModelRun(() => ({ model: world, real: world }), commands);
      await audit(world);
      keep(world);
    } catch (error) {
      keep(world);
      if (!(error instanceof RuleBroken)) {
        broken = { error };
        throw error;
      }
      if (rule !== undefined && error.rule !== rule) return;
      rule ??= error.rule;
      failedAt ??= performance.now();
      const rerun = async (): Promise<Failed | undefined> => {
        last = undefined;
        await runSequence(commands, audit, 'whole').catch(() => undefined);
        return last;
      };
      last = settle === 'short' ? { error, world, rerun } : { error, world };
      first ??= last;
      throw error;
    }
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
  const sequencesOf: fc.Arbitrary<readonly [Commands, Commands, Sequence?]> =
    hooks === undefined
      ? domainSequences
      : fc
          .tuple(
            domainSequences,
            fc.tuple(hookOpening(hooks), fc.commands([...hookCommands(hooks), ...eventCommands(hooks)], { maxCommands: MAX_COMMANDS, size: 'max' })),
            fc.nat({ max: 2 }),
          )
          .map(([[opening, rest], hook, turn]) => (turn === 0 ? ([opening, rest, hook] as const) : ([opening, rest] as const)));
  const details = await fc.check(fc.asyncProperty(sequencesOf, predicate), {
    seed: options.seed,
    numRuns: options.count,
    interruptAfterTimeLimit: exploreMs + shrinkMs + 60_000,
    markInterruptAsFailure: false,
  });
  if (last === undefined && broken !== undefined) throw broken.error;
  if (last === undefined) return { sequences, requests, records, durationMs: performance.now() - started, stoppedBy, observations };
  // The shortest sequence was judged with the shrinking's short settle bound: it is reported if it
  // fails the same rule with the whole bound too, otherwise the sequence found first is.
  const reported: Failed = (last.rerun === undefined ? last : await last.rerun()) ?? first!;
  const { error, world } = reported;
  const durationMs = performance.now() - started;
  const log = world.log;
  const numbered = renderNumbered(log);
  const script = renderScript(log, { baseUrl: options.baseUrl, authStyle: options.authStyle, seed: options.runSeed, redactor: options.redactor });
  const shrunk = shrinkRuns > SHRINK_RUNS || (failedAt !== undefined && performance.now() - failedAt >= shrinkMs) ? ' (shrinking stopped at its bound)' : '';
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
      property: { seed: options.seed, path: details.counterexamplePath ?? null, numRuns: details.numRuns, counterexample },
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
