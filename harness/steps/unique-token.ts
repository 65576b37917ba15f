import { randomBytes } from 'node:crypto';

/**
 * A tag or word only this call can have made: the scope of one fixture. Letters and digits only,
 * so it survives the comma-separated `tags` filter (spec 4.5) and any search tokeniser.
 */
export function uniqueToken(prefix = 'ct'): string {
  return `${prefix}${randomBytes(5).toString('hex')}`;
}
