import { DIRECT, targetDispatcher } from '../http/network.js';
import { request } from '../http/undici.js';

/*
 * A push of the run's OpenMetrics text to a Prometheus Pushgateway (CONFORMANCE_LOAD_METRICS_PUSH,
 * `--metrics-push URL`, e.g. `http://pushgateway:9091/metrics/job/conformance-load`). PUT: the
 * group then holds this run's metrics only, none left over from an earlier run. A failed push is
 * the monitoring side's problem, not the target's: it is reported and never changes the verdict.
 */

export type PushResult = { readonly ok: true; readonly status: number } | { readonly ok: false; readonly problem: string };

/** The content type the Pushgateway reads; the text is valid there as well as OpenMetrics (metrics-export.ts). */
export const PUSH_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';

const EXCERPT_BYTES = 200;

export async function pushMetrics(url: string, text: string, timeoutMs: number): Promise<PushResult> {
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await request(targetDispatcher(DIRECT), url, { method: 'PUT', headers: { 'content-type': PUSH_CONTENT_TYPE }, body: text, signal: timeout });
    const body = (await excerpt(res.body)).trim();
    if (res.statusCode >= 200 && res.statusCode < 300) return { ok: true, status: res.statusCode };
    return { ok: false, problem: `it answered ${res.statusCode}${body === '' ? '' : `: ${body}`}` };
  } catch (error) {
    return { ok: false, problem: timeout.aborted ? `no answer within ${timeoutMs} ms` : ((error as NodeJS.ErrnoException).code ?? (error as Error).message) };
  }
}

/** The answer's first 200 bytes, for the warning line; the rest is never read (a Pushgateway that floods costs nothing). */
async function excerpt(body: AsyncIterable<Buffer> & { destroy(): unknown }): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= EXCERPT_BYTES) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(chunks).subarray(0, EXCERPT_BYTES).toString('utf8');
}
