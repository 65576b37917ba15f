import type { Group } from './settings.js';
import { NEEDS } from './settings.js';
import { flagCommands, flagUsage, settingsByGroup } from './settings-text.js';

/*
 * The generated part of a documentation page: between `<!-- settings:begin -->` and
 * `<!-- settings:end -->` every setting, a heading per group; after `<!-- settings:begin GROUP -->`
 * that group's table alone. The rest of the page is written by hand.
 */

const BLOCK = /(<!-- settings:begin(?: ([a-z,]+))? -->\n)[\s\S]*?(<!-- settings:end -->)/g;

const cell = (text: string): string => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function table(group: Group): string[] {
  const [only] = settingsByGroup([group]);
  const rows = (only?.settings ?? []).map((s) => {
    const flag = s.flag === undefined ? undefined : `Flag: \`${flagUsage(s.flag)}\`${flagCommands(s.flag)} (wins over the variable).`;
    const targetOnly = s.targetOnly === true ? 'Refused without `CONFORMANCE_TARGET_URL`.' : undefined;
    const meaning = [s.description, s.more, targetOnly, flag].filter((t) => t !== undefined).join(' ');
    const needs = s.needs.map((n) => NEEDS[n]).join(', ');
    return `| \`${s.name}\` | ${cell(meaning)} | ${cell(s.kind.type)} | ${cell(s.default)} | ${cell(needs)} |`;
  });
  return ['| Variable | Meaning | Value | Default | Needed by |', '| --- | --- | --- | --- | --- |', ...rows];
}

/** Pure: the Markdown of one block, for every group (with headings) or the groups named. */
export function renderSettingsBlock(groups?: readonly Group[]): string {
  const out: string[] = [];
  const sections = settingsByGroup(groups);
  for (const { group, info } of sections) {
    if (groups === undefined) out.push(`### ${info.title}`, '');
    if (groups === undefined && info.note !== undefined) out.push(info.note, '');
    out.push(...table(group), '');
  }
  return out.join('\n');
}

/** Pure: `page` with every settings block regenerated; the text around the blocks is kept as it is. */
export function renderSettingsPage(page: string): string {
  return page.replace(BLOCK, (_match, begin: string, groups: string | undefined, end: string) => {
    const named = groups?.split(',') as Group[] | undefined;
    return `${begin}\n${renderSettingsBlock(named)}\n${end}`;
  });
}
