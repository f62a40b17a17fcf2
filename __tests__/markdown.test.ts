import { describe, expect, it } from '@jest/globals';
import {
  formatCount,
  byteLength,
  clipBytes,
  codeSpan,
  htmlCode,
  escapeInline,
  fenced,
  neutraliseMarkdown,
} from '../src/report/markdown.js';

describe('fenced', () => {
  it('uses a fence longer than any run of backticks inside, which a ~~~ line cannot close either', () => {
    const text = 'a\n```\nb\n~~~\n``````\nc';
    const block = fenced(text);
    expect(block).toBe('```````text\n' + text + '\n```````');
  });

  it('keeps a three-backtick fence for text without backtick runs', () => {
    expect(fenced('x `y` z\n')).toBe('```text\nx `y` z\n```');
  });
});

describe('escapeInline and htmlCode', () => {
  it('escapeInline leaves no HTML, markdown, mention or line break', () => {
    expect(escapeInline('<b>x</b> | *y* @admin\n# h')).toBe(
      '&lt;b&gt;x&lt;/b&gt; \\| \\*y\\* @\u200badmin \\# h',
    );
  });

  it('htmlCode escapes tags and quotes for a <summary>, as code, where GitHub makes no mention', () => {
    expect(htmlCode('</summary><img src="x"> @team\nnext')).toBe(
      '<code>&lt;/summary&gt;&lt;img src=&quot;x&quot;&gt; @team next</code>',
    );
  });
});

describe('codeSpan', () => {
  it('shows a command as it is: nothing inserted, fenced past its backticks', () => {
    expect(codeSpan('git clone git@github.com:o/r https://x.example/?a=1')).toBe(
      '`git clone git@github.com:o/r https://x.example/?a=1`',
    );
    expect(codeSpan('echo `date` ``x``')).toBe('``` echo `date` ``x`` ```');
    expect(codeSpan('`a`')).toBe('`` `a` ``');
    // One line, control characters shown; a pipe escaped only where a table would split at it.
    expect(codeSpan('a\n  b\u0000 | c')).toBe('`a b\\x00 | c`');
    expect(codeSpan('a | b', true)).toBe('`a \\| b`');
  });
});

describe('clipBytes', () => {
  it('keeps head and tail within the byte limit, whole characters only, and says how much went', () => {
    const text = `${'€'.repeat(5000)}${'😀'.repeat(5000)}`;
    const clipped = clipBytes(text, 10_000);
    expect(byteLength(clipped)).toBeLessThanOrEqual(10_000);
    expect(clipped.startsWith('€€€')).toBe(true);
    expect(clipped.endsWith('😀😀')).toBe(true);
    expect(clipped).toMatch(/\[\.\.\. [\d,]+ characters omitted from the summary \.\.\.\]/);
    expect(clipped).not.toMatch(/[\ud800-\udbff](?![\udc00-\udfff])/);
  });
});

describe('neutraliseMarkdown', () => {
  it('turns images into text, whatever their URL carries', () => {
    const out = neutraliseMarkdown(
      'see ![chart](https://evil.example/p.png?d=data:image/png;base64,AAAA) and ![](http://x/y)',
    );
    expect(out).not.toContain('![');
    expect(out).not.toContain('](');
    expect(out).toContain('image: chart');
  });

  it('escapes raw HTML: <img src>, <script>, <details>, comments', () => {
    const out = neutraliseMarkdown(
      '<img src="https://evil.example/x.png?k=v">\n<script>alert(1)</script>\n</details>\n<!-- hidden -->',
    );
    expect(out).not.toMatch(/<(?!\u200b)/);
    expect(out).toContain('&lt;img src=');
    expect(out).toContain('&lt;script>alert(1)&lt;/script>');
  });

  it('makes links with a query string, a fragment or a non-https URL plain text, and keeps plain https links', () => {
    const out = neutraliseMarkdown(
      '[a](https://evil.example/?token=abc) [b](https://x.example/p#frag) [c](http://x.example/) [d](javascript:alert(1)) [docs](https://docs.github.com/actions)',
    );
    expect(out).toContain('[docs](https://docs.github.com/actions)');
    expect(out).not.toMatch(/\]\((?!https:\/\/docs)/);
    expect(out).toContain('a (`https://evil.example/?token=abc`)');
  });

  it('keeps bare addresses with a query string from becoming links', () => {
    const out = neutraliseMarkdown(
      'go to https://evil.example/c?secret=1 or https://ok.example/path',
    );
    expect(out).toContain('`https://evil.example/c?secret=1`');
    expect(out).toContain(' https://ok.example/path');
  });

  it('leaves reference definitions as text, so reference links and images do not resolve', () => {
    const out = neutraliseMarkdown('![x][r] and [y][r]\n\n[r]: https://evil.example/p.png');
    expect(out).toBe('!\\[x\\]\\[r\\] and \\[y\\]\\[r\\]\n\n\\[r\\]: https://evil.example/p.png');
  });

  it('demotes headings below the report’s own, setext ones included', () => {
    expect(neutraliseMarkdown('# Title\n## Part\n###### Deep')).toBe(
      '#### Title\n##### Part\n###### Deep',
    );
    expect(neutraliseMarkdown('Title\n===\nPart\n---')).toBe('Title\n\\===\nPart\n\\---');
  });

  it('breaks @mentions outside code and keeps code readable', () => {
    const out = neutraliseMarkdown('thanks @octocat, see `Map<string>` and `a@b`');
    expect(out).toContain('@\u200boctocat');
    expect(out).toContain('`Map<\u200bstring>`');
  });

  it('keeps fenced code as it is shown, and closes a fence left open', () => {
    const out = neutraliseMarkdown('```ts\nconst a: Array<T> = [];\n# not a heading\nunclosed');
    expect(out).toBe('```ts\nconst a: Array<\u200bT> = [];\n# not a heading\nunclosed\n```');
  });
});

describe('formatCount', () => {
  it('groups digits as the en-US locale does, for every size and sign', () => {
    const samples = [0, 7, 999, 1000, -1000, 12_345, 999_999, 1_000_000, -987_654_321, 2 ** 53 - 1];
    for (let digits = 1; digits <= 15; digits++)
      samples.push(Math.floor(Math.random() * 10 ** digits));
    for (const n of [...samples, 1.5, 1234.5678, NaN, Infinity])
      expect(formatCount(n)).toBe(n.toLocaleString('en-US'));
  });
});
