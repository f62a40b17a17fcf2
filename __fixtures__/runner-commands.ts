/**
 * Reads a step's log the way the runner does (actions/runner: ActionCommand.TryParseV2 and
 * TryParse, ActionCommandManager.TryProcessCommand) and returns the workflow commands it would act
 * on: `::name …::data` at the start of a line (after leading white space), `##[name …]data`
 * anywhere in a line, each only when `name` is a known command, and none while commands are
 * stopped except the line that names the stop token.
 */

/** The commands a runner knows (its command extensions), plus stop-commands. */
const KNOWN = [
  'add-mask',
  'add-matcher',
  'add-path',
  'debug',
  'echo',
  'endgroup',
  'error',
  'group',
  'notice',
  'remove-matcher',
  'save-state',
  'set-env',
  'set-output',
  'stop-commands',
  'warning',
];

export interface LiveCommand {
  name: string;
  data: string;
  line: string;
}

function parse(line: string, known: ReadonlySet<string>): { name: string; data: string } | null {
  const trimmed = line.trimStart();
  if (trimmed.startsWith('::')) {
    const end = trimmed.indexOf('::', 2);
    if (end >= 0) {
      const info = trimmed.slice(2, end);
      const name = info.split(' ', 1)[0]!.toLowerCase();
      if (known.has(name)) return { name, data: trimmed.slice(end + 2) };
    }
  }
  const prefix = line.indexOf('##[');
  if (prefix >= 0) {
    const close = line.indexOf(']', prefix);
    if (close >= 0) {
      const name = line
        .slice(prefix + 3, close)
        .split(' ', 1)[0]!
        .toLowerCase();
      if (known.has(name)) return { name, data: line.slice(close + 1) };
    }
  }
  return null;
}

/** The commands the runner would process in `log` (one entry per line, or text with line breaks). */
export function liveCommands(log: readonly string[] | string): LiveCommand[] {
  const lines =
    typeof log === 'string'
      ? log.split(/\r\n|\r|\n/)
      : log.flatMap((entry) => entry.split(/\r\n|\r|\n/));
  const known = new Set(KNOWN);
  let stopToken: string | undefined;
  const live: LiveCommand[] = [];
  for (const line of lines) {
    const command = parse(line, known);
    if (!command) continue;
    if (stopToken !== undefined) {
      if (command.name === stopToken) {
        known.delete(stopToken);
        stopToken = undefined;
        live.push({ ...command, line });
      }
      continue;
    }
    if (command.name === 'stop-commands') {
      stopToken = command.data.toLowerCase();
      known.add(stopToken);
    }
    live.push({ ...command, line });
  }
  return live;
}
