import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ReferenceServerError } from './reference-error.js';

/** spec 5.2: a key is `<prefix>_<secret>`; the seed must hold well-formed keys only. */
export const KEY_FORMAT = /^[A-Za-z0-9]+_[A-Za-z0-9]+$/;

const seedKeySchema = z.object({
  role: z.string().min(1),
  key: z.string().regex(KEY_FORMAT, 'key must have the form <prefix>_<secret>'),
  admin: z.boolean(),
  limitPerMinute: z.number().int().positive().nullable(),
});

const seedProjectSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  versionId: z.uuid(),
});

const seedReportDefinitionSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  category: z.string().min(1),
  source: z.enum(['system', 'user']),
});

const seedOrganisationSchema = z.object({
  id: z.uuid(),
  name: z.string().min(1),
  keys: z.array(seedKeySchema).min(1),
  projects: z.array(seedProjectSchema).default([]),
  reportDefinitions: z.array(seedReportDefinitionSchema).default([]),
});

const seedSchema = z.object({ organisations: z.array(seedOrganisationSchema).min(1) }).superRefine((seed, ctx) => {
  const orgIds = new Set<string>();
  const keys = new Set<string>();
  seed.organisations.forEach((org, o) => {
    if (orgIds.has(org.id)) ctx.addIssue({ code: 'custom', path: ['organisations', o, 'id'], message: `duplicate organisation id ${org.id}` });
    orgIds.add(org.id);
    org.keys.forEach((k, i) => {
      // a key must identify exactly one organisation (spec 5.4)
      if (keys.has(k.key)) ctx.addIssue({ code: 'custom', path: ['organisations', o, 'keys', i, 'key'], message: 'duplicate key' });
      keys.add(k.key);
    });
  });
});

export type Seed = z.infer<typeof seedSchema>;
export type SeedOrganisation = Seed['organisations'][number];
export type SeedProject = SeedOrganisation['projects'][number];
export type SeedReportDefinition = SeedOrganisation['reportDefinitions'][number];

export type SeedErrorCode = 'SEED_INVALID' | 'SEED_UNREADABLE';

export class SeedError extends ReferenceServerError {
  declare readonly code: SeedErrorCode;

  constructor(code: SeedErrorCode, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
  }
}

/** Validates an already parsed seed value; `source` names it in error messages. */
export function parseSeed(value: unknown, source = 'seed'): Seed {
  const result = seedSchema.safeParse(value);
  if (!result.success) {
    const details = result.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.join('.') || '(root)'}: ${issue.message}`)
      .join('; ');
    throw new SeedError('SEED_INVALID', `${source} is not a valid seed: ${details}`, { cause: result.error });
  }
  return result.data;
}

export async function loadSeed(path: string | URL): Promise<Seed> {
  const source = typeof path === 'string' ? path : path.pathname;
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new SeedError('SEED_UNREADABLE', `cannot read seed ${source}: ${(error as Error).message}`, { cause: error });
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SeedError('SEED_INVALID', `${source} is not valid JSON: ${(error as Error).message}`, { cause: error });
  }
  return parseSeed(value, source);
}
