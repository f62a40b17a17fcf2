/**
 * What the main step leaves for the post step (`runs.post`), through the runner's step state
 * (`step.saveState` appends to GITHUB_STATE; the runner hands each value to the post step as
 * `STATE_<name>`). A main step the runner SIGKILLs never gets to put back what it took or end what it
 * started; the post step does, from this record alone:
 *
 * - `run`: the run's token, which marks every process of the run's shell (RUN_MARKER_VARIABLE in
 *   their environment).
 * - `credentials`: the git configuration files whose credential the run takes out, as they were,
 *   sealed (AES-256-GCM) under a key derived from the action's secret inputs. The state file is
 *   readable by the agent's shell while the run goes on; the inputs never are (clean-start.ts,
 *   shell/env.ts), and the runner gives the post step the same inputs again.
 * - `credentials-restored`: the main step put the files back itself; the post step leaves them alone.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import * as step from './workflow-commands.js';

/** The names under which the record is saved; `STATE_<name>` in the post step's environment. */
export const STATE = {
  run: 'run',
  credentials: 'credentials',
  credentialsRestored: 'credentials-restored',
} as const;

/**
 * The variable that marks every process of a run's shell, `<name>=<run token>`: the post step ends
 * what still carries it.
 */
export const RUN_MARKER_VARIABLE = 'BASH_AGENT_RUN';

/** The inputs whose values seal the credentials: secrets the shell never sees. */
const SEALING_INPUTS = ['INPUT_GITHUB-TOKEN', 'INPUT_ANTHROPIC-API-KEY'];

/** A git configuration file as it was before the run took its credential out. */
export interface KeptFile {
  file: string;
  /** The file's bytes, base64. */
  original: string;
  /** The credential values taken out of it: while none is in the file, the run's edit stands. */
  credentials: string[];
}

/**
 * Saves one value for the post step, through the runner's GITHUB_STATE file only (the `save-state`
 * log command it replaced is disabled on runners); false where there is no such file.
 */
function save(name: string, value: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (!env.GITHUB_STATE) return false;
  step.saveState(name, value);
  return true;
}

/**
 * Starts the record: a fresh run token, saved before the shell that carries it exists; undefined
 * where no post step can read it.
 */
export function beginRecord(): string | undefined {
  const token = randomBytes(16).toString('hex');
  return save(STATE.run, token) ? token : undefined;
}

/** The run token the main step saved (in the post step), or undefined. */
export function recordedRun(env: NodeJS.ProcessEnv = process.env): string | undefined {
  const token = env[`STATE_${STATE.run}`] ?? '';
  return /^[0-9a-f]{32}$/.test(token) ? token : undefined;
}

/** The sealing key, or undefined when no secret input is set (a key anyone could derive). */
function sealingKey(env: NodeJS.ProcessEnv): Buffer | undefined {
  const material = SEALING_INPUTS.map((name) => env[name]?.trim() ?? '');
  if (material.every((value) => value === '')) return undefined;
  const ikm = Buffer.from(JSON.stringify(material), 'utf8');
  return Buffer.from(hkdfSync('sha256', ikm, Buffer.alloc(0), 'bash-agent post-step record', 32));
}

/** `files` sealed for the state, as `iv.tag.ciphertext` in base64; undefined without a key. */
export function sealFiles(files: readonly KeptFile[], env: NodeJS.ProcessEnv): string | undefined {
  const key = sealingKey(env);
  if (key === undefined) return undefined;
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(JSON.stringify(files), 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64')).join('.');
}

/** The files `sealed` holds; throws when it was not sealed under this environment's key. */
export function openFiles(sealed: string, env: NodeJS.ProcessEnv): KeptFile[] {
  const key = sealingKey(env);
  if (key === undefined) throw new Error('no secret input to open the record with');
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64'));
  if (iv === undefined || tag === undefined || data === undefined) {
    throw new Error('the record is not in the form the main step writes');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  const text = Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8');
  const parsed: unknown = JSON.parse(text);
  if (!Array.isArray(parsed)) throw new Error('the record is not a list of files');
  return parsed as KeptFile[];
}

/**
 * Saves the configuration files before their credentials are taken out. Returns a note for the log
 * when they cannot be kept for the post step (no secret input to seal them with).
 */
export function keepCredentialFiles(
  files: readonly KeptFile[],
  env: NodeJS.ProcessEnv = process.env,
): string | undefined {
  if (files.length === 0) return undefined;
  const sealed = sealFiles(files, env);
  if (sealed === undefined) {
    return 'The checkout credential is not kept for the post step (neither github-token nor anthropic-api-key is set to seal it with): should this step be killed, later steps find .git/config without it.';
  }
  save(STATE.credentials, sealed, env);
  return undefined;
}

/** Says the main step put the credentials back itself. */
export function markCredentialsRestored(): void {
  save(STATE.credentialsRestored, 'true');
}
