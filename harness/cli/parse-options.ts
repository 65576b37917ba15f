import { parseArgs, type ParseArgsConfig } from 'node:util';
import { UsageError } from '../errors.js';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * node:util parseArgs for one command, every refusal one line that names the problem and the fix
 * (a `UsageError`: exit 2). Positionals are refused unless the command takes them.
 */
export function parseOptions<T extends Options>(command: string, argv: readonly string[], options: T, positionals = false) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals: positionals });
  } catch (error) {
    const message = (error as Error).message.split('\n')[0]!.replace(/\.$/, '');
    throw new UsageError(`${command}: ${message} (see conformance ${command} --help)`);
  }
}
