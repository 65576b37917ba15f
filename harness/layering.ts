/*
 * Which folder may import which: the one table of the layering. `layering.test.ts` checks every
 * relative import of the shipped sources against it, and the "Imports:" lines of the folder
 * READMEs (and the summary in docs/architecture.md) are written from it by `write-layering.ts`,
 * so neither the code nor the documentation can drift from the rule without a test failing.
 *
 * A unit is a folder with its files, and its subfolders that are not units of their own
 * (`testing/` folders belong to the unit around them). A tree is a top-level folder:
 * `harness/`, `reference/`, `suites/`.
 */

/** One thing a unit may import: another unit, or only some of its files. */
export interface Edge {
  /** The unit's folder, from the repository's root (`harness/http`). */
  readonly to: string;
  /** Only these files of it (names within its folder); any of its files when absent. */
  readonly only?: readonly string[];
  /** Only these files of the importing unit may (names within its folder); any when absent. */
  readonly from?: readonly string[];
  /** What for, written after it in the README. */
  readonly why?: string;
}

export interface Unit {
  readonly folder: string;
  /** Where its "Imports:" line is written; `${folder}/README.md` when absent, none when null. */
  readonly readme?: string | null;
  /** What its shipped files may import outside the unit itself. */
  readonly imports: readonly Edge[];
  /** Modules (packages, `node:` built-ins) its shipped files must never import, and why. */
  readonly never?: { readonly modules: readonly string[]; readonly why: string };
}

/** What a tree's test files (`*.test.ts`) and `testing/` folders may import besides. */
export interface TestRule {
  readonly tree: string;
  /** Any unit of these trees. */
  readonly trees: readonly string[];
  /** And these, one by one. */
  readonly also: readonly Edge[];
  readonly why: string;
}

export const TREES = ['harness', 'reference', 'suites'] as const;

const ERRORS: Edge = { to: 'harness', only: ['errors.ts'] };
const ERRORS_AND_ROOT: Edge = { to: 'harness', only: ['errors.ts', 'package-root.ts'] };
const REQUIREMENTS: Edge = { to: 'harness/spec', only: ['requirements.ts'] };
const RECORDS: Edge = { to: 'harness/spec/records', why: 'what it is derived from' };
const THE_TARGET: Edge = { to: 'harness/runner', only: ['target.ts'], why: 'the target' };
const THE_PREFLIGHT: Edge = { to: 'harness/doctor', only: ['preflight.ts'], why: 'the quick preflight' };

// A report is built elsewhere and only rendered here: nothing that could reach a target.
const SENDS_NOTHING = {
  modules: ['undici', 'autocannon', 'node:http', 'node:https', 'node:net', 'node:tls', 'node:dns', 'vitest'],
  why: 'it sends no request and runs no check',
};

export const UNITS: readonly Unit[] = [
  {
    folder: 'harness',
    imports: [
      { to: 'harness/http', only: ['health.ts'], why: 'types' },
      { to: 'harness/report', only: ['model.ts', 'write.ts'], why: 'types' },
    ],
  },
  {
    folder: 'harness/spec',
    imports: [{ to: 'harness/report', only: ['model.ts'], why: 'the `Level` type' }, RECORDS],
    never: { modules: ['undici', 'node:http', 'node:https'], why: 'it sends nothing' },
  },
  {
    folder: 'harness/spec/records',
    imports: [ERRORS, { to: 'harness/report', only: ['model.ts'], why: 'the `Level` type' }],
    never: { modules: ['undici', 'node:http', 'node:https'], why: 'it sends nothing' },
  },
  { folder: 'harness/spec/audit', imports: [REQUIREMENTS, RECORDS] },
  { folder: 'harness/spec/inputs', imports: [REQUIREMENTS, { to: 'harness/config' }] },
  {
    folder: 'harness/spec/traceability',
    imports: [REQUIREMENTS, RECORDS, ERRORS_AND_ROOT],
  },
  { folder: 'harness/config', imports: [ERRORS_AND_ROOT, { to: 'harness/spec' }] },
  {
    folder: 'harness/http',
    imports: [ERRORS, { to: 'harness/config', only: ['ca-file.ts'] }, { to: 'harness/report', only: ['model.ts'], why: 'types' }],
  },
  {
    folder: 'harness/rate',
    imports: [
      { to: 'harness/http', only: ['retry-after.ts'] },
      { to: 'harness/spec', only: ['rate-limit.ts'], why: "the spec's limits" },
    ],
  },
  { folder: 'harness/har', imports: [{ to: 'harness/http', only: ['client.ts'], why: 'types' }] },
  { folder: 'harness/sink', imports: [ERRORS, { to: 'harness/spec' }] },
  {
    folder: 'harness/check',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/http' },
      { to: 'harness/spec' },
      { to: 'harness/config' },
      { to: 'harness/report', only: ['model.ts'], why: 'types' },
      { to: 'harness/har' },
      { to: 'harness/runner', only: ['throttle-worker.ts'], why: "the runner's worker side" },
    ],
  },
  {
    folder: 'harness/generators',
    imports: [{ to: 'harness/spec' }, ERRORS],
    never: { modules: ['undici', 'node:http', 'node:https'], why: 'they send nothing' },
  },
  {
    folder: 'harness/crosscutting',
    imports: [
      ERRORS,
      { to: 'harness/check' },
      { to: 'harness/steps' },
      { to: 'harness/generators' },
      { to: 'harness/spec' },
      { to: 'harness/spec/inputs' },
      { to: 'harness/http' },
      { to: 'harness/config' },
      { to: 'harness/report', only: ['model.ts'], why: 'types' },
    ],
  },
  {
    folder: 'harness/steps',
    imports: [
      ERRORS,
      { to: 'harness/check' },
      { to: 'harness/crosscutting', only: ['collection.ts'] },
      { to: 'harness/generators' },
      { to: 'harness/http' },
      { to: 'harness/rate' },
      { to: 'harness/spec' },
      { to: 'harness/config' },
      { to: 'harness/report', only: ['transitions.ts'], why: 'the status transitions' },
      { to: 'harness/webhooks', only: ['subscriptions.ts'], why: 'the subscriptions collection of the input table' },
      { to: 'harness/sink', why: "the exploration's webhook deliveries" },
    ],
  },
  {
    folder: 'harness/webhooks',
    imports: [
      ERRORS,
      { to: 'harness/check' },
      { to: 'harness/crosscutting', only: ['collection.ts'] },
      { to: 'harness/http' },
      { to: 'harness/sink' },
      { to: 'harness/spec' },
      { to: 'harness/steps', why: 'records a trigger stands on' },
    ],
  },
  {
    folder: 'harness/runner',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/check' },
      { to: 'harness/http' },
      { to: 'harness/config' },
      { to: 'harness/report' },
      { to: 'harness/spec' },
      { to: 'harness/spec/traceability' },
      THE_PREFLIGHT,
      { to: 'harness/har' },
      // The embedded reference server is started when no target URL is set, and loaded only then.
      { to: 'reference', only: ['server.ts'], from: ['target.ts'], why: 'in `target.ts`, loaded when no target URL is set' },
    ],
  },
  {
    folder: 'harness/report',
    imports: [
      { to: 'harness', only: ['package-root.ts'], why: 'to find `schemas/`' },
      { to: 'harness/report/escape' },
      { to: 'harness/http', only: ['redact.ts'], why: 'the `Redactor`' },
      { to: 'harness/spec', why: 'the status lists' },
      { to: 'harness/doctor', only: ['json-schema.ts'], from: ['write-schema.ts'], why: "`write-schema.ts`: the doctor's schema" },
      { to: 'harness/load', only: ['json-schema.ts'], from: ['write-schema.ts'], why: "`write-schema.ts`: the load report's schema" },
      { ...ERRORS, why: 'the error codes a report names' },
    ],
    never: SENDS_NOTHING,
  },
  { folder: 'harness/report/escape', imports: [], never: SENDS_NOTHING },
  {
    folder: 'harness/doctor',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/http' },
      { to: 'harness/config' },
      { to: 'harness/rate' },
      { to: 'harness/sink' },
      { to: 'harness/spec' },
      { to: 'harness/runner', why: 'request estimates, the throttling preflight, the target' },
      { to: 'harness/report', only: ['files.ts', 'format.ts', 'json-schema.ts', 'palette.ts'] },
      { to: 'harness/report/escape', only: ['terminal.ts'] },
    ],
  },
  {
    folder: 'harness/init',
    imports: [ERRORS, { to: 'harness/config' }, { to: 'harness/http' }, THE_TARGET],
  },
  {
    folder: 'harness/load',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/rate' },
      { to: 'harness/http' },
      { to: 'harness/config' },
      { to: 'harness/report', why: 'HTML and SVG building, formats, writing files' },
      { to: 'harness/report/escape', only: ['terminal.ts', 'xml.ts'] },
      THE_TARGET,
      THE_PREFLIGHT,
      { to: 'harness/load/locust', why: 'the Locust engine' },
    ],
  },
  {
    folder: 'harness/load/locust',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/config', why: 'types, the seed' },
      { to: 'harness/http', only: ['network.ts'], why: "the run's network" },
      { to: 'harness/load', only: ['engine.ts', 'tally.ts'] },
    ],
  },
  {
    folder: 'harness/load/export',
    imports: [{ to: 'harness/config', only: ['schema.ts'], why: 'types' }, { to: 'harness/load/locust', only: ['paths.ts'] }, ERRORS],
  },
  {
    folder: 'harness/openapi',
    imports: [
      ERRORS,
      { to: 'harness/spec', why: "the endpoints and the bodies' zod schemas" },
      { to: 'harness/spec/inputs', why: 'the query parameters' },
      { to: 'harness/spec/traceability', why: 'the requirement ids' },
      { to: 'harness', only: ['package-root.ts'], why: 'to find `schemas/` and the shipped spec' },
    ],
    never: SENDS_NOTHING,
  },
  {
    folder: 'harness/certify',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/report', why: 'the model and renderers' },
      { to: 'harness/report/escape' },
      { to: 'harness/runner', only: ['verdict.ts'] },
      { to: 'harness/spec' },
      { to: 'harness/config' },
      { to: 'harness/har' },
    ],
  },
  {
    folder: 'harness/cli',
    imports: [
      ERRORS_AND_ROOT,
      { to: 'harness/runner' },
      { to: 'harness/doctor' },
      { to: 'harness/init' },
      { to: 'harness/load' },
      { to: 'harness/load/locust' },
      { to: 'harness/load/export' },
      { to: 'harness/certify' },
      { to: 'harness/openapi' },
      { to: 'harness/report' },
      { to: 'harness/config' },
      { to: 'harness/http' },
      {
        to: 'reference',
        only: ['command.ts', 'cli-options.ts'],
        from: ['commands.ts'],
        why: 'in `commands.ts`, for `conformance reference` and the options its help lists',
      },
      { to: 'harness/har', only: ['format.ts'], from: ['run-command.ts'], why: "the HTTP archive's file name, for the closing line" },
    ],
  },
  {
    folder: 'reference',
    imports: [{ to: 'reference/routes' }, { to: 'reference/schemas' }, { to: 'reference/models' }, { to: 'reference/webhooks' }, { to: 'reference/policy' }],
  },
  {
    folder: 'reference/routes',
    imports: [
      { to: 'reference/schemas' },
      { to: 'reference/models' },
      { to: 'reference/webhooks' },
      { to: 'reference/policy' },
      { to: 'reference', only: ['auth.ts', 'errors.ts', 'lookup.ts', 'paging.ts', 'query.ts', 'stale-copies.ts', 'store.ts', 'validation.ts'] },
    ],
  },
  { folder: 'reference/schemas', imports: [{ to: 'reference', only: ['errors.ts', 'validation.ts'] }] },
  {
    folder: 'reference/models',
    imports: [
      { to: 'reference/schemas', why: 'body types' },
      { to: 'reference', only: ['seed.ts', 'store.ts'] },
    ],
  },
  {
    folder: 'reference/webhooks',
    imports: [
      { to: 'reference/models' },
      { to: 'reference/schemas' },
      { to: 'reference/policy' },
      { to: 'reference', only: ['stale-copies.ts', 'store.ts', 'webhook-choices.ts'] },
    ],
  },
  {
    folder: 'reference/policy',
    imports: [
      // The policy is the sum of the slots each domain declares beside its routes.
      { to: 'reference/routes', why: 'the `*.faults.ts` declarations' },
      { to: 'reference/webhooks', only: ['delivery.faults.ts'] },
      { to: 'reference', only: ['auth.faults.ts', 'body.faults.ts', 'lists.faults.ts', 'rate-limit.faults.ts', 'responses.faults.ts'] },
    ],
  },
  {
    // The suite files are the product even though vitest needs them named `*.test.ts`.
    folder: 'suites',
    readme: null,
    imports: [
      { to: 'harness/check' },
      { to: 'harness/crosscutting' },
      { to: 'harness/generators' },
      { to: 'harness/steps' },
      { to: 'harness/webhooks' },
      { to: 'harness/spec' },
      { to: 'harness/http' },
      { to: 'harness/rate' },
      { to: 'harness/sink' },
    ],
  },
];

export const TEST_RULES: readonly TestRule[] = [
  {
    tree: 'harness',
    trees: ['harness', 'reference'],
    also: [],
    why: 'unit tests may start the embedded reference server and read its faults and variants',
  },
  {
    tree: 'reference',
    trees: ['reference'],
    also: [{ to: 'harness/rate', only: ['retry-after.ts'] }],
    why: "one unit test reads the server's Retry-After as the suite does",
  },
  // suites/: none. Every suite file is shipped; the rule of the unit holds for all of them.
];

export function treeOf(path: string): string {
  return path.split('/')[0]!;
}

/** The unit a file belongs to: the deepest unit folder holding it. */
export function unitOf(file: string): Unit | undefined {
  let best: Unit | undefined;
  for (const unit of UNITS) {
    if (file.startsWith(`${unit.folder}/`) && (!best || unit.folder.length > best.folder.length)) best = unit;
  }
  return best;
}

function inEdge(edge: Edge, file: string): boolean {
  if (unitOf(file)?.folder !== edge.to) return false;
  return !edge.only || edge.only.includes(file.slice(edge.to.length + 1).replace(/\.js$/, '.ts'));
}

/** Whether a file that is not a test may import `target` (both from the repository's root). */
export function shippedMayImport(file: string, target: string): boolean {
  const from = unitOf(file);
  if (!from) return false;
  if (unitOf(target)?.folder === from.folder) return true;
  const name = file.slice(from.folder.length + 1);
  return from.imports.some((edge) => inEdge(edge, target) && (!edge.from || edge.from.includes(name)));
}

/** Whether a test file or a file of a `testing/` folder may import `target`. */
export function testMayImport(file: string, target: string): boolean {
  if (shippedMayImport(file, target)) return true;
  const rule = TEST_RULES.find((r) => r.tree === treeOf(file));
  if (!rule) return false;
  return rule.trees.includes(treeOf(target)) || rule.also.some((edge) => inEdge(edge, target));
}

/** How an edge is named in a README of `tree`: paths from the tree's root, other trees' in full. */
function edgeLabel(edge: Edge, tree: string): string {
  const isRoot = !edge.to.includes('/');
  const base = isRoot || treeOf(edge.to) !== tree ? `${edge.to}/` : `${edge.to.slice(tree.length + 1)}/`;
  const names = edge.only ? edge.only.map((f) => `\`${base}${f}\``).join(', ') : `\`${base}\``;
  return edge.why ? `${names} (${edge.why})` : names;
}

function list(items: readonly string[], conjunction = 'and'): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} ${conjunction} ${items.at(-1)}`;
}

function neverSentence(unit: Unit): string {
  if (!unit.never) return '';
  const modules = unit.never.modules.map((m) => `\`${m}\``);
  return ` Never ${list(modules, 'or')}: ${unit.never.why}.`;
}

/** What a tree's shipped files import from other trees, and which trees they never import. */
function crossTree(tree: string): { reaches: string[]; never: string[] } {
  const reaches = UNITS.filter((u) => treeOf(u.folder) === tree).flatMap((u) =>
    u.imports
      .filter((e) => treeOf(e.to) !== tree)
      .map((e) => {
        const label = edgeLabel({ to: e.to, ...(e.only ? { only: e.only } : {}) }, tree);
        if (u.folder === tree) return label;
        const from = e.from ? e.from.map((f) => `\`${u.folder}/${f}\``) : [`\`${u.folder}/\``];
        return `${label} (from ${list(from)})`;
      }),
  );
  const touched = new Set(UNITS.filter((u) => treeOf(u.folder) === tree).flatMap((u) => u.imports.map((e) => treeOf(e.to))));
  const never = TREES.filter((t) => t !== tree && !touched.has(t)).map((t) => `\`${t}/\``);
  return { reaches: [...new Set(reaches)], never };
}

function testSentence(tree: string): string {
  const rule = TEST_RULES.find((r) => r.tree === tree);
  if (!rule) return '';
  const anything = rule.trees.map((t) => `\`${t}/\``);
  const also = rule.also.map((e) => edgeLabel(e, tree));
  return ` Its tests (\`*.test.ts\`, \`testing/\`) may import anything of ${list(anything)}${also.length ? `, and ${list(also)}` : ''}: ${rule.why}.`;
}

/** The sentence `tree`'s files say about other trees, in its README and the architecture page. */
export function treeLine(tree: string): string {
  const { reaches, never } = crossTree(tree);
  const outside = reaches.length ? `only ${list(reaches)}` : 'nothing';
  const nev = never.length ? `; never ${list(never, 'or')}` : '';
  return `Outside \`${tree}/\`, its shipped files import ${outside}${nev}.${testSentence(tree)}`;
}

/** The "Imports:" line of a unit's README. */
export function importsLine(unit: Unit): string {
  const tree = treeOf(unit.folder);
  const labels = unit.imports.map((e) => edgeLabel(e, tree));
  const own = labels.length ? list(labels) : 'nothing outside this folder';
  if (unit.folder === tree) {
    return `Imports: the files at the top of \`${tree}/\` import ${own}. ${treeLine(tree)}${neverSentence(unit)}`;
  }
  return `Imports: ${own}.${neverSentence(unit)}`;
}

export const BEGIN = '<!-- imports:begin (written from harness/layering.ts by harness/write-layering.ts) -->';
export const END = '<!-- imports:end -->';

/** The block between the markers of a README. */
export function importsBlock(unit: Unit): string {
  return `${BEGIN}\n${importsLine(unit)}\n${END}`;
}

/** The bullets of docs/architecture.md's "Which way the imports go". */
export function architectureBlock(): string {
  const bullets = TREES.map((tree) => `- \`${tree}/\`: ${treeLine(tree).replace(/^Outside `[^`]+`, its/, 'its')}`);
  return `${BEGIN}\n${bullets.join('\n')}\n${END}`;
}

export function readmeOf(unit: Unit): string | null {
  return unit.readme === undefined ? `${unit.folder}/README.md` : unit.readme;
}

/** `text` with the block between the markers replaced, or undefined when it has no markers. */
export function withBlock(text: string, block: string): string | undefined {
  const start = text.indexOf(BEGIN);
  const end = text.indexOf(END);
  if (start < 0 || end < start) return undefined;
  return text.slice(0, start) + block + text.slice(end + END.length);
}

/** Every file written from the table, with the block it holds between the markers. */
export function layeringDocs(): { path: string; block: string }[] {
  return [
    ...UNITS.flatMap((unit) => {
      const path = readmeOf(unit);
      return path ? [{ path, block: importsBlock(unit) }] : [];
    }),
    { path: 'docs/architecture.md', block: architectureBlock() },
  ];
}
