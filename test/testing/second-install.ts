import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../run-cli.js';

/** What a clone's CLI reads as it runs: its code, the spec and schemas it ships, its settings. */
const RUNTIME = ['harness', 'reference', 'suites', 'spec', 'schemas', 'fixtures', 'package.json', 'tsconfig.json', '.env.example'];

/**
 * A second install of the harness in `dir`, as a second clone or the installed package beside a
 * clone is: the same code in another folder, whose lockfile differs (vitest tells installs
 * apart by it). Its node_modules links every package of this clone's, so it costs a copy of the
 * code (a few MB) and no install. Returns the folder to run its CLI from.
 */
export function makeSecondInstall(dir: string): string {
  mkdirSync(join(dir, 'node_modules'), { recursive: true });
  for (const name of RUNTIME) if (existsSync(join(ROOT, name))) cpSync(join(ROOT, name), join(dir, name), { recursive: true });
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (name !== '.package-lock.json') symlinkSync(join(ROOT, 'node_modules', name), join(dir, 'node_modules', name));
  }
  writeFileSync(join(dir, 'node_modules', '.package-lock.json'), `${readFileSync(join(ROOT, 'node_modules', '.package-lock.json'), 'utf8')}\n`);
  return dir;
}
