import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { all, policy, verdicts } from '../__fixtures__/policy/verdicts.js';
import { loadPolicy } from '../src/policy/policy.js';
import { buildShellEnv } from '../src/shell/env.js';
import { BashSession } from '../src/shell/session.js';

/*
 * A pattern refuses only what it does not already allow in another spelling: each test names the
 * spelling that passes and the code of what is still refused.
 */

describe('options that write files are writes', () => {
  it('pass where a write pattern allows the file, and are refused as writes elsewhere', async () => {
    const p = await policy([
      'sort *',
      'sed *',
      'perl *',
      'tee *',
      'dd *',
      'uniq *',
      'find *',
      'git log *',
      'echo *',
      '> src/**',
    ]);
    const allowed = [
      'sort -o src/s.txt a.txt',
      'sort --output=src/s.txt a.txt',
      "sed -i 's/a/b/' src/a.ts src/b.ts",
      "sed -i.bak -e 's/a/b/' src/a.ts",
      "perl -pi -e 's/a/b/' src/a.ts",
      'echo x | tee src/log.txt',
      'dd if=a.txt of=src/b.txt',
      'uniq a.txt src/u.txt',
      'find . -name x -fprint src/list.txt',
      'git log -1 --output=src/log.txt',
      'sort -o /dev/null a.txt',
    ];
    expect(verdicts(p, allowed)).toEqual(all(allowed, 'allowed'));
    expect(
      verdicts(p, [
        'sort -o s.txt a.txt',
        "sed -i 's/a/b/' a.ts",
        "sed -i.bak 's/a/b/' src/a.ts ../x.ts",
        "perl -pi -e 's/a/b/' README.md",
        'echo x | tee a.txt',
        'dd if=a.txt of=b.txt',
        'uniq a.txt u.txt',
        'find . -fprint list.txt',
        'git log -1 --output=log.txt',
        "sed -i 's/a/b/' src/../.git/config",
        'sort -o .git/info/exclude a.txt',
        'echo x | tee -a .git/hooks/pre-commit',
        'sort -o "$out" a.txt',
        "sed -i'../*' 's/a/b/' src/a.ts",
      ]),
    ).toEqual({
      'sort -o s.txt a.txt': 'write-not-allowed',
      "sed -i 's/a/b/' a.ts": 'write-not-allowed',
      "sed -i.bak 's/a/b/' src/a.ts ../x.ts": 'write-not-allowed',
      "perl -pi -e 's/a/b/' README.md": 'write-not-allowed',
      'echo x | tee a.txt': 'write-not-allowed',
      'dd if=a.txt of=b.txt': 'write-not-allowed',
      'uniq a.txt u.txt': 'write-not-allowed',
      'find . -fprint list.txt': 'write-not-allowed',
      'git log -1 --output=log.txt': 'write-not-allowed',
      "sed -i 's/a/b/' src/../.git/config": 'write-into-git',
      'sort -o .git/info/exclude a.txt': 'write-into-git',
      'echo x | tee -a .git/hooks/pre-commit': 'write-into-git',
      // Checked when it runs, as a redirection to "$out" is.
      'sort -o "$out" a.txt': 'allowed',
      // A backup suffix with a slash puts the backup somewhere else entirely.
      "sed -i'../*' 's/a/b/' src/a.ts": 'dangerous-option',
    });
  });

  it('checks a file operand known only at run time as it checks such a redirection', async () => {
    const p = await policy(['tee *', 'uniq *', 'echo *', '> **']);
    expect(
      verdicts(p, [
        'echo | tee "$x"',
        'x=.git/y; echo | tee $x',
        'echo | tee -a "$x" out.txt',
        'uniq "$a" .git/config',
        'uniq $a out.txt',
        'uniq "$a"',
      ]),
    ).toEqual({
      // A quoted operand is checked when it runs, like a quoted redirection target
      // (policy-guards.test.ts); an unquoted one may split and glob.
      'echo | tee "$x"': 'allowed',
      'x=.git/y; echo | tee $x': 'write-target-unknown',
      'echo | tee -a "$x" out.txt': 'allowed',
      // "$a" is one word: the output is the second operand whatever "$a" holds.
      'uniq "$a" .git/config': 'write-into-git',
      // $a may split into several words, so any of them may be the output.
      'uniq $a out.txt': 'write-target-unknown',
      'uniq "$a"': 'allowed',
    });
  });

  it('still lets a pattern that spells the option out allow it without a write pattern', async () => {
    const p = await policy(['sort -o *', 'sed -i *']);
    expect(verdicts(p, ['sort -o out.txt a', "sed -i 's/a/b/' a.ts"])).toEqual(
      all(['sort -o out.txt a', "sed -i 's/a/b/' a.ts"], 'allowed'),
    );
  });
});

describe('options that run a program', () => {
  it('pass when that program with those words would pass', async () => {
    const p = await policy(['sort *', 'gzip *', 'rg *', 'cat *', 'git *', 'echo *']);
    const allowed = [
      'sort --compress-program=gzip a.txt',
      'rg --pre cat x',
      "git rebase -x 'echo done' HEAD~2",
      "git difftool -y -x 'echo' HEAD",
    ];
    expect(verdicts(p, allowed)).toEqual(all(allowed, 'allowed'));
    expect(
      verdicts(p, [
        'sort --compress-program=sh a.txt',
        'rg --pre ./conv.sh x',
        "git rebase -x 'rm -rf /' HEAD~2",
        'sort --compress-program="$prog" a.txt',
      ]),
    ).toEqual({
      'sort --compress-program=sh a.txt': 'no-matching-pattern',
      'rg --pre ./conv.sh x': 'no-matching-pattern',
      "git rebase -x 'rm -rf /' HEAD~2": 'no-matching-pattern',
      'sort --compress-program="$prog" a.txt': 'dangerous-option',
    });
  });
});

describe('git', () => {
  it('skips harmless global options and checks -C DIR as cd DIR', async () => {
    const p = await policy(['git diff *', 'git log *', 'git status *', 'cd src'], ['git push *']);
    const allowed = [
      'git --no-pager diff',
      'git -P log -3 --oneline',
      'git --no-optional-locks --literal-pathspecs status',
      'git -C src status',
      'git -c color.ui=never log -1',
    ];
    expect(verdicts(p, allowed)).toEqual(all(allowed, 'allowed'));
    expect(
      verdicts(p, [
        'git -C lib status',
        'git -C src push',
        'git --no-pager push',
        'git -c core.pager=sh log',
        'git --git-dir=/tmp/x log',
      ]),
    ).toEqual({
      'git -C lib status': 'no-matching-pattern',
      'git -C src push': 'denied-pattern',
      'git --no-pager push': 'denied-pattern',
      'git -c core.pager=sh log': 'no-matching-pattern',
      'git --git-dir=/tmp/x log': 'no-matching-pattern',
    });
  });

  it('resolves a file git -C writes in the directory it names', async () => {
    const p = await policy(['git log *', 'cd *', '> docs/**']);
    expect(
      verdicts(p, ['git -C docs log -1 --output=log.txt', 'git log -1 --output=log.txt']),
    ).toEqual({
      'git -C docs log -1 --output=log.txt': 'allowed',
      'git log -1 --output=log.txt': 'write-not-allowed',
    });
  });
});

describe('variables', () => {
  it('need a pattern only when they change what programs run or load', async () => {
    const p = await policy(['npm *', 'export *', 'echo *', 'wc *', 'git *', 'node *']);
    const allowed = [
      'DEBUG=1 npm test',
      'export CI=true',
      'export DEBUG=1',
      'export FOO=bar BAZ=qux',
      'COUNT=$(git ls-files | wc -l); echo $COUNT',
      'NODE_ENV=test npm test',
      'export VERSION=$(node -p 1)',
      'FORCE_COLOR=0 npm test',
    ];
    expect(verdicts(p, allowed)).toEqual(all(allowed, 'allowed'));
    const risky = [
      'PATH=/tmp:$PATH npm test',
      'LD_PRELOAD=/tmp/x.so npm test',
      'NODE_OPTIONS=--require=./x.js npm test',
      'export BASH_ENV=x.sh',
      'export ENV=x.sh',
      'GIT_SSH_COMMAND=x git fetch',
      'npm_config_script_shell=/tmp/x npm test',
      'HOME=/tmp npm test',
      'XDG_CONFIG_HOME=/tmp git log',
      'GIT_PAGER=x git log',
      'export EDITOR=x',
      'export PYTHONPATH=/tmp',
      'export NODE_PATH=/tmp',
      'export PERL5LIB=/tmp',
      'export RUBYOPT=-rx',
      'export JAVA_TOOL_OPTIONS=-x',
      'export LC_ALL=../../tmp/x',
      'export CDPATH=/tmp',
      'export PROMPT_COMMAND=x',
    ];
    expect(verdicts(p, risky)).toEqual(all(risky, 'risky-variable'));
  });

  it('allows a risky one that a pattern spells out', async () => {
    const p = await policy(['PATH=* npm *', 'export PATH=*']);
    expect(verdicts(p, ['PATH=/x:$PATH npm test', 'export PATH=/x:/usr/bin'])).toEqual(
      all(['PATH=/x:$PATH npm test', 'export PATH=/x:/usr/bin'], 'allowed'),
    );
  });
});

describe('cd DIR && … resolves the writes after it in DIR', () => {
  it('when the && means the cd succeeded, and in every directory the shell may be in otherwise', async () => {
    const p = await policy(['cd *', 'echo *', 'true', 'cat *', '> src/**']);
    const allowed = [
      'cd src && echo x > note.md',
      'cd src && echo a && echo x > note.md',
      'echo a; cd src && echo x > note.md',
      'cd src &&\necho x > note.md',
      "cd src && cat > n.md <<'EOF'\nhi\nEOF",
    ];
    expect(verdicts(p, allowed)).toEqual(all(allowed, 'allowed'));
    const refused = [
      'cd src; echo x > note.md',
      'cd src\necho x > note.md',
      'true || cd src && echo x > note.md',
      'cd src && echo a || echo x > note.md',
      'cd src && cd .. && echo x > note.md',
      'cd src && echo x > note.md; echo y > z',
      'cd src & echo x > note.md',
      'if true; then cd src && echo x > note.md; fi',
    ];
    expect(verdicts(p, refused)).toEqual(all(refused, 'write-not-allowed'));
  });

  it('refuses a function named cd, on which that reading rests', async () => {
    const p = await policy(['cd *', 'echo *', 'true', 'builtin *']);
    // cd is also a builtin the session's frame runs, which no function may be named after.
    const frame = ['cd() { true; }', 'function cd { builtin cd ..; }'];
    expect(verdicts(p, frame)).toEqual(all(frame, 'frame-name'));
    const refused = ['pushd() { true; }', 'popd() { true; }'];
    expect(verdicts(p, refused)).toEqual(all(refused, 'unsupported-syntax'));
  });
});

describe('what is allowed runs as checked', () => {
  let root: string;
  let session: BashSession;

  beforeAll(async () => {
    root = mkdtempSync(path.join(tmpdir(), 'policy-spellings-'));
    mkdirSync(path.join(root, 'src'));
    writeFileSync(path.join(root, 'src', 'a.ts'), 'const a = 1;\n');
    session = await BashSession.start({
      cwd: root,
      env: buildShellEnv(process.env, []).env,
      maxOutput: 4000,
      defaultTimeoutMs: 10_000,
    });
  });

  afterAll(async () => {
    await session.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('writes the file of cd DIR && … > FILE in DIR, where the policy checked it', async () => {
    const p = await loadPolicy({
      allow: ['cd *', 'echo *', '> src/**'],
      deny: [],
      workingDirectory: root,
    });
    const decision = p.check('cd src && echo x > note.md', root);
    if (!decision.allowed) throw new Error(decision.message);
    await session.run(decision.script);
    expect(existsSync(path.join(root, 'src', 'note.md'))).toBe(true);
    expect(existsSync(path.join(root, 'note.md'))).toBe(false);
  });

  it('rewrites with sed -i only the files it allowed', async () => {
    const p = await loadPolicy({ allow: ['sed *', '> src/**'], deny: [], workingDirectory: root });
    const decision = p.check("sed -i.bak 's/1/2/' src/a.ts", root);
    if (!decision.allowed) throw new Error(decision.message);
    const result = await session.run(`cd ${root} && ${decision.script}`);
    expect(result.exitCode).toBe(0);
    expect(existsSync(path.join(root, 'src', 'a.ts.bak'))).toBe(true);
  });
});
