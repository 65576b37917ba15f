#!/usr/bin/env node
// The published command. The installed package runs the JavaScript compiled at pack time
// (dist/, `npm run build`). A clone runs its TypeScript sources through tsx, so what you edit is
// what runs and no build step is needed; a stale dist/ there is never picked up.
import { existsSync } from 'node:fs';

const sources = new URL('../harness/cli/bin.ts', import.meta.url);
const compiled = new URL('../dist/harness/cli/bin.js', import.meta.url);

async function fromSources() {
  try {
    const { register } = await import('tsx/esm/api');
    register();
  } catch (error) {
    // A clone installed without devDependencies has no tsx: its build, when there is one, still runs.
    if (error?.code !== 'ERR_MODULE_NOT_FOUND' || !existsSync(compiled)) throw error;
    return false;
  }
  await import(sources.href);
  return true;
}

if (!existsSync(sources) || !(await fromSources())) await import(compiled.href);
