/**
 * Attacks on the session's framing, run as a command would run them, through a real bash: the
 * directory the session reports must be the kernel's, and the end of a call must be one no function,
 * alias or variable of the agent's can change or forge (or the shell is replaced and the result says so).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBashExecutor } from '../src/agent/bash-tool.js';
import { loadPolicy } from '../src/policy/policy.js';
import { formatCommandResult } from '../src/shell/format.js';
import type { BashSession } from '../src/shell/session.js';
import { testSessions } from '../__fixtures__/test-sessions.js';

let dir: string;

const shells = testSessions(() => dir);
const startSession = shells.start;

/** What the kernel says about the shell's directory, asked from inside the shell by a fresh process. */
async function kernelCwd(session: BashSession): Promise<string> {
  const result = await session.run('/bin/readlink /proc/$$/cwd');
  return result.output.trim();
}

const canary = (): string => path.join(dir, 'CANARY');

/**
 * Turns on `set -v` (bash echoes each line as it reads it, frame included) into a file, and returns a
 * command that prints its own call's end marker, read from that echo, with `trailer` after it (what
 * the frame writes there: the status), then runs `after`.
 */
async function forgingEnd(session: BashSession, after: string, trailer = '0'): Promise<string> {
  await session.run(`set -v; exec 2>${dir}/echo.log`);
  // The nonce is the 3rd word of the call's line (it runs into `&&`).
  return (
    `read -r _ _ n _ < <(grep -a '^._g[0-9a-f]' ${dir}/echo.log | tail -n 1); n=\${n%%'&&'*}; ` +
    `builtin printf '%%BASH_AGENT_%s ${trailer}\\n' "$n"; ${after}`
  );
}

beforeEach(() => {
  dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'session-frame-')));
  mkdirSync(path.join(dir, 'sub'));
});

afterEach(async () => {
  await shells.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('the directory comes from the kernel', () => {
  it('reports the real directory after PWD is assigned, and after cd is shadowed by a function', async () => {
    const session = await startSession();
    const moved = await session.run('cd sub; PWD=/tmp; OLDPWD=/tmp');
    expect(moved).toMatchObject({ exitCode: 0, cwd: path.join(dir, 'sub') });
    // A `cd` function that prints and does nothing: the shell stays where it is, and so does the report.
    await session.run('cd() { echo "pretending to go to $1"; }');
    const shadowed = await session.run('cd /');
    expect(shadowed.output).toBe('pretending to go to /\n');
    expect(session.cwd).toBe(path.join(dir, 'sub'));
    expect(await kernelCwd(session)).toBe(path.join(dir, 'sub'));
  });

  it('reports the real .git directory after cd .git, whatever the old end function prints', async () => {
    execFileSync('git', ['init', '-q', dir]);
    const session = await startSession();
    // The end function of the frame that printed $PWD, redefined to name the repository's root.
    await session.run(
      `__bash_agent_end() { builtin printf '\\n%s%s %s %s%s%s\\n' "$2" "$3" "$1" ${dir} "$2" "$3" >&63; }`,
    );
    const result = await session.run('cd .git');
    expect(result.cwd).toBe(path.join(dir, '.git'));
    expect(session.cwd).toBe(path.join(dir, '.git'));
  });

  it('resolves symbolic links to the physical directory', async () => {
    const session = await startSession();
    await session.run('ln -s sub link && cd link');
    expect(session.cwd).toBe(path.join(dir, 'sub'));
  });

  it('keeps a directory whose name ends in " (deleted)" as it is', async () => {
    const session = await startSession();
    mkdirSync(path.join(dir, 'x (deleted)'));
    await session.run("cd 'x (deleted)'");
    expect(session.cwd).toBe(path.join(dir, 'x (deleted)'));
    expect((await session.run('echo still')).output).toBe('still\n');
  });

  it('goes on in a directory whose bare name holds every literal punctuation, under every globbing option', async () => {
    const session = await startSession();
    const name = 'a,b:c@d%e+f=g-h.i_j';
    mkdirSync(path.join(dir, name));
    // Look-alikes a word read as a pattern or split at IFS would lead to.
    mkdirSync(path.join(dir, 'a'));
    await session.run(
      `shopt -s extglob nullglob failglob nocaseglob dotglob; IFS=',:@%+=-._/'; cd '${name}'`,
    );
    expect(session.cwd).toBe(path.join(dir, name));
    const next = await session.run('touch made-here; ls');
    expect(next).toMatchObject({ exitCode: 0, frameFault: null, output: 'made-here\n' });
  });

  it('goes on in a directory whose name is not UTF-8', async () => {
    const session = await startSession();
    await session.run("mkdir $'x\\xff\\xfe' && cd $'x\\xff\\xfe'");
    expect(session.cwd).toBe(path.join(dir, 'x\uFFFD\uFFFD'));
    const next = await session.run('touch made-here && ls');
    expect(next).toMatchObject({ exitCode: 0, frameFault: null, output: 'made-here\n' });
  });

  it('does not run a command in a directory that was deleted after it was checked, and says so', async () => {
    const session = await startSession();
    mkdirSync(path.join(dir, 'gone'));
    await session.run('cd gone && rm -rf ../gone');
    // The kernel's " (deleted)" is not part of the path the policy resolves against.
    expect(session.cwd).toBe(path.join(dir, 'gone'));
    const next = await session.run(`touch ${canary()}`);
    expect(next).toMatchObject({
      frameFault: 'directory-deleted',
      restarted: true,
      exitCode: null,
    });
    expect(existsSync(canary())).toBe(false);
    expect(formatCommandResult(next).text).toMatch(
      /did not run: .*deleted; a new shell was started/,
    );
    expect(session.cwd).toBe(dir);
    expect((await session.run('pwd')).output).toBe(`${dir}\n`);
  });

  it('runs a command only in the directory it was checked against', async () => {
    const session = await startSession();
    const elsewhere = await session.run(`touch ${canary()}`, {
      expectedCwd: path.join(dir, 'sub'),
    });
    expect(elsewhere).toMatchObject({ frameFault: 'directory-changed', restarted: true });
    expect(existsSync(canary())).toBe(false);
    const here = await session.run('cd sub', { expectedCwd: dir });
    expect(here).toMatchObject({ exitCode: 0, frameFault: null, cwd: path.join(dir, 'sub') });
  });
});

describe('no function, alias or builtin change of the agent reaches the frame', () => {
  it('keeps output, exit status and directory with builtin, printf, command, eval-like names shadowed', async () => {
    const session = await startSession();
    const shadow = [
      'builtin() { echo FORGED-builtin; }',
      'printf() { echo FORGED-printf; }',
      'command() { echo FORGED-command; }',
      'echo() { /bin/echo "$@"; }',
      '__bash_agent_end() { /bin/echo FORGED-end; }',
      'enable -n printf pwd test',
    ].join('; ');
    expect(await session.run(shadow)).toMatchObject({ exitCode: 0, output: '' });
    const result = await session.run('cd sub; echo out; (exit 5)');
    expect(result).toMatchObject({ output: 'out\n', exitCode: 5, frameFault: null });
    expect(session.cwd).toBe(path.join(dir, 'sub'));
  });

  it('cannot redefine, unset or alias the frame functions, nor alias the keywords the frame uses', async () => {
    const session = await startSession();
    const names = (await session.run('declare -F | grep -oE "_[ge][0-9a-f]{4}$"')).output
      .trim()
      .split('\n');
    expect(names).toHaveLength(2);
    const attempts = await session.run(
      [
        ...names.map((name) => `${name}() { /bin/echo FORGED; }`),
        `unset -f ${names.join(' ')}`,
        'shopt -s expand_aliases',
        ...names.map((name) => `alias ${name}='/bin/echo FORGED'`),
        ...['eval', 'if', 'then', 'else', 'fi', '[[', '{', '}', '||'].map(
          (word) => `alias '${word}'='/bin/echo FORGED'`,
        ),
      ].join('\n'),
    );
    expect(attempts.output).toMatch(/readonly function/);
    const result = await session.run('echo out; (exit 4)');
    expect(result).toMatchObject({ output: 'out\n', exitCode: 4, frameFault: null });
  });

  it('reports the exit status when IFS would split it and the variables of the old frame are readonly', async () => {
    const session = await startSession();
    await session.run('readonly PWD OLDPWD; IFS=0123456789');
    expect(await session.run('(exit 10)')).toMatchObject({ exitCode: 10, frameFault: null });
  });

  it('holds under set -u, set -e, posix mode, xtrace and verbose', async () => {
    const session = await startSession();
    await session.run('set -u -o posix');
    expect(await session.run('cd sub; echo one')).toMatchObject({ output: 'one\n', exitCode: 0 });
    await session.run('set -xv');
    const traced = await session.run('echo two');
    expect(traced).toMatchObject({ exitCode: 0, frameFault: null });
    expect(traced.output).toContain('two\n');
    await session.run('set +xv; set -e');
    expect(await session.run('(exit 3)')).toMatchObject({ shellExited: true, shellExitStatus: 3 });
    expect(session.cwd).toBe(dir);
  });

  it('keeps the frame when the shell sends its stdout away and closes stderr', async () => {
    const session = await startSession();
    const hidden = await session.run('exec >/dev/null 2>&-; cd sub; echo hidden');
    expect(hidden).toMatchObject({ output: '', exitCode: 0, cwd: path.join(dir, 'sub') });
    expect(await session.run('echo again; (exit 2)')).toMatchObject({ output: '', exitCode: 2 });
  });

  it("keeps the agent's own TIMEFORMAT and time output", async () => {
    const session = await startSession();
    await session.run('TIMEFORMAT="took %0R s"');
    expect((await session.run('time true')).output).toBe('took 0 s\n');
    expect((await session.run('echo "[$TIMEFORMAT]"')).output).toBe('[took %0R s]\n');
  });
});

describe('the frame reads no variable of the agent', () => {
  it('never reads nor assigns through a nameref whose subscript runs code', async () => {
    const session = await startSession();
    for (const name of ['TIMEFORMAT', 'PS4', 'IFS', 'BASH_SOURCE']) {
      await session.run(`declare -n ${name}='a[$(touch ${canary()})]' 2>/dev/null; echo set`);
    }
    const result = await session.run('echo after; (exit 3)');
    expect(result).toMatchObject({ output: 'after\n', exitCode: 3, frameFault: null });
    expect(result.restarted).toBe(false);
    expect(existsSync(canary())).toBe(false);
  });

  it('is not disturbed by readonly, case, integer or array attributes on what the old frame used', async () => {
    const session = await startSession();
    for (const change of [
      'readonly TIMEFORMAT',
      'declare -u LC_MESSAGES',
      'declare -l TMOUT',
      'declare -ai BASH_LINENO',
    ]) {
      await session.run(change);
      expect(await session.run('echo x; (exit 6)')).toMatchObject({
        output: 'x\n',
        exitCode: 6,
        frameFault: null,
        restarted: false,
      });
    }
  });
});

describe('a frame that cannot vouch for a call replaces the shell', () => {
  it('replaces the shell when what follows the marker is not what the frame writes', async () => {
    const session = await startSession();
    const result = await session.run(await forgingEnd(session, 'echo never', 'forged'));
    expect(result).toMatchObject({ frameFault: 'forged-end', restarted: true, exitCode: null });
    expect(result.output).not.toContain('never');
    expect(formatCommandResult(result).text).toMatch(/imitated the end-of-command marker/);
    expect(await session.run('echo fresh')).toMatchObject({ output: 'fresh\n', frameFault: null });
  });

  it('times out and starts over when the frame descriptor is closed', async () => {
    const session = await startSession();
    const result = await session.run('exec 63>&-', { timeoutMs: 500 });
    expect(result).toMatchObject({ timedOut: true, restarted: true });
    expect(await session.run('echo ok')).toMatchObject({ output: 'ok\n', exitCode: 0 });
  });
});

describe('reading the frame ahead gives a command nothing', () => {
  it('finds nothing after its own line in the script bash runs, and takes nothing from the next call', async () => {
    const session = await startSession();
    const result = await session.run(`timeout 0.5 cat /proc/$$/fd/255 > ${dir}/script; echo read`);
    expect(result).toMatchObject({ output: 'read\n', exitCode: 0, frameFault: null });
    // The script ends with the reading command's own line: the next call's is not written yet.
    const lines = readFileSync(path.join(dir, 'script'), 'utf8').trimEnd().split('\n');
    expect(lines.at(-1)).toContain(`${dir}/script; echo read`);
    expect((await session.run('echo next')).output).toBe('next\n');
  });

  it('an end forged from the echoed line is detected, and the next command does not run elsewhere', async () => {
    const session = await startSession();
    const forged = await session.run(await forgingEnd(session, 'sleep 0.5; cd sub'));
    // The forgery works as far as this call goes: it seems to end at once, still in `dir`…
    expect(forged).toMatchObject({ exitCode: 0, cwd: dir });
    // …but the next call, checked against `dir`, never runs in `sub`: the real end arrives first.
    const next = await session.run(`touch ${canary()}`);
    expect(next).toMatchObject({ frameFault: 'early-end', restarted: true, exitCode: null });
    expect(existsSync(canary())).toBe(false);
    expect(existsSync(path.join(dir, 'sub', 'CANARY'))).toBe(false);
    // Whether it ran depends on when the late end was read: the model is told it may have.
    expect(formatCommandResult(next).text).toMatch(
      /still running after it appeared to end .*, and this command may have run/,
    );
  });

  it('an end forged from the echoed line is detected when the real one comes between calls', async () => {
    const session = await startSession();
    const forged = await session.run(await forgingEnd(session, 'sleep 0.2; cd sub'));
    expect(forged).toMatchObject({ exitCode: 0, cwd: dir });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const next = await session.run(`touch ${canary()}`);
    expect(next).toMatchObject({ frameFault: 'early-end-not-run', restarted: true, output: '' });
    expect(existsSync(canary())).toBe(false);
    expect(formatCommandResult(next).text).toMatch(/^\[the command did not run: the previous/);
  });
  it('an end forged after a cd, with the real end silenced, cannot make the session believe the old directory', async () => {
    const session = await startSession();
    // The shell goes to `sub`, forges its end, and then sends the frame's own descriptor (where the
    // real end goes) to /dev/null, so no late end gives it away.
    const forging = await forgingEnd(session, 'exec 63>/dev/null');
    const forged = await session.run(`cd sub; ${forging}`);
    // The session reads the directory from the kernel, not from the end: it knows the shell is in `sub`…
    expect(forged).toMatchObject({ exitCode: 0, cwd: path.join(dir, 'sub') });
    // …so the next command is checked against `sub` and runs there, and nowhere else (its end is
    // lost, so the call times out and starts over).
    const next = await session.run('touch CANARY', { timeoutMs: 1000 });
    expect(next).toMatchObject({ timedOut: true, restarted: true });
    expect(existsSync(canary())).toBe(false);
    expect(existsSync(path.join(dir, 'sub', 'CANARY'))).toBe(true);
  });

  it('a command checked against one directory does not run in the one a forged end left the shell in', async () => {
    const session = await startSession();
    // The forged end comes while the shell is still in `dir`; the command then moves to `sub`, and
    // sends its real end to /dev/null.
    const forging = await forgingEnd(session, 'sleep 0.3; cd sub; exec 63>/dev/null');
    const forged = await session.run(forging);
    expect(forged).toMatchObject({ exitCode: 0, cwd: dir });
    // The next command, checked against `dir`, reaches the shell once it is in `sub`: the check
    // before it refuses to run it there.
    const next = await session.run('touch CANARY', { timeoutMs: 1500 });
    expect(next).toMatchObject({ restarted: true, exitCode: null });
    expect(existsSync(canary())).toBe(false);
    expect(existsSync(path.join(dir, 'sub', 'CANARY'))).toBe(false);
    expect(await session.run('echo fresh')).toMatchObject({ output: 'fresh\n', cwd: dir });
  });
});

describe('the gates bash waits at between calls', () => {
  /** The directory of the script bash runs, and of its gates. */
  const channelDir = 'g=$(dirname "$(readlink /proc/$$/fd/255)")';

  it('a command that removes them ends only its own shell: the next call runs in a fresh one', async () => {
    const session = await startSession();
    await session.run('kept=old');
    const removing = await session.run(`${channelDir}; rm -f "$g"/gate0 "$g"/gate1; echo gone`);
    expect(removing).toMatchObject({ output: 'gone\n', exitCode: 0, frameFault: null });
    // bash finds no gate after its end and reads on to the end of its script, where it exits.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const next = await session.run('echo "[$kept]"');
    expect(next).toMatchObject({ output: '[]\n', exitCode: 0, frameFault: null });
  });

  it('a command that opens them behind the session only ends its own shell, and runs nothing more', async () => {
    const session = await startSession();
    await session.run('kept=old');
    // In the background, once the call is over: whichever gate bash waits at lets it through.
    const opening = await session.run(
      `${channelDir}; (sleep 0.2; for n in 0 1; do : > "$g/gate$n" & done) >/dev/null 2>&1 &`,
    );
    expect(opening).toMatchObject({ output: '', exitCode: 0 });
    await new Promise((resolve) => setTimeout(resolve, 800));
    const next = await session.run(`echo "[$kept]"; touch ${canary()}`);
    expect(next).toMatchObject({ output: '[]\n', exitCode: 0, frameFault: null });
    expect(existsSync(canary())).toBe(true);
    expect(await session.run('echo again')).toMatchObject({ output: 'again\n', exitCode: 0 });
  });
});

describe('through the policy', () => {
  it('refuses the write into .git/config that a forged directory used to let through', async () => {
    execFileSync('git', ['init', '-q', dir]);
    const config = path.join(dir, '.git', 'config');
    const before = readFileSync(config, 'utf8');
    const session = await startSession();
    const policy = await loadPolicy({
      allow: ['cd *', 'echo *', '> **'],
      deny: [],
      workingDirectory: dir,
    });
    const tool = createBashExecutor({
      session: () => session,
      policy: () => policy,
      format: formatCommandResult,
      redact: (text) => text,
    });
    const bash = (command: string) =>
      tool.execute({ name: 'bash', input: { command } }, { timeoutMs: 10_000 });

    // Each step passes the policy: a function built from echo, and a cd.
    const forge = `__bash_agent_end() { echo; echo "$2$3 $1 ${dir}$2$3"; } >&63`;
    expect(await bash(forge)).toMatchObject({ isError: false });
    expect(await bash('cd .git')).toMatchObject({ isError: false });
    expect(session.cwd).toBe(path.join(dir, '.git'));

    const write = "echo '[core] hooksPath = /tmp/evil' > config";
    expect(policy.check(write, session.cwd)).toMatchObject({
      allowed: false,
      refusal: { code: 'write-into-git' },
    });
    expect(await bash(write)).toMatchObject({ isError: true, kind: 'denied' });
    expect(readFileSync(config, 'utf8')).toBe(before);
  });
});
