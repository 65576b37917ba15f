import { readSeed, seedDefaults } from '../harness/config/seed.js';

/**
 * The CONFORMANCE_ variables that point a run at `baseUrl` as an external target holding the
 * seed data (a reference server the test started itself), every key and id set, so no check
 * skips for want of one.
 */
export async function externalTargetEnv(baseUrl: string): Promise<Record<string, string>> {
  const seed = seedDefaults(await readSeed());
  const env: Record<string, string | undefined> = {
    CONFORMANCE_TARGET_URL: baseUrl,
    CONFORMANCE_ADMIN_KEY: seed.keys.admin,
    CONFORMANCE_MEMBER_KEY: seed.keys.member,
    CONFORMANCE_OTHER_ORG_KEY: seed.keys.otherOrg,
    CONFORMANCE_LIMITED_KEY: seed.keys.limited,
    CONFORMANCE_LIMITED_KEYS: seed.limitedKeys.join(','),
    CONFORMANCE_CUSTOM_LIMIT_KEY: seed.keys.customLimit,
    CONFORMANCE_CUSTOM_LIMIT: seed.customLimit === undefined ? undefined : String(seed.customLimit),
    CONFORMANCE_PROJECT_ID: seed.projectId,
    CONFORMANCE_VERSION_ID: seed.versionId,
    CONFORMANCE_OTHER_PROJECT_ID: seed.otherProjectId,
  };
  return Object.fromEntries(Object.entries(env).filter((e): e is [string, string] => e[1] !== undefined));
}
