import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { ConfigError } from '../errors.js';
import { packageFile } from '../package-root.js';

/** fixtures/seed.json: the data a target must hold; the embedded reference server loads the same file. */
export const SEED_PATH = packageFile('fixtures/seed.json');

const seedSchema = z.object({
  organisations: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        keys: z.array(
          z.object({
            role: z.enum(['admin', 'member', 'limited', 'custom']),
            key: z.string(),
            admin: z.boolean(),
            limitPerMinute: z.number().int().positive().nullable(),
          }),
        ),
        projects: z.array(z.object({ id: z.string(), name: z.string(), versionId: z.string() })),
      }),
    )
    .min(2),
});
export type SeedFile = z.infer<typeof seedSchema>;

export async function readSeed(path: URL | string = SEED_PATH): Promise<SeedFile> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new ConfigError(`seed file ${String(path)}: cannot be read (${(cause as Error).message})`);
  }
  const parsed = seedSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new ConfigError(`seed file ${String(path)}: ${parsed.error.issues[0]?.message ?? 'invalid'}`);
  return parsed.data;
}

/** The configuration values the seed implies for a run against the embedded reference server. */
export function seedDefaults(seed: SeedFile) {
  const [orgA, orgB] = seed.organisations as [SeedFile['organisations'][number], SeedFile['organisations'][number]];
  const keyOf = (role: string) => orgA.keys.find((k) => k.role === role);
  const custom = keyOf('custom');
  return {
    keys: {
      admin: keyOf('admin')?.key,
      member: keyOf('member')?.key,
      limited: keyOf('limited')?.key,
      customLimit: custom?.key,
      otherOrg: orgB.keys.find((k) => k.role === 'admin')?.key,
    },
    limitedKeys: orgA.keys.filter((k) => k.role === 'limited').map((k) => k.key),
    customLimit: custom?.limitPerMinute ?? undefined,
    projectId: orgA.projects[0]?.id,
    versionId: orgA.projects[0]?.versionId,
    otherProjectId: orgB.projects[0]?.id,
  };
}
