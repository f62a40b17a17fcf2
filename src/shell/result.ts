/**
 * Why a call's frame could not vouch for the call, so the shell was replaced:
 * - `directory-changed`: the shell was no longer in the directory the command was checked against;
 *   the command did not run;
 * - `directory-deleted`: that directory was removed after the command was checked; it did not run;
 * - `foreign-end`: the frame reported an end that was not the running call's (only the frame writes
 *   where ends come from, so the shell's frame was made to write out of turn);
 * - `forged-end`: what came where ends come from is not what the frame writes;
 * - `text-unread`: the shell could not read the command's text whole (something an earlier command
 *   set, such as a readonly variable of the frame's or `TMOUT`, got in the way); it did not run.
 */
export type FrameFault =
  'directory-changed' | 'directory-deleted' | 'foreign-end' | 'forged-end' | 'text-unread';

/** How the shell was lost between two calls, so that a new one runs the next command. */
export type ShellLoss = (
  { kind: 'exited'; status: number | null; signal: NodeJS.Signals | null } | { kind: 'foreign-end' }
) & {
  /** Where the new shell started. */
  cwd: string;
};

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
  /**
   * The working directory had been deleted (`from`): the command ran in its nearest existing parent
   * (`to`), with the session's state kept.
   */
  readonly moved: { readonly from: string; readonly to: string } | null;
  /** The shell had ended between the previous call and this one: a new shell ran this command. */
  readonly replacedBefore: ShellLoss | null;
  /** The shell's working directory after the command (the fresh shell's after a restart). */
  readonly cwd: string;
  readonly durationMs: number;
}
