/** The reading of the end socket's messages: the only place a call's end comes from. */
import { describe, expect, it } from '@jest/globals';
import { MARKER_TAG, parseEndMessage } from '../src/shell/frame.js';

const NONCE = '0a1B-c_d';
const at = (trailer: string): string => `${MARKER_TAG}${NONCE} ${trailer}`;

describe('the end socket’s messages', () => {
  it('reads the nonce and the status', () => {
    expect(parseEndMessage(at('0'))).toEqual({ nonce: NONCE, end: { kind: 'exit', status: 0 } });
    expect(parseEndMessage(at('127'))).toEqual({
      nonce: NONCE,
      end: { kind: 'exit', status: 127 },
    });
  });

  it('reads the directory the frame found the shell in, spaces and all, when it gives one', () => {
    expect(parseEndMessage(at('0 /home/runner/work/a b'))).toEqual({
      nonce: NONCE,
      end: { kind: 'exit', status: 0 },
      pwd: '/home/runner/work/a b',
    });
    for (const pwd of ['/tmp/x\r', '/tmp/x\ry', '/tmp/x\u2028y'])
      expect(parseEndMessage(at(`2 ${pwd}`))).toMatchObject({ pwd });
    expect(parseEndMessage(at('0'))).not.toHaveProperty('pwd');
  });

  it('reads the guard’s and the reader’s reports, which name no call', () => {
    expect(parseEndMessage(`${MARKER_TAG}moved`)).toEqual({
      nonce: undefined,
      end: { kind: 'moved' },
    });
    expect(parseEndMessage(`${MARKER_TAG}unread`)).toEqual({
      nonce: undefined,
      end: { kind: 'unread' },
    });
    expect(parseEndMessage(`${MARKER_TAG}unread 0`)).toEqual({ nonce: undefined, end: undefined });
  });

  it('finds what follows a marker unreadable when it is not the frame’s words', () => {
    for (const trailer of [
      'forged',
      '0x',
      '0 ',
      'moved',
      'unread',
      '',
      ' 0',
      '0: Not a directory',
    ]) {
      expect({ trailer, ...parseEndMessage(at(trailer)) }).toEqual({
        trailer,
        nonce: NONCE,
        end: undefined,
      });
    }
  });

  it('finds no marker in anything else, nor one the frame did not put at the start', () => {
    for (const line of [
      '',
      'hello',
      `${MARKER_TAG}0a1B-c 0`,
      `${MARKER_TAG.slice(1)}${NONCE} 0`,
      `x${MARKER_TAG}${NONCE} 0`,
      `${MARKER_TAG}movedx`,
    ]) {
      expect(parseEndMessage(line)).toEqual({ nonce: undefined, end: undefined });
    }
  });
});
