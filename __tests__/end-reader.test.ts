/**
 * The reading of a call's output as the pipe hands it over: in pieces that can end anywhere, inside
 * the command's text, inside bash's words in front of the marker, or inside the marker.
 */
import { describe, expect, it } from '@jest/globals';
import { EndReader, MARKER_TAG, parseFrameEnd, type FoundEnd } from '../src/shell/frame.js';

const PREFIX = 'bash: line 4: /dev/null/';
const MARKER = `${MARKER_TAG}0a1B-c_d `;
const EARLIER = `${MARKER_TAG}ffEE_dd- `;

/**
 * Feeds `pieces` to a fresh reader until it finds an end: what it passed on, the end, and what came
 * after the end (its `rest`, then the pieces not fed, which the session reads as stray output).
 */
function read(
  pieces: string[],
  past: string[] = [],
): { output: string; found: FoundEnd | undefined; held: string; after: string } {
  let output = '';
  const reader = new EndReader(MARKER, PREFIX, new Set(past), (text) => (output += text));
  let found: FoundEnd | undefined;
  let after = '';
  for (const piece of pieces) {
    if (found) after += piece;
    else found = reader.push(piece);
  }
  return { output, found, held: reader.held, after: (found?.rest ?? '') + after };
}

/** Every way of cutting `text` in two, and in three around its middle. */
function cuts(text: string): string[][] {
  const ways: string[][] = [];
  for (let i = 0; i <= text.length; i++) ways.push([text.slice(0, i), text.slice(i)]);
  const middle = text.length >> 1;
  for (let i = 0; i < middle; i++) {
    ways.push([text.slice(0, i), text.slice(i, middle), text.slice(middle)]);
  }
  return ways;
}

describe('a call’s end, however the output is cut', () => {
  const cases = [
    { own: 'hello\n', why: 'output ending in a newline' },
    { own: 'abc', why: 'output with no final newline' },
    { own: '', why: 'no output' },
    { own: PREFIX, why: 'output that is itself what bash writes in front of the marker' },
    { own: `x${MARKER_TAG}0a1B-c`, why: 'output ending in a marker’s start' },
    { own: `${MARKER_TAG}0a1B-c_e 0\n`, why: 'a marker one digit off' },
  ];
  for (const { own, why } of cases) {
    it(`passes on exactly the command's text: ${why}`, () => {
      const whole = `${own}${PREFIX}${MARKER}0: Not a directory\nlater`;
      for (const pieces of cuts(whole)) {
        const { output, found, after } = read(pieces);
        expect({ pieces, output, after }).toEqual({ pieces, output: own, after: 'later' });
        expect(found?.end).toEqual({ kind: 'exit', status: 0 });
      }
    });
  }

  it('waits for the end of the marker’s line', () => {
    const { output, found, held } = read([`out${PREFIX}${MARKER}3: Not a dir`]);
    expect({ output, found, held }).toEqual({ output: 'out', found: undefined, held: '' });
    expect(read([`out${PREFIX}${MARKER}3: Not a dir`, 'ectory\n']).found?.end).toEqual({
      kind: 'exit',
      status: 3,
    });
  });

  it('keeps back only what could still be the words and the marker', () => {
    const text = 'y'.repeat(100);
    const { output, found, held } = read([text]);
    expect(found).toBeUndefined();
    expect(output + held).toBe(text);
    expect(held.length).toBe(PREFIX.length + MARKER_TAG.length - 1);
  });

  it('finds the late end of an earlier call, however it is cut', () => {
    const whole = `still running${PREFIX}${EARLIER}0: Not a directory\n`;
    for (const pieces of cuts(whole)) {
      const { output, found } = read(pieces, [EARLIER]);
      expect({ pieces, output, end: found?.end }).toEqual({
        pieces,
        output: 'still running',
        end: 'late',
      });
    }
  });
});

describe('what follows the marker', () => {
  it('reads the status, a move, and bash’s words in any language', () => {
    expect(parseFrameEnd('0: Not a directory')).toEqual({ kind: 'exit', status: 0 });
    expect(parseFrameEnd('127: Not a directory')).toEqual({ kind: 'exit', status: 127 });
    expect(parseFrameEnd('moved: Not a directory')).toEqual({ kind: 'moved' });
    expect(parseFrameEnd('2 : Pas un dossier')).toEqual({ kind: 'exit', status: 2 });
    expect(parseFrameEnd('0')).toEqual({ kind: 'exit', status: 0 });
  });

  it('finds anything else unreadable', () => {
    for (const trailer of ['forged', '', '0x: Not a directory', 'left 0', ' 0', 'movedx']) {
      expect(parseFrameEnd(trailer)).toEqual({ kind: 'unreadable' });
    }
  });
});
