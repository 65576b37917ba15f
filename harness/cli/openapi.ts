import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { UsageError } from '../errors.js';
import { buildOpenApi } from '../openapi/build.js';
import { OPENAPI_FORMATS, renderOpenApi, type OpenApiFormat } from '../openapi/render.js';
import { parseCommandArgs } from './parse.js';
import { writeOut } from './write-out.js';

/*
 * `conformance openapi [--out FILE] [--format yaml|json]`: the API as an OpenAPI 3.1 document,
 * generated from the suite's own field tables and schemas (harness/openapi/). It reads no
 * configuration and contacts no server. The package also ships it: schemas/openapi.json and .yaml.
 */

export const OPENAPI_HELP =
  'Usage: conformance openapi [--out FILE] [--format yaml|json]\n\n' +
  "Writes the API as an OpenAPI 3.1 document, generated from the suite's own field tables and\n" +
  'schemas: every documented operation with its parameters, bodies (types, formats, bounds,\n' +
  'required, nullable, strictness), responses (the data envelope, pagination, 204 deletes, 429\n' +
  'with Retry-After, the rate headers), both key schemes, the signed webhook deliveries and each\n' +
  "operation's requirement ids (x-requirements). Where the spec is silent (response fields, error\n" +
  'statuses and bodies) the document stays open and says so. Contacts no server. The package ships\n' +
  'it too: schemas/openapi.json and schemas/openapi.yaml.\n\n' +
  'Options:\n' +
  '  --out FILE          Write it to FILE (default: standard output)\n' +
  '  --format yaml|json  The format (default: yaml for a FILE ending in .yaml or .yml, else json)\n' +
  '  -h, --help          Show this help\n' +
  '\nExamples:\n' +
  '  conformance openapi --out openapi.yaml\n' +
  '  conformance openapi --format json > openapi.json\n' +
  '  npx @stoplight/prism-cli proxy openapi.yaml https://api.example.com/api/v1 --errors\n\n' +
  'Exit codes: 0 written, 2 a bad option or a file that cannot be written.\n';

const isFormat = (value: string): value is OpenApiFormat => (OPENAPI_FORMATS as readonly string[]).includes(value);

/** Pure: the options of `conformance openapi`. */
export function parseOpenApiArgs(argv: readonly string[]): { out: string | undefined; format: OpenApiFormat } {
  // --dotenv and --no-dotenv are options of every command; the document depends on no variable, so they change nothing.
  const { values: given } = parseCommandArgs(argv, {
    command: 'openapi',
    options: {
      '--out': { kind: 'value', needs: 'a file name' },
      '--format': { kind: 'value', needs: 'yaml or json' },
      // Every command takes these (conformance --help); openapi reads no configuration.
      '--dotenv': { kind: 'value', needs: 'a path' },
      '--no-dotenv': { kind: 'switch' },
    },
  });
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
