import { ProductError } from '../errors.js';
import { readFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { z } from 'zod';

/*
 * product.json: what was certified and whom to ask about it. The vendor writes it
 * (`conformance certify --product FILE`); the bundle carries it and `verify` checks it again.
 * JSON only: YAML would need a parser dependency for five fields, and a vendor who keeps YAML can
 * convert it in one command. A .yaml/.yml file is refused with a line that says so.
 */

const MAX_FIELD = 200;
const MAX_NOTES = 4000;

const required = (field: string, max = MAX_FIELD) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? 'required (a non-empty string)' : 'expected a string') })
    .trim()
    .min(1, 'must not be empty')
    .max(max, `at most ${max} characters`)
    // One line: these are shown in the README, the report header and a verifier's output.
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), `${field} must be one line without control characters`);

const EMAIL = z.email();

/** `http(s)://...` without spaces: a URL as the reports show it (keys in it are already redacted there). */
function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/\S+$/i.test(value)) return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

export const productSchema = z.strictObject({
  /** The company that makes the product. */
  vendor: required('vendor'),
  /** The product's name. */
  product: required('product'),
  /** The product version that was certified. */
  version: required('version'),
  /** The base URL that was tested, as the reports show it (ending in /api/v1). */
  targetUrl: required('targetUrl').refine(isHttpUrl, 'expected an http(s) URL, as the reports show the target'),
  /** Whom to ask about the certification: an e-mail address or an http(s) URL. */
  contact: required('contact').refine((v) => EMAIL.safeParse(v).success || isHttpUrl(v), 'expected an e-mail address or an http(s) URL'),
  /** Anything else the vendor wants a reader to know (deployment, configuration). */
  notes: z.string({ error: 'expected a string' }).max(MAX_NOTES, `at most ${MAX_NOTES} characters`).optional(),
});
export type Product = z.infer<typeof productSchema>;

export const PRODUCT_FIELDS = Object.keys(productSchema.shape) as ReadonlyArray<keyof Product>;

/** The first problem of a product value in one line naming the field, or null when it is valid. */
export function productProblem(value: unknown): string | null {
  const parsed = productSchema.safeParse(value);
  if (parsed.success) return null;
  const issue = parsed.error.issues[0]!;
  if (issue.code === 'unrecognized_keys') {
    return `unknown field ${issue.keys.map((k) => JSON.stringify(k)).join(', ')} (fields: ${PRODUCT_FIELDS.join(', ')})`;
  }
  if (issue.path.length === 0) return `expected an object with ${PRODUCT_FIELDS.join(', ')}`;
  return `${issue.path.join('.')}: ${issue.message}`;
}

/** Parses product.json text; `name` labels the error line. */
export function parseProduct(text: string, name = 'product.json'): Product {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (cause) {
    throw new ProductError(`${name}: not valid JSON (${(cause as Error).message})`, { cause });
  }
  const problem = productProblem(value);
  if (problem !== null) throw new ProductError(`${name}: ${problem}`);
  return productSchema.parse(value);
}

/** Reads and validates the vendor's product file (`--product FILE`); one ProductError line on any problem. */
export async function readProduct(path: string): Promise<Product> {
  const name = basename(path);
  if (['.yaml', '.yml'].includes(extname(path).toLowerCase())) {
    throw new ProductError(`${name}: only JSON is read; write the same fields (${PRODUCT_FIELDS.join(', ')}) as product.json`);
  }
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (cause) {
    throw new ProductError(`${name}: cannot read ${path} (${(cause as NodeJS.ErrnoException).code ?? (cause as Error).message})`, { cause });
  }
  return parseProduct(text, name);
}
