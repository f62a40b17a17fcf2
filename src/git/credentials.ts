/**
 * Credentials that a checkout leaves in the repository's git configuration, where any process that
 * can read the repository can read them: `http.<url>.extraheader` (actions/checkout's token, base64),
 * URLs that carry a password (`https://x-access-token:TOKEN@github.com/…`), and the same in files the
 * configuration includes (actions/checkout 6 keeps its header in `$RUNNER_TEMP/git-credentials-*.config`,
 * reached through `includeIf.gitdir:….path`). They are found, taken out of the files, and handed to the
 * action's own git processes per process instead. Putting the files back is the caller's (a byte-exact
 * copy taken before, see FileSnapshot), so nothing here has to rebuild a file it edited.
 */
import os from 'node:os';
import path from 'node:path';
import { git } from './exec.js';

/** One `key = value` of one configuration file. */
export interface ConfigEntry {
  file: string;
  /** As git prints it: section and name lower-cased, the subsection as written. */
  key: string;
  value: string;
}

/** A credential found in a configuration file, and how it is taken out. */
export interface Credential extends ConfigEntry {
  /** `remove`: the entry is deleted; `strip-password`: the URL stays, without its password. */
  action: 'remove' | 'strip-password';
}

/** How deep `include.path` chains are followed; git itself stops at 10. */
const MAX_INCLUDE_DEPTH = 4;

/** `scheme://user:password@` at the start of a URL; the password is the third group. */
const URL_WITH_PASSWORD = /^([a-z][a-z0-9+.-]*:\/\/)([^/@\s:]*):([^/@\s]*)@/i;

/** Every entry of one configuration file, its includes not followed. Missing file: none. */
export async function readConfigFile(file: string, cwd: string): Promise<ConfigEntry[]> {
  const listed = await git(['config', '--file', file, '--no-includes', '--null', '--list'], {
    cwd,
    allowAllExitCodes: true,
  });
  if (listed.exitCode !== 0) return [];
  return parseConfigList(listed.stdout).map((entry) => ({ file, ...entry }));
}

/** The entries of `git config --null --list` or `--get-regexp` output; a key without `=` has value ''. */
export function parseConfigList(stdout: string): Array<{ key: string; value: string }> {
  return stdout
    .split('\0')
    .filter((item) => item !== '')
    .map((item) => {
      const newline = item.indexOf('\n');
      return newline < 0
        ? { key: item, value: '' }
        : { key: item.slice(0, newline), value: item.slice(newline + 1) };
    });
}

/** Whether an entry names another configuration file to read (`include.path`, `includeIf.*.path`). */
function isInclude(key: string): boolean {
  const lower = key.toLowerCase();
  return lower === 'include.path' || (lower.startsWith('includeif.') && lower.endsWith('.path'));
}

/** An include's path as git resolves it: `~/` from the home directory, relative to the including file. */
function includedPath(value: string, includingFile: string, home: string): string {
  if (value.startsWith('~/')) return path.join(home, value.slice(2));
  return path.resolve(path.dirname(includingFile), value);
}

/**
 * The entries of `configFile` and of every file it includes, directly or through other includes,
 * whether or not an `includeIf` condition holds now (a condition can be made to hold later), and the
 * files read, `configFile` first.
 */
export async function readConfigFiles(
  configFile: string,
  cwd: string,
  home: string = os.homedir(),
): Promise<{ files: string[]; entries: ConfigEntry[] }> {
  const files = [path.resolve(configFile)];
  const entries: ConfigEntry[] = [];
  let frontier = [...files];
  for (let depth = 0; depth <= MAX_INCLUDE_DEPTH && frontier.length > 0; depth += 1) {
    const next: string[] = [];
    for (const file of frontier) {
      for (const entry of await readConfigFile(file, cwd)) {
        entries.push(entry);
        if (!isInclude(entry.key) || entry.value === '' || depth === MAX_INCLUDE_DEPTH) continue;
        const included = includedPath(entry.value, file, home);
        if (!files.includes(included)) {
          files.push(included);
          next.push(included);
        }
      }
    }
    frontier = next;
  }
  return { files, entries };
}

/** The credentials among `entries`. */
export function findCredentials(entries: readonly ConfigEntry[]): Credential[] {
  const credentials: Credential[] = [];
  for (const entry of entries) {
    const name = entry.key.slice(entry.key.lastIndexOf('.') + 1).toLowerCase();
    // A URL with a password inside the key: `url.https://user:pass@host/.insteadOf`.
    const subsection = entry.key.slice(entry.key.indexOf('.') + 1, entry.key.lastIndexOf('.'));
    if (name === 'extraheader' || URL_WITH_PASSWORD.test(subsection)) {
      credentials.push({ ...entry, action: 'remove' });
    } else if (URL_WITH_PASSWORD.test(entry.value)) {
      credentials.push({ ...entry, action: 'strip-password' });
    }
  }
  return credentials;
}

/** A URL's percent-encoded part as the server receives it; a malformed one is a secret as it is. */
function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function withoutPassword(url: string): string {
  return url.replace(URL_WITH_PASSWORD, (_match, scheme: string, user: string) =>
    user === '' ? scheme : `${scheme}${user}@`,
  );
}

/**
 * Takes the credentials out of their files. Their values pass through git's argv: this runs only
 * while no process of the agent's exists to read `/proc/*\/cmdline`.
 */
export async function takeOut(credentials: readonly Credential[], cwd: string): Promise<void> {
  const done = new Set<string>();
  for (const credential of credentials) {
    // One call takes out every copy of an entry; a second would find nothing and fail.
    const identity = JSON.stringify([credential.file, credential.key, credential.value]);
    if (done.has(identity)) continue;
    done.add(identity);
    const change =
      credential.action === 'remove'
        ? ['--unset-all', credential.key, credential.value]
        : ['--replace-all', credential.key, withoutPassword(credential.value), credential.value];
    await git(['config', '--file', credential.file, '--fixed-value', ...change], { cwd });
  }
}

/**
 * The environment that gives one git process the credentials back as command-line configuration
 * (`GIT_CONFIG_COUNT`, git 2.31+): a removed entry as it was, a URL's password through an
 * `insteadOf` that maps the URL left in the file to the original.
 */
export function credentialEnv(credentials: readonly Credential[]): Record<string, string> {
  const all = credentials.map((credential): [string, string] =>
    credential.action === 'remove'
      ? [credential.key, credential.value]
      : [`url.${credential.value}.insteadOf`, withoutPassword(credential.value)],
  );
  // The same header from two files (the repository's and a submodule's) must be sent once.
  const pairs = [...new Map(all.map((pair) => [JSON.stringify(pair), pair])).values()];
  const env: Record<string, string> = { GIT_CONFIG_COUNT: String(pairs.length) };
  pairs.forEach(([key, value], index) => {
    env[`GIT_CONFIG_KEY_${index}`] = key;
    env[`GIT_CONFIG_VALUE_${index}`] = value;
  });
  return env;
}

/**
 * The secret parts of the credentials, for redaction: the whole value, a header's token and what its
 * base64 decodes to, a URL's password.
 */
export function credentialSecrets(credentials: readonly Credential[]): string[] {
  const secrets: string[] = [];
  for (const credential of credentials) {
    secrets.push(credential.value);
    const password = URL_WITH_PASSWORD.exec(credential.value)?.[3];
    if (password) secrets.push(password, decoded(password));
    const subsectionPassword = URL_WITH_PASSWORD.exec(
      credential.key.slice(credential.key.indexOf('.') + 1),
    )?.[3];
    if (subsectionPassword) secrets.push(subsectionPassword, decoded(subsectionPassword));
    const token = /^\s*authorization:\s*(?:basic|bearer)\s+(\S+)/i.exec(credential.value)?.[1];
    if (token) {
      secrets.push(token);
      const basic = Buffer.from(token, 'base64').toString('utf8');
      const colon = basic.indexOf(':');
      if (colon >= 0) secrets.push(basic, basic.slice(colon + 1));
    }
  }
  return secrets;
}
