/**
 * Random tokens that must not be guessed (frame nonces, the log's stop-commands token), drawn from a
 * pool refilled a few kilobytes at a time: each call into the random source costs several
 * microseconds, and a burst of commands asks for a few of these per command.
 */
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let used = 0;

/** `bytes` random bytes, never handed out before, written in `encoding`. */
function randomText(bytes: number, encoding: 'hex' | 'base64url'): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString(encoding);
  if (used + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += bytes;
  return pool.toString(encoding, used - bytes, used);
}

/** `bytes` random bytes as 2 × `bytes` hex digits. */
export function randomHex(bytes: number): string {
  return randomText(bytes, 'hex');
}

/**
 * `bytes` random bytes as base64url (`A–Z a–z 0–9 - _`, no padding): 4 characters per 3 bytes, for
 * a token that costs by its length. Every character is literal in an unquoted bash word.
 */
export function randomBase64Url(bytes: number): string {
  return randomText(bytes, 'base64url');
}
