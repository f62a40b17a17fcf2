import type { CommandResult } from './result.js';

/** The text that stands in for the middle of an output too long to return whole. */
export function omissionMarker(omitted: number): string {
  return `\n[... ${omitted} characters omitted ...]\n`;
}

function describeShellExit(result: CommandResult): string {
  if (result.shellExitSignal !== null)
    return `the shell exited: it was killed by ${result.shellExitSignal}`;
  return `the shell exited with status ${result.shellExitStatus ?? 'unknown'}`;
}

function seconds(ms: number): string {
  const s = ms / 1000;
  return Number.isInteger(s) ? String(s) : s.toFixed(1);
}

/**
 * The tool_result the model sees for one command (interface.md): the output, then one line for how it
 * ended when that was anything but success. Errors are flagged so the model cannot mistake them.
 */
export function formatCommandResult(result: CommandResult): { text: string; isError: boolean } {
  const notes: string[] = [];
  if (result.timedOut) {
    notes.push(
      `[timed out after ${seconds(result.timeoutMs)} s: the command and everything it started were killed; ` +
        `the shell was restarted, so the working directory, variables and functions were reset]`,
    );
  } else if (result.shellExited) {
    notes.push(
      `[${describeShellExit(result)}; a new shell was started, so the working directory, variables and functions were reset]`,
    );
  } else if (result.exitCode !== 0) {
    notes.push(`[exit code: ${result.exitCode}]`);
  }
  const isError = notes.length > 0;
  if (notes.length === 0 && result.output === '') return { text: '(no output)', isError };
  const body =
    result.output === '' || result.output.endsWith('\n') ? result.output : `${result.output}\n`;
  return { text: notes.length === 0 ? result.output : body + notes.join('\n'), isError };
}
