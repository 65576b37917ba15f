/**
 * Writes `text` whole before resolving. The CLI exits when a command returns, and a pipe takes
 * 64 KiB at a time: a large document (`openapi`, `list --json`) written without waiting is cut.
 */
export function writeOut(stream: NodeJS.WritableStream, text: string): Promise<void> {
  return new Promise<void>((done, fail) => stream.write(text, (error) => (error ? fail(error) : done())));
}
