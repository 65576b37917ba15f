import { plain, settingsByGroup, wrap } from './settings-text.js';

/** The generated .env.example's path, from the repository root. */
export const ENV_EXAMPLE_PATH = '.env.example';

const HEADER = [
  '# Work-management API conformance suite: configuration.',
  '# Copy to .env and fill in. The environment wins over this file.',
  '# Leave CONFORMANCE_TARGET_URL empty to test the embedded reference server (fixtures/seed.json);',
  '# the keys and ids below must then stay empty (they come from the seed file; set, they are refused).',
  '# The list is generated from harness/config/settings.ts (npm run settings): change it there.',
];

const WIDTH = 100;

const comment = (text: string): string[] => wrap(plain(text), WIDTH - 2).map((line) => `# ${line}`);

/** Pure: .env.example, every variable of the settings table with its meaning, kind and default, unset. */
export function renderEnvExample(): string {
  const out = [...HEADER];
  for (const { info, settings } of settingsByGroup()) {
    out.push('', `# ---- ${info.title} ----`);
    if (info.note !== undefined) out.push(...comment(info.note));
    for (const s of settings) {
      out.push('', ...comment([s.description, s.more].filter((t) => t !== undefined).join(' ')));
      out.push(...comment(`Value: ${s.kind.type}. Default: ${s.default}.`));
      out.push(`${s.name}=`);
    }
  }
  return `${out.join('\n')}\n`;
}
