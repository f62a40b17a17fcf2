// Its own module so that config.ts can apply the default without loading the parser.

/** The read-only default of the `allowed-commands` input (interface.md). */
export const DEFAULT_ALLOWED_COMMANDS: readonly string[] = [
  'ls *',
  'cat *',
  'head *',
  'tail *',
  'wc *',
  'grep *',
  'find *',
  'pwd',
  'cd *',
  'echo *',
  'git status *',
  'git diff *',
  'git log *',
  'git show *',
];
