import { request } from 'undici';
import { readSeed, seedDefaults } from '../harness/config/seed.js';
import { DEFAULT_PYTHON, locustAvailable } from '../harness/load/locust/engine.js';
import { startServer } from './child-server.js';
import { formatEngines, measureEngines, type EngineFigures } from './locust-engines.js';
import { formatMillion, measureMillion, type MillionFigures } from './locust-million.js';

/*
 * The Locust engine's figures for `npm run bench` (run.ts calls measureLocust), or alone:
 * `npx tsx bench/locust.ts` starts its own reference server.
 * BENCH_LOCUST_ROUNDS (default 3; 0 skips both): rounds of the engines side by side and of
 * reading the million-request result; BENCH_LOCUST_CONNECTIONS (default 16); BENCH_DURATION_S (default 5).
 */

export const LOCUST_ROUNDS = Number(process.env['BENCH_LOCUST_ROUNDS'] ?? 3);
const CONNECTIONS = Number(process.env['BENCH_LOCUST_CONNECTIONS'] ?? 16);
const DURATION_S = Number(process.env['BENCH_DURATION_S'] ?? 5);

export interface LocustFigures {
  /** Why nothing was measured, when nothing was. */
  readonly skipped?: string;
  readonly engines?: EngineFigures;
  readonly million?: MillionFigures;
}

/** Creates the contact the throughput job reads; its id. */
export async function createContact(baseUrl: string, key: string): Promise<string> {
  const created = await request(`${baseUrl}/contacts`, {
    method: 'POST',
    headers: { 'x-api-key': key, 'content-type': 'application/json' },
    body: JSON.stringify({ contactType: 'company', name: 'Bench contact' }),
  });
  const body = (await created.body.json()) as { data?: { id?: string } };
  if (created.statusCode !== 201 && created.statusCode !== 200) throw new Error(`POST /contacts answered ${created.statusCode}`);
  return body.data!.id!;
}

/** Both Locust measurements, printed as they come; a skip says why. */
export async function measureLocust(baseUrl: string, key: string, contactId: string, out: NodeJS.WritableStream = process.stdout): Promise<LocustFigures> {
  if (LOCUST_ROUNDS <= 0) {
    out.write('Locust engine: skipped (BENCH_LOCUST_ROUNDS=0)\n');
    return { skipped: 'BENCH_LOCUST_ROUNDS=0' };
  }
  const unavailable = await locustAvailable(DEFAULT_PYTHON);
  if (unavailable !== undefined) {
    out.write(`Locust engine: skipped (${unavailable}; apt-get install -y python3-locust)\n`);
    return { skipped: unavailable };
  }
  const engines = await measureEngines(baseUrl, key, contactId, { connections: CONNECTIONS, durationS: DURATION_S, rounds: LOCUST_ROUNDS });
  out.write(formatEngines(engines));
  const million = await measureMillion({ rounds: LOCUST_ROUNDS });
  out.write(formatMillion(million));
  return { engines, million };
}

/** The fields this part adds to the bench's JSON line. */
export function locustJson(f: LocustFigures): Record<string, number | string | null> {
  return {
    locustSkipped: f.skipped ?? null,
    nodeEngineRps: f.engines?.nodeRps ?? null,
    locust1WorkerRps: f.engines?.locust1Rps ?? null,
    locust2WorkersRps: f.engines?.locust2Rps ?? null,
    locust2OverNodeRatio: f.engines ? Number(f.engines.locust2OverNode.toFixed(3)) : null,
    locust2OverLocust1Ratio: f.engines ? Number(f.engines.locust2OverLocust1.toFixed(3)) : null,
    millionResultBytes: f.million?.fileBytes ?? null,
    millionJudgeMs: f.million ? Number(f.million.judgeMedianMs.toFixed(1)) : null,
    millionPythonTallySeconds: f.million?.pythonTallySeconds ?? null,
  };
}

// Alone: its own reference server, the admin key of the seed.
if (import.meta.url === `file://${process.argv[1]}`) {
  const adminKey = seedDefaults(await readSeed()).keys.admin!;
  const reference = await startServer(['reference/main.ts', '--port', '0']);
  try {
    const id = await createContact(reference.baseUrl, adminKey);
    const figures = await measureLocust(reference.baseUrl, adminKey, id);
    process.stdout.write(`${JSON.stringify(locustJson(figures))}\n`);
  } finally {
    reference.child.kill();
  }
}
