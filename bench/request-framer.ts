/**
 * Where each HTTP/1.1 request starts in a client's byte stream, for the delay proxy's counts: the
 * head up to its blank line, then a body of Content-Length bytes or chunked to its last chunk.
 * It only reads the stream (the bytes go on unchanged), and a stream it cannot frame (a head
 * past 64 KiB, a length it cannot read) stops being counted, never stops the bytes.
 */
const HEAD_END = Buffer.from('\r\n\r\n');
const CRLF = Buffer.from('\r\n');
const MAX_HEAD = 64 * 1024;

type State =
  | { readonly kind: 'head' }
  | { readonly kind: 'body'; remaining: number }
  | { readonly kind: 'chunk-size' }
  | { readonly kind: 'chunk-data'; remaining: number }
  /** The CRLF after a chunk's data, which the chunk's size leaves out. */
  | { readonly kind: 'chunk-end'; remaining: number }
  | { readonly kind: 'trailer' }
  | { readonly kind: 'lost' };

export class RequestFramer {
  #buffer: Buffer = Buffer.alloc(0);
  #state: State = { kind: 'head' };

  /** `head`: the request line and header fields, as sent (latin1). */
  constructor(private readonly onRequest: (method: string, url: string, head: string) => void) {}

  push(chunk: Buffer): void {
    if (this.#state.kind === 'lost') return;
    this.#buffer = this.#buffer.length === 0 ? chunk : Buffer.concat([this.#buffer, chunk]);
    // Each step consumes from the buffer; it stops when it needs more bytes.
    while (this.#step()) {}
    if (this.#state.kind === 'head' && this.#buffer.length > MAX_HEAD) this.#lose();
  }

  #lose(): void {
    this.#state = { kind: 'lost' };
    this.#buffer = Buffer.alloc(0);
  }

  #step(): boolean {
    const state = this.#state;
    switch (state.kind) {
      case 'head': {
        const end = this.#buffer.indexOf(HEAD_END);
        if (end < 0) return false;
        const head = this.#buffer.subarray(0, end).toString('latin1');
        this.#buffer = this.#buffer.subarray(end + HEAD_END.length);
        const [line = '', ...fields] = head.split('\r\n');
        const [method = '', url = ''] = line.split(' ');
        this.onRequest(method, url, head);
        const header = (name: string): string | undefined => {
          const field = fields.find((f) => f.slice(0, f.indexOf(':')).trim().toLowerCase() === name);
          return field?.slice(field.indexOf(':') + 1).trim();
        };
        if (/chunked/i.test(header('transfer-encoding') ?? '')) this.#state = { kind: 'chunk-size' };
        else {
          const length = Number(header('content-length') ?? 0);
          if (!Number.isSafeInteger(length) || length < 0) this.#lose();
          else this.#state = length > 0 ? { kind: 'body', remaining: length } : { kind: 'head' };
        }
        return this.#state.kind !== 'lost';
      }
      case 'body':
      case 'chunk-data':
      case 'chunk-end': {
        if (this.#buffer.length === 0) return false;
        const taken = Math.min(state.remaining, this.#buffer.length);
        this.#buffer = this.#buffer.subarray(taken);
        state.remaining -= taken;
        if (state.remaining > 0) return false;
        this.#state =
          state.kind === 'body' ? { kind: 'head' } : state.kind === 'chunk-data' ? { kind: 'chunk-end', remaining: CRLF.length } : { kind: 'chunk-size' };
        return true;
      }
      case 'chunk-size': {
        const end = this.#buffer.indexOf(CRLF);
        if (end < 0) return false;
        const size = Number.parseInt(this.#buffer.subarray(0, end).toString('latin1').split(';')[0]!.trim(), 16);
        this.#buffer = this.#buffer.subarray(end + CRLF.length);
        if (!Number.isSafeInteger(size) || size < 0) this.#lose();
        else this.#state = size === 0 ? { kind: 'trailer' } : { kind: 'chunk-data', remaining: size };
        return this.#state.kind !== 'lost';
      }
      case 'trailer': {
        // Trailer fields, if any, then the blank line that ends the request.
        const end = this.#buffer.indexOf(CRLF);
        if (end < 0) return false;
        this.#buffer = this.#buffer.subarray(end + CRLF.length);
        if (end === 0) this.#state = { kind: 'head' };
        return true;
      }
      case 'lost':
        return false;
    }
  }
}
