import { describe, expect, it } from 'vitest';
import { sentences, specUnits, unitKey } from './units.js';

const DOC = `# Title

Intro sentence. Second one: with a colon.

## 2. Records

- A bullet rule.

### 2.1 Contact

| Field | Type |
|---|---|
| name | string, min length 1 |
| email | string, e-mail format |

Cross-field rule: \`x\` must hold.
`;

describe('specUnits', () => {
  const units = specUnits(DOC);

  it('cuts rows, bullets and sentences under their section, never a heading or a table header', () => {
    expect(units.map((u) => [u.section, u.kind, u.text])).toEqual([
      ['0', 'sentence', 'Intro sentence.'],
      ['0', 'sentence', 'Second one: with a colon.'],
      ['2', 'bullet', 'A bullet rule.'],
      ['2.1', 'row', 'name | string, min length 1'],
      ['2.1', 'row', 'email | string, e-mail format'],
      ['2.1', 'sentence', 'Cross-field rule: `x` must hold.'],
    ]);
  });

  it('keys a unit by its section and text: an untouched one keeps its key, a changed one gets a new one', () => {
    const moved = specUnits(DOC.replace('Intro sentence.', 'Intro sentence, now longer.'));
    expect(moved.find((u) => u.text.startsWith('name'))!.key).toBe(units.find((u) => u.text.startsWith('name'))!.key);
    expect(moved.map((u) => u.key)).not.toContain(units[0]!.key);
    expect(unitKey('2.1', ' a   b ')).toBe(unitKey('2.1', 'a b'));
  });

  it('gives repeated texts distinct keys', () => {
    const twice = specUnits('## 3. X\n\n- same\n- same\n');
    expect(new Set(twice.map((u) => u.key)).size).toBe(2);
  });

  it('splits sentences at a full stop followed by a capital or a backtick', () => {
    expect(sentences('One. Two `x`. `y` three. e.g. lower')).toEqual(['One.', 'Two `x`.', '`y` three. e.g. lower']);
  });
});
