import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html.js';
import { escapeMarkdownCell, escapeMarkdownText, markdownCode, markdownFence } from './markdown.js';
import { escapeTerminal } from './terminal.js';
import { stripUnsafeChars } from './unsafe.js';
import { escapeXml, escapeXmlAttribute } from './xml.js';
import { HOSTILE_TEXT } from '../testing/sample-report.js';

/** Outside the XML 1.0 Char production. */
const XML_ILLEGAL = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;

describe('escapeXml', () => {
  it('escapes the five markup characters', () => {
    expect(escapeXml(`<a href="x">Tom & 'Jerry'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;Tom &amp; &apos;Jerry&apos;&lt;/a&gt;');
  });

  it('neutralises <script> and the CDATA terminator', () => {
    const out = escapeXml('<script>alert(1)</script> ]]> <![CDATA[x]]>');
    expect(out).not.toMatch(/[<>]/);
    expect(out).not.toContain(']]>');
  });

  it('re-escapes existing entities instead of trusting them', () => {
    expect(escapeXml('&amp; &#60;')).toBe('&amp;amp; &amp;#60;');
  });

  it('strips characters XML 1.0 forbids or discourages and keeps tab, LF and astral characters', () => {
    const out = escapeXml('a\u0000b\u0001c\u0008d\u000Be\u000Cf\u001Bg\uFFFEh\uFFFFi\uD800j\tk\nl😀m\u007F\u0085\u009Fé');
    expect(out).toBe('abcdefghij\tk\nl😀mé');
    expect(out).not.toMatch(XML_ILLEGAL);
  });

  it('keeps a carriage return as a character reference so parsers do not normalise it away', () => {
    expect(escapeXml('a\r\nb')).toBe('a&#13;\nb');
  });

  it('encodes line breaks and tabs in attribute values', () => {
    expect(escapeXmlAttribute('a\nb\tc"d')).toBe('a&#10;b&#9;c&quot;d');
  });

  it('leaves no illegal character or raw markup in the hostile text', () => {
    const out = escapeXml(HOSTILE_TEXT);
    expect(out).not.toMatch(XML_ILLEGAL);
    expect(out).not.toMatch(/[<>"']/);
    expect(stripUnsafeChars(HOSTILE_TEXT)).not.toMatch(XML_ILLEGAL);
  });
});

describe('escapeHtml', () => {
  it('escapes markup, both quotes and ampersands', () => {
    expect(escapeHtml(`<img src=x onerror="alert('1')">&`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;1&#39;)&quot;&gt;&amp;');
  });

  it('drops control characters, lone surrogates and C1 controls', () => {
    expect(escapeHtml('a\u0000\u001b[31m\u0085\u009f\uD800b')).toBe('a[31mb');
  });

  it('leaves nothing that could open a tag or close an attribute', () => {
    expect(escapeHtml(HOSTILE_TEXT)).not.toMatch(/[<>"'\u0000-\u0008\u001b]/);
  });
});

describe('escapeMarkdownCell', () => {
  it('escapes pipes and turns line breaks into <br>', () => {
    expect(escapeMarkdownCell('a|b\nc\r\nd')).toBe('a\\|b<br>c<br>d');
  });

  it('keeps data from becoming HTML, links, emphasis or code', () => {
    const out = escapeMarkdownCell('<script>x</script> [l](javascript:1) *b* _i_ `c` ~~s~~ $m$ \\');
    expect(out).toBe('&lt;script&gt;x&lt;/script&gt; \\[l\\](javascript:1) \\*b\\* _i_ \\`c\\` \\~\\~s\\~\\~ \\$m\\$ \\\\');
  });

  it('only escapes an ampersand that would start an entity', () => {
    expect(escapeMarkdownText('R&D &amp; &#60;')).toBe('R&D &amp;amp; &amp;#60;');
  });

  it('never lets a backslash in the data un-escape a pipe', () => {
    // `a\|b` must stay one cell: the backslash is escaped first, then the pipe.
    expect(escapeMarkdownCell('a\\|b')).toBe('a\\\\\\|b');
  });

  it('has no line break, raw tag or unescaped pipe left in hostile text', () => {
    const out = escapeMarkdownCell(HOSTILE_TEXT);
    expect(out).not.toMatch(/[\r\n]/);
    expect(out).not.toMatch(/<(?!br>)/);
    expect(out).not.toMatch(/(^|[^\\])(\\\\)*\|/);
  });
});

describe('secrets stay findable by the redactor that runs over rendered output', () => {
  // harness/report/write.ts redacts each rendered file; an escaped secret would slip past it.
  const secrets = ['wmk_3be3b5804692ebe4e955884c7b5d1661', 'whsec_Ab+/=_-9z', 'sk-live_abc.DEF~x'];
  const escapers = { escapeXml, escapeXmlAttribute, escapeHtml, escapeMarkdownText, escapeMarkdownCell, escapeTerminal };

  it.each(Object.entries(escapers))('%s leaves key and secret characters unchanged', (_name, escape) => {
    for (const secret of secrets.slice(0, 2)) expect(escape(`key ${secret}, "x"`)).toContain(secret);
  });

  it('keeps them verbatim in fences and code spans too', () => {
    for (const secret of secrets) {
      expect(markdownFence(`-H 'X-API-Key: ${secret}'`)).toContain(secret);
      expect(markdownCode(secret)).toContain(secret);
    }
  });
});

describe('markdownFence and markdownCode', () => {
  it('uses a fence longer than any backtick run in the content', () => {
    const block = markdownFence('a\n```\nb ````` c', 'text');
    const lines = block.split('\n');
    expect(lines[0]).toBe('``````text');
    expect(lines.at(-1)).toBe('``````');
  });

  it('shows the content verbatim, without control characters', () => {
    expect(markdownFence('<b>&amp;\u001b[0m</b>\r\n')).toBe('```\n<b>&amp;[0m</b>\n```');
  });

  it('wraps inline code in a longer backtick run', () => {
    expect(markdownCode('a`b')).toBe('``a`b``');
    expect(markdownCode('`x`')).toBe('`` `x` ``');
    expect(markdownCode('a\nb')).toBe('`a b`');
  });
});

describe('escapeTerminal', () => {
  it('removes ESC and other control characters but keeps text', () => {
    expect(escapeTerminal('a\u001b[31mred\u001b[0m\u0007\u009b2Jb')).toBe('a[31mred[0m2Jb');
    expect(escapeTerminal('a\r\nb\nc\td')).toBe('a b c d');
  });
});
