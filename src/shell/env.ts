/**
 * The environment the agent's shell starts with: the runner's environment minus everything secret or
 * able to steer the action itself, plus settings that keep every tool non-interactive.
 */

/** Words that make a variable name look secret wherever they appear in it (`MY_GITHUBTOKEN`). */
const SECRET_SUBSTRINGS = [
  'TOKEN',
  'SECRET',
  'PASSWORD',
  'PASSWD',
  'PASSPHRASE',
  'CREDENTIAL',
  'APIKEY',
  'PRIVATE',
];

/**
 * Words that make a name look secret only as a whole `_`-separated part: as substrings they would hit
 * harmless names (`KEY` in `KEYBOARD_LAYOUT`, `AUTH` in `GIT_AUTHOR_NAME`).
 */
const SECRET_PARTS = new Set([
  'KEY',
  'KEYS',
  'AUTH',
  'PASS',
  'PAT',
  'PWD_HASH',
  'COOKIE',
  'SESSION',
  'SIGNATURE',
  'CERT',
  'DSN',
]);

/** Value shapes of well-known credentials, scrubbed whatever the variable is called. */
const SECRET_VALUE_PATTERNS = [
  /^sk-ant-/, // Anthropic API keys
  /^(gh[pousr]_|github_pat_)[A-Za-z0-9_]{20,}/, // GitHub tokens
  /^(AKIA|ASIA)[A-Z0-9]{16}$/, // AWS access key ids
  /^xox[abposr]-/, // Slack tokens
  /^-----BEGIN [A-Z ]*PRIVATE KEY-----/,
  /^eyJ[A-Za-z0-9_-]{10,}\.[A-Za-z0-9_-]{10,}\./, // JSON web tokens
];

/**
 * Names dropped whatever `env-passthrough` says: they carry the action's own inputs, the runner's
 * tokens, or files through which a step talks to the runner (writing `GITHUB_ENV` or `GITHUB_PATH`
 * would steer later steps; writing `GITHUB_OUTPUT` would forge this step's outputs).
 */
function isRunnerChannel(name: string): boolean {
  return (
    carriesActionInput(name) ||
    ['GITHUB_ENV', 'GITHUB_PATH', 'GITHUB_OUTPUT', 'GITHUB_STATE', 'GITHUB_STEP_SUMMARY'].includes(
      name,
    )
  );
}

/**
 * The action's inputs and the runner's own tokens (`ACTIONS_RUNTIME_TOKEN`, the OIDC request token):
 * any input may hold a secret the workflow wrote into it, so all of them are treated as one.
 */
function carriesActionInput(name: string): boolean {
  return name.startsWith('INPUT_') || name.startsWith('ACTIONS_');
}

/** Variables that make bash read or run something before our first command: startup files are not read. */
function changesShellStartup(name: string): boolean {
  return (
    [
      'BASH_ENV',
      'ENV',
      'SHELLOPTS',
      'BASHOPTS',
      'PROMPT_COMMAND',
      'PS4',
      'CDPATH',
      'GLOBIGNORE',
    ].includes(name) || name.startsWith('BASH_FUNC_')
  );
}

/** Whether a variable of this name and value should be hidden from the shell unless passed through. */
export function looksSecret(name: string, value: string): boolean {
  const upper = name.toUpperCase();
  if (SECRET_SUBSTRINGS.some((word) => upper.includes(word))) return true;
  if (upper.split('_').some((part) => SECRET_PARTS.has(part))) return true;
  return SECRET_VALUE_PATTERNS.some((pattern) => pattern.test(value));
}

/**
 * Whether a variable must stay out of every environment another process could read: the action's own
 * (clean-start.ts re-executes without it) and those of the processes the action starts.
 */
export function isSecretVariable(name: string, value: string): boolean {
  return carriesActionInput(name) || looksSecret(name, value);
}

/** Input variables that hold secrets; their values are redacted everywhere. */
const SECRET_INPUTS = ['INPUT_ANTHROPIC-API-KEY', 'INPUT_GITHUB-TOKEN'];

export interface ShellEnv {
  /** The environment to start bash with. */
  env: Record<string, string>;
  /** Values that were withheld because they are secret: redaction hides them in every sink. */
  secretValues: string[];
}

/**
 * Settings that keep every tool non-interactive. stdin is already /dev/null; these stop the tools that
 * would otherwise open a pager, an editor, or a credential prompt on a terminal that isn't there.
 */
function nonInteractiveSettings(editor: string): Record<string, string> {
  return {
    PAGER: 'cat',
    GIT_PAGER: 'cat',
    MANPAGER: 'cat',
    SYSTEMD_PAGER: 'cat',
    EDITOR: editor,
    VISUAL: editor,
    GIT_EDITOR: editor,
    GIT_SEQUENCE_EDITOR: editor,
    GIT_TERMINAL_PROMPT: '0',
    GIT_SSH_COMMAND: 'ssh -o BatchMode=yes',
    GCM_INTERACTIVE: 'never',
    DEBIAN_FRONTEND: 'noninteractive',
    PIP_NO_INPUT: '1',
    TERM: 'dumb',
    CI: 'true',
  };
}

/**
 * A command for `EDITOR` that fails at once with a message the model can act on: git runs the editor
 * through `sh -c`, and a bare `false` would leave the model guessing why `git commit` failed.
 */
export const NO_EDITOR =
  'sh -c \'echo "No interactive editor is available in this shell: pass the text on the command line (git commit -m ...) or write files with shell commands." >&2; exit 1\' no-editor';

/**
 * Builds the shell's environment from the runner's. `passthrough` names variables that may be seen
 * even though they look secret; the action's own inputs and runner channels are never passed.
 */
export function buildShellEnv(parent: NodeJS.ProcessEnv, passthrough: readonly string[]): ShellEnv {
  const allowed = new Set(passthrough);
  const env: Record<string, string> = {};
  const secretValues = new Set<string>();
  for (const [name, value] of Object.entries(parent)) {
    if (value === undefined) continue;
    const secret = SECRET_INPUTS.includes(name) || looksSecret(name, value);
    // A passed-through secret is still a secret: the shell may use it, no report may show it.
    if (secret && value !== '') secretValues.add(value);
    if (isRunnerChannel(name) || changesShellStartup(name)) continue;
    if (secret && !allowed.has(name)) continue;
    env[name] = value;
  }
  return { env: { ...env, ...nonInteractiveSettings(NO_EDITOR) }, secretValues: [...secretValues] };
}
