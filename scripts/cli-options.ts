// Command-line parsing shared by the project's scripts: `util.parseArgs` in strict mode, with an
// unknown option answered by the nearest known one, since a typo is the usual cause.
import { parseArgs, type ParseArgsConfig } from 'node:util';

/** A mistake in how the script was called: printed as one line, exit status 2. */
export class UsageError extends Error {}

type Options = NonNullable<ParseArgsConfig['options']>;

/** `util.parseArgs` over `argv` with positionals allowed; an unknown option throws a UsageError. */
export function parseCommandLine<const T extends Options>(options: T, argv: string[]) {
  try {
    return parseArgs({ options, allowPositionals: true, strict: true, args: argv });
  } catch (error) {
    // Duck-typed: an error of Node's own realm is no `Error` of another (a test's VM context).
    const said = (error as { message?: unknown } | null)?.message;
    const message = typeof said === 'string' ? said : String(error);
    const unknown = /^Unknown option '(-{1,2}[^']*)'/.exec(message)?.[1];
    if (unknown === undefined) throw new UsageError(message);
    const near = nearestOption(unknown, Object.keys(options));
    throw new UsageError(
      `unknown option '${unknown}'${near ? ` (did you mean '--${near}'?)` : ''}; see --help`,
    );
  }
}

/** The known option closest in spelling to an unknown one, if it is close enough to be a typo. */
export function nearestOption(unknown: string, known: readonly string[]): string | undefined {
  const name = unknown.replace(/^-+/, '').split('=')[0] ?? '';
  let best: { option: string; distance: number } | undefined;
  for (const option of known) {
    const distance = editDistance(name, option);
    if (!best || distance < best.distance) best = { option, distance };
  }
  // A third of the name may differ: `--alowed-commands`, `--deny-commands`, `--jsno` all count.
  return best && best.distance <= Math.max(2, Math.floor(best.option.length / 3))
    ? best.option
    : undefined;
}

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] as number) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(
        Math.min(substitution, (previous[j] as number) + 1, (current[j - 1] as number) + 1),
      );
    }
    previous = current;
  }
  return previous[b.length] as number;
}
