import { spawn, spawnSync } from 'node:child_process';
import {
  closeSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARITHMETIC_VALUE_STOPPED } from '../../src/policy/read/expansion-rules.js';
import type { CommandPolicy } from '../../src/policy/types.js';
import { fixtureFile, type Fixture } from './fixture.js';

/*
 * Under an allowlist bash runs the script the policy printed instead of the text as typed, so the
 * print must mean what bash reads from the typed text. This module runs a script both ways, each in
 * a fresh bash in its own copy of the fixture, and lists every way the two runs differ: what they
 * print, how they exit, the files they leave, and the variables and functions left in the shell.
 */

export interface ScriptCase {
  readonly id: string;
  readonly family: string;
  readonly script: string;
}

export interface ScriptProfile {
  readonly note: string;
  readonly allow: readonly string[];
  readonly deny: readonly string[];
}

export interface ScriptCorpus {
  readonly note: string;
  readonly profiles: Readonly<Record<string, ScriptProfile>>;
  readonly scripts: readonly ScriptCase[];
}

export const SCRIPT_CORPUS = fixtureFile('scripts.json');

export function loadScriptCorpus(): ScriptCorpus {
  return JSON.parse(readFileSync(SCRIPT_CORPUS, 'utf8')) as ScriptCorpus;
}

export function scriptProfile(corpus: ScriptCorpus, name: string): ScriptProfile {
  const profile = corpus.profiles[name];
  if (!profile) throw new Error(`the script corpus has no profile '${name}'`);
  return profile;
}

/** What one run left behind, with the fixture's paths and mktemp's random names normalised. */
export interface RunOutcome {
  readonly output: string;
  readonly status: number | null;
  readonly signal: string | null;
  /** Path (relative to the fixture's root) to content; directories end in `/`. */
  readonly files: ReadonlyMap<string, string>;
  /** `declare -p` without bash's own dynamic variables. */
  readonly variables: string;
  /** `declare -f`. */
  readonly functions: string;
}

/** Where a run writes what the shell held at its end: outside the directories compared. */
const STATE_DIRECTORY = 'state';
/** Read by the run's own suffix, so the suffix's variable is filtered from the dump. */
const STATUS_VARIABLE = '__equivalence_status';
const RUN_TIMEOUT_MS = 15_000;

/**
 * Variables bash sets and changes by itself (counters, clocks, process ids, the call stack), which
 * differ from one run to another whatever the script; anything else left behind, including the
 * policy's own `__policy_*` names, is part of what the script did.
 */
const DYNAMIC_VARIABLE =
  /^(BASH|BASH_[A-Z_]+|BASHOPTS|BASHPID|RANDOM|SRANDOM|SECONDS|LINENO|EPOCHREALTIME|EPOCHSECONDS|_|PIPESTATUS|FUNCNAME|PPID|SHLVL|OLDPWD|PWD|HISTCMD|__equivalence_status)$/;

/** A fixed, minimal environment: the same for both runs and for every machine. */
function runEnvironment(root: string): NodeJS.ProcessEnv {
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: path.join(root, 'home'),
    TMPDIR: path.join(root, 'tmp'),
    LANG: 'C.UTF-8',
    LC_ALL: 'C.UTF-8',
    TZ: 'UTC',
    GIT_CONFIG_NOSYSTEM: '1',
    GIT_CONFIG_GLOBAL: '/dev/null',
  };
}

/** The suffix that keeps the script's status and writes what the shell holds at its end. */
function stateSuffix(stateFile: string): string {
  const quoted = `'${stateFile.replaceAll("'", `'\\''`)}'`;
  return (
    `\n${STATUS_VARIABLE}=$?\n` +
    `{ declare -p; echo '#functions'; declare -f; } >${quoted} 2>&1\n` +
    `exit "$${STATUS_VARIABLE}"\n`
  );
}

function normalise(text: string, root: string): string {
  return (
    text
      .replaceAll(root, 'ROOT')
      .replace(/tmp\.[A-Za-z0-9]{10}/g, 'tmp.RANDOM')
      // bash numbers its messages by the line of the text it read; the print lays lines out anew.
      .replace(/^bash: line \d+: /gm, 'bash: line N: ')
  );
}

function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (relative: string): void => {
    for (const name of readdirSync(path.join(root, relative)).sort()) {
      const entry = relative === '' ? name : `${relative}/${name}`;
      // Only git's stat cache changes when a read command refreshes it; its clock times differ.
      if (entry === STATE_DIRECTORY || entry === 'repo/.git/index') continue;
      const full = path.join(root, entry);
      const stat = lstatSync(full);
      const key = normalise(entry, root);
      if (stat.isSymbolicLink()) files.set(key, `-> ${normalise(readlinkSync(full), root)}`);
      else if (stat.isDirectory()) {
        files.set(`${key}/`, '');
        walk(entry);
      } else files.set(key, normalise(readFileSync(full, 'latin1'), root));
    }
  };
  walk('');
  return files;
}

/** Runs `text` in a fresh bash, in a fresh copy of the fixture, and records what it left. */
export async function runScript(template: Fixture, text: string): Promise<RunOutcome> {
  const root = mkdtempSync(path.join(tmpdir(), 'policy-equivalence-'));
  try {
    cpSync(template.root, root, { recursive: true });
    mkdirSync(path.join(root, 'tmp'));
    mkdirSync(path.join(root, STATE_DIRECTORY));
    const stateFile = path.join(root, STATE_DIRECTORY, 'shell');
    const outputFile = path.join(root, STATE_DIRECTORY, 'output');
    // One descriptor for both streams keeps stdout and stderr in the order they were written.
    const out = openSync(outputFile, 'w');
    let status: number | null;
    let signal: string | null;
    try {
      [status, signal] = await new Promise<[number | null, string | null]>((done, fail) => {
        const child = spawn(
          'bash',
          ['--noprofile', '--norc', '-c', text + stateSuffix(stateFile)],
          {
            cwd: path.join(root, 'repo'),
            env: runEnvironment(root),
            stdio: ['ignore', out, out],
            timeout: RUN_TIMEOUT_MS,
          },
        );
        child.on('error', fail);
        child.on('close', (code, sig) => done([code, sig]));
      });
    } finally {
      closeSync(out);
    }
    let state = '';
    try {
      state = readFileSync(stateFile, 'utf8');
    } catch {
      // The script exited before the suffix ran: nothing was left to compare.
    }
    const [variables = '', functions = ''] = normalise(state, root).split('\n#functions\n');
    return {
      output: normalise(readFileSync(outputFile, 'utf8'), root),
      status,
      signal,
      files: snapshot(root),
      variables: variables
        .split('\n')
        .filter((line) => {
          const name = /^declare -\S+ ([^=\s]+)/.exec(line)?.[1];
          return name === undefined || !DYNAMIC_VARIABLE.test(name);
        })
        .join('\n'),
      functions,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * bash's `declare -f` reprints a function body as it was defined, so the body the policy printed
 * (every word quoted, arithmetic through its check) reads differently from the body typed. The
 * typed run's functions are therefore printed by the same policy and defined again in a bash of
 * their own, whose `declare -f` is what the printed run must have left; a dump the policy refuses
 * is compared as it is.
 */
function typedFunctionsAsPrinted(policy: CommandPolicy, functions: string, cwd: string): string {
  if (functions.trim() === '') return '';
  const decision = policy.check(functions, cwd);
  if (!decision.allowed) return functions;
  const redefined = spawnSync(
    'bash',
    ['--noprofile', '--norc', '-c', `${decision.script}\ndeclare -f`],
    { cwd, encoding: 'utf8', env: { PATH: process.env.PATH ?? '/usr/bin:/bin' }, timeout: 10_000 },
  );
  return redefined.status === 0 ? redefined.stdout : functions;
}

function fileDifferences(typed: RunOutcome, printed: RunOutcome): string[] {
  const differences: string[] = [];
  const paths = new Set([...typed.files.keys(), ...printed.files.keys()]);
  for (const file of [...paths].sort()) {
    const a = typed.files.get(file);
    const b = printed.files.get(file);
    if (a === b) continue;
    if (a === undefined) differences.push(`file ${file} only after the printed run`);
    else if (b === undefined) differences.push(`file ${file} only after the typed run`);
    else differences.push(`file ${file}: typed ${JSON.stringify(a)} printed ${JSON.stringify(b)}`);
  }
  return differences;
}

function lineDifferences(what: string, a: string, b: string): string[] {
  const left = a.split('\n');
  const right = b.split('\n');
  const onlyTyped = left.filter((line) => !right.includes(line));
  const onlyPrinted = right.filter((line) => !left.includes(line));
  if (onlyTyped.length === 0 && onlyPrinted.length === 0)
    return [`${what} differ in order:\n  typed:   ${a}\n  printed: ${b}`];
  return [
    `${what}:` +
      onlyTyped.map((line) => `\n  typed only:   ${line}`).join('') +
      onlyPrinted.map((line) => `\n  printed only: ${line}`).join(''),
  ];
}

/**
 * Every way the two runs differ; empty when the print meant what was typed. A run the policy's
 * arithmetic check stopped (a variable holding an expression, which the check does not evaluate)
 * says so in its output and fails where the typed run went on: that is a refusal at run time, not a
 * silent difference, so its output and status are not compared; the files and the shell's state
 * still are.
 */
export function compareOutcomes(
  typed: RunOutcome,
  printed: RunOutcome,
  policy: CommandPolicy,
  cwd: string,
): string[] {
  const differences: string[] = [];
  if (guardStopped(printed)) {
    // Nothing to compare the output with; the typed run must not have printed the message itself.
    if (guardStopped(typed)) differences.push("the typed run printed the check's message itself");
  } else if (typed.output !== printed.output)
    differences.push(
      `output:\n  typed:   ${JSON.stringify(typed.output)}\n  printed: ${JSON.stringify(printed.output)}`,
    );
  if (
    !guardStopped(printed) &&
    (typed.status !== printed.status || typed.signal !== printed.signal)
  )
    differences.push(
      `exit status: typed ${typed.status ?? typed.signal} printed ${printed.status ?? printed.signal}`,
    );
  differences.push(...fileDifferences(typed, printed));
  if (typed.variables !== printed.variables)
    differences.push(...lineDifferences('variables', typed.variables, printed.variables));
  if (
    typed.functions !== printed.functions &&
    typedFunctionsAsPrinted(policy, typed.functions, cwd) !== printed.functions
  )
    differences.push(...lineDifferences('functions', typed.functions, printed.functions));
  return differences;
}

/** Maps over `items` with at most `limit` calls under way at once, keeping the order. */
export async function mapPool<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<R>,
): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await fn(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** Whether the policy's arithmetic check stopped a command of the run. */
export function guardStopped(outcome: { readonly output: string }): boolean {
  return outcome.output.includes(ARITHMETIC_VALUE_STOPPED);
}

/** The verdict on one script and, when it was allowed, how its two runs differ. */
export interface Equivalence {
  readonly id: string;
  readonly family: string;
  readonly script: string;
  readonly printed?: string;
  readonly refusal?: { readonly code: string; readonly detail: string };
  /** The printed run was stopped by the policy's arithmetic check (see compareOutcomes). */
  readonly stopped?: boolean;
  readonly differences: readonly string[];
}

/** Checks each script with the policy and, where it is allowed, runs it typed and printed. */
export function checkEquivalence(
  policy: CommandPolicy,
  template: Fixture,
  scripts: readonly ScriptCase[],
  concurrency = 4,
): Promise<Equivalence[]> {
  return mapPool(scripts, concurrency, async ({ id, family, script }) => {
    const decision = policy.check(script, template.repo);
    if (!decision.allowed)
      return {
        id,
        family,
        script,
        refusal: { code: decision.refusal.code, detail: decision.refusal.detail },
        differences: [],
      };
    const typed = await runScript(template, script);
    const printed = await runScript(template, decision.script);
    return {
      id,
      family,
      script,
      printed: decision.script,
      stopped: guardStopped(printed),
      differences: compareOutcomes(typed, printed, policy, template.repo),
    };
  });
}

/** The failure message of one difference: the script, typed and printed, and what differed. */
export function describeEquivalence(result: Equivalence): string {
  return [
    `${result.id} (${result.family}): the printed script does not mean what was typed`,
    '--- typed',
    result.script,
    '--- printed',
    result.printed ?? '',
    '--- differences',
    ...result.differences,
  ].join('\n');
}
