import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { arch, release, type } from 'node:os';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import type { Report } from '../report/model.js';
import { REQUIREMENTS } from '../spec/requirements.js';
import { packageFile } from '../package-root.js';
import type { ToolImage } from './image.js';

/*
 * environment.json: what judged the target. A certification names the tool, the spec
 * text and the requirement catalogue by hash, so a verifier can tell whether the bundle was
 * judged by the rules it knows.
 */

/** Where the spec document ships in the package (package.json "files" includes `spec`). */
export const SPEC_FILE = 'spec/work-management-api-v1.md';

/**
 * SHA-256 of the spec document the requirement catalogue was written from. A changed spec needs
 * a reviewed catalogue; a unit test keeps this in step with the shipped file.
 */
export const KNOWN_SPEC_SHA256 = '283dcf05614fb4c245b2ac00f71dfcb689972fc726b3cda679242bff3602714f';

export const ENVIRONMENT_MODES = ['certify', 'run'] as const;
export type EnvironmentMode = (typeof ENVIRONMENT_MODES)[number];

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'expected a lower-case hex SHA-256');

export const environmentSchema = z.strictObject({
  schemaVersion: z.literal(1),
  /** `certify` for a certification run: the only mode `verify` accepts. */
  mode: z.enum(ENVIRONMENT_MODES),
  runId: z.string().min(1),
  tool: z.strictObject({
    name: z.string().min(1),
    version: z.string().min(1),
    /** The container image the tool ran in (harness/certify/image.ts); absent outside one. */
    image: z
      .strictObject({
        digest: z
          .string()
          .regex(/^sha256:[0-9a-f]{64}$/, 'expected sha256: and 64 hex digits')
          .optional(),
        name: z.string().min(1).optional(),
        id: z.string().min(1).optional(),
      })
      .refine((image) => Object.keys(image).length > 0, 'an image names its digest, name or id')
      .optional(),
  }),
  /** `process.version`, e.g. v20.19.0. */
  node: z.string().min(1),
  os: z.strictObject({ type: z.string(), release: z.string(), arch: z.string() }),
  spec: z.strictObject({ file: z.string().min(1), sha256: sha256Hex }),
  catalogue: z.strictObject({
    /** Canonical JSON of the catalogue entries sorted by id (catalogueSha256). */
    sha256: sha256Hex,
    requirements: z.int().min(0),
    must: z.int().min(0),
  }),
  seed: z.int(),
  numRuns: z.int().min(1),
  /** The certification command's own start and end (they enclose the report's). */
  startedAt: z.iso.datetime(),
  finishedAt: z.iso.datetime(),
});
export type Environment = z.infer<typeof environmentSchema>;

/** The spec document shipped with the package. */
export function specPath(): string {
  return fileURLToPath(packageFile(SPEC_FILE));
}

export function sha256(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/** SHA-256 of the shipped spec document, as it is on disk. */
export async function specSha256(): Promise<string> {
  return sha256(await readFile(specPath()));
}

/** JSON with object keys sorted at every depth and no whitespace: the same value gives the same bytes. */
export function canonicalJson(value: unknown): string {
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v !== null && typeof v === 'object') {
      return Object.fromEntries(
        Object.keys(v)
          .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
          .map((k) => [k, walk((v as Record<string, unknown>)[k])]),
      );
    }
    return v;
  };
  return JSON.stringify(walk(value));
}

export interface CatalogueEntry {
  readonly id: string;
  readonly level: string;
  readonly section: string;
  readonly area: string;
  readonly statement: string;
}

/** The requirement catalogue as data, sorted by id (code-unit order). */
export function catalogueEntries(): CatalogueEntry[] {
  return Object.entries(REQUIREMENTS)
    .map(([id, r]) => ({ id, level: r.level, section: r.section, area: r.area, statement: r.statement }))
    .sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/** SHA-256 of the canonical JSON of the catalogue entries sorted by id: changes with any id, level, section or statement. */
export function catalogueSha256(entries: readonly CatalogueEntry[] = catalogueEntries()): string {
  return sha256(canonicalJson([...entries].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))));
}

/** The tool's name and version from package.json. */
export async function toolInfo(): Promise<{ name: string; version: string }> {
  const pkg = JSON.parse(await readFile(packageFile('package.json'), 'utf8')) as { name: string; version: string };
  return { name: pkg.name, version: pkg.version };
}

export interface EnvironmentInput {
  readonly report: Pick<Report, 'runId' | 'settings'>;
  /** When the certification command started and finished (doctor, run and bundle included). */
  readonly startedAt: Date | string;
  readonly finishedAt: Date | string;
  readonly mode: EnvironmentMode;
  /** The container image the tool runs in (toolImage in harness/certify/image.ts), if any. */
  readonly image?: ToolImage | undefined;
}

const iso = (t: Date | string): string => (typeof t === 'string' ? new Date(t) : t).toISOString();

/** environment.json content for a run's report. The spec hash is of the shipped file as it is now. */
export async function buildEnvironment(input: EnvironmentInput): Promise<Environment> {
  const entries = catalogueEntries();
  return environmentSchema.parse({
    schemaVersion: 1,
    mode: input.mode,
    runId: input.report.runId,
    tool: { ...(await toolInfo()), ...(input.image === undefined ? {} : { image: input.image }) },
    node: process.version,
    os: { type: type(), release: release(), arch: arch() },
    spec: { file: SPEC_FILE, sha256: await specSha256() },
    catalogue: { sha256: catalogueSha256(), requirements: entries.length, must: entries.filter((e) => e.level === 'MUST').length },
    seed: input.report.settings.seed,
    numRuns: input.report.settings.numRuns,
    startedAt: iso(input.startedAt),
    finishedAt: iso(input.finishedAt),
  });
}

/** environment.json text: two-space JSON with a final newline. */
export function renderEnvironment(environment: Environment): string {
  return `${JSON.stringify(environment, null, 2)}\n`;
}
