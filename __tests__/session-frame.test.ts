/**
 * Attacks on the session's framing, run as a command would run them, through a real bash: the
 * directory the session reports must be the kernel's, and the end of a call must be one no function,
 * alias or variable of the agent's can change or forge (or the shell is replaced and the result says so).
 */
import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createBashExecutor } from '../src/agent/bash-tool.js';
import { loadPolicy } from '../src/policy/policy.js';
import { formatCommandResult } from '../src/shell/format.js';
import { BULK_MIN_LENGTH, MARKER_TAG } from '../src/shell/frame.js';
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

function isZombie(pid: number): boolean {
  try {
    return readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.startsWith('Z');
  } catch {
    return true;
  }
}

function executor(session: BashSession, policy: Awaited<ReturnType<typeof loadPolicy>>) {
  const tool = createBashExecutor({
    session: () => session,
    policy: () => policy,
    format: formatCommandResult,
    redact: (text) => text,
  });
  return (command: string) =>
    tool.execute({ name: 'bash', input: { command } }, { timeoutMs: 10_000 });
}

/**
 * Turns on `set -v` (bash echoes each line as it reads it, frame included) into a file, and returns a
 * command that prints its own call's end marker, read from that echo, with `trailer` after it (what
 * the frame writes there: the status), then runs `after`.
 */
async function forgingEnd(session: BashSession, after: string, trailer = '0'): Promise<string> {
  await session.run(`set -v; exec 2>${dir}/echo.log`);
  // The nonce is the word after the end function's name: `…;\_eXXXX NONCE "$_";} …`.
  return (
    `read -r _ n < <(grep -aoE '_e[0-9a-f]{4} [A-Za-z0-9_-]{8} ' ${dir}/echo.log | tail -n 1); ` +
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

  it('runs the next command in the nearest existing parent of a deleted directory, state kept, and says so', async () => {
    const session = await startSession();
    mkdirSync(path.join(dir, 'gone', 'deeper'), { recursive: true });
    await session.run('kept=old; f() { echo "f ran"; }');
    await session.run('cd gone/deeper && rm -rf ../../gone');
    // The kernel's " (deleted)" is not part of the path the policy resolves against.
    expect(session.cwd).toBe(path.join(dir, 'gone', 'deeper'));
    expect(session.nextCwd()).toBe(dir);
    const next = await session.run('pwd; echo "[$kept]"; f; touch CANARY');
    expect(next).toMatchObject({
      output: `${dir}\n[old]\nf ran\n`,
      exitCode: 0,
      frameFault: null,
      restarted: false,
      moved: { from: path.join(dir, 'gone', 'deeper'), to: dir },
    });
    expect(existsSync(canary())).toBe(true);
    expect(formatCommandResult(next)).toEqual({
      text: `${dir}\n[old]\nf ran\n[the working directory ${path.join(dir, 'gone', 'deeper')} had been deleted: this command ran in ${dir}, its nearest existing parent; the session's variables and functions were kept]`,
      isError: false,
    });
    expect(await session.run('echo again')).toMatchObject({ output: 'again\n', moved: null });
  });

  it('does not run a command in a directory that was deleted after it was checked, and says so', async () => {
    const session = await startSession();
    mkdirSync(path.join(dir, 'gone'));
    await session.run('cd gone');
    const checked = session.nextCwd();
    rmSync(path.join(dir, 'gone'), { recursive: true });
    const next = await session.run(`touch ${canary()}`, { expectedCwd: checked });
    expect(next).toMatchObject({
      frameFault: 'directory-deleted',
      restarted: true,
      exitCode: null,
    });
    expect(existsSync(canary())).toBe(false);
    expect(formatCommandResult(next).text).toMatch(
      /did not run: .*deleted after the command was checked; a new shell was started/,
    );
    expect(session.cwd).toBe(dir);
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
  // `builtin` is the one name the frame looks up: the policy refuses to let a command shadow it
  // (see policy-frame tests); everything else a command may shadow.
  it('keeps output, exit status and directory with eval, return, exit, printf, command and cd shadowed', async () => {
    const session = await startSession();
    const shadow = [
      'eval() { return 0; }',
      'return() { :; }',
      'exit() { :; }',
      'cd() { echo FORGED-cd; }',
      'printf() { echo FORGED-printf; }',
      'command() { echo FORGED-command; }',
      'echo() { /bin/echo "$@"; }',
      '__bash_agent_end() { /bin/echo FORGED-end; }',
      'enable -n pwd test',
    ].join('; ');
    expect(await session.run(shadow)).toMatchObject({ exitCode: 0, output: '' });
    const result = await session.run('builtin cd sub; echo out; (builtin exit 5)');
    expect(result).toMatchObject({ output: 'out\n', exitCode: 5, frameFault: null });
    expect(session.cwd).toBe(path.join(dir, 'sub'));
    // The eval function does not take over the frame: a raw command and a checked one both run.
    expect(await session.run('echo raw; (builtin exit 6)')).toMatchObject({
      output: 'raw\n',
      exitCode: 6,
    });
    expect(await session.run('echo checked; (builtin exit 7)', { wellFormed: true })).toMatchObject(
      { output: 'checked\n', exitCode: 7 },
    );
  });

  it('cannot redefine, unset or alias the frame functions, nor alias the keywords the frame uses', async () => {
    const session = await startSession();
    const names = (await session.run('declare -F | grep -oE "_[gmec][0-9a-f]{4}$"')).output
      .trim()
      .split('\n');
    expect(names).toHaveLength(4);
    const attempts = await session.run(
      [
        ...names.map((name) => `${name}() { /bin/echo FORGED; }`),
        `unset -f ${names.join(' ')}`,
        'shopt -s expand_aliases',
        ...names.map((name) => `alias ${name}='/bin/echo FORGED'`),
        // `{` and `}` open and close the frame's groups and `[[` checks the directory where bash
        // reads a command's name: the policy refuses aliases of them (FRAME_KEYWORDS).
        ...['eval', 'builtin', 'if', 'then', 'else', 'fi', ']]', '||', '_', '0'].map(
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

describe('an end imitated in the output ends nothing', () => {
  it('keeps the real exit status and all the output when a command prints its own call’s marker', async () => {
    const session = await startSession();
    const forged = await session.run(await forgingEnd(session, 'echo after; (exit 3)'));
    expect(forged).toMatchObject({ exitCode: 3, frameFault: null, restarted: false });
    // The output is the command's, the imitation included: nothing in it is read as the frame's.
    expect(forged.output).toMatch(new RegExp(`^${MARKER_TAG}[\\w-]{8} 0\nafter\n$`));
    expect(await session.run('echo next')).toMatchObject({ output: 'next\n', exitCode: 0 });
  });

  it('is not fooled by a marker imitated in the background while the next calls run', async () => {
    const session = await startSession();
    // A background job prints the first call's marker, then keeps printing it through later calls.
    const forging = await forgingEnd(session, 'true');
    const loop = forging.replace(
      /builtin printf (.*?); true$/,
      '(for i in $(seq 50); do builtin printf $1; sleep 0.01; done) & sleep 0.05; (exit 4)',
    );
    expect(await session.run(loop)).toMatchObject({ exitCode: 4, frameFault: null });
    for (const status of [5, 6]) {
      const next = await session.run(`sleep 0.1; (exit ${status})`);
      expect(next).toMatchObject({ exitCode: status, frameFault: null, restarted: false });
    }
  });

  it('cannot close the frame’s descriptors for later calls', async () => {
    const session = await startSession();
    const closing = await session.run('exec 62>&- 63>&-; echo closed');
    expect(closing).toMatchObject({ output: 'closed\n', exitCode: 0, frameFault: null });
    expect(await session.run('echo ok; (exit 2)')).toMatchObject({ output: 'ok\n', exitCode: 2 });
  });
});

describe('the channel is out of the command’s reach', () => {
  it('holds no script to read: bash’s input and the frame’s sockets cannot be opened, from bash or from the action', async () => {
    const session = await startSession();
    const reading = await session.run(
      'for fd in /proc/$$/fd/* /proc/$PPID/fd/*; do ' +
        'case $(readlink "$fd") in socket:*) timeout 1 cat "$fd" >/dev/null 2>&1 && echo "READ $fd";; esac; done; ' +
        'tail -n 1 /proc/$$/fd/255 2>&1; ls /proc/$$/fd',
    );
    expect(reading.output).not.toContain('READ');
    expect(reading.output).toMatch(/tail: cannot open '\/proc\/\d+\/fd\/255'/);
    expect(reading).toMatchObject({ exitCode: 0, frameFault: null });
    // Nothing of the session's lives in a file: between calls the shell holds sockets, and
    // /dev/null, and nothing else (no script, no FIFO) that a path could lead to.
    const pid = Number((await session.run('echo $$')).output);
    const links = (of: number | 'self'): string[] =>
      readdirSync(`/proc/${of}/fd`).flatMap((fd) => {
        try {
          return [readlinkSync(`/proc/${of}/fd/${fd}`)];
        } catch {
          return [];
        }
      });
    // What the test runner itself was started with is inherited, and not the session's.
    const inherited = new Set(links('self'));
    const own = links(pid).filter((link) => !inherited.has(link));
    expect(own.filter((link) => !link.startsWith('socket:') && link !== '/dev/null')).toEqual([]);
  });

  it('gives nothing a command starts any descriptor of the channel', async () => {
    const session = await startSession();
    const child = await session.run(
      `sh -c 'for f in /proc/$$/fd/*; do echo "\${f##*/} $(readlink "$f")"; done'`,
    );
    const links = new Map(
      child.output
        .trim()
        .split('\n')
        .map((line) => line.split(' ') as [string, string]),
    );
    expect(links.get('0')).toBe('/dev/null');
    // Its output goes where the shell's does; nothing else it holds is a socket.
    expect(links.get('1')).toMatch(/^socket:/);
    expect(links.get('2')).toBe(links.get('1'));
    const others = [...links].filter(([fd]) => Number(fd) > 2).map(([, link]) => link);
    expect(others.filter((link) => link.startsWith('socket:'))).toEqual([]);
  });

  it('leaves nothing to consume: bash’s old input descriptor is gone, and its standard input is /dev/null', async () => {
    const session = await startSession();
    await session.run('kept=old');
    const consuming = await session.run(
      '{ head -c 40 >/dev/null; } <&255; head -c 40 2>&1; echo "[$?]"',
    );
    expect(consuming.output).toMatch(/255: Bad file descriptor/);
    expect(consuming.output).toContain('[0]');
    const next = await session.run('echo "[$kept]"; (exit 3)');
    expect(next).toMatchObject({ output: '[old]\n', exitCode: 3, frameFault: null });
  });

  it('runs nothing appended to the channel through /proc under * with a deny pattern', async () => {
    writeFileSync(path.join(dir, 'x'), 'keep');
    const session = await startSession();
    const policy = await loadPolicy({ allow: ['*'], deny: ['rm *'], workingDirectory: dir });
    const bash = executor(session, policy);
    const appending = await bash(
      "for fd in 0 255 10 11 12; do echo 'rm x' >> /proc/$$/fd/$fd; done 2>&1; echo done",
    );
    expect(appending.text).toContain('done');
    expect(appending.text).toMatch(/No such device or address|No such file or directory/);
    expect(await bash('echo next')).toMatchObject({ text: 'next\n', isError: false });
    expect(readFileSync(path.join(dir, 'x'), 'utf8')).toBe('keep');
  });

  it('reports an end that was not the running call’s, and replaces the shell before it reads more', async () => {
    const session = await startSession();
    await session.run('kept=old');
    // Only a command holding the frame's saved copy of its end socket can write there (the policy
    // refuses descriptors above 9); a second end of the same call is one it made.
    const writing = await session.run(
      `set -v; exec 2>${dir}/echo.log; ` +
        `n=$(grep -a '^} 63>&-;._e' ${dir}/echo.log | tail -n 1 | cut -d' ' -f3); ` +
        `(sleep 0.3; builtin printf '%%BASH_AGENT_%s 0\\n' "$n" >&11) & (exit 7)`,
    );
    expect(writing).toMatchObject({ exitCode: 7, frameFault: null });
    await new Promise((resolve) => setTimeout(resolve, 600));
    const next = await session.run('echo "[$kept]"');
    expect(next).toMatchObject({ output: '[]\n', exitCode: 0, frameFault: null });
    expect(next.replacedBefore).toMatchObject({ kind: 'foreign-end', cwd: dir });
    expect(formatCommandResult(next).text).toMatch(
      /^\[\]\n\[the shell reported the end of a command after the previous one had ended .*; this command ran in a new shell in .*: the working directory, variables and functions of the old one were lost\]$/,
    );
  });
  it('gives a signal trap that fires between calls no read of the channel', async () => {
    // bash runs a signal's trap while it waits for its next line, with that line's socket as the
    // trap's standard input: a reader there would take the next call, nonce and all. The policy
    // prints every trap action with standard input from /dev/null.
    const session = await startSession();
    const policy = await loadPolicy({
      allow: ['trap *', 'head *', 'kill *', 'sleep *', 'echo *', 'cat *', `> ${dir}/*`],
      deny: [],
      workingDirectory: dir,
    });
    const bash = executor(session, policy);
    const stolen = path.join(dir, 'stolen');
    const arming = await bash(
      `trap 'head -c 200 > ${stolen}' USR1; (sleep 0.3; kill -USR1 $$) & echo armed`,
    );
    expect(arming).toMatchObject({ text: 'armed\n', isError: false });
    await new Promise((resolve) => setTimeout(resolve, 600));
    // Without the print's /dev/null the trap would have run by now and be holding the next line.
    expect(await bash('echo second')).toMatchObject({ text: 'second\n', isError: false });
    expect(await bash(`cat ${stolen}; echo "[$?]"`)).toMatchObject({ text: '[0]\n' });
    expect(readFileSync(stolen, 'utf8')).toBe('');
    expect(await bash('trap -p USR1')).toMatchObject({
      text: expect.stringContaining('0</dev/null'),
    });
  });
});

describe('the shell as a plain bash would be', () => {
  it('carries $? and $_ from one call to the next, raw and checked alike', async () => {
    const session = await startSession();
    for (const wellFormed of [false, true]) {
      await session.run('(exit 3)', { wellFormed });
      expect((await session.run('echo "[$?]"', { wellFormed })).output).toBe('[3]\n');
      expect((await session.run('echo "[$?]"', { wellFormed })).output).toBe('[0]\n');
    }
    await session.run('echo hello world', { wellFormed: true });
    expect((await session.run('echo "[$_]"', { wellFormed: true })).output).toBe('[world]\n');
    await session.run('false some args', { wellFormed: true });
    expect(await session.run('echo "[$?] [$_]"', { wellFormed: true })).toMatchObject({
      output: '[1] [args]\n',
    });
  });

  it('runs raw text of plain words as bash reads it, and contains the rest in eval', async () => {
    const session = await startSession();
    // Plain words go into the line as they are: `$_` is the command's last word, not eval's text.
    await session.run('echo hello world');
    expect((await session.run('echo "[$_]"')).output).toBe('[world]\n');
    const plain = ['true', 'false', 'echo a  b', 'printf %s/ x y', 'a=1 b=2', 'ls -d /', 'cd sub'];
    for (const command of plain) {
      const typed = spawnSync('bash', ['--noprofile', '--norc', '-c', command], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(await session.run(command)).toMatchObject({
        output: typed.stdout + typed.stderr,
        exitCode: typed.status,
        frameFault: null,
      });
      await session.run(`cd ${dir}`);
    }
    // A reserved word among words could leave a compound command open: such text goes through eval,
    // which reports the error, and the next call runs in the same shell.
    await session.run('kept=yes');
    for (const open of [
      'if true',
      'while true',
      'for x in a',
      'case x in',
      'time',
      'echo a then',
    ]) {
      const result = await session.run(open, { timeoutMs: 5000 });
      expect(result).toMatchObject({ timedOut: false, frameFault: null, restarted: false });
    }
    expect(await session.run('echo "[$kept]"')).toMatchObject({ output: '[yes]\n', exitCode: 0 });
  });

  it('keeps set -e from ending the shell on the status it restores, and lets it end on a new failure', async () => {
    const session = await startSession();
    const checked = { wellFormed: true };
    await session.run('set -e', checked);
    expect(await session.run('false && true', checked)).toMatchObject({
      exitCode: 1,
      shellExited: false,
    });
    expect(await session.run('echo "alive [$?]"', checked)).toMatchObject({
      output: 'alive [1]\n',
    });
    expect(await session.run('false; echo never', checked)).toMatchObject({ shellExited: true });
  });

  it('says that a shell killed between calls was replaced, and what was lost', async () => {
    const session = await startSession();
    await session.run(`kept=old; cd sub`);
    const pid = Number((await session.run('echo $$')).output);
    process.kill(pid, 'SIGKILL');
    await new Promise((resolve) => setTimeout(resolve, 200));
    const next = await session.run('echo "[$kept]"; pwd');
    expect(next).toMatchObject({ output: `[]\n${dir}\n`, exitCode: 0 });
    expect(next.replacedBefore).toEqual({
      kind: 'exited',
      status: null,
      signal: 'SIGKILL',
      cwd: dir,
    });
    expect(formatCommandResult(next).text).toContain(
      `[the shell had been killed by SIGKILL since the previous command; this command ran in a new shell in ${dir}: the working directory, variables and functions of the old one were lost]`,
    );
    expect((await session.run('true')).replacedBefore).toBeNull();
  });
});

describe('long raw text, read in bulk', () => {
  /** `command` with a comment that makes it long enough for the reader. */
  const long = (command: string): string => `${command} # ${'x'.repeat(BULK_MIN_LENGTH)}`;

  /** The name of the variable the shell's reader keeps the text in. */
  async function textVariable(session: BashSession): Promise<string> {
    const names = await session.run('declare -F | grep -oE "_r[0-9a-f]{4}$"');
    return names.output.trim().replace(/^_r/, '_t');
  }

  it('runs as the quoted text ran: heredoc, quotes, control characters, $? before and $_ after', async () => {
    const session = await startSession();
    const body = 'it\'s "quoted", $not expanded, a \\ and \x01\x7f\n'.repeat(3);
    const heredoc = `cat <<'EOF'\n${body}EOF`;
    expect(heredoc.length).toBeGreaterThanOrEqual(BULK_MIN_LENGTH);
    await session.run('(exit 4)');
    const result = await session.run(`echo "[$?]"; ${heredoc}`);
    expect(result).toMatchObject({ output: `[4]\n${body}`, exitCode: 0, frameFault: null });
    // `$_` is eval's argument, the whole text, as for raw text in eval before.
    expect((await session.run('printf %s "$_"')).output).toBe(`echo "[$?]"; ${heredoc}`);
    // An unclosed quote is eval's error, and the shell goes on.
    const open = await session.run(long("echo 'unclosed"));
    expect(open).toMatchObject({ frameFault: null, restarted: false });
    expect(open.output).toMatch(/unexpected EOF/);
    expect(await session.run('echo next')).toMatchObject({ output: 'next\n', restarted: false });
  });

  it('gives what a command made of the reader’s variable no hold: integer, nameref, readonly', async () => {
    const session = await startSession();
    const name = await textVariable(session);
    // As an integer the text would be evaluated as arithmetic, whose subscript runs code.
    const quoted = `'a[$(touch ${canary()})]'`;
    await session.run(`declare -i ${name}`);
    expect(await session.run(long(`echo ${quoted}`))).toMatchObject({
      output: `a[$(touch ${canary()})]\n`,
      exitCode: 0,
      frameFault: null,
    });
    expect(existsSync(canary())).toBe(false);
    // Through a nameref the text would be assigned to what it names.
    await session.run(`declare -n ${name}=kept; kept=original`);
    expect(await session.run(long('echo "$kept"'))).toMatchObject({
      output: 'original\n',
      frameFault: null,
    });
    // A readonly variable cannot take the text: nothing of it runs, and the shell is replaced.
    await session.run(`readonly ${name}`);
    const refused = await session.run(long(`touch ${canary()}`));
    expect(refused).toMatchObject({ exitCode: null, frameFault: 'text-unread', restarted: true });
    expect(existsSync(canary())).toBe(false);
    expect(await session.run(long('echo fresh'))).toMatchObject({
      exitCode: 0,
      frameFault: null,
    });
  });

  it('ends the shell before bash reads the text as commands when the reader cannot read it', async () => {
    const session = await startSession();
    // Without the read builtin the text stays on the channel, where bash would read it next as a
    // line of commands: the shell is ended first.
    await session.run('enable -n read');
    const result = await session.run(long(`touch ${canary()}`));
    expect(result).toMatchObject({ exitCode: null, frameFault: 'text-unread', restarted: true });
    expect(existsSync(canary())).toBe(false);
    expect(await session.run('echo next')).toMatchObject({ output: 'next\n', exitCode: 0 });
  });
});

describe('no process of the shell outlives it', () => {
  it('kills a daemon that left the group and dropped the marker, on timeout and on close', async () => {
    const session = await startSession();
    const started = await session.run(
      "(setsid env -u BASH_AGENT_SHELL sh -c 'echo $$; exec sleep 999' &); sleep 5",
      { timeoutMs: 500 },
    );
    const pid = Number(started.output.trim());
    expect(started).toMatchObject({ timedOut: true });
    expect(pid).toBeGreaterThan(0);
    expect(existsSync(`/proc/${pid}`) && !isZombie(pid)).toBe(false);
    const closing = await session.run(
      "(setsid env -u BASH_AGENT_SHELL sh -c 'echo $$; exec sleep 999 </dev/null >/dev/null 2>&1' &)",
    );
    const quiet = Number(closing.output.trim());
    await session.close();
    expect(existsSync(`/proc/${quiet}`) && !isZombie(quiet)).toBe(false);
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

    // The old forgery wrote to the frame's descriptor: the policy refuses descriptors above 9.
    const forge = `__bash_agent_end() { echo; echo "$2$3 $1 ${dir}$2$3"; } >&63`;
    expect(await bash(forge)).toMatchObject({
      isError: true,
      kind: 'denied',
      command: { refusal: { code: 'frame-descriptor' } },
    });
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
