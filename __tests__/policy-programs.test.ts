import { describe, expect, it } from '@jest/globals';
import { all, policy, verdicts, WD } from '../__fixtures__/policy/verdicts.js';
import { awkProgramDangers, sedScriptDangers } from '../src/policy/scripts.js';
import type { CommandPolicy } from '../src/policy/types.js';

function allAllowed(commands: string[]): Record<string, string> {
  return all(commands, 'allowed');
}

/** Each command's verdict as the refusal code, or 'allowed'. */
function codes(p: CommandPolicy, commands: string[]): string[] {
  const byCommand = verdicts(p, commands);
  return commands.map((c) => byCommand[c] as string);
}

describe('dangerous options of allowed programs', () => {
  it('finds sort -o in every spelling: attached, bundled, long, abbreviated, after operands', async () => {
    const p = await policy(['sort *']);
    const denied: Record<string, string> = {
      'sort -o x a': 'write-not-allowed',
      'sort -ox a': 'write-not-allowed',
      'sort -no x a': 'write-not-allowed',
      'sort -rnox a': 'write-not-allowed',
      'sort --output=x a': 'write-not-allowed',
      'sort --output x a': 'write-not-allowed',
      'sort --out=x a': 'write-not-allowed',
      'sort --o=x a': 'write-not-allowed',
      'sort a -o x': 'write-not-allowed',
      "sort '-o' x a": 'write-not-allowed',
      'sort --compress-program=gzip a': 'no-matching-pattern',
      'sort --comp=gzip a': 'no-matching-pattern',
      'sort $opt a': 'dangerous-option',
      'sort *.txt': 'dangerous-option',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
    const allowed = [
      'sort a',
      'sort -rn -k2 a',
      'sort -t: -k 2 a',
      'sort -k o a',
      'sort -T /tmp a',
      'sort -- -o',
      'sort "$f" -- x',
      'sort --output-x-is-not-an-option-here 2>/dev/null || echo',
    ];
    expect(verdicts(p, allowed.slice(0, 6))).toEqual(allAllowed(allowed.slice(0, 6)));
  });

  it('allows a dangerous option that a pattern spells out', async () => {
    const p = await policy(['sort -o *', 'git log --output=* *']);
    expect(verdicts(p, ['sort -o out.txt a', 'git log --output=log.txt -1'])).toEqual({
      'sort -o out.txt a': 'allowed',
      'git log --output=log.txt -1': 'allowed',
    });
    expect(verdicts(p, ['sort -o out.txt --compress-program=sh a'])).toEqual({
      'sort -o out.txt --compress-program=sh a': 'no-matching-pattern',
    });
  });

  it('knows git global options, subcommand options and configuration', async () => {
    const p = await policy(['git *']);
    const denied: Record<string, string> = {
      'git -c core.fsmonitor=x status': 'inline-code',
      'git -c alias.x=!sh x': 'inline-code',
      'git --config-env=core.pager=X log': 'inline-code',
      'git --exec-path=/tmp status': 'dangerous-option',
      'git -C .. status': 'no-matching-pattern',
      'git --git-dir=/tmp/x status': 'dangerous-option',
      'git log --output=x': 'write-not-allowed',
      'git diff --ext-diff': 'inline-code',
      'git show --textconv HEAD': 'inline-code',
      'git grep -Ocat x': 'inline-code',
      'git archive -o x.zip HEAD': 'write-not-allowed',
      'git format-patch -o out -1': 'dangerous-option',
      'git ls-remote --upload-pack=x .': 'inline-code',
      'git clone -u x . y': 'inline-code',
      'git config core.fsmonitor x': 'dangerous-option',
      'git config --global core.pager less': 'dangerous-option',
      'git submodule foreach ls': 'dangerous-option',
      'git difftool -x diff': 'no-matching-pattern',
      'git rebase -x make HEAD~3': 'no-matching-pattern',
      'git filter-branch HEAD': 'dangerous-option',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
    const allowed = [
      'git status --short',
      'git log --oneline -5 -c',
      'git grep -c x',
      'git -c user.name=x -c user.email=y commit -m msg',
      'git --no-pager log -1',
      'git config --get user.name',
      'git config user.name',
      'git config --list',
      'git diff --text --output-indicator-new=+',
      'git clone --filter=blob:none . y',
      'git commit -m "--output=x"',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
  });

  it('checks find actions: -exec runs an inner command, -delete and -fprint are dangerous', async () => {
    const p = await policy(['find *', 'grep *', 'wc *']);
    const allowed = [
      "find . -name '*.ts' -exec grep -l x {} +",
      'find . -type f -exec wc -l {} \\;',
      'find . -name "$pattern"',
      'find src -newer a.ts -print',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    const denied: Record<string, string> = {
      'find . -exec rm {} \\;': 'no-matching-pattern',
      'find . -execdir sh -c x \\;': 'no-matching-pattern',
      'find . -delete': 'dangerous-option',
      'find . -fprint x': 'write-not-allowed',
      'find . -fls x': 'write-not-allowed',
      'find . -fprintf x %p': 'write-not-allowed',
      'find . $action': 'unresolvable',
      'find "$dir"': 'dangerous-option',
      'find . -exec grep x': 'unresolvable',
      "find . -exec sh -c 'grep {}' \\;": 'no-matching-pattern',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });

  it('unwraps env, including -S, and checks its assignments', async () => {
    const p = await policy(['env *', 'ls *']);
    const allowed = [
      'env ls',
      'env -i ls',
      'env -u X ls',
      'env LANG=C ls',
      "env -S 'ls -la'",
      'env -- ls',
      'env',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    const denied: Record<string, string> = {
      'env rm x': 'no-matching-pattern',
      "env -S 'rm x'": 'no-matching-pattern',
      "env -S'rm x'": 'no-matching-pattern',
      "env --split-string='rm x'": 'no-matching-pattern',
      "env --split='rm x'": 'no-matching-pattern',
      'env PATH=/tmp ls': 'risky-variable',
      'env HOME=/tmp ls': 'risky-variable',
      'env -C /tmp ls': 'dangerous-option',
      'env $cmd': 'dynamic-command',
      "env -S 'ls ${X}'": 'unresolvable',
      'env --frobnicate ls': 'unresolvable',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });

  it('lets nothing that runs its arguments sit behind xargs', async () => {
    const p = await policy([
      'xargs *',
      'wc *',
      'sort *',
      'sh *',
      'env *',
      'grep *',
      'awk *',
      'sed *',
    ]);
    const allowed = [
      'echo | xargs wc -l',
      'xargs grep -l x',
      'xargs -0 -n1 wc -c',
      "xargs awk '{print}'",
      'xargs sed -n 1p --',
      'xargs -I{} grep -n x {}',
    ];
    expect(
      verdicts(
        p,
        allowed.map((c) => c.replace(/^echo \| /, '')),
      ),
    ).toEqual(allAllowed(allowed.map((c) => c.replace(/^echo \| /, ''))));
    const denied: Record<string, string> = {
      'xargs sh -c ls': 'unresolvable',
      'xargs env': 'unresolvable',
      xargs: 'no-matching-pattern',
      'xargs awk': 'dangerous-option',
      'xargs -I{} sh -c {}': 'unresolvable',
      'xargs --process-slot-var=PATH wc': 'dangerous-option',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
    // Programs that read -- as the end of their options get one after their words: what xargs
    // appends is then only operands.
    for (const text of ['xargs sort', 'xargs sed -n 1p']) {
      const decision = p.check(text, WD);
      expect(decision.allowed && decision.script).toMatch(/ --$/m);
    }
  });

  it('reads sed scripts and awk programs for commands that run programs or write files', () => {
    expect(sedScriptDangers('s/a/b/g; 1,5p; /x/d; $!N; y/ab/cd/')).toEqual([]);
    expect(sedScriptDangers('1a\\\ntext with e and w\n2i hello')).toEqual([]);
    expect(sedScriptDangers('1e touch x')).toHaveLength(1);
    expect(sedScriptDangers('s/x/y/e')).toHaveLength(1);
    expect(sedScriptDangers('s|x|y|gw out')).toHaveLength(1);
    expect(sedScriptDangers('w out')).toHaveLength(1);
    expect(sedScriptDangers('w /dev/stdout')).toEqual([]);
    expect(sedScriptDangers('1{e ls\n}')).toHaveLength(1);
    expect(sedScriptDangers('\\,x,e ls')).toHaveLength(1);
    expect(sedScriptDangers('k')).toHaveLength(1);
    expect(awkProgramDangers('{ print $1 } /a|b/ { n++ } END { print n > "/dev/stderr" }')).toEqual(
      [],
    );
    expect(awkProgramDangers('$3 > 100 { print }')).toEqual([]);
    expect(awkProgramDangers('BEGIN { x = 4 / 2; print (x > 1) }')).toEqual([]);
    expect(awkProgramDangers('BEGIN { system("ls") }')).toHaveLength(1);
    expect(awkProgramDangers('{ print | "sort" }')).toHaveLength(1);
    expect(awkProgramDangers('BEGIN { "date" | getline d }')).toHaveLength(1);
    expect(awkProgramDangers('{ print > "out" }')).toHaveLength(1);
    expect(awkProgramDangers('{ printf("%s", $0) >> $2 }')).toHaveLength(1);
    expect(awkProgramDangers('@load "x"')).toHaveLength(1);
  });

  it('finds old-style tar options and wildcard injection', async () => {
    const p = await policy(['tar *']);
    const denied: Record<string, string> = {
      "tar cIf 'sh -c x' /dev/null a": 'dangerous-option',
      'tar -cf /dev/null a --checkpoint-action=exec=x': 'dangerous-option',
      'tar --use=x -cf a.tar b': 'no-matching-pattern',
      'tar -cf a.tar *': 'dangerous-option',
      'tar -cf host:a.tar b': 'dangerous-option',
      // After `--`, --force-local is a file name: the archive is still reached through rsh.
      'tar -cf host:a.tar b -- --force-local': 'dangerous-option',
      'tar -xf a.tar --to-command=sh': 'no-matching-pattern',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
    const allowed = [
      'tar -czf out.tgz src',
      'tar tf a.tar',
      'tar xzf a.tgz -C out',
      'tar -cf x.tar --checkpoint=10 src',
      'tar -cf host:a.tar --force-local b',
      'tar --force-loc -cf host:a.tar b',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
  });

  it('lets an interpreter that may run any file run inline code and code on stdin too', async () => {
    const p = await policy(['python3 *', 'node *', 'perl *', 'echo *']);
    const allowed = [
      'python3 script.py',
      'python3 -m pytest -q',
      "python3 -Ic 'x'",
      "python3 <<<'x'",
      "python3 - <<'EOF'\nprint(1)\nEOF",
      "node -e 'x'",
      "node --eval='x'",
      'node -r ./x y.js',
      'echo x | node',
      "perl -e 'x'",
      "perl -ne 'x' f",
      "perl '-Mx;y' -e 1",
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
  });

  it('refuses inline code under patterns that name what the interpreter runs', async () => {
    const p = await policy([
      'python3 script.py',
      'node build.js *',
      'perl -w *',
      'python3 -c *',
      'echo *',
    ]);
    expect(
      codes(p, [
        "python3 -c 'print(1)'",
        // After the script its words are the script's own, not code.
        "node build.js -e 'x'",
        "python3 script.py <<<'x'",
        "python3 -Ic 'x'",
        "perl -w -e 'x'",
        'echo x | perl -w',
      ]),
    ).toEqual([
      'allowed',
      'allowed',
      'allowed',
      'no-matching-pattern',
      'inline-code',
      'unresolvable',
    ]);
  });

  it('refuses builtins that assign risky variables or evaluate values', async () => {
    const p = await policy([
      'read *',
      'printf *',
      'export *',
      'declare *',
      'test *',
      'unset *',
      'mapfile *',
    ]);
    const allowed = [
      'read -r line < f',
      'printf "%s\\n" x',
      'export LANG=C',
      'export my_var=1',
      'declare -a arr=(1 2)',
      'test -f x',
      'unset x',
      'mapfile -t lines < f',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    const denied: Record<string, string> = {
      'read PATH < f': 'risky-variable',
      // (`read "$x"` is refused sooner: "$x" could be `-u10`, a descriptor of the session's frame.)
      'read -- "$x"': 'unresolvable',
      "read 'a[$(ls)]'": 'unresolvable',
      'printf -v PATH %s 1': 'risky-variable',
      "printf -v 'a[$(ls)]' %s 1": 'unresolvable',
      'export PATH=/tmp': 'risky-variable',
      'export -f f': 'dangerous-option',
      'declare -n r=PATH': 'dangerous-option',
      'declare -i n="$x"': 'unresolvable',
      "test -v 'a[$(ls)]'": 'unresolvable',
      "unset 'a[$(ls)]'": 'unresolvable',
      'mapfile -C cb arr < f': 'inline-code',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });
});

describe('commands that run commands', () => {
  it('checks the inner command of wrappers against the patterns on its own', async () => {
    const p = await policy(['timeout *', 'nice *', 'ls *', 'sudo *', 'command *']);
    const allowed = [
      'timeout 5 ls',
      'timeout -k 1 5 ls -la',
      'nice -n 5 ls',
      'time ls',
      'sudo -u bob ls',
      'command -v rm',
      'time -p nice ls',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    const denied: Record<string, string> = {
      'timeout 5 rm x': 'no-matching-pattern',
      'nice rm x': 'no-matching-pattern',
      'time rm x': 'no-matching-pattern',
      'sudo rm x': 'no-matching-pattern',
      'sudo -s ls': 'inline-code',
      'command rm x': 'no-matching-pattern',
      'timeout $t rm': 'unresolvable',
      'nice $cmd': 'dynamic-command',
      'sudo PATH=/tmp ls': 'risky-variable',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });

  it('parses shell text run by bash -c, eval, trap and heredocs fed to a shell', async () => {
    // Patterns that let the shell run only what they name, so the text it runs is checked.
    const shells = ['bash -c *', 'bash -o *', 'bash --* *', 'bash -x *', 'bash', 'sh -ec *'];
    const p = await policy([
      ...shells,
      'sh',
      'bash script.sh',
      'eval *',
      'trap *',
      'ls *',
      'echo *',
      'cat *',
    ]);
    const allowed = [
      "bash -c 'ls -la'",
      "sh -ec 'ls; echo ok'",
      'eval ls -la',
      "trap 'echo bye' EXIT",
      'trap - EXIT',
      "bash <<'EOF'\nls\nEOF",
      'bash script.sh',
      "bash -o pipefail -c 'ls | cat'",
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    const denied: Record<string, string> = {
      "bash -c 'rm x'": 'no-matching-pattern',
      'bash -c "$cmd"': 'unresolvable',
      'eval "$cmd"': 'unresolvable',
      'eval rm x': 'no-matching-pattern',
      "trap 'rm x' EXIT": 'no-matching-pattern',
      "bash <<'EOF'\nrm x\nEOF": 'no-matching-pattern',
      'bash <<EOF\n$(ls)\nEOF': 'unresolvable',
      'echo ls | sh': 'unresolvable',
      'bash -x <(cat x)': 'unresolvable',
      "bash --rcfile x -c 'ls'": 'dangerous-option',
      "trap 'cd /tmp' DEBUG": 'no-matching-pattern',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });

  it('lets a shell that may run any file run any text, holding what it runs to the deny patterns', async () => {
    const p = await policy(['bash *', 'sh *', 'echo *'], ['rm *', '> .env']);
    const allowed = [
      "bash -c 'curl -s x | sh'",
      'bash -c "$cmd"',
      'echo ls | sh',
      'bash <(echo ls)',
      "bash <<'EOF'\nmake all\nEOF",
      "bash -c 'echo x > .git/config'",
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    expect(
      verdicts(p, ["bash -c 'rm -rf build'", "sh -c 'echo x > .env'", "bash <<'EOF'\nrm x\nEOF"]),
    ).toEqual({
      "bash -c 'rm -rf build'": 'denied-pattern',
      "sh -c 'echo x > .env'": 'write-not-allowed',
      "bash <<'EOF'\nrm x\nEOF": 'denied-pattern',
    });
  });

  it('lets an outer pattern that spells the inner command out stand for it', async () => {
    const p = await policy(['timeout 60 npm test', 'env NODE_ENV=test npm test']);
    expect(
      verdicts(p, ['timeout 60 npm test', 'env NODE_ENV=test npm test', 'timeout 60 npm run x']),
    ).toEqual({
      'timeout 60 npm test': 'allowed',
      'env NODE_ENV=test npm test': 'allowed',
      'timeout 60 npm run x': 'no-matching-pattern',
    });
  });

  it('applies deny patterns through wrappers, global options and paths', async () => {
    const p = await policy(['*'], ['rm *', 'git push *']);
    const denied: Record<string, string> = {
      'rm x': 'denied-pattern',
      '/bin/rm x': 'denied-pattern',
      'env rm x': 'denied-pattern',
      'nice rm x': 'denied-pattern',
      "bash -c 'rm x'": 'denied-pattern',
      'find . -exec rm {} +': 'denied-pattern',
      'echo x | xargs rm': 'denied-pattern',
      'git -C . push': 'denied-pattern',
      'git --git-dir=.git push': 'denied-pattern',
      'git $sub': 'denied-pattern',
      '$cmd x': 'dynamic-command',
      'alias del=rm': 'denied-pattern',
      "alias g='git '": 'denied-pattern',
      'hash -p /bin/rm del': 'denied-pattern',
      'ln -s /bin/rm del': 'denied-pattern',
      "sed -n '1e rm x' a.ts": 'denied-pattern',
      "xargs -I{} sh -c 'rm x' <<<x": 'denied-pattern',
      '{rm,x}': 'unparsable',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
    // What no static reading can see runs: deny patterns under * guard against mistakes.
    const allowed = [
      'ls',
      'cp a b',
      'git log',
      'sort -o x y',
      'echo x > out.txt',
      'python3 x.py',
      'eval "$x"',
      "python3 -c 'import os'",
      'alias ll="ls -l"',
      'echo "unclosed',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
  });
});

describe('words whose value is partly known', () => {
  it('knows a process substitution and the shell’s path variables are not options', async () => {
    const p = await policy(['sort *', 'find *', 'git diff *', 'grep *']);
    const allowed = [
      'sort -u <(grep -h x a b)',
      'find "$HOME" -name x',
      'find "${TMPDIR}" -maxdepth 1',
      'find $HOME -name x',
      'git diff --author="$(grep -h x a)"',
    ];
    expect(verdicts(p, allowed)).toEqual(allAllowed(allowed));
    const denied: Record<string, string> = {
      'find "$PWD" -name x': 'dangerous-option',
      'sort "$f"': 'dangerous-option',
      'git diff $(git log -1 --format=%H)': 'dangerous-option',
      'find "$dir" -name x': 'dangerous-option',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });

  it('treats what find or xargs substitutes as a value, never as a known program', async () => {
    const p = await policy(['find *', 'xargs *', 'sh *', 'echo *']);
    const denied: Record<string, string> = {
      'find . -name x.sh -exec {} \\;': 'dynamic-command',
      'find . -exec ./{} \\;': 'dynamic-command',
      'echo x | xargs -I{} {}': 'dynamic-command',
      'echo x | xargs -I% sh -c %': 'unresolvable',
    };
    expect(verdicts(p, Object.keys(denied))).toEqual(denied);
  });
});
