import { createReadStream, createWriteStream } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { once } from 'node:events';
import { HAR_VERSION } from './format.js';

/**
 * Merges the parts the workers wrote (one JSON line per entry) into one HAR 1.2 file, streaming:
 * entries stay in the order each worker sent them, part after part (HAR viewers sort by
 * startedDateTime). Answers the number of entries; removes the parts.
 */
export async function writeHar(partsDir: string, path: string, creator: { readonly name: string; readonly version: string }): Promise<number> {
  const out = createWriteStream(path);
  const write = async (text: string): Promise<void> => {
    if (!out.write(text)) await once(out, 'drain');
  };
  await write(`{"log":{"version":${JSON.stringify(HAR_VERSION)},"creator":${JSON.stringify(creator)},"pages":[],"entries":[`);
  let count = 0;
  const parts = (await readdir(partsDir).catch(() => [] as string[])).filter((f) => f.endsWith('.jsonl')).sort();
  for (const part of parts) {
    const lines = createInterface({ input: createReadStream(join(partsDir, part)), crlfDelay: Infinity });
    for await (const line of lines) {
      if (line.trim() === '') continue;
      await write(`${count === 0 ? '\n' : ',\n'}${line}`);
      count += 1;
    }
  }
  await write('\n]}}\n');
  out.end();
  await once(out, 'close');
  await rm(partsDir, { recursive: true, force: true });
  return count;
}
