import { randomHex } from '../src/random-hex.js';

describe('randomHex', () => {
  it('gives two hex digits per byte asked for', () => {
    for (const bytes of [1, 6, 16, 9000])
      expect(randomHex(bytes)).toMatch(new RegExp(`^[0-9a-f]{${2 * bytes}}$`));
  });

  it('never hands out the same bytes twice, across refills of its pool', () => {
    // 16-byte tokens, well past one pool's worth: a pool reused or not advanced repeats tokens.
    const tokens = Array.from({ length: 2000 }, () => randomHex(16));
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
