/*
 * Reads back the YAML subset yaml.ts writes (block mappings and sequences indented by two, JSON
 * scalars, literal blocks), so the export's tests parse the manifests without a YAML dependency.
 * Anything outside that subset throws: a test then fails rather than reading a guess.
 */

type Value = unknown;

const KEY = /^("(?:[^"\\]|\\.)*"|[A-Za-z_][A-Za-z0-9_./-]*):(?: (.*))?$/;

export function readYaml(text: string): Value {
  if (!text.endsWith('\n')) throw new Error('YAML: a document ends with a newline');
  const lines = text.slice(0, -1).split('\n');
  let i = 0;
  const indentOf = (line: string): number => line.length - line.trimStart().length;

  function scalar(raw: string): Value {
    if (raw === '{}') return {};
    if (raw === '[]') return [];
    return JSON.parse(raw) as Value;
  }

  function block(header: string, indent: number): string {
    const body: string[] = [];
    const pad = ' '.repeat(indent);
    while (i < lines.length && (lines[i] === '' || lines[i]!.startsWith(pad))) body.push(lines[i++]!.slice(indent));
    while (body.length > 0 && body[body.length - 1] === '') body.pop();
    if (header === '|') return `${body.join('\n')}\n`;
    if (header === '|-') return body.join('\n');
    throw new Error(`YAML: unknown block header ${header}`);
  }

  /** The value after `key:` or `- `: inline, a block, or the nested node below. */
  function rest(raw: string | undefined, indent: number): Value {
    if (raw === undefined || raw === '') return parseNode(indent + 2);
    if (raw === '|' || raw === '|-') return block(raw, indent + 2);
    return scalar(raw);
  }

  function parseNode(indent: number): Value {
    const line = lines[i];
    if (line === undefined || indentOf(line) !== indent) throw new Error(`YAML: expected a node indented ${indent} at line ${i + 1}`);
    const pad = ' '.repeat(indent);
    if (line.startsWith(`${pad}- `)) {
      const items: Value[] = [];
      while (i < lines.length && lines[i]!.startsWith(`${pad}- `)) {
        const content = lines[i]!.slice(indent + 2);
        if (KEY.test(content) || content.startsWith('- ')) {
          // A mapping or sequence starting on the dash's line: read it as if indented past the dash.
          lines[i] = `${pad}  ${content}`;
          items.push(parseNode(indent + 2));
        } else {
          i++;
          items.push(rest(content, indent));
        }
      }
      return items;
    }
    const map: Record<string, Value> = {};
    while (i < lines.length && indentOf(lines[i]!) === indent && lines[i]!.trim() !== '' && !lines[i]!.startsWith(`${pad}- `)) {
      const match = KEY.exec(lines[i]!.slice(indent));
      if (match === null) throw new Error(`YAML: not a key at line ${i + 1}: ${lines[i]}`);
      const k = match[1]!.startsWith('"') ? (JSON.parse(match[1]!) as string) : match[1]!;
      if (k in map) throw new Error(`YAML: key ${k} twice at line ${i + 1}`);
      i++;
      map[k] = rest(match[2], indent);
    }
    return map;
  }

  const value = parseNode(0);
  if (i !== lines.length) throw new Error(`YAML: unread text from line ${i + 1}: ${lines[i]}`);
  return value;
}
