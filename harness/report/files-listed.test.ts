import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { HAR_FILE } from '../har/format.js';
import { PACKAGE_ROOT } from '../package-root.js';
import { filesLine, RUN_FILES } from './files.js';
import { sampleReport } from './testing/sample-report.js';
import { renderAll } from './write.js';

/*
 * The files a run writes are declared once (files.ts `RUN_FILES`): the writer renders exactly
 * those, the CLI's closing lines name them (filesLine), and the README and the report page each
 * list them, one bullet a file. The pages' lists are a promise to the user, so they are checked
 * against that list (and the HTTP archive `CONFORMANCE_HAR` adds): a format added or renamed fails
 * here until both pages say so.
 */

/** The file names of the bullets after "Each run writes" up to the first line that is no bullet. */
function listedFiles(text: string): string[] {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('Each run writes'));
  if (start < 0) return [];
  const names: string[] = [];
  for (const line of lines.slice(start + 2)) {
    if (line.startsWith('- ')) {
      const name = /`([\w.-]+\.(?:html|md|xml|json|har))`/.exec(line.replace(/`CONFORMANCE_\w+=\w+`/, ''));
      if (name) names.push(name[1]!);
    } else if (!line.startsWith('  ')) break;
  }
  return names.sort();
}

describe('the list of the files a run writes', () => {
  const written = [...RUN_FILES, HAR_FILE].sort();

  it('is what the writer renders', () => {
    expect(Object.keys(renderAll(sampleReport())).sort()).toEqual([...RUN_FILES].sort());
  });

  it('is what the closing line names, the page first', () => {
    expect(filesLine('reports/latest', RUN_FILES)).toBe('reports/latest/report.html (also report.json, junit.xml, summary.md, summary-full.md)');
    expect(filesLine('reports/latest', ['load.html'])).toBe('reports/latest/load.html');
  });

  it.each(['README.md', 'docs/reading-the-report.md'])('in %s names every file the run writes', (page) => {
    expect(written).toHaveLength(6);
    expect(listedFiles(readFileSync(join(PACKAGE_ROOT, page), 'utf8'))).toEqual(written);
  });

  it('would notice a missing file', () => {
    const four = 'Each run writes:\n\n- `report.html`: page;\n- `summary.md`: text;\n  wrapped\n- `junit.xml`: CI;\n- `report.json`: all.\n\nNext.';
    expect(listedFiles(four)).toEqual(['junit.xml', 'report.html', 'report.json', 'summary.md']);
    expect(listedFiles(four)).not.toEqual(written);
  });
});
