import { execFileSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CommandPolicy } from '../../src/policy/types.js';
import { buildShellEnv } from '../../src/shell/env.js';
import type { CommandResult } from '../../src/shell/result.js';
import { BashSession } from '../../src/shell/session.js';
import { makeFixture, type Fixture } from '../policy/fixture.js';
import { readTrace, STRACE_ARGS, type Trace } from './trace.js';

/**
 * Where traced commands run: a fresh copy of the policy fixture (a git repo, an empty HOME, a scratch
 * directory for canaries) at the same paths every time, so one policy per profile serves every run,
 * and the real BashSession whose bash runs under strace.
 */
export class Sandbox {
  readonly base: string;
  /** The copy commands run in; same paths on every reset. */
  readonly fixture: Fixture;
  /** The shell's TMPDIR: bash keeps here-documents there. */
  readonly tmp: string;
  readonly env: Readonly<Record<string, string>>;
  readonly #template: Fixture;
  readonly #wrapper: string;
  readonly #tracePrefix: string;
  /** Whether the copy may differ from the template. */
  #dirty = true;

  private constructor() {
    this.base = mkdtempSync(path.join(tmpdir(), 'policy-fuzz-'));
    this.#template = makeFixture();
    // git's sample hooks are a third of the tree and never run.
    rmSync(path.join(this.#template.repo, '.git', 'hooks'), { recursive: true, force: true });
    const root = path.join(this.base, 'run');
    this.fixture = {
      root,
      repo: path.join(root, 'repo'),
      home: path.join(root, 'home'),
      scratch: path.join(root, 'scratch'),
    };
    this.tmp = path.join(root, 'tmp');
    this.#tracePrefix = path.join(this.base, 'trace', 'p');
    this.#wrapper = path.join(this.base, 'traced-bash');
    const strace = STRACE_ARGS.map(shellQuote).join(' ');
    // The session reads the shell's directory from /proc/<its child's pid>/cwd, so bash must be that
    // child: strace attaches to this script, which waits (without forking) until it is traced and
    // then becomes bash.
    writeFileSync(
      this.#wrapper,
      [
        '#!/bin/sh',
        `strace ${strace} -o ${shellQuote(this.#tracePrefix)} -p $$ 2>/dev/null &`,
        'traced=',
        'until [ -n "$traced" ]; do',
        '  while IFS= read -r line; do',
        '    case $line in TracerPid:*[1-9]*) traced=yes ;; esac',
        '  done < /proc/$$/status',
        'done',
        'exec bash "$@"',
        '',
      ].join('\n'),
    );
    chmodSync(this.#wrapper, 0o755);
    this.env = {
      ...buildShellEnv(process.env, []).env,
      HOME: this.fixture.home,
      TMPDIR: this.tmp,
      // git status would otherwise refresh .git/index, a write no read-only pattern allows.
      GIT_OPTIONAL_LOCKS: '0',
    };
  }

  /** Fails with the reason when strace cannot trace here (missing, or ptrace forbidden). */
  static create(): Sandbox {
    try {
      execFileSync('strace', ['-f', '-qq', '-o', '/dev/null', '--', 'true'], { stdio: 'pipe' });
    } catch (error) {
      throw new Error(
        `The fuzzer needs strace and ptrace (apt-get install -y strace): ${String(error)}`,
      );
    }
    return new Sandbox();
  }

  /** Puts a fresh copy of the fixture in place. */
  reset(): void {
    rmSync(this.fixture.root, { recursive: true, force: true });
    // cp is several times faster than fs.cpSync on this small tree.
    execFileSync('cp', ['-a', '--', this.#template.root, this.fixture.root]);
    mkdirSync(this.tmp);
    this.#dirty = false;
  }

  /**
   * Runs the calls in one traced session on a fresh fixture, each only if the policy allows it in
   * the shell's directory at that point, and each as the policy hands it to bash (`script`).
   */
  async run(calls: readonly string[], policy: CommandPolicy): Promise<TracedRun> {
    // A run that wrote nothing left the copy as it was: most runs, and a copy costs more than a run.
    if (this.#dirty) this.reset();
    rmSync(path.dirname(this.#tracePrefix), { recursive: true, force: true });
    mkdirSync(path.dirname(this.#tracePrefix));
    const session = await BashSession.start({
      cwd: this.fixture.repo,
      env: { ...this.env },
      maxOutput: 2000,
      defaultTimeoutMs: 3000,
      bashPath: this.#wrapper,
    });
    const results: Array<{ call: string; script: string; result: CommandResult }> = [];
    let executed = 0;
    try {
      let cwd = this.fixture.repo;
      for (const call of calls) {
        const decision = policy.check(call, cwd);
        if (!decision.allowed) continue;
        executed++;
        const result = await session.run(decision.script, { expectedCwd: cwd });
        results.push({ call, script: decision.script, result });
        cwd = result.cwd;
      }
    } finally {
      // strace writes each line as it happens, so killing it with the shell loses nothing.
      await session.close();
    }
    const trace = executed > 0 ? readTrace(this.#tracePrefix) : undefined;
    this.#dirty =
      trace !== undefined &&
      trace.writes.some((w) => !w.path.startsWith('/dev/') && !w.path.startsWith(this.tmp + '/'));
    return { executed, results, trace };
  }

  dispose(): void {
    rmSync(this.base, { recursive: true, force: true });
    rmSync(this.#template.root, { recursive: true, force: true });
  }
}

export interface TracedRun {
  /** Calls the policy allowed, which ran. */
  readonly executed: number;
  readonly results: ReadonlyArray<{ call: string; script: string; result: CommandResult }>;
  /** What ran, when anything did. */
  readonly trace: Trace | undefined;
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}
