import { GROUPS, SETTINGS, type Group, type GroupInfo, type Setting, type SettingFlag } from './settings.js';

/*
 * Pure helpers the settings renderers share: the table's Markdown-lite texts made plain, and
 * words wrapped into columns.
 */

/**
 * Markdown-lite as plain text: backticks dropped, `see [text](page.md#anchor)` as `see docs/page.md`,
 * another link as `text (docs/page.md)`. `brief` drops the `(see ...)` pointers altogether.
 */
export function plain(markdown: string, options: { readonly brief?: boolean } = {}): string {
  const text = options.brief === true ? markdown.replace(/\s*\(see \[[^\]]+\]\([^)]+\)\)/g, '') : markdown;
  return text
    .replace(/\bsee \[[^\]]+\]\(([^)#]+)(#[^)]*)?\)/g, 'see docs/$1')
    .replace(/\[([^\]]+)\]\(([^)#]+)(#[^)]*)?\)/g, '$1 (docs/$2)')
    .replace(/`/g, '');
}

/** `text` in lines of at most `width` characters (a longer word stays whole on its own line). */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter((w) => w !== '')) {
    if (line !== '' && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** The table's groups in order, each with its settings in table order; a group without settings is left out. */
export function settingsByGroup(only?: readonly Group[]): { readonly group: Group; readonly info: GroupInfo; readonly settings: readonly Setting[] }[] {
  return (Object.keys(GROUPS) as Group[])
    .filter((group) => only === undefined || only.includes(group))
    .map((group) => ({ group, info: GROUPS[group] as GroupInfo, settings: (SETTINGS as readonly Setting[]).filter((s) => s.group === group) }))
    .filter((g) => g.settings.length > 0);
}

/** `--url URL`, or `--external-workers` for a switch. */
export function flagUsage(flag: SettingFlag): string {
  return flag.meta === undefined ? flag.name : `${flag.name} ${flag.meta}`;
}

/** ` of conformance load` for a flag only some commands take, else nothing. */
export function flagCommands(flag: SettingFlag): string {
  return flag.commands === undefined ? '' : ` of ${flag.commands.map((c) => `conformance ${c}`).join(', ')}`;
}
