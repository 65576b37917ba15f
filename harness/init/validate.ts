import { envSchema } from '../config/schema.js';
import { initVariable, type InitVariableName } from './variables.js';

/*
 * Issue 13: what init writes must pass the same validation a run applies (harness/config/schema.ts),
 * so each value is checked here with that variable's own schema, one readable line per problem.
 */

// The URL's rule is the run's own (harness/config/target-url.ts): init writes only a URL a run takes.
export { showUrl } from '../config/target-url.js';

/**
 * Pure: undefined when `value` is valid for `name`, else the problem in one line (the variable
 * named, a key never shown). An empty value is always valid: it leaves the variable unset.
 */
export function validateValue(name: InitVariableName, value: string): string | undefined {
  if (value === '') return undefined;
  const shown = initVariable(name).secret ? '' : ` (got ${JSON.stringify(value)})`;
  // A line break would end the assignment in the .env file and start another.
  if (/[\u0000-\u001f\u007f]/.test(value)) return `${name}: contains a control character (a line break?)${shown}`;
  const result = envSchema.shape[name].safeParse(value);
  if (result.success) return undefined;
  const message = result.error.issues[0]?.message ?? 'invalid';
  return `${message.startsWith(name) ? message : `${name}: ${message}`}${shown}`;
}
