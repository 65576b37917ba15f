import { flagCommands, plain, settingsByGroup, wrap } from './settings-text.js';

/** Where the description starts: two spaces, the name, at least two spaces. */
const COLUMN = 32;
const WIDTH = 100;

/** Pure: the variables part of `conformance --help`, one entry per setting, grouped as in the docs. */
export function renderSettingsHelp(): string {
  const out: string[] = [];
  for (const { info, settings } of settingsByGroup()) {
    const note = info.note === undefined ? '' : plain(info.note).replace(/\.$/, '');
    out.push('', `${info.title}${note === '' ? '' : ` (${note[0]!.toLowerCase()}${note.slice(1)})`}:`);
    for (const s of settings) {
      const head = `  ${s.name}`;
      const flag = s.flag === undefined ? '' : ` Flag: ${s.flag.name}${flagCommands(s.flag)}.`;
      const text = `${plain(s.description, { brief: true })} Default: ${plain(s.default)}.${flag}`;
      // A name as long as the column keeps two spaces before its text; the rest lines up.
      const first = head.length + 2 > COLUMN ? head.length + 2 : COLUMN;
      const [line, ...rest] = wrap(text, WIDTH - first);
      const continuation = wrap(rest.join(' '), WIDTH - COLUMN);
      out.push(`${head.padEnd(first)}${line ?? ''}`, ...continuation.map((l) => `${' '.repeat(COLUMN)}${l}`));
    }
  }
  return `${out.join('\n').replace(/^\n/, '')}\n`;
}
