import { randomBase64Url, randomHex } from '../src/base/random-token.js';

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

describe('randomBase64Url', () => {
  it('gives four characters of the URL-safe alphabet per three bytes, with no padding', () => {
    for (const bytes of [3, 6, 9, 9000])
      expect(randomBase64Url(bytes)).toMatch(new RegExp(`^[A-Za-z0-9_-]{${(4 * bytes) / 3}}$`));
  });

  it('never hands out the same bytes twice, whichever form they are asked in', () => {
    // Interleaved with hex tokens from the same pool, past several refills.
    const tokens = Array.from({ length: 3000 }, (_, index) =>
      index % 2 === 0 ? randomBase64Url(6) : Buffer.from(randomHex(6), 'hex').toString('base64url'),
    );
    expect(new Set(tokens).size).toBe(tokens.length);
  });
});
