import { renderEnvExample, ENV_EXAMPLE_PATH } from './env-example.js';
import { renderSettingsPage } from './settings-docs.js';

/**
 * The files made from the settings table, from the repository root: each one's content as it
 * should be, given what is on disk now (a docs page keeps its hand-written text around the
 * generated blocks). `npm run settings` writes them; a self-test fails when one is stale.
 */
export interface GeneratedFile {
  readonly path: string;
  readonly render: (current: string) => string;
}

export const GENERATED_FILES: readonly GeneratedFile[] = [
  { path: ENV_EXAMPLE_PATH, render: () => renderEnvExample() },
  { path: 'docs/configuration.md', render: renderSettingsPage },
  { path: 'docs/load.md', render: renderSettingsPage },
];

/** The command that rewrites them, for messages. */
export const REGENERATE_COMMAND = 'npm run settings';
