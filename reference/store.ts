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

export class PartitionedStore<T extends StoredRecord> {
  readonly #partitions = new Map<string, Map<string, Entry<T>>>();
  #seq = 0;

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
    partition.set(record.id, { seq: this.#seq++, organisationId, record });
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
    return true;
  }

  delete(organisationId: string, id: string): T | undefined {
    const partition = this.#partitions.get(organisationId);
    const entry = partition?.get(id);
    if (entry === undefined) return undefined;
    partition?.delete(id);
    return entry.record;
  }

  /** The organisation's records in creation order. */
  list(organisationId: string): T[] {
    const partition = this.#partitions.get(organisationId);
    return partition === undefined ? [] : [...partition.values()].map((e) => e.record);
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
