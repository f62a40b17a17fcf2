import { afterEach, beforeEach, describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  symlinkSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildShellEnv } from '../src/shell/env.js';
import { formatCommandResult } from '../src/shell/format.js';
import { testSessions } from '../__fixtures__/test-sessions.js';

let dir: string;
const exitListeners = process.listenerCount('exit');

const shells = testSessions(() => dir);
const startSession = shells.start;

function isRunning(pid: number): boolean {
  try {
    const state = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.[0];
    return state !== undefined && state !== 'Z';
  } catch {
    return false;
  }
}

function readPids(file: string): number[] {
  return readFileSync(path.join(dir, file), 'utf8').trim().split(/\s+/).map(Number);
}

beforeEach(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'session-test-'));
});

afterEach(async () => {
  await shells.closeAll();
  rmSync(dir, { recursive: true, force: true });
});

describe('framing', () => {
  it('returns exactly what a command printed, even without a final newline', async () => {
    const session = await startSession();
    const result = await session.run('printf abc');
    expect(result.output).toBe('abc');
    expect(result.exitCode).toBe(0);
    expect(formatCommandResult(result)).toEqual({ text: 'abc', isError: false });
  });

  it('runs a command that ends in a comment', async () => {
    const session = await startSession();
    expect((await session.run('echo hi # comment')).output).toBe('hi\n');
  });

  it('runs a command that ends in & or ; and the next command still works', async () => {
    const session = await startSession();
    const background = await session.run('sleep 0.1 &');
    expect(background).toMatchObject({ exitCode: 0, timedOut: false });
    expect((await session.run('echo one;')).output).toBe('one\n');
    expect((await session.run('echo two')).output).toBe('two\n');
  });

  it('runs a heredoc whose terminator is the last line', async () => {
    const session = await startSession();
    const result = await session.run("cat <<'EOF'\nline $1\nsecond\nEOF");
    expect(result.output).toBe('line $1\nsecond\n');
  });

  it('survives text that cannot be parsed and reports it as a failure', async () => {
    const session = await startSession();
    const unclosed = await session.run('echo "abc');
    expect(unclosed.exitCode).toBe(2);
    expect(unclosed.output).toMatch(/unexpected EOF/);
    expect((await session.run('fi')).exitCode).toBe(2);
    expect((await session.run('echo still here')).output).toBe('still here\n');
  });

  it('passes quotes, backslashes, control characters and non-ASCII text through unchanged', async () => {
    const session = await startSession();
    const text = `it's a "test" \\ with\ttab, $HOME unexpanded, ümlaut, 日本, 🎉`;
    const result = await session.run(`cat <<'EOF'\n${text}\nEOF`);
    expect(result.output).toBe(`${text}\n`);
  });

  it('takes a command far larger than a pipe holds, whole and in order with the next one', async () => {
    const session = await startSession({ maxOutput: 1_000_000 });
    // Two-byte characters throughout, so the part bash reads at once (8 KiB) can end inside one.
    const body = Array.from({ length: 20_000 }, (_, i) => `line ${i} ${'xé'.repeat(10)}`).join(
      '\n',
    );
    const result = await session.run(`cat <<'EOF' | md5sum\n${body}\nEOF`);
    const expected = createHash('md5').update(`${body}\n`).digest('hex');
    expect(result.output.trim()).toBe(`${expected}  -`);
    expect(await session.run('echo next')).toMatchObject({ output: 'next\n', exitCode: 0 });
  });

  it('runs thousands of quick calls in one shell: bash never reads past the line it runs', async () => {
    const session = await startSession();
    await session.run('kept=yes');
    // bash reading ahead of what was written would find the end of its script and exit, and the
    // next call would run in a fresh shell.
    for (let call = 0; call < 2000; call += 1) {
      const result = await session.run(':');
      if (result.exitCode !== 0 || result.restarted)
        throw new Error(`call ${call}: ${JSON.stringify(result)}`);
    }
    expect(await session.run('echo "$kept"')).toMatchObject({ output: 'yes\n', exitCode: 0 });
  });

  it('runs a command that starts with a dash as bash would, not as an option of the frame', async () => {
    const session = await startSession();
    const result = await session.run('-x');
    expect(result).toMatchObject({ exitCode: 127 });
    expect(result.output).toMatch(/^bash: line \d+: -x: command not found\n$/);
  });

  it('reports errors the way bash does, with no trace of how commands reach it', async () => {
    const session = await startSession();
    const result = await session.run('no-such-command-here; cd -');
    expect(result.output).toMatch(/^bash: line \d+: no-such-command-here: command not found\n/);
    expect(result.output).toMatch(/OLDPWD not set/);
    expect(result.output).not.toContain('bash-agent-');
  });

  it('does not end a call early on text that looks like the end marker', async () => {
    const session = await startSession();
    const lookalike =
      "printf '\\n__BASH_AGENT_0123456789ab0123456789ab__ 0 /\\n__BASH_AGENT_0123456789ab0123456789ab__\\n'; " +
      "printf '%%BASH_AGENT_0a1B%%c_d 0\\n'; printf '%%BASH_AGENT_0a1B-c_d 0\\n'; echo after";
    const result = await session.run(lookalike);
    expect(result.output).toBe(
      '\n__BASH_AGENT_0123456789ab0123456789ab__ 0 /\n__BASH_AGENT_0123456789ab0123456789ab__\n' +
        '%BASH_AGENT_0a1B%c_d 0\n%BASH_AGENT_0a1B-c_d 0\nafter\n',
    );
    expect(result.exitCode).toBe(0);
    expect((await session.run('echo next')).output).toBe('next\n');
  });

  it("takes off bash's words in front of the marker, and only those, whatever the output ends with", async () => {
    const session = await startSession();
    // Text like those words: one of these lines is exactly what bash writes in front of the marker.
    for (let line = 1; line <= 9; line++) {
      const text = `bash: line ${line}: /dev/null/`;
      expect((await session.run(`printf '${text}'`)).output).toBe(text);
    }
    expect((await session.run('printf "%s" "bash: "')).output).toBe('bash: ');
    // The words of an error in the command's own output stay.
    const failed = await session.run('9</dev/null/x');
    expect(failed.output).toMatch(/^bash: line \d+: \/dev\/null\/x: Not a directory\n$/);
  });

  it('keeps the frame working when xtrace is on or the shell redirects its own stdout', async () => {
    const session = await startSession();
    await session.run('set -x');
    const traced = await session.run('echo traced');
    expect(traced.output).toContain('traced\n');
    expect(traced.exitCode).toBe(0);
    await session.run('set +x');
    const redirected = await session.run('exec >/dev/null; echo hidden');
    expect(redirected).toMatchObject({ exitCode: 0, timedOut: false, output: '' });
  });

  it('reports the exit status of the last command', async () => {
    const session = await startSession();
    const result = await session.run('echo out; (exit 7)');
    expect(result).toMatchObject({ exitCode: 7, output: 'out\n' });
    expect(formatCommandResult(result)).toEqual({ text: 'out\n[exit code: 7]', isError: true });
  });
});

describe('stdin is /dev/null', () => {
  it('gives cat with no arguments an immediate end of file', async () => {
    const session = await startSession();
    const result = await session.run('cat', { timeoutMs: 10_000 });
    expect(result).toMatchObject({ exitCode: 0, timedOut: false, output: '' });
  });

  it('lets read fail instead of swallowing the next command', async () => {
    const session = await startSession();
    const result = await session.run(`read -p 'x' v; echo "[$v] $?"`);
    expect(result.output).toBe('[] 1\n');
    expect((await session.run('echo second')).output).toBe('second\n');
  });

  it('gives background jobs /dev/null too', async () => {
    const session = await startSession();
    await session.run(`(cat > ${dir}/bg-stdin.txt; echo done >> ${dir}/bg-stdin.txt) &`);
    await session.run('wait');
    expect(readFileSync(path.join(dir, 'bg-stdin.txt'), 'utf8')).toBe('done\n');
  });
});

describe('output', () => {
  it('interleaves stdout and stderr in the order they were written', async () => {
    const session = await startSession();
    const result = await session.run('echo 1; echo 2 >&2; echo 3; echo 4 >&2');
    expect(result.output).toBe('1\n2\n3\n4\n');
  });

  it('drains 200 KB of stdout and 2 MB of stderr without deadlock and loses nothing under the cap', async () => {
    const session = await startSession({ maxOutput: 3_000_000 });
    const result = await session.run(
      "head -c 200000 /dev/zero | tr '\\0' o; head -c 2000000 /dev/zero | tr '\\0' e >&2",
    );
    expect(result.output.length).toBe(2_200_000);
    expect(result.output.slice(0, 200_000)).toBe('o'.repeat(200_000));
    expect(result.output.endsWith('e'.repeat(2_000_000))).toBe(true);
    expect(result.omittedChars).toBe(0);
  });

  it('keeps head and tail of a long output and counts what it dropped', async () => {
    const session = await startSession({ maxOutput: 1000 });
    const result = await session.run('seq 1 100000');
    const all = Array.from({ length: 100_000 }, (_, i) => `${i + 1}\n`).join('');
    expect(result.omittedChars).toBe(all.length - 1000);
    expect(result.output).toBe(
      `${all.slice(0, 500)}\n[... ${all.length - 1000} characters omitted ...]\n${all.slice(-500)}`,
    );
  });

  it('gives output a background job wrote between calls to the next call', async () => {
    const session = await startSession();
    await session.run('(sleep 0.2; echo late) &');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect((await session.run('echo now')).output).toBe('late\nnow\n');
  });

  it('keeps head and tail of a command that prints without end until its timeout', async () => {
    const session = await startSession({ maxOutput: 2000 });
    const result = await session.run('echo first; yes', { timeoutMs: 500 });
    expect(result.timedOut).toBe(true);
    expect(result.output.startsWith('first\ny\ny\n')).toBe(true);
    // The tail starts wherever the cut fell: on a `y` or on a line break.
    expect(result.output).toMatch(/\n\[\.\.\. \d+ characters omitted \.\.\.\]\n[y\n]{900,}$/);
    expect(result.omittedChars).toBeGreaterThan(10_000);
  });

  it('turns invalid UTF-8 into replacement characters', async () => {
    const session = await startSession();
    expect((await session.run("printf '\\xff\\xfe abc'")).output).toBe('\uFFFD\uFFFD abc');
  });

  it('keeps a multibyte character that arrives split across two writes', async () => {
    const session = await startSession();
    const result = await session.run("printf '\\xe2\\x82'; sleep 0.2; printf '\\xac\\n'");
    expect(result.output).toBe('€\n');
  });

  it('keeps NUL bytes without disturbing the frame', async () => {
    const session = await startSession();
    const result = await session.run("printf 'a\\0b'");
    expect(result.output).toBe('a\u0000b');
    expect((await session.run('echo ok')).output).toBe('ok\n');
  });
});

describe('timeouts', () => {
  it('kills the command, its children and grandchildren, keeps earlier output and resets the shell', async () => {
    const session = await startSession();
    await session.run('export MARK=set; cd /');
    const result = await session.run(
      `echo before; bash -c 'sleep 300 & echo $! > ${dir}/grandchild.pid; sleep 300'`,
      { timeoutMs: 700 },
    );
    expect(result).toMatchObject({
      timedOut: true,
      restarted: true,
      exitCode: null,
      timeoutMs: 700,
    });
    expect(result.output).toBe('before\n');
    expect(isRunning(readPids('grandchild.pid')[0]!)).toBe(false);
    const text = formatCommandResult(result);
    expect(text.isError).toBe(true);
    expect(text.text).toMatch(/^before\n\[timed out after 0\.7 s: .*shell was restarted/);
    const after = await session.run('echo "[$MARK]"; pwd');
    expect(after.output).toBe(`[]\n${dir}\n`);
  });

  it('kills processes that left the process group', async () => {
    const session = await startSession();
    const result = await session.run(
      `setsid sleep 300 & echo $! > ${dir}/escaped.pid; nohup sleep 301 >/dev/null 2>&1 & echo $! >> ${dir}/escaped.pid; sleep 300`,
      { timeoutMs: 500 },
    );
    expect(result.timedOut).toBe(true);
    for (const pid of readPids('escaped.pid')) expect(isRunning(pid)).toBe(false);
  });

  it('SIGKILLs a child that ignores SIGTERM', async () => {
    const session = await startSession({ killGraceMs: 100 });
    const result = await session.run(
      `bash -c 'trap "" TERM; echo $$ > ${dir}/stubborn.pid; while :; do sleep 0.05; done'`,
      { timeoutMs: 500 },
    );
    expect(result.timedOut).toBe(true);
    expect(isRunning(readPids('stubborn.pid')[0]!)).toBe(false);
  });

  it('lets a trap on TERM run before the kill', async () => {
    const session = await startSession({ killGraceMs: 1000 });
    const result = await session.run(
      `bash -c 'trap "echo cleaning up; exit 1" TERM; echo started; sleep 300 & wait'`,
      { timeoutMs: 500 },
    );
    expect(result.timedOut).toBe(true);
    expect(result.output).toBe('started\ncleaning up\n');
  });
});

describe('shell death', () => {
  it('notices exit at once, reports the status, and starts a new shell', async () => {
    const session = await startSession({ defaultTimeoutMs: 60_000 });
    await session.run('export MARK=set');
    const result = await session.run('echo bye; exit 3');
    expect(result).toMatchObject({
      shellExited: true,
      shellExitStatus: 3,
      restarted: true,
      timedOut: false,
      output: 'bye\n',
    });
    expect(formatCommandResult(result).text).toMatch(
      /^bye\n\[the shell exited with status 3; a new shell was started/,
    );
    expect((await session.run('echo "[$MARK]"')).output).toBe('[]\n');
  });

  it('notices a shell killed by a signal', async () => {
    const session = await startSession({ defaultTimeoutMs: 60_000 });
    const result = await session.run('kill -9 $$');
    expect(result).toMatchObject({ shellExited: true, shellExitSignal: 'SIGKILL' });
    expect(formatCommandResult(result).text).toMatch(
      /the shell exited: it was killed by SIGKILL; a new shell was started/,
    );
    expect((await session.run('echo alive')).output).toBe('alive\n');
  });

  it('notices set -e followed by a failing command, and exec', async () => {
    const session = await startSession({ defaultTimeoutMs: 60_000 });
    await session.run('set -e');
    expect(await session.run('false')).toMatchObject({ shellExited: true, shellExitStatus: 1 });
    expect((await session.run('false')).exitCode).toBe(1);
    expect(await session.run('exec true')).toMatchObject({ shellExited: true, shellExitStatus: 0 });
    expect((await session.run('echo alive')).output).toBe('alive\n');
  });

  it('kills the background jobs of a shell that exited', async () => {
    const session = await startSession({ defaultTimeoutMs: 60_000 });
    const result = await session.run(`sleep 300 & echo $! > ${dir}/orphan.pid; exit 0`);
    expect(result.shellExited).toBe(true);
    expect(isRunning(readPids('orphan.pid')[0]!)).toBe(false);
  });
});

describe('state, restart and close', () => {
  it('keeps the directory and exported variables between calls and reports the directory', async () => {
    const session = await startSession();
    mkdirSync(path.join(dir, 'sub'));
    const cd = await session.run('cd sub && export GREETING=hello');
    expect(cd.cwd).toBe(path.join(dir, 'sub'));
    expect(session.cwd).toBe(path.join(dir, 'sub'));
    const result = await session.run(
      'pwd; echo $GREETING; bash -c \'echo "child sees $GREETING"\'',
    );
    expect(result.output).toBe(`${dir}/sub\nhello\nchild sees hello\n`);
  });

  it('follows the shell wherever $PWD says it is, reading the kernel whenever $PWD is not where it was', async () => {
    const session = await startSession();
    mkdirSync(path.join(dir, 'sub', 'deeper'), { recursive: true });
    symlinkSync(path.join(dir, 'sub'), path.join(dir, 'link'));
    // $PWD set back to the directory left: the frame's report of it cannot pass for where the shell is.
    const forged = await session.run(`cd sub && PWD=${dir}`);
    expect(forged.cwd).toBe(path.join(dir, 'sub'));
    expect((await session.run('pwd -P')).output).toBe(`${dir}/sub\n`);
    // A logical $PWD through a symbolic link: the kernel's physical path is the session's.
    expect((await session.run('cd ../link/deeper')).cwd).toBe(path.join(dir, 'sub', 'deeper'));
    expect((await session.run('true')).cwd).toBe(path.join(dir, 'sub', 'deeper'));
    // A name that starts with the name of the directory the shell was in, then a carriage return.
    mkdirSync(path.join(dir, 'sub', 'deeper\rx'));
    await session.run('cd -P .');
    const prefixed = await session.run("cd $'../deeper\\rx'");
    expect(prefixed.cwd).toBe(path.join(dir, 'sub', 'deeper\rx'));
    await session.run('cd ../deeper');
    // A directory renamed under the shell: $PWD is stale, the kernel is read, the next call runs.
    const renamed = await session.run(`mv ${dir}/sub ${dir}/moved`);
    expect(renamed.cwd).toBe(path.join(dir, 'moved', 'deeper'));
    expect(await session.run('pwd -P')).toMatchObject({
      output: `${dir}/moved/deeper\n`,
      replacedBefore: null,
    });
  });

  it('restarts in the working directory with fresh state and kills background jobs', async () => {
    const session = await startSession();
    const started = await session.run('cd /; X=1; sleep 300 & echo $!');
    const pid = Number(started.output.trim());
    await session.restart();
    expect(isRunning(pid)).toBe(false);
    expect((await session.run('pwd; echo "[$X]"')).output).toBe(`${dir}\n[]\n`);
  });

  it('restarts in the nearest existing parent when the working directory was deleted', async () => {
    const work = path.join(dir, 'a', 'work');
    mkdirSync(work, { recursive: true });
    const session = await startSession({ cwd: work });
    const removed = await session.run('rm -rf "$PWD" && pwd');
    expect(removed.output).toBe(`${work}\n`);
    await session.restart();
    expect((await session.run('pwd')).output).toBe(`${path.join(dir, 'a')}\n`);
  });

  it('closes its side of the channel when the shell is replaced and when it closes', async () => {
    /** This process's descriptors that are sockets. */
    const sockets = (): number =>
      readdirSync('/proc/self/fd').filter((fd) => {
        try {
          return readlinkSync(`/proc/self/fd/${fd}`).startsWith('socket:');
        } catch {
          return false;
        }
      }).length;
    const before = sockets();
    const session = await startSession();
    // Its input, output, errors and ends (Node may join some on this side).
    const opened = sockets() - before;
    expect(opened).toBeGreaterThanOrEqual(3);
    await session.run('exit 1');
    expect(sockets()).toBe(before + opened);
    await session.close();
    expect(sockets()).toBe(before);
  });

  it('leaves no process of the session alive after close', async () => {
    const session = await startSession();
    await session.run(
      `sleep 300 & echo $! > ${dir}/pids; setsid sleep 301 & echo $! >> ${dir}/pids; echo $$ >> ${dir}/pids`,
    );
    const pids = readPids('pids');
    expect(pids.every(isRunning)).toBe(true);
    await session.close();
    expect(pids.filter(isRunning)).toEqual([]);
    await expect(session.run('echo x')).rejects.toThrow(/closed/);
  });

  it('runs concurrent calls one after the other without mixing their output', async () => {
    const session = await startSession();
    const calls = [1, 2, 3].map((n) => session.run(`echo start-${n}; sleep 0.05; echo end-${n}`));
    const outputs = (await Promise.all(calls)).map((result) => result.output);
    expect(outputs).toEqual(['start-1\nend-1\n', 'start-2\nend-2\n', 'start-3\nend-3\n']);
  });

  it('refuses to start in a directory that does not exist', async () => {
    await expect(startSession({ cwd: path.join(dir, 'missing') })).rejects.toThrow(
      /does not exist/,
    );
  });

  it('says so when bash cannot be started, leaving nothing behind', async () => {
    await expect(startSession({ bashPath: path.join(dir, 'no-bash') })).rejects.toThrow(/ENOENT/);
    expect(process.listenerCount('exit')).toBe(exitListeners);
  });

  it('does not read startup files', async () => {
    const home = path.join(dir, 'home');
    mkdirSync(home);
    const canary = path.join(dir, 'startup-ran');
    const rc = `touch ${canary}\n`;
    for (const file of ['.bashrc', '.bash_profile', '.profile', 'env.sh']) {
      writeFileSync(path.join(home, file), rc);
    }
    const { env } = buildShellEnv(
      { PATH: process.env.PATH, HOME: home, BASH_ENV: `${home}/env.sh`, ENV: `${home}/env.sh` },
      [],
    );
    const session = await startSession({ env });
    await session.run('bash -c true; echo ok');
    expect(existsSync(canary)).toBe(false);
  });
});
