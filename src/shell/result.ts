/**
 * Why a call's frame could not vouch for the call, so the shell was replaced:
 * - `directory-changed`: the shell was no longer in the directory the command was checked against
 *   (something moved it after the previous command had ended); the command did not run;
 * - `directory-deleted`: that directory had been removed; the command did not run;
 * - `early-end`: the end of an earlier command arrived only during this call, so that command was
 *   still running when it seemed to end (its output imitated the marker); this call's command may
 *   have run in that shell before the late end was read (the session opens a gate without knowing
 *   what bash wrote before it got there, see ScriptChannel);
 * - `early-end-not-run`: the same, found before this call's command was sent; it did not run;
 * - `forged-end`: what followed this call's marker is not what the frame writes, so the command's
 *   output imitated the marker (with the nonce it read somewhere, such as `set -v`'s echo).
 */
export type FrameFault =
  'directory-changed' | 'directory-deleted' | 'early-end' | 'early-end-not-run' | 'forged-end';

/** What one call of `BashSession.run` produced. */
export interface CommandResult {
  /** stdout and stderr interleaved in arrival order, already cut to head + tail when too long. */
  readonly output: string;
  /** Characters dropped between head and tail (0 when nothing was cut). */
  readonly omittedChars: number;
  /** The command's exit status; null when it timed out or took the shell down with it. */
  readonly exitCode: number | null;
  /** The command ran past its time limit and its process group was killed. */
  readonly timedOut: boolean;
  /** The limit that was applied, in milliseconds. */
  readonly timeoutMs: number;
  /** The shell itself ended during the command (`exit 3`, `kill -9 $$`, `exec true`). */
  readonly shellExited: boolean;
  /** How the shell ended when `shellExited`: its exit status, or the signal that killed it. */
  readonly shellExitStatus: number | null;
  readonly shellExitSignal: NodeJS.Signals | null;
  /** Set when the frame found the call untrustworthy; the shell was replaced (see FrameFault). */
  readonly frameFault: FrameFault | null;
  /** A fresh shell replaced the old one after this command, so cwd, variables and functions were reset. */
  readonly restarted: boolean;
  /** The shell's working directory after the command (the fresh shell's after a restart). */
  readonly cwd: string;
  readonly durationMs: number;
}
