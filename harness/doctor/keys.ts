import type { Config } from '../config/schema.js';
import { HarnessError } from '../errors.js';
import { KEY_ROLES, KEY_VARIABLE, NO_ANSWER_CODES, is2xx, type DoctorContext, type KeyAnswer } from './context.js';
import { item, type DoctorItem } from './model.js';
import { notAList } from '../runner/target.js';

/** What GET /contacts?limit=1 with one key answered in each header style (spec 5.1). */
export interface KeyReading {
  readonly variable: string;
  readonly xApiKey: KeyAnswer | { readonly error: string };
  readonly bearer: KeyAnswer | { readonly error: string };
}

/** A configured key with the variable that names it (keys themselves never reach an item). */
export interface NamedKey {
  readonly variable: string;
  readonly key: string;
}

/** Every configured key by variable, CONFORMANCE_LIMITED_KEYS entries as `CONFORMANCE_LIMITED_KEYS[n]` (1-based). */
export function namedKeys(config: Pick<Config, 'keys' | 'limitedKeys'>): NamedKey[] {
  const named: NamedKey[] = [];
  for (const role of KEY_ROLES) {
    const key = config.keys[role];
    if (key !== undefined) named.push({ variable: KEY_VARIABLE[role], key });
  }
  config.limitedKeys.forEach((key, i) => {
    named.push({ variable: `CONFORMANCE_LIMITED_KEYS[${i + 1}]`, key });
  });
  return named;
}

/**
 * Each role needs a key of its own: a key used for two roles makes one role's checks spend or
 * observe the other's budget and rights. CONFORMANCE_LIMITED_KEYS may repeat CONFORMANCE_LIMITED_KEY
 * (it is its default), but nothing else.
 */
export function distinctKeysItem(config: Pick<Config, 'keys' | 'limitedKeys'>): DoctorItem {
  const named = namedKeys(config);
  const clashes: string[] = [];
  for (let i = 0; i < named.length; i++) {
    for (let j = i + 1; j < named.length; j++) {
      const [a, b] = [named[i]!, named[j]!];
      if (a.key !== b.key) continue;
      const limitedPair =
        [a.variable, b.variable].includes(KEY_VARIABLE.limited) && [a.variable, b.variable].some((v) => v.startsWith('CONFORMANCE_LIMITED_KEYS['));
      if (!limitedPair) clashes.push(`${a.variable} = ${b.variable}`);
    }
  }
  const variables = [...new Set(named.map((n) => n.variable.replace(/\[\d+\]$/, '')))];
  if (clashes.length === 0) {
    const count = new Set(named.map((n) => n.key)).size;
    return item('keys:distinct', 'Keys are pairwise distinct', 'ok', `${count} distinct key${count === 1 ? '' : 's'} configured, none serves two roles`, {
      variables,
    });
  }
  return item('keys:distinct', 'Keys are pairwise distinct', 'problem', `the same key is configured twice: ${clashes.join('; ')}`, {
    fix: 'give each role its own key (spec 5.3: an organisation admin creates keys in the application settings)',
    variables,
    blocksRun: true,
  });
}

/** Two GETs with one key, one per header style; a 429 is taken as it comes (it still authenticates). */
export async function readKey(ctx: DoctorContext, named: NamedKey, xApiKey?: KeyAnswer): Promise<KeyReading> {
  const send = async (authStyle: 'x-api-key' | 'bearer', query = true): Promise<KeyAnswer | { error: string }> => {
    try {
      const res = await ctx.client(named.key, { authStyle, raw429: true }).get('/contacts', query ? { limit: 1 } : {});
      return { status: res.status, headers: res.headers, listed: notAList(res) === undefined };
    } catch (cause) {
      if (cause instanceof HarnessError && NO_ANSWER_CODES.includes(cause.code)) return { error: cause.message };
      throw cause;
    }
  };
  // A 404 says nothing about the key: the target may mishandle the paging query (the checks judge
  // that), so the plain list decides.
  const settled = async (answer: KeyAnswer | { error: string }, authStyle: 'x-api-key' | 'bearer'): Promise<KeyAnswer | { error: string }> =>
    'status' in answer && answer.status === 404 ? await send(authStyle, false) : answer;
  return {
    variable: named.variable,
    xApiKey: await settled(xApiKey ?? (await send('x-api-key')), 'x-api-key'),
    bearer: await settled(await send('bearer'), 'bearer'),
  };
}

/**
 * 2xx, or 429 (limited, so known), or this API's list in the body whatever the status (the
 * status is the auth checks' business): the key authenticated.
 */
export function accepts(answer: KeyAnswer | { readonly error: string }): answer is KeyAnswer {
  return 'status' in answer && (is2xx(answer.status) || answer.status === 429 || answer.listed === true);
}

function shown(answer: KeyAnswer | { readonly error: string }): string {
  return 'status' in answer ? String(answer.status) : `no answer: ${answer.error}`;
}

/** The answer a key's limit and budget can be read from: the later one (it saw the earlier request). */
export function latestAccepted(reading: KeyReading): KeyAnswer | undefined {
  if (accepts(reading.bearer)) return reading.bearer;
  if (accepts(reading.xApiKey)) return reading.xApiKey;
  return undefined;
}

/** Spec 5.1: the key in X-API-Key and as Authorization: Bearer. */
export function keyAcceptedItem(reading: KeyReading, options: { readonly blocksRun: boolean }): DoctorItem {
  const id = `key:${reading.variable}`;
  const title = `${reading.variable} is accepted`;
  const x = accepts(reading.xApiKey);
  const b = accepts(reading.bearer);
  const variables = [reading.variable.replace(/\[\d+\]$/, '')];
  if (x && b) return item(id, title, 'ok', 'accepted as X-API-Key and as Authorization: Bearer (GET /contacts)', { variables });
  if (x || b) {
    const [works, other] = x ? ['X-API-Key', 'Authorization: Bearer'] : ['Authorization: Bearer', 'X-API-Key'];
    const otherAnswer = x ? reading.bearer : reading.xApiKey;
    if (!('status' in otherAnswer)) {
      return item(id, title, 'warning', `accepted as ${works}; as ${other} it got no answer (${otherAnswer.error})`, { variables });
    }
    return item(id, title, 'warning', `accepted as ${works}, refused as ${other} (${otherAnswer.status})`, {
      fix: `spec 5.1 accepts both header styles: the auth checks will report it${x ? '' : '; the run sends Bearer meanwhile'}`,
      variables,
    });
  }
  const noAnswer = !('status' in reading.xApiKey) && !('status' in reading.bearer);
  if (noAnswer) {
    return item(id, title, 'not-checked', `the target did not answer (${shown(reading.xApiKey)})`, { variables });
  }
  return item(id, title, 'problem', `refused in both header styles (X-API-Key: ${shown(reading.xApiKey)}, Bearer: ${shown(reading.bearer)})`, {
    fix: `set ${variables[0]} to a key of the target, copied whole (<prefix>_<secret>, spec 5.2; the secret is shown only once, at creation)`,
    variables,
    blocksRun: options.blocksRun,
  });
}
