import { HarnessError } from '../errors.js';
import { NO_ANSWER_CODES, is2xx, type DoctorContext } from './context.js';

/**
 * Deletes a record the doctor created, trying each key in turn (the creator's first is not
 * always allowed to delete), and notes it in the report either way. A 404 after a delete
 * that answered nothing usable counts as gone.
 */
export async function removeRecord(ctx: DoctorContext, path: string, keys: readonly string[], why: string): Promise<boolean> {
  let deleted = false;
  for (const key of [...new Set(keys)]) {
    try {
      const res = await ctx.client(key, { cleanup: true }).delete(path);
      if (is2xx(res.status) || res.status === 404 || res.status === 410) {
        deleted = true;
        break;
      }
    } catch (cause) {
      if (!(cause instanceof HarnessError && NO_ANSWER_CODES.includes(cause.code))) throw cause;
    }
  }
  const id = path.split('/').pop() ?? path;
  ctx.created.push({ path, id, why, deleted });
  return deleted;
}
