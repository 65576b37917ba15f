import { createRequire } from 'node:module';
import type { HarEntry } from '../harness/har/format.js';

/*
 * A real consumer of schemas/openapi.json: Stoplight Prism's HTTP validator, the one its
 * validation proxy (`prism proxy`) runs on every answer it forwards. It reads the document as
 * Prism reads any (dereferenced, every operation bundled), routes each recorded request to its
 * operation and judges the recorded answer: status, headers and body. Test-only (a devDependency).
 */

const require = createRequire(import.meta.url);

interface Diagnostic {
  readonly message: string;
  readonly severity: number;
}
type Either<L, R> = { readonly _tag: 'Left'; readonly left: L } | { readonly _tag: 'Right'; readonly right: R };
interface PrismOperation {
  readonly method: string;
  readonly path: string;
}
interface PrismHttp {
  getHttpOperationsFromSpec(document: object): Promise<PrismOperation[]>;
}
type Route = (opts: {
  resources: PrismOperation[];
  input: { method: string; url: { path: string; baseUrl: string; query: object } };
}) => Either<unknown, PrismOperation>;
type ValidateOutput = (opts: {
  resource: PrismOperation;
  element: { statusCode: number; headers: Record<string, string>; body: unknown };
}) => Either<Diagnostic[], unknown>;

const prism = require('@stoplight/prism-http') as PrismHttp;
const route = (require('@stoplight/prism-http/dist/router') as { default: Route }).default;
const { validateOutput } = require('@stoplight/prism-http/dist/validator') as { validateOutput: ValidateOutput };

/** Prism's DiagnosticSeverity.Error: a warning (an undocumented error status, say) is not a violation. */
const ERROR = 0;

export interface PrismVerdict {
  /** Entries judged (answered, routed to a documented operation). */
  readonly judged: number;
  /** Requests Prism routes to no operation of the document (paths the spec does not show). */
  readonly unrouted: readonly string[];
  /** `GET /contacts 200: Response body must have required property 'pagination'`, each once. */
  readonly violations: readonly string[];
}

/** Judges every answered exchange of a run's HTTP archive against the document. `basePath`: `/api/v1`. */
export async function prismVerdict(document: object, entries: readonly HarEntry[], basePath: string): Promise<PrismVerdict> {
  // Prism dereferences in place: it gets a copy.
  const operations = await prism.getHttpOperationsFromSpec(structuredClone(document));
  const violations = new Set<string>();
  const unrouted: string[] = [];
  let judged = 0;
  for (const entry of entries) {
    if (entry.response.status === 0) continue;
    const url = new URL(entry.request.url);
    const path = url.pathname.startsWith(basePath) ? url.pathname.slice(basePath.length) : url.pathname;
    const routed = route({
      resources: operations,
      input: { method: entry.request.method.toLowerCase(), url: { path, baseUrl: url.origin + basePath, query: {} } },
    });
    if (routed._tag === 'Left') {
      unrouted.push(`${entry.request.method} ${path}`);
      continue;
    }
    const headers = Object.fromEntries(entry.response.headers.map((h) => [h.name.toLowerCase(), h.value]));
    const text = entry.response.content.text;
    let body: unknown = text === '' ? undefined : text;
    try {
      body = text === '' ? undefined : JSON.parse(text);
    } catch {
      // Not JSON: judged as the text it is.
    }
    // A body cut at the run's read bound cannot be judged; its status and headers still are.
    if (entry.response._truncated === true) body = undefined;
    judged++;
    const result = validateOutput({ resource: routed.right, element: { statusCode: entry.response.status, headers, body } });
    if (result._tag === 'Left') {
      for (const d of result.left)
        if (d.severity === ERROR) violations.add(`${entry.request.method} ${routed.right.path} ${entry.response.status}: ${d.message}`);
    }
  }
  return { judged, unrouted, violations: [...violations].sort() };
}
