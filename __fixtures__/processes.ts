/** Looking for processes by their command line, as a test of what a killed session left running. */
import { readdirSync, readFileSync } from 'node:fs';

/**
 * Processes whose command line (arguments joined by NUL, as /proc shows them) holds `marker`:
 * `sleep\0 30.123` finds `sleep 30.123` and nothing that merely mentions it in one argument.
 */
export function processesWith(marker: string): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        return readFileSync(`/proc/${pid}/cmdline`, 'latin1').includes(marker);
      } catch {
        return false; // gone since the listing
      }
    })
    .map(Number);
}
