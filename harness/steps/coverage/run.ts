import fc from 'fast-check';
import type { ApiClient } from '../../http/client.js';
import type { Redactor } from '../../http/redact.js';
import type { CheckFailure } from '../../check/outcomes.js';
import { narrowingLimiter } from '../../check/concurrency.js';
import { DEFAULTS } from '../../config/schema.js';
import type { SequenceRequirementId } from '../../spec/sequences.js';
import { Create, Delete, finalAudit } from '../exploration/commands.js';
import type { SequenceDomain } from '../exploration/domains.js';
import { renderNumbered, renderScript, type LoggedRequest } from '../exploration/log.js';
import { RuleBroken, type ModelRecord } from '../exploration/model.js';
import { SequenceWorld, type ScopeMaker, type SequenceObservation } from '../exploration/world.js';
import type { HookSink } from '../exploration/webhooks.js';
import { circuit } from './circuit.js';
import { runHookChain } from './hooks.js';
import { isolationRows, type IsolationRow } from './isolation.js';
import { chainedOperations, coverageOperations, listAfter, otherDelete, pairsBetween, type CoverageOperation } from './operations.js';

/*
 * The coverage phase: before the random sequences, every ordered pair of operations with a write
 * in it on one record of each domain (operations.ts: the writes, and the read paths chained as
 * one), along an Eulerian circuit of the complete digraph of them (circuit.ts: n * n pairs in
 * n * n + 1 steps), the list filtered by a field read right after each PATCH of it, the whole
 * audit of the sequences (every record read, every filter, search, walks, the other organisation)
 * after every AUDIT_ROUNDS rounds of n steps; then the isolation
 * rows (isolation.ts); then each operation followed by a delete, and the delete by the same
 * operation, on a record of its own. Every answer is judged by the exploration's model and
 * commands, under the same rules. Deterministic from the run's seed: a failure replays.
 */

/** The first words of a failure the coverage phase found (the mutant self-test looks for them). */
export const COVERAGE_MARKER = 'Found by the coverage phase';

type Step =
  | { readonly kind: 'create' }
  | { readonly kind: 'op'; readonly op: number; readonly visit: number }
  | { readonly kind: 'delete'; readonly other: boolean }
  | { readonly kind: 'audit' }
  | { readonly kind: 'isolation' };

/** Windows of a failing chain replayed to find a shorter one that fails the same rule: the last 1, 2, 4, ... steps, at most this many. */
const REPLAY_WINDOWS = 8;
/** Log entries a failure message shows at most when no shorter replay fails (the creates are kept, so the ids still bind). */
const MAX_SHOWN = 120;
/**
 * Rounds of n steps between two audits of the chain (every read, filter, search and walk, the
 * other organisation's lists): a PATCH's list filter is read right after it, and each read path
 * comes n times in the circuit, so the audit only catches what those left; it is the costliest step.
 */
const AUDIT_ROUNDS = 2;
/** Distinct create bodies a domain's records cycle through. */
const CREATE_BODIES = 4;

export interface CoverageOptions {
  readonly domains: readonly SequenceDomain[];
  readonly a: ApiClient;
  readonly b: ApiClient | undefined;
  readonly redactor: Redactor;
  readonly scopes: ScopeMaker;
  /** The phase's seed (the run's): the values of each PATCH and create. */
  readonly seed: number;
  readonly runSeed: number;
  readonly baseUrl: string;
  readonly authStyle: 'x-api-key' | 'bearer';
  readonly track?: ((path: string) => void) | undefined;
  /** Exact lookups of records made without an id in the answer, for the run's cleanup (SequenceWorld.sweep). */
  readonly sweep?: ((path: string, query: Readonly<Record<string, string>>) => void) | undefined;
  /** CONFORMANCE_CONCURRENCY: requests in flight at once across the domains' chains. */
  readonly concurrency?: number | undefined;
  /**
   * No step starts after this long: a chain stopped by it reports the pairs it exercised. Against
   * lists that lag behind the writes each list after a write waits for them (harness/steps/settle.ts),
   * which the bound keeps from lasting minutes. Absent: COVERAGE_SECONDS_PER_EXPLORATION_SECOND times the exploration's default bound.
   */
  readonly seconds?: number | undefined;
  /** The sink the subscriptions side by side point at (hooks.ts); without it webhook subscriptions are left out of the phase. */
  readonly hooks?: HookSink | undefined;
}

/** The phase's time bound in seconds, per second of the exploration's (CONFORMANCE_SEQUENCES_S, 15 s by default: 60 s). */
export const COVERAGE_SECONDS_PER_EXPLORATION_SECOND = 4;

/** The coverage table's row of the subscriptions side by side. */
export const HOOK_DOMAIN = 'webhook subscriptions';

/** One domain's row of the coverage table. */
export interface CoverageRow {
  readonly domain: string;
  /** The operations chained (PATCH per field, actions, read paths). */
  readonly operations: readonly string[];
  /** Ordered pairs of them and with delete (each operation before a delete, and after one), decidable and exercised. */
  readonly pairs: { readonly decidable: number; readonly exercised: number };
  /** Isolation rows: each path with the other organisation's key on this one's record, and this key on the other's. */
  readonly isolation: { readonly decidable: number; readonly exercised: number };
  /** Why the chain stopped before its end, if it did. */
  readonly stopped?: string | undefined;
}

export interface CoverageFailure {
  readonly rule: SequenceRequirementId;
  readonly message: string;
  readonly exchange: CheckFailure['exchange'];
}

export interface Coverage {
  readonly rows: readonly CoverageRow[];
  readonly requests: number;
  /** Of them, those sent with the other organisation's key. */
  readonly otherOrgRequests: number;
  readonly durationMs: number;
  readonly failure?: CoverageFailure | undefined;
  readonly observations: readonly SequenceObservation[];
}

/** The chain of one domain: a record through the circuit, the audits, the isolation rows, then each operation around a delete. */
export function chainOf(opCount: number): Step[] {
  const steps: Step[] = [{ kind: 'create' }];
  const visits = Array.from({ length: opCount }, () => 0);
  circuit(opCount).forEach((op, i) => {
    steps.push({ kind: 'op', op, visit: visits[op]!++ });
    if ((i + 1) % (AUDIT_ROUNDS * opCount) === 0) steps.push({ kind: 'audit' });
  });
  steps.push({ kind: 'isolation' }, { kind: 'audit' });
  for (let op = 0; op < opCount; op++) {
    steps.push({ kind: 'create' }, { kind: 'op', op, visit: visits[op]!++ }, { kind: 'delete', other: op % 2 === 1 }, { kind: 'op', op, visit: visits[op]!++ });
  }
  steps.push({ kind: 'audit' });
  return steps;
}

interface ChainState {
  readonly world: SequenceWorld;
  record: ModelRecord | undefined;
  created: number;
  pairs: number;
  isolation: number;
  /** The operation the last step ran (the first of the next pair). */
  previous: 'delete' | number | undefined;
}

/** The pairs an operation makes with a delete: one, or one per read path it runs. */
const pairsWeight = (op: CoverageOperation): number => (op.writes ? 1 : (op.reads ?? 1));

/**
 * A chain stopped by what the target refused (a create): the rest of its pairs are not exercised.
 * Thrown within this file only, and caught by its chain: a signal between two of its functions,
 * not an error of the harness (harness/errors.ts holds those).
 */
class ChainStopped {
  constructor(readonly message: string) {}
}

/** Runs the coverage phase over every domain, side by side within CONFORMANCE_CONCURRENCY. */
export async function runCoverage(options: CoverageOptions): Promise<Coverage> {
  const started = performance.now();
  const boundMs = (options.seconds ?? COVERAGE_SECONDS_PER_EXPLORATION_SECOND * DEFAULTS.sequencesS) * 1000;
  // One request at a time once the target throttled one (narrowingLimiter: a spacing limiter refuses
  // all but one of those retried together again).
  const gate = narrowingLimiter(options.concurrency ?? DEFAULTS.concurrency);
  let requests = 0;
  let otherOrgRequests = 0;
  const observations: SequenceObservation[] = [];
  const keep = (world: SequenceWorld): void => {
    otherOrgRequests += world.log.filter((e) => e.org === 'B').length;
    for (const o of world.observations)
      if (!observations.some((k) => k.topic === o.topic && k.subject === o.subject && k.value === o.value)) observations.push(o);
  };
  const newWorld = (): SequenceWorld =>
    new SequenceWorld({
      a: options.a,
      b: options.b,
      redactor: options.redactor,
      scopes: options.scopes,
      count: () => void (requests += 1),
      track: options.track,
      sweep: options.sweep,
      around: (send) => gate(send),
    });

  const failures: Array<{ readonly index: number; readonly failure: CoverageFailure }> = [];
  // The subscriptions side by side, beside the domains' chains (hooks.ts), on a world of their own.
  const hookRun =
    options.hooks === undefined
      ? undefined
      : (async () => {
          const world = newWorld();
          const done = await runHookChain(world, options.hooks!, options.hooks!.graceMs, Date.now() + boundMs - (performance.now() - started));
          keep(world);
          return done;
        })();
  const rows: CoverageRow[] = await Promise.all(
    options.domains.map(async (domain, index): Promise<CoverageRow> => {
      const all = coverageOperations(domain, options.seed);
      const ops = chainedOperations(all);
      const rows = isolationRows(domain);
      const steps = chainOf(ops.length);
      const creates = fc.sample(domain.create, { seed: options.seed, numRuns: CREATE_BODIES });
      const run = async (chain: readonly Step[], bounded = false): Promise<{ state: ChainState; error?: RuleBroken; at?: number; stopped?: string }> => {
        const state: ChainState = { world: newWorld(), record: undefined, created: 0, pairs: 0, isolation: 0, previous: undefined };
        for (let at = 0; at < chain.length; at++) {
          if (bounded && performance.now() - started >= boundMs) {
            keep(state.world);
            return { state, stopped: `its time bound (${Math.round(boundMs / 1000)} s) at step ${at + 1} of ${chain.length}` };
          }
          try {
            await runStep(chain[at]!, state, domain, ops, all, rows, creates);
          } catch (error) {
            keep(state.world);
            if (error instanceof RuleBroken) return { state, error, at };
            if (error instanceof ChainStopped) return { state, stopped: error.message };
            throw error;
          }
        }
        keep(state.world);
        return { state };
      };
      const done = await run(steps, true);
      // Every ordered pair with a write in it, and each operation before a delete and after it.
      const [w, r] = [all.filter((op) => op.writes).length, all.filter((op) => !op.writes).length];
      const decidable = w * w + 2 * w * r + 2 * (w + r);
      const row: CoverageRow = {
        domain: domain.name,
        operations: all.map((op) => op.name),
        pairs: { decidable, exercised: done.state.pairs },
        isolation: { decidable: options.b === undefined ? 0 : rows.length, exercised: done.state.isolation },
        stopped: done.stopped ?? (done.error === undefined ? undefined : `a failure at step ${done.at! + 1} of ${steps.length}`),
      };
      if (done.error === undefined || done.at === undefined) return row;
      // A shorter replay: the last steps before the failure on a fresh record, the audit after them.
      let reported: { log: readonly LoggedRequest[]; error: RuleBroken; from: number } = { log: done.state.world.log, error: done.error, from: 0 };
      for (let w = 1, tries = 0; tries < REPLAY_WINDOWS && w <= done.at; w *= 2, tries++) {
        const from = done.at - w + 1;
        const again = await run([{ kind: 'create' }, ...steps.slice(from, done.at + 1), { kind: 'audit' }]);
        if (again.error?.rule === done.error.rule) {
          reported = { log: again.state.world.log, error: again.error, from };
          break;
        }
      }
      failures.push({ index, failure: describe(options, domain, ops, steps, done.at, reported) });
      return row;
    }),
  );
  if (hookRun !== undefined) {
    const hooked = await hookRun;
    rows.push({
      domain: HOOK_DOMAIN,
      operations: hooked.operations,
      pairs: { decidable: hooked.decidable, exercised: hooked.exercised },
      isolation: hooked.isolation,
      stopped: hooked.stopped,
    });
    const f = hooked.failure;
    if (f !== undefined) {
      failures.push({
        index: options.domains.length,
        failure: failureOf(options, f.error, `${f.pair} on webhook subscriptions side by side (step ${f.step} of ${f.steps} of their chain)`, f.log, 0, 0),
      });
    }
  }
  // The first domain in order decides, as if the chains had run one after another.
  const failure = failures.sort((x, y) => x.index - y.index)[0]?.failure;
  return { rows, requests, otherOrgRequests, durationMs: performance.now() - started, failure, observations };
}

async function runStep(
  step: Step,
  state: ChainState,
  domain: SequenceDomain,
  ops: readonly CoverageOperation[],
  all: readonly CoverageOperation[],
  rows: readonly IsolationRow[],
  creates: readonly Record<string, unknown>[],
): Promise<void> {
  const { world } = state;
  if (step.kind === 'create') {
    const before = world.records.length;
    await new Create(domain, creates[state.created++ % creates.length]!, 'A').run(world);
    const made = world.records.slice(before).find((r) => r.org === 'A');
    if (made === undefined) throw new ChainStopped(`POST ${domain.path} was refused, or the scope it stands on could not be made`);
    state.record = made;
    state.previous = undefined;
    return;
  }
  const record = state.record;
  if (record === undefined) return;
  if (step.kind === 'audit') return finalAudit(world, [domain]);
  if (step.kind === 'isolation') {
    if (!world.hasOtherOrg) return;
    for (const row of rows) {
      await row.run(world, domain, record);
      state.isolation += 1;
    }
    return;
  }
  // A record no longer judged (a soft-deleted one whose isActive was written): the pairs after it are not run on it.
  if (record.state === 'unjudged') return;
  if (step.kind === 'delete') {
    const other = step.other ? otherDelete(domain, 0) : undefined;
    if (other !== undefined) await other(world, record);
    else await new Delete([domain], world.records.filter((r) => r.org === 'A' && r.state !== 'unjudged').indexOf(record)).run(world);
    if (typeof state.previous === 'number') state.pairs += pairsWeight(ops[state.previous]!);
    state.previous = 'delete';
    return;
  }
  const op = ops[step.op]!;
  await op.run(world, domain, record, step.visit);
  // The list filtered by the field just written, where the domain defines one: a stale index shows at once.
  const list = op.field === undefined ? undefined : listAfter(all, op.field);
  if (list !== undefined && record.state === 'live') await list.run(world, domain, record, 0);
  if (state.previous === 'delete') state.pairs += pairsWeight(op);
  else if (state.previous !== undefined) state.pairs += pairsBetween(ops[state.previous]!, op);
  state.previous = step.op;
}

/** The failure as the check reports it: the rule, the pair that showed it, the replay as a numbered list and a script. */
function describe(
  options: CoverageOptions,
  domain: SequenceDomain,
  ops: readonly CoverageOperation[],
  steps: readonly Step[],
  at: number,
  reported: { readonly log: readonly LoggedRequest[]; readonly error: RuleBroken; readonly from: number },
): CoverageFailure {
  const name = (step: Step | undefined): string =>
    step === undefined ? 'the create' : step.kind === 'op' ? ops[step.op]!.name : step.kind === 'create' ? 'a create' : step.kind;
  const before = steps
    .slice(0, at)
    .filter((s) => s.kind !== 'audit')
    .at(-1);
  const pair = steps[at]!.kind === 'audit' ? `the audit after ${name(before)}` : `${name(before)} then ${name(steps[at])}`;
  return failureOf(options, reported.error, `${pair} on one ${domain.noun} (step ${at + 1} of ${steps.length} of its chain)`, reported.log, reported.from, at);
}

/** The failure's message: what broke, where the chain showed it, the replay as a numbered list and a script. */
function failureOf(options: CoverageOptions, error: RuleBroken, where: string, fullLog: readonly LoggedRequest[], from: number, at: number): CoverageFailure {
  const long = fullLog.length > MAX_SHOWN;
  const log = long ? [...fullLog.slice(0, -MAX_SHOWN).filter((e) => e.createdId !== undefined), ...fullLog.slice(-MAX_SHOWN)] : fullLog;
  const replay =
    from === 0
      ? `the whole chain, ${fullLog.length} requests${long ? ` (its creates and last ${MAX_SHOWN} shown)` : ''}`
      : `the shortest replay found (a fresh record, the last ${at - from + 1} steps, the audit), ${fullLog.length} requests`;
  const message = [
    `${error.message}.`,
    `${COVERAGE_MARKER}: ${where}; ${replay} (CONFORMANCE_SEED=${options.runSeed} CONFORMANCE_SUITES=sequences replays it):`,
    renderNumbered(log),
    'As a script:',
    renderScript(log, { baseUrl: options.baseUrl, authStyle: options.authStyle, seed: options.runSeed, redactor: options.redactor }),
  ].join('\n');
  return { rule: error.rule, message, exchange: error.exchange ?? null };
}
