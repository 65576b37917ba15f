import { describe, expect, it } from 'vitest';
import { StatusLine } from './status-line.js';

function sink() {
  let text = '';
  return { out: { write: (s: string) => (text += s) }, text: () => text };
}

describe('StatusLine', () => {
  it('draws in place and erases only what it drew', () => {
    const s = sink();
    const line = new StatusLine(s.out);
    line.hide();
    line.show('a');
    line.hide();
    line.show('b');
    expect(line.shown).toBe(true);
    line.hide();
    expect(line.shown).toBe(false);
    expect(s.text()).toBe('a\r\u001b[Kb\r\u001b[K');
  });

  it('goes under an unfinished line and puts the cursor back at its column', () => {
    const s = sink();
    const line = new StatusLine(s.out);
    line.show('status', 3);
    line.hide();
    expect(s.text()).toBe('\nstatus\r\u001b[K\u001b[1A\u001b[4G');
  });
});
