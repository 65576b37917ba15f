import { ProductError } from '../errors.js';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseProduct, productProblem, readProduct } from './product.js';

const VALID = {
  vendor: 'Acme Ltd',
  product: 'Acme Projects',
  version: '4.2.0',
  targetUrl: 'https://api.acme.example/api/v1',
  contact: 'certification@acme.example',
};

async function file(name: string, text: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'product-'));
  const path = join(dir, name);
  await writeFile(path, text);
  return path;
}

describe('product.json', () => {
  it('accepts the five fields, an optional note, and a URL as contact', () => {
    expect(parseProduct(JSON.stringify(VALID))).toEqual(VALID);
    expect(productProblem({ ...VALID, notes: 'Deployed on the EU cluster.' })).toBeNull();
    expect(productProblem({ ...VALID, contact: 'https://acme.example/certification' })).toBeNull();
  });

  it.each([
    [{ ...VALID, vendor: undefined }, 'vendor: required (a non-empty string)'],
    [{ ...VALID, product: '   ' }, 'product: must not be empty'],
    [{ ...VALID, version: 42 }, 'version: expected a string'],
    [{ ...VALID, targetUrl: 'api.acme.example' }, 'targetUrl: expected an http(s) URL'],
    [{ ...VALID, contact: 'someone at acme' }, 'contact: expected an e-mail address or an http(s) URL'],
    [{ ...VALID, vendor: 'Acme\nLtd' }, 'vendor: vendor must be one line'],
    [{ ...VALID, vendr: 'typo' }, 'unknown field "vendr"'],
    [[VALID], 'expected an object'],
  ])('names the field of a problem in one line (%#)', (value, expected) => {
    const problem = productProblem(value);
    expect(problem).toContain(expected);
    expect(problem).not.toContain('\n');
  });

  it('reads a file and says which file and field is wrong', async () => {
    await expect(readProduct(await file('product.json', JSON.stringify(VALID)))).resolves.toEqual(VALID);
    const bad = readProduct(await file('acme.json', JSON.stringify({ ...VALID, contact: '' })));
    await expect(bad).rejects.toThrow(ProductError);
    await expect(bad).rejects.toThrow('acme.json: contact: must not be empty');
    await expect(readProduct(await file('product.json', '{"vendor":'))).rejects.toThrow(/product.json: not valid JSON/);
    await expect(readProduct(join(tmpdir(), 'no-such-dir-xyz', 'product.json'))).rejects.toThrow(/cannot read .*ENOENT/);
  });

  it('refuses YAML with a line that says to write JSON', async () => {
    await expect(readProduct(await file('product.yaml', 'vendor: Acme\n'))).rejects.toThrow(/only JSON is read; write the same fields .* as product.json/);
  });
});
