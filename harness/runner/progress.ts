import type { Reporter, TestCase, TestModule } from 'vitest/node';
import type { CheckResult } from '../report/model.js';
import { StatusLine } from '../report/status-line.js';
import { formatWait } from './throttle.js';

const SYMBOL: Record<CheckResult['status'], string> = { pass: '.', skip: 's', inconclusive: '?', fail: 'F', error: 'E' };
/** A check the run's stop (throttling budget, breaker, deadline) ended: how harness/check/check.ts and the collector word it. */
const STOPPED = /^(?:not run|not finished|stopped before it finished): (.*)$/s;
/** Its symbol once the stop's reason has been shown: a stopped full run would otherwise print hundreds of identical lines. */
const STOPPED_SYMBOL = '-';

/** Long runs only: a run that ends within this long shows its dots and nothing else. */
export const STATUS_AFTER_MS = 30_000;
/** How often a terminal's status line is redrawn. */
const TTY_REFRESH_MS = 1000;
/** Without a terminal (a CI log), a status line at most this often at first... */
const LOG_EVERY_MS = 15_000;
/** ...then every tenth of the time elapsed, at most this far apart: a two-hour run logs dozens of lines, not hundreds. */
const LOG_EVERY_MAX_MS = 5 * 60_000;
/** Narrower than this, a dots line (60 symbols and a count) wraps and a redrawn line would smear: log lines instead. */
const MIN_TTY_COLUMNS = 72;

/** What the status line reads while the run goes on (the main process's view of what the workers share). */
export interface RunGauge {
  /** Requests sent with the admin key so far, and how many the run is expected to send (undefined: unknown). */
  requests(): { readonly sent: number; readonly expected: number | undefined };
  /** The admin key's paced rate per minute, when the run stays under an advertised limit. */
  readonly pacedPerMinute?: number | undefined;
  /** Wall-clock time the run was held back waiting out 429s. */
  throttledMs(): number;
  /** Why the run stopped sending, once it has (and the runner has not said so itself). */
  stopped(): string | undefined;
  /** What is left of the longest wait a check announced (a rate window, a Retry-After; harness/check/known-wait.ts). */
  knownWaitMs?(): number;
  /** The exploration's sequences so far and at most (harness/check/known-wait.ts), once it began. */
  sequences?(): { readonly done: number; readonly planned: number } | undefined;
}

export interface EtaInput {
  readonly elapsedMs: number;
  readonly checksDone: number;
  readonly checksExpected: number;
  readonly requestsSent: number;
  readonly requestsExpected: number | undefined;
  readonly pacedPerMinute?: number | undefined;
  /** A wait under way whose end is known (the rate-limit suite's window): the run cannot end before it. */
  readonly knownWaitMs?: number | undefined;
}

/**
 * Time left, or undefined when there is nothing to extrapolate from. Never less than a known wait
 * still under way: the rate of the checks so far says nothing of a check that sleeps a minute.
 */
export function estimateEta(input: EtaInput): number | undefined {
  const byProgress = estimateFromProgress(input);
  const known = input.knownWaitMs ?? 0;
  if (known <= 0) return byProgress;
  return Math.max(byProgress ?? 0, known);
}

/**
 * Time left from what was done so far. Requests measure progress
 * better than checks (a property check sends twenty times what a plain one does): the rate so
 * far, and never faster than the pace the key's limit allows. Checks take over once the run has
 * sent what was expected (the estimate was low, or what is left is waiting, not sending).
 */
function estimateFromProgress(input: EtaInput): number | undefined {
  const { elapsedMs, requestsSent, requestsExpected } = input;
  if (requestsExpected !== undefined && requestsSent > 0 && requestsSent < requestsExpected) {
    const left = requestsExpected - requestsSent;
    const byRate = (elapsedMs * left) / requestsSent;
    const byPace = input.pacedPerMinute !== undefined && input.pacedPerMinute > 0 ? (left / input.pacedPerMinute) * 60_000 : 0;
    return Math.max(byRate, byPace);
  }
  if (input.checksDone > 0 && input.checksDone < input.checksExpected) {
    return (elapsedMs * (input.checksExpected - input.checksDone)) / input.checksDone;
  }
  return undefined;
}

export interface StatusInput extends EtaInput {
  readonly throttledMs: number;
  /** The exploration's sequences run so far and at most (CONFORMANCE_SEQUENCES), while it is under way or once it ran. */
  readonly sequences?: { readonly done: number; readonly planned: number } | undefined;
  /** The ETA to show (from an EtaClock); undefined: estimated afresh from this input. */
  readonly eta?: EtaReading | undefined;
}

/** What the status line says about the time left. */
/** The check a slow run waits for: how long it has run, and its bound (its timeout), when known. */
export interface PendingCheck {
  readonly name: string;
  readonly forMs: number;
  readonly boundMs?: number | undefined;
}

export type EtaReading =
  | { readonly kind: 'eta'; readonly ms: number }
  | { readonly kind: 'overdue'; readonly pending?: PendingCheck | undefined }
  | { readonly kind: 'unknown' };

/**
 * The ETA as shown: it never grows while nothing finishes. The rate-based estimate grows with
 * the time elapsed when one slow check holds the run, which reads as a run going backwards;
 * instead, between two finishes the last estimate counts down, and once spent the line says the
 * run is past its estimate and which check it is waiting for. Pure apart from its memory.
 */
export class EtaClock {
  #last: { readonly ms: number; readonly at: number; readonly done: number; readonly sent: number } | undefined;

  read(input: EtaInput, pending?: PendingCheck): EtaReading {
    const last = this.#last;
    const moved = last === undefined || input.checksDone !== last.done || input.requestsSent !== last.sent;
    if (moved) {
      const fresh = estimateEta(input);
      this.#last = fresh === undefined ? undefined : { ms: fresh, at: input.elapsedMs, done: input.checksDone, sent: input.requestsSent };
      return fresh === undefined ? { kind: 'unknown' } : { kind: 'eta', ms: fresh };
    }
    // A wait announced since the last finish still holds the run: the countdown cannot undercut it.
    const left = Math.max(last.ms - (input.elapsedMs - last.at), input.knownWaitMs ?? 0);
    return left > 0 ? { kind: 'eta', ms: left } : { kind: 'overdue', pending };
  }
}

function etaText(eta: EtaReading): string {
  if (eta.kind === 'unknown') return 'ETA unknown';
  if (eta.kind === 'eta') return `ETA ${formatWait(eta.ms)}`;
  if (eta.pending === undefined) return 'slower than estimated: waiting for the checks in flight';
  const { name, forMs, boundMs } = eta.pending;
  const more = boundMs === undefined ? '' : `, at most ${formatWait(Math.max(0, boundMs - forMs))} more`;
  return `slower than estimated: waiting for ${name} (running for ${formatWait(forMs)}${more})`;
}

/** `[2 min 30 s] 412 of ~574 checks, 2,410 of ~7,600 admin-key requests, paced at 54/min, ETA 5 min 10 s` */
export function statusText(input: StatusInput): string {
  const parts = [`[${formatWait(input.elapsedMs)}] ${input.checksDone} of ~${Math.max(input.checksExpected, input.checksDone)} checks`];
  if (input.requestsExpected !== undefined) {
    parts.push(`${input.requestsSent.toLocaleString('en-US')} of ~${input.requestsExpected.toLocaleString('en-US')} admin-key requests`);
  }
  if (input.pacedPerMinute !== undefined) parts.push(`paced at ${Math.floor(input.pacedPerMinute).toLocaleString('en-US')}/min`);
  if (input.sequences !== undefined) parts.push(`sequences ${input.sequences.done}/${input.sequences.planned}`);
  if (input.throttledMs >= 1000) parts.push(`held back ${formatWait(input.throttledMs)} by 429s`);
  if (input.eta !== undefined) parts.push(etaText(input.eta));
  else {
    const eta = estimateEta(input);
    parts.push(eta === undefined ? 'ETA unknown' : `ETA ${formatWait(eta)}`);
  }
  return parts.join(', ');
}

export interface ProgressOptions {
  /** Wall clock in ms (tests inject a fake one). */
  readonly now?: () => number;
  /** Redraw one status line in place (a terminal), or log a status line now and then. Default: the stream's isTTY. */
  readonly tty?: boolean;
  /** Terminal width; default the stream's `columns`, else 80. */
  readonly columns?: () => number;
  /** Refresh the status from a timer once the run began (default true); tests call tick() themselves. */
  readonly timer?: boolean;
}

/**
 * Terminal progress: a dot per check, and one line per failure or error as soon as it happens
 * (a failed SHOULD is shown as a warning). Writes to the stream it is given (stderr by default).
 * A run that goes on past STATUS_AFTER_MS also gets a status (checks, requests, ETA): on a
 * terminal one line under the dots, redrawn in place; in a log, a line now and then between them.
 */
export class Progress {
  readonly #out: NodeJS.WritableStream;
  readonly #now: () => number;
  readonly #tty: boolean;
  readonly #columns: () => number;
  readonly #useTimer: boolean;
  #column = 0;
  #count = 0;
  #startedAt: number | undefined;
  #expected = new Map<string, number>();
  readonly #eta = new EtaClock();
  /** Checks in flight, by name, with when they began. */
  readonly #running = new Map<string, { readonly at: number; readonly boundMs: number | undefined }>();
  #gauge: RunGauge | undefined;
  #timer: NodeJS.Timeout | undefined;
  /** The status line on screen (terminal), under an unfinished dots line when there is one. */
  readonly #statusLine: StatusLine;
  #lastLogAt: number | undefined;
  /** Stop reasons already shown with a check: later checks ended by the same stop are one symbol each. */
  readonly #stopReasons = new Set<string>();

  constructor(out: NodeJS.WritableStream = process.stderr, options: ProgressOptions = {}) {
    this.#out = out;
    this.#statusLine = new StatusLine(out);
    this.#now = options.now ?? Date.now;
    const stream = out as Partial<NodeJS.WriteStream>;
    this.#tty = options.tty ?? stream.isTTY === true;
    // A pseudo-terminal without a size (script, some CI runners) says 0 columns: take the usual 80.
    this.#columns = options.columns ?? (() => (stream.columns !== undefined && stream.columns > 0 ? stream.columns : 80));
    this.#useTimer = options.timer ?? true;
  }

  /**
   * The checks started: `expected` checks per suite (until vitest collects a suite and says how
   * many it really holds), `gauge` for requests, throttling and a stop. Starts the status timer.
   */
  begin(expected: ReadonlyMap<string, number>, gauge?: RunGauge): void {
    this.#startedAt = this.#now();
    this.#expected = new Map(expected);
    this.#gauge = gauge;
    if (this.#useTimer && this.#timer === undefined) {
      this.#timer = setInterval(() => this.tick(), this.#tty ? TTY_REFRESH_MS : 1000);
      // Progress never keeps the process alive.
      this.#timer.unref();
    }
  }

  /** Vitest collected a suite file: its real number of checks replaces the estimate. */
  collected(suite: string, checks: number): void {
    this.#expected.set(suite, checks);
  }

  line(text: string): void {
    this.#hide();
    if (this.#column > 0) this.#out.write('\n');
    this.#column = 0;
    this.#out.write(`${text}\n`);
    this.#redraw();
  }

  checkDone(check: CheckResult): void {
    this.#count += 1;
    const stopped = check.status === 'error' ? STOPPED.exec(check.message ?? '')?.[1] : undefined;
    if (stopped !== undefined && this.#stopReasons.has(stopped)) {
      this.#symbol(STOPPED_SYMBOL);
      return;
    }
    if (stopped !== undefined) this.#stopReasons.add(stopped);
    if (check.status === 'fail' || check.status === 'error') {
      const label = check.status === 'error' ? 'ERROR' : check.level === 'MUST' ? 'FAIL' : 'WARN';
      // A stop's reason is shown whole, once: it names the cause and the fix.
      const message = (check.message ?? '').split('\n')[0]!.slice(0, stopped === undefined ? 240 : 1000);
      const more = stopped === undefined ? '' : `\n       (every further check this stop ends is shown as "${STOPPED_SYMBOL}")`;
      this.line(`  ${label} ${check.level} [${check.requirementId}] ${check.domain}: ${check.title}\n       ${message}${more}`);
      return;
    }
    this.#symbol(SYMBOL[check.status]);
  }

  #symbol(symbol: string): void {
    this.#hide();
    this.#out.write(symbol);
    this.#column += 1;
    if (this.#column >= 60) {
      this.#out.write(` ${this.#count}\n`);
      this.#column = 0;
    }
    this.#redraw();
  }

  /** Refreshes the status (the timer calls it every second): redrawn on a terminal, logged when due otherwise. */
  tick(): void {
    if (this.#startedAt === undefined) return;
    const now = this.#now();
    const elapsed = now - this.#startedAt;
    const stopped = this.#gauge?.stopped();
    if (stopped !== undefined && !this.#stopReasons.has(stopped)) {
      this.#stopReasons.add(stopped);
      this.line(`stopping the run: ${stopped}\n  (every check this stop ends is shown as "${STOPPED_SYMBOL}")`);
    }
    if (elapsed < STATUS_AFTER_MS) return;
    if (this.#inPlace()) {
      this.#hide();
      this.#show(this.#status(elapsed));
      return;
    }
    const every = Math.min(Math.max(LOG_EVERY_MS, elapsed / 10), LOG_EVERY_MAX_MS);
    if (this.#lastLogAt !== undefined && now - this.#lastLogAt < every) return;
    this.#lastLogAt = now;
    this.line(`  ${this.#status(elapsed)}`);
  }

  finish(): void {
    if (this.#timer !== undefined) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#hide();
    this.#startedAt = undefined;
    if (this.#column > 0) this.#out.write(` ${this.#count}\n`);
    this.#column = 0;
  }

  #status(elapsedMs: number): string {
    const requests = this.#gauge?.requests() ?? { sent: 0, expected: undefined };
    const input = {
      elapsedMs,
      checksDone: this.#count,
      checksExpected: [...this.#expected.values()].reduce((a, b) => a + b, 0),
      requestsSent: requests.sent,
      requestsExpected: requests.expected,
      pacedPerMinute: this.#gauge?.pacedPerMinute,
      knownWaitMs: this.#gauge?.knownWaitMs?.(),
    };
    const [oldest] = [...this.#running].sort((a, b) => a[1].at - b[1].at);
    const pending = oldest === undefined ? undefined : { name: oldest[0], forMs: this.#now() - oldest[1].at, boundMs: oldest[1].boundMs };
    return statusText({ ...input, throttledMs: this.#gauge?.throttledMs() ?? 0, sequences: this.#gauge?.sequences?.(), eta: this.#eta.read(input, pending) });
  }

  /** A check began (its name as the report shows it, its timeout): the status can say which one a slow run waits for, and for how long at most. */
  started(name: string, boundMs?: number): void {
    this.#running.set(name, { at: this.#now(), boundMs });
  }

  /** A check ended, whatever its verdict. */
  ended(name: string): void {
    this.#running.delete(name);
  }

  #inPlace(): boolean {
    return this.#tty && this.#columns() >= MIN_TTY_COLUMNS;
  }

  /** Puts the status back after something else was written (terminal only, once it is due). */
  #redraw(): void {
    if (this.#startedAt === undefined || !this.#inPlace()) return;
    const elapsed = this.#now() - this.#startedAt;
    if (elapsed >= STATUS_AFTER_MS) this.#show(this.#status(elapsed));
  }

  /** Draws the status on its own line, under the dots, without a newline after it; the cursor stays at its end. */
  #show(text: string): void {
    // Cut to the width: a wrapped status line could not be erased in place.
    const fitted = text.length > this.#columns() - 1 ? `${text.slice(0, this.#columns() - 2)}…` : text;
    this.#statusLine.show(fitted, this.#column);
  }

  /** Erases the status and puts the cursor back where the dots go on. */
  #hide(): void {
    this.#statusLine.hide();
  }
}

/** `suites/contacts.test.ts` (or compiled `.js`) -> `contacts`. */
function suiteOf(moduleId: string): string {
  return /([^\\/]+)\.test\.[jt]s$/.exec(moduleId)?.[1] ?? moduleId;
}

/**
 * A second vitest reporter beside the result collector: tells the progress how many checks each
 * suite file really holds once vitest collected it (files are collected as workers pick them up,
 * so the total is an estimate until the last one started). Checks left out by
 * CONFORMANCE_REQUIREMENTS (vitest marks them skipped at collection) do not count.
 */
export class ProgressReporter implements Reporter {
  readonly #progress: Progress;

  constructor(progress: Progress) {
    this.#progress = progress;
  }

  onTestCaseReady(testCase: TestCase): void {
    this.#progress.started(testCase.name, testCase.options.timeout);
  }

  onTestCaseResult(testCase: TestCase): void {
    this.#progress.ended(testCase.name);
  }

  onTestModuleCollected(testModule: TestModule): void {
    let checks = 0;
    for (const testCase of testModule.children.allTests()) if (testCase.options.mode === 'run' || testCase.options.mode === 'only') checks += 1;
    this.#progress.collected(suiteOf(testModule.moduleId), checks);
  }
}
