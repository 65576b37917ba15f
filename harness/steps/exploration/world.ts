import { InternalError } from '../../errors.js';
import { randomUUID } from 'node:crypto';
import type { ApiClient, ApiResponse, QueryValue } from '../../http/client.js';
import type { Redactor } from '../../http/redact.js';
import type { SequenceRequirementId } from '../../spec/sequences.js';
import { filled, SCOPE_PLACEHOLDERS, type Body, type ScopeIds, type SequenceDomain } from './domains.js';
import type { LoggedRequest, Org } from './log.js';
import { RuleBroken, type ModelRecord } from './model.js';
import { settled } from '../settle.js';

/** Records a sequence's scope needs before its first record of a domain (a parent contact, a resource). */
export interface ScopeMaker {
  /** Makes org A's record for one scope id; undefined when the target refused it (the domain then sits the sequence out). */
  make(world: SequenceWorld, kind: keyof ScopeIds): Promise<string | undefined>;
}

/** An observation the exploration hands to the report (topic, subject, value). */
export interface SequenceObservation {
  readonly topic: string;
  readonly subject: string;
  readonly value: string;
}

/**
 * One sequence as it runs: the model (its records) and the clients the commands send with. fast-check's
 * model and real system are this one object: the model is updated from the answers as they come.
 */
export class SequenceWorld {
  readonly records: ModelRecord[] = [];
  readonly log: LoggedRequest[] = [];
  readonly observations: SequenceObservation[] = [];
  lastExchange: ApiResponse['exchange'] | null = null;
  readonly #scope = new Map<keyof ScopeIds, string | null>();
  readonly #options: {
    readonly a: ApiClient;
    readonly b: ApiClient | undefined;
    readonly redactor: Redactor;
    readonly scopes: ScopeMaker;
    readonly count: () => void;
    readonly track?: ((path: string) => void) | undefined;
    readonly sweep?: ((path: string, query: Readonly<Record<string, string>>) => void) | undefined;
    readonly settleMs?: number | undefined;
    readonly around?: (<R>(send: () => Promise<R>) => Promise<R>) | undefined;
  };

  constructor(options: {
    readonly a: ApiClient;
    readonly b: ApiClient | undefined;
    readonly redactor: Redactor;
    readonly scopes: ScopeMaker;
    readonly count: () => void;
    readonly track?: ((path: string) => void) | undefined;
    readonly sweep?: ((path: string, query: Readonly<Record<string, string>>) => void) | undefined;
    /** How long a list may take to show a write; absent: the run's bound (CONFORMANCE_LIST_SETTLE_S). */
    readonly settleMs?: number | undefined;
    /** Wraps every request sent: the exploration's gate on requests in flight across its sequences, which also times them (explore.ts). */
    readonly around?: (<R>(send: () => Promise<R>) => Promise<R>) | undefined;
  }) {
    this.#options = options;
  }

  /** `attempt` again while it fails a rule, within this sequence's settle bound (harness/steps/settle.ts). */
  settled<T>(attempt: () => Promise<T>): Promise<T> {
    return settled(attempt, undefined, this.#options.settleMs);
  }

  /** Hands a record no tracked POST made (a batch create's entry) to the run's cleanup. */
  track(path: string): void {
    this.#options.track?.(path);
  }

  /**
   * Hands the run's cleanup an exact lookup of records a create may have made without naming them
   * (a batch's entries under the sequence's own resource): harness/check/cleanup.ts sweepAtEnd.
   */
  sweep(path: string, query: Readonly<Record<string, string>>): void {
    this.#options.sweep?.(path, query);
  }

  get hasOtherOrg(): boolean {
    return this.#options.b !== undefined;
  }

  /** Sends one request with org A's or org B's key, logs it, and fails `rule` on a 5xx. */
  async send(
    org: Org,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    path: string,
    options: { readonly query?: Readonly<Record<string, QueryValue>>; readonly body?: unknown; readonly rule: SequenceRequirementId; readonly letter?: string },
  ): Promise<ApiResponse> {
    const client = org === 'B' ? this.#options.b : this.#options.a;
    if (client === undefined) throw new InternalError('no client for org B: the exploration sends org B requests only with CONFORMANCE_OTHER_ORG_KEY');
    this.#options.count();
    const request = () =>
      client.send({
        method,
        path,
        ...(options.query ? { query: options.query } : {}),
        ...(options.body !== undefined ? { body: options.body } : {}),
      });
    const res = await (this.#options.around === undefined ? request() : this.#options.around(request));
    this.lastExchange = res.exchange;
    const search = new URL(res.exchange.url).search;
    const createdId = method === 'POST' && res.status >= 200 && res.status < 300 && options.letter !== undefined ? idOf(res) : undefined;
    this.log.push({
      org,
      method,
      path: `${path}${search}`,
      body: options.body === undefined ? undefined : this.#options.redactor.redact(JSON.stringify(options.body)),
      status: res.status,
      excerpt: res.exchange.bodyExcerpt.slice(0, 400),
      createdId,
      letter: options.letter,
    });
    if (res.status >= 500) {
      throw new RuleBroken(options.rule, `${method} ${path}${search} answered ${res.status}, a server error, to a valid request in the sequence`, res.exchange);
    }
    return res;
  }

  /** The sequence's scope ids for a domain, made on first use; undefined when one could not be made. */
  async scope(domain: SequenceDomain): Promise<ScopeIds | undefined> {
    const kinds = Object.keys(SCOPE_PLACEHOLDERS) as Array<keyof ScopeIds>;
    const needed: Array<keyof ScopeIds> = [...domain.scopeValues];
    for (const kind of needed) {
      if (this.#scope.has(kind)) continue;
      this.#scope.set(kind, (await this.#options.scopes.make(this, kind)) ?? null);
    }
    if (needed.some((kind) => this.#scope.get(kind) === null)) return undefined;
    // The kinds a domain does not use get a value that names nothing (never sent).
    return Object.fromEntries(kinds.map((kind) => [kind, this.#scope.get(kind) ?? `unused-${kind}`])) as unknown as ScopeIds;
  }

  /** The body with the sequence's scope ids in place of the placeholders. */
  async fill(domain: SequenceDomain, body: Body): Promise<Body | undefined> {
    const scope = await this.scope(domain);
    return scope === undefined ? undefined : filled(body, scope);
  }

  /** Org A's records of a domain the model still judges, the `pick`-th of them (modulo their count). */
  pick(domain: SequenceDomain, pick: number, org: Org = 'A'): ModelRecord | undefined {
    const candidates = this.records.filter((r) => r.domain === domain.name && r.org === org && r.state !== 'unjudged');
    return candidates.length === 0 ? undefined : candidates[pick % candidates.length];
  }

  /** Org A's records the model still judges, over the given domains: the `pick`-th (modulo their count), with its domain. */
  pickAny(domains: readonly SequenceDomain[], pick: number): { readonly domain: SequenceDomain; readonly record: ModelRecord } | undefined {
    const candidates = this.records.filter((r) => r.org === 'A' && r.state !== 'unjudged');
    const record = candidates.length === 0 ? undefined : candidates[pick % candidates.length]!;
    const domain = record === undefined ? undefined : domains.find((d) => d.name === record.domain);
    return record === undefined || domain === undefined ? undefined : { domain, record };
  }

  observe(topic: string, subject: string, value: string): void {
    if (!this.observations.some((o) => o.topic === topic && o.subject === subject && o.value === value)) this.observations.push({ topic, subject, value });
  }
}

function idOf(res: ApiResponse): string | undefined {
  const data = (res.json as { data?: { id?: unknown } } | undefined)?.data;
  return typeof data?.id === 'string' && data.id !== '' ? data.id : undefined;
}

/** The record inside `data` of an answer, when there is one. */
export function dataOf(res: ApiResponse): Record<string, unknown> | undefined {
  const data = (res.json as { data?: unknown } | undefined)?.data;
  return data !== null && typeof data === 'object' && !Array.isArray(data) ? (data as Record<string, unknown>) : undefined;
}

/** A fresh id for the sequence's home office (spec 2.4: homeOfficeId names an office the API has no endpoint for). */
export function freshOfficeId(): string {
  return randomUUID();
}
