import { InternalError } from '../errors.js';

/*
 * Named slots in one buffer shared with worker threads (vitest `provide` hands the same
 * SharedArrayBuffer to every worker): Int32 slots first (Atomics works on them), then Float64
 * and BigInt64 slots (8-byte aligned), then byte areas. A state shared across threads declares
 * its slots here once, by name, and never computes an offset by hand; every thread that builds
 * the same layout over the same buffer reads the same slots.
 */

/** Each kind's slots by name, with how many consecutive slots the name holds (1 for a single value). */
export interface SlotSpec {
  readonly int32?: Readonly<Record<string, number>>;
  readonly float64?: Readonly<Record<string, number>>;
  readonly bigint64?: Readonly<Record<string, number>>;
  /** Byte areas by name, with their length in bytes. */
  readonly bytes?: Readonly<Record<string, number>>;
}

type Names<R> = R extends Readonly<Record<string, number>> ? keyof R & string : never;
type Index<R> = { readonly [K in Names<R>]: number };

/** Where each name lives: the index of its first slot in its kind's view. */
export interface SlotLayout<S extends SlotSpec> {
  /** Bytes of the buffer the layout needs. */
  readonly bytes: number;
  readonly int32: Index<S['int32']>;
  readonly float64: Index<S['float64']>;
  readonly bigint64: Index<S['bigint64']>;
  readonly spec: S;
  /** Byte offset of each kind's view, and of each byte area (`bytes:<name>`). */
  readonly offsets: Readonly<Record<string, number>>;
}

export interface SlotViews<S extends SlotSpec> {
  readonly buffer: SharedArrayBuffer | ArrayBuffer;
  readonly int32: Int32Array;
  readonly float64: Float64Array;
  readonly bigint64: BigInt64Array;
  readonly bytes: { readonly [K in Names<S['bytes']>]: Uint8Array };
}

function indexOf(slots: Readonly<Record<string, number>> | undefined): { index: Record<string, number>; count: number } {
  const index: Record<string, number> = {};
  let count = 0;
  for (const [name, length] of Object.entries(slots ?? {})) {
    if (!Number.isSafeInteger(length) || length < 1) throw new InternalError(`shared slot ${name}: a length of at least 1 (got ${length})`);
    index[name] = count;
    count += length;
  }
  return { index, count };
}

const align8 = (n: number): number => Math.ceil(n / 8) * 8;

/** Pure: the layout of `spec`; build it once per module, at the top. */
export function slotLayout<const S extends SlotSpec>(spec: S): SlotLayout<S> {
  const int32 = indexOf(spec.int32);
  const float64 = indexOf(spec.float64);
  const bigint64 = indexOf(spec.bigint64);
  const floatsAt = align8(int32.count * 4);
  const bigintsAt = floatsAt + float64.count * 8;
  const offsets: Record<string, number> = { int32: 0, float64: floatsAt, bigint64: bigintsAt };
  let at = bigintsAt + bigint64.count * 8;
  for (const [name, length] of Object.entries(spec.bytes ?? {})) {
    if (!Number.isSafeInteger(length) || length < 1) throw new InternalError(`shared bytes ${name}: a length of at least 1 (got ${length})`);
    offsets[`bytes:${name}`] = at;
    at += length;
  }
  return {
    spec,
    offsets,
    bytes: at,
    int32: int32.index as Index<S['int32']>,
    float64: float64.index as Index<S['float64']>,
    bigint64: bigint64.index as Index<S['bigint64']>,
  };
}

/**
 * The views of `layout` over `buffer` (a SharedArrayBuffer between threads; a plain ArrayBuffer
 * where one thread is all there is). A buffer too small is a bug of whoever allocated it.
 */
export function slotViews<S extends SlotSpec>(layout: SlotLayout<S>, buffer: SharedArrayBuffer | ArrayBuffer, owner: string): SlotViews<S> {
  if (buffer.byteLength < layout.bytes) throw new InternalError(`${owner} needs ${layout.bytes} bytes of shared state, got ${buffer.byteLength}`);
  const count = (slots: Readonly<Record<string, number>> | undefined): number => Object.values(slots ?? {}).reduce((a, b) => a + b, 0);
  const bytes: Record<string, Uint8Array> = {};
  for (const [name, length] of Object.entries(layout.spec.bytes ?? {})) bytes[name] = new Uint8Array(buffer, layout.offsets[`bytes:${name}`]!, length);
  return {
    buffer,
    int32: new Int32Array(buffer, layout.offsets.int32!, count(layout.spec.int32)),
    float64: new Float64Array(buffer, layout.offsets.float64!, count(layout.spec.float64)),
    bigint64: new BigInt64Array(buffer, layout.offsets.bigint64!, count(layout.spec.bigint64)),
    bytes: bytes as SlotViews<S>['bytes'],
  };
}
