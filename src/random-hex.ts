/**
 * Random hex digits for tokens that must not be guessed (frame nonces, the log's stop-commands
 * token), drawn from a pool refilled a few kilobytes at a time: each call into the random source
 * costs several microseconds, and a burst of commands asks for a few of these per command.
 */
import { randomBytes } from 'node:crypto';

const POOL_BYTES = 8192;
let pool = Buffer.alloc(0);
let used = 0;

/** `bytes` random bytes as 2 × `bytes` hex digits; bytes handed out are never handed out again. */
export function randomHex(bytes: number): string {
  if (bytes > POOL_BYTES) return randomBytes(bytes).toString('hex');
  if (used + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  used += bytes;
  return pool.toString('hex', used - bytes, used);
}
