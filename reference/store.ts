/**
 * In-memory records partitioned per organisation (spec 1: all data is scoped to the
 * organisation owning the key). Insertion order is kept; a global sequence number lets
 * cross-organisation views (only used by the org-*-leak faults) keep creation order too.
 */
export interface StoredRecord {
  id: string;
}

interface Entry<T> {
  seq: number;
  organisationId: string;
  record: T;
}

/** A record as it stood from `at` on; `record` undefined: deleted then. */
interface Version<T> {
  at: number;
  record: T | undefined;
}

/** How the list endpoints see the store: `listLagMs` behind the writes (variant eventual-lists). */
export interface StoreOptions {
  readonly listLagMs?: number;
  readonly now?: () => number;
}

export class PartitionedStore<T extends StoredRecord> {
  readonly #partitions = new Map<string, Map<string, Entry<T>>>();
  #seq = 0;
  readonly #lagMs: number;
  readonly #now: () => number;
  /** With a lag: every record's versions per organisation, in creation order (a lagging list index). */
  readonly #history = new Map<string, Map<string, { seq: number; versions: Version<T>[] }>>();

  constructor(options: StoreOptions = {}) {
    this.#lagMs = options.listLagMs ?? 0;
    this.#now = options.now ?? Date.now;
  }

  #remember(organisationId: string, id: string, seq: number, record: T | undefined): void {
    if (this.#lagMs <= 0) return;
    let partition = this.#history.get(organisationId);
    if (partition === undefined) {
      partition = new Map();
      this.#history.set(organisationId, partition);
    }
    const entry = partition.get(id) ?? { seq, versions: [] };
    entry.versions.push({ at: this.#now(), record });
    partition.set(id, entry);
  }

  #partition(organisationId: string): Map<string, Entry<T>> {
    let partition = this.#partitions.get(organisationId);
    if (partition === undefined) {
      partition = new Map();
      this.#partitions.set(organisationId, partition);
    }
    return partition;
  }

  insert(organisationId: string, record: T): T {
    const partition = this.#partition(organisationId);
    if (partition.has(record.id)) throw new Error(`duplicate id ${record.id}`);
    const seq = this.#seq++;
    partition.set(record.id, { seq, organisationId, record });
    this.#remember(organisationId, record.id, seq, record);
    return record;
  }

  get(organisationId: string, id: string): T | undefined {
    return this.#partitions.get(organisationId)?.get(id)?.record;
  }

  /** Looks in every organisation; returns the owner too. */
  findAnywhere(id: string): { organisationId: string; record: T } | undefined {
    for (const [organisationId, partition] of this.#partitions) {
      const entry = partition.get(id);
      if (entry !== undefined) return { organisationId, record: entry.record };
    }
    return undefined;
  }

  /** Replaces an existing record, keeping its position; returns false when absent. */
  replace(organisationId: string, record: T): boolean {
    const entry = this.#partitions.get(organisationId)?.get(record.id);
    if (entry === undefined) return false;
    entry.record = record;
    this.#remember(organisationId, record.id, entry.seq, record);
    return true;
  }

  delete(organisationId: string, id: string): T | undefined {
    const partition = this.#partitions.get(organisationId);
    const entry = partition?.get(id);
    if (entry === undefined) return undefined;
    partition?.delete(id);
    this.#remember(organisationId, id, entry.seq, undefined);
    return entry.record;
  }

  /** The organisation's records in creation order. */
  list(organisationId: string): T[] {
    const partition = this.#partitions.get(organisationId);
    return partition === undefined ? [] : [...partition.values()].map((e) => e.record);
  }

  /**
   * The organisation's records as its list endpoint shows them: the same as list(), or, with a
   * list lag, as they stood `listLagMs` ago (a search index or replica that follows the writes).
   */
  listed(organisationId: string): T[] {
    if (this.#lagMs <= 0) return this.list(organisationId);
    const partition = this.#history.get(organisationId);
    if (partition === undefined) return [];
    const horizon = this.#now() - this.#lagMs;
    const shown: Array<{ seq: number; record: T }> = [];
    for (const [id, entry] of partition) {
      // Versions older than the last one the horizon has passed can never be shown again.
      let last = -1;
      for (let i = 0; i < entry.versions.length; i++) if (entry.versions[i]!.at <= horizon) last = i;
      if (last > 0) entry.versions.splice(0, last);
      const visible = last >= 0 ? entry.versions[0]!.record : undefined;
      if (visible !== undefined) shown.push({ seq: entry.seq, record: visible });
      else if (last >= 0 && entry.versions.length === 1) partition.delete(id);
    }
    return shown.sort((a, b) => a.seq - b.seq).map((e) => e.record);
  }

  /** The organisations that hold records here. */
  organisationIds(): string[] {
    return [...this.#partitions.keys()];
  }

  /** Every organisation's records in global creation order. */
  listAll(): T[] {
    const entries: Entry<T>[] = [];
    for (const partition of this.#partitions.values()) entries.push(...partition.values());
    return entries.sort((a, b) => a.seq - b.seq).map((e) => e.record);
  }

  size(organisationId: string): number {
    return this.#partitions.get(organisationId)?.size ?? 0;
  }
}
