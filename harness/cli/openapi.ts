import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { buildOpenApi } from '../openapi/build.js';
import { OPENAPI_FORMATS, renderOpenApi, type OpenApiFormat } from '../openapi/render.js';
import { OPENAPI_SYNTAX } from './openapi-args.js';
import { parseCommandArgs } from './parse.js';
import { writeOut } from './write-out.js';

/*
 * `conformance openapi [--out FILE] [--format yaml|json]`: the API as an OpenAPI 3.1 document,
 * generated from the suite's own field tables and schemas (harness/openapi/). It reads no
 * configuration and contacts no server. The package also ships it: schemas/openapi.json and .yaml.
 */

const isFormat = (value: string): value is OpenApiFormat => (OPENAPI_FORMATS as readonly string[]).includes(value);

/** Pure: the options of `conformance openapi`. */
export function parseOpenApiArgs(argv: readonly string[]): { out: string | undefined; format: OpenApiFormat } {
  // --dotenv and --no-dotenv are options of every command; the document depends on no variable, so they change nothing.
  const { values: given } = parseCommandArgs(argv, OPENAPI_SYNTAX);
  const values = { out: given.get('--out'), format: given.get('--format') };
  const format = values.format ?? (values.out !== undefined && /\.ya?ml$/i.test(values.out) ? 'yaml' : 'json');
  if (!isFormat(format)) throw new UsageError(`openapi: --format ${format} is not a format: give yaml or json (see conformance openapi --help)`);
  if (values.out === '') throw new UsageError('openapi: --out needs a file name (see conformance openapi --help)');
  return { out: values.out, format };
}

export async function openapi(argv: readonly string[], stdout: NodeJS.WritableStream = process.stdout): Promise<number> {
  const { out, format } = parseOpenApiArgs(argv);
  const text = renderOpenApi(await buildOpenApi(), format);
  if (out === undefined) {
    await writeOut(stdout, text);
    return 0;
  }
  const path = resolve(out);
  try {
    await mkdir(dirname(path), { recursive: true });
    await writeFile(path, text);
  } catch (error) {
    throw new UsageError(`openapi: cannot write ${path}: ${(error as Error).message}; give --out a file in a folder you may write to`);
  }
  stdout.write(`wrote ${path} (OpenAPI 3.1, ${format}, ${text.length} characters)\n`);
  return 0;
}
