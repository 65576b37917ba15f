import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createPrompter } from './prompt.js';

function output(): { stream: PassThrough; text: () => string } {
  const stream = new PassThrough();
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

describe('createPrompter', () => {
  it('reads one trimmed answer per question, lines given ahead included, then undefined at the end', async () => {
    const input = new PassThrough();
    const out = output();
    const prompter = createPrompter(input, out.stream);
    input.end('  http://h/api/v1 \n\nwmk_x\n');
    expect(await prompter.ask('URL', { secret: false })).toBe('http://h/api/v1');
    expect(await prompter.ask('Member key', { secret: true })).toBe('');
    expect(await prompter.ask('Admin key', { secret: true })).toBe('wmk_x');
    expect(await prompter.ask('More', { secret: false })).toBeUndefined();
    expect(prompter.cancelled).toBe(false);
    prompter.close();
    expect(out.text()).toContain('URL\n> ');
    expect(out.text()).not.toContain('wmk_x');
  });
});
