import { describe, expect, it } from '@jest/globals';
import { findTask } from '../src/trigger/trigger-phrase.js';

const task = (text: string): string | undefined => findTask(text, '/agent');

describe('findTask', () => {
  it('takes the rest of the phrase line and every line after it', () => {
    expect(task('Thanks!\n/agent fix the failing test\nin src/a.ts\n\nthen run it')).toBe(
      'fix the failing test\nin src/a.ts\n\nthen run it',
    );
  });

  it('accepts up to three spaces before the phrase, a tab after it and any case of it', () => {
    expect(task('   /Agent  run the tests')).toBe('run the tests');
    expect(task(' /AGENT\trun the tests')).toBe('run the tests');
  });

  it('returns an empty task when nothing follows the phrase', () => {
    expect(task('/agent')).toBe('');
    expect(task('/agent   \n  \n')).toBe('');
  });

  it('does not trigger on the phrase mid-sentence or glued to more characters', () => {
    expect(task('Could someone run /agent fix this?')).toBeUndefined();
    expect(task('/agents fix this')).toBeUndefined();
    expect(task('/agent: fix this')).toBeUndefined();
    expect(task('x/agent fix this')).toBeUndefined();
  });

  it('does not trigger inside a fenced code block, with backticks or tildes', () => {
    expect(task('```\n/agent fix this\n```')).toBeUndefined();
    expect(task('~~~ text\n/agent fix this\n~~~')).toBeUndefined();
    // A fence is open until the end when it is never closed.
    expect(task('Try:\n```sh\n/agent fix this')).toBeUndefined();
  });

  it('closes a fence only with the same character, at least as long, and nothing after it', () => {
    expect(task('````\n```\n/agent inside\n````\n/agent outside')).toBe('outside');
    expect(task('```\n~~~\n/agent inside\n```\n/agent outside')).toBe('outside');
    expect(task('```\n``` not a close\n/agent inside\n```\n/agent outside')).toBe('outside');
  });

  it('follows CommonMark on fence indentation: up to three spaces open one, four do not', () => {
    expect(task('   ```\n/agent inside\n   ```\n/agent outside')).toBe('outside');
    // Four spaces make an indented line, not a fence: the phrase line after it is plain text.
    expect(task('    ```\n/agent run it')).toBe('run it');
    // A closing fence indented four spaces is content; the fence stays open.
    expect(task('```\n    ```\n/agent inside')).toBeUndefined();
  });

  it('finds fences inside list items, indented to the item content', () => {
    expect(task('- Steps:\n\n    ```\n    /agent inside\n    ```\n/agent outside')).toBe('outside');
    expect(task('1. Run:\n   ```\n   /agent inside\n   ```')).toBeUndefined();
    expect(task('- ```sh\n  /agent inside\n  ```\n/agent outside')).toBe('outside');
    // Nested items: the fence belongs to the inner item.
    expect(task('- a\n  - b\n\n      ```\n      /agent inside')).toBeUndefined();
  });

  it('ends a fence with the list item that holds it', () => {
    expect(task('- item\n  ```\n  code\n/agent after the list')).toBe('after the list');
  });

  it('still treats a line indented four spaces past its item as plain text, not a fence', () => {
    expect(task('- item\n\n      ```\n/agent run it')).toBe('run it');
  });

  it('does not count a backtick run with a backtick in its info string as a fence', () => {
    expect(task('``` a`b\n/agent run it')).toBe('run it');
  });

  it('does not trigger in an indented code block: four spaces or a tab where no paragraph is open', () => {
    expect(task('    /agent fix this')).toBeUndefined();
    expect(task('\t/agent fix this')).toBeUndefined();
    expect(task('  \t/agent fix this')).toBeUndefined();
    expect(task('For example:\n\n    /agent fix this')).toBeUndefined();
    // Blank lines inside the block do not end it.
    expect(task('    make\n\n    /agent fix this')).toBeUndefined();
    // After blocks that are not paragraphs, an indented line starts code at once.
    expect(task('# Usage\n    /agent fix this')).toBeUndefined();
    expect(task('Usage\n=====\n    /agent fix this')).toBeUndefined();
    expect(task('***\n    /agent fix this')).toBeUndefined();
    expect(task('```\nmake\n```\n    /agent fix this')).toBeUndefined();
    expect(task('> # quoted heading\n    /agent fix this')).toBeUndefined();
    // The block ends at the first line indented less; the phrase there is plain text again.
    expect(task('Example:\n\n    /agent not this\n\n/agent this')).toBe('this');
  });

  it('triggers on an indented line that continues a paragraph, since indented code cannot interrupt one', () => {
    expect(task('Please:\n    /agent fix this')).toBe('fix this');
    expect(task('Please:\n\t/agent fix this')).toBe('fix this');
    expect(task('Setext heading\n==\nthen text\n      /agent fix this')).toBe('fix this');
  });

  it('counts indented code from the content of the list item the line is in', () => {
    // Indented to the item's content, not four past it: a paragraph of the item.
    expect(task('- step one\n\n    /agent fix this')).toBe('fix this');
    expect(task('1. step one\n\n   /agent fix this')).toBe('fix this');
    expect(task('10. step one\n\n       /agent fix this')).toBe('fix this');
    // Four past the item's content: code in the item.
    expect(task('- step one\n\n      /agent fix this')).toBeUndefined();
    expect(task('10. step one\n\n        /agent fix this')).toBeUndefined();
    // Nested items: counted from the inner item's content.
    expect(task('- a\n  - b\n\n      /agent fix this')).toBe('fix this');
    expect(task('- a\n  - b\n\n        /agent fix this')).toBeUndefined();
    // Right after the item's text the line continues that text, however far it is indented.
    expect(task('- step one\n        /agent fix this')).toBe('fix this');
    // An item with no text yet holds no paragraph: a line four past its content is code.
    expect(task('-\n      /agent fix this')).toBeUndefined();
  });

  it('does not trigger inside a block quote, nested or lazily continued', () => {
    expect(task('> /agent fix this')).toBeUndefined();
    expect(task('> > /agent fix this')).toBeUndefined();
    expect(task('   >/agent fix this')).toBeUndefined();
    // A plain line right after quoted paragraph text still belongs to the quote.
    expect(task('> you wrote\n/agent fix this')).toBeUndefined();
    expect(task('> - a quoted item\n/agent fix this')).toBeUndefined();
    expect(task('> 2. another\n/agent fix this')).toBeUndefined();
    expect(task('> you wrote\n    /agent fix this')).toBeUndefined();
  });

  it('triggers after a quote once a blank line or a new block ends it', () => {
    expect(task('> you wrote\n\n/agent fix this')).toBe('fix this');
    expect(task('> ```\n> code\n/agent fix this')).toBe('fix this');
    expect(task('> # heading\n/agent fix this')).toBe('fix this');
    expect(task('> - - -\n/agent fix this')).toBe('fix this');
    expect(task('> -\n/agent fix this')).toBe('fix this');
  });

  it('takes the first phrase line outside code, and the lines after it whatever they hold', () => {
    expect(task('```\n/agent no\n```\n/agent yes\n```\n/agent kept\n```')).toBe(
      'yes\n```\n/agent kept\n```',
    );
  });

  it('matches a phrase of other characters literally', () => {
    expect(findTask('@Claude+ do it', '@claude+')).toBe('do it');
    expect(findTask('@claudeX do it', '@claude+')).toBeUndefined();
  });
});
