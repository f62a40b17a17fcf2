import { describe, expect, it } from '@jest/globals';
import { loadPolicy } from '../src/policy/policy.js';
import { awkProgramDangers, sedScriptDangers } from '../src/policy/scripts.js';
import type { CommandPolicy } from '../src/policy/types.js';

const WD = '/work/repo';

async function policy(allow: string[], deny: string[] = []): Promise<CommandPolicy> {
  return loadPolicy({ allow, deny, workingDirectory: WD });
}

function verdicts(p: CommandPolicy, commands: string[]): Record<string, boolean> {
  return Object.fromEntries(commands.map((c) => [c, p.check(c, WD).allowed]));
}

function allAllowed(commands: string[]): Record<string, boolean> {
  return Object.fromEntries(commands.map((c) => [c, true]));
}

function allDenied(commands: string[]): Record<string, boolean> {
  return Object.fromEntries(commands.map((c) => [c, false]));
}

/** Each command's verdict as the refusal code, or 'allowed'. */
function codes(p: CommandPolicy, commands: string[]): string[] {
  return commands.map((c) => {
    const d = p.check(c, WD);
    return d.allowed ? 'allowed' : d.refusal.code;
  });
}

describe('dangerous options of allowed programs', () => {
  it('finds sort -o in every spelling: attached, bundled, long, abbreviated, after operands', async () => {
    const p = await policy(['sort *']);
    const denied = [
      'sort -o x a',
      'sort -ox a',
      'sort -no x a',
      'sort -rnox a',
      'sort --output=x a',
      'sort --output x a',
      'sort --out=x a',
      'sort --o=x a',
      'sort a -o x',
      "sort '-o' x a",
      'sort --compress-program=gzip a',
      'sort --comp=gzip a',
      'sort $opt a',
      'sort *.txt',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
      'sort -o out.txt a': true,
      'git log --output=log.txt -1': true,
    });
    expect(p.check('sort -o out.txt --compress-program=sh a', WD).allowed).toBe(false);
  });

  it('knows git global options, subcommand options and configuration', async () => {
    const p = await policy(['git *']);
    const denied = [
      'git -c core.fsmonitor=x status',
      'git -c alias.x=!sh x',
      'git --config-env=core.pager=X log',
      'git --exec-path=/tmp status',
      'git -C .. status',
      'git --git-dir=/tmp/x status',
      'git log --output=x',
      'git diff --ext-diff',
      'git show --textconv HEAD',
      'git grep -Ocat x',
      'git archive -o x.zip HEAD',
      'git format-patch -o out -1',
      'git ls-remote --upload-pack=x .',
      'git clone -u x . y',
      'git config core.fsmonitor x',
      'git config --global core.pager less',
      'git submodule foreach ls',
      'git difftool -x diff',
      'git rebase -x make HEAD~3',
      'git filter-branch HEAD',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      'find . -exec rm {} \\;',
      'find . -execdir sh -c x \\;',
      'find . -delete',
      'find . -fprint x',
      'find . -fls x',
      'find . -fprintf x %p',
      'find . $action',
      'find "$dir"',
      'find . -exec grep x',
      "find . -exec sh -c 'grep {}' \\;",
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      'env rm x',
      "env -S 'rm x'",
      "env -S'rm x'",
      "env --split-string='rm x'",
      "env --split='rm x'",
      'env PATH=/tmp ls',
      'env HOME=/tmp ls',
      'env -C /tmp ls',
      'env $cmd',
      "env -S 'ls ${X}'",
      'env --frobnicate ls',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      'xargs sh -c ls',
      'xargs env',
      'xargs',
      'xargs sort',
      'xargs sed -n 1p',
      'xargs awk',
      'xargs -I{} sh -c {}',
      'xargs --process-slot-var=PATH wc',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      "tar cIf 'sh -c x' /dev/null a",
      'tar -cf /dev/null a --checkpoint-action=exec=x',
      'tar --use=x -cf a.tar b',
      'tar -cf a.tar *',
      'tar -cf host:a.tar b',
      // After `--`, --force-local is a file name: the archive is still reached through rsh.
      'tar -cf host:a.tar b -- --force-local',
      'tar -xf a.tar --to-command=sh',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      'read PATH < f',
      'read "$x"',
      "read 'a[$(ls)]'",
      'printf -v x %s 1',
      'export PATH=/tmp',
      'export -f f',
      'declare -n r=PATH',
      'declare -i n="$x"',
      "test -v 'a[$(ls)]'",
      "unset 'a[$(ls)]'",
      'mapfile -C cb arr < f',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      'timeout 5 rm x',
      'nice rm x',
      'time rm x',
      'sudo rm x',
      'sudo -s ls',
      'command rm x',
      'timeout $t rm',
      'nice $cmd',
      'sudo PATH=/tmp ls',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
  });

  it('parses shell text run by bash -c, eval, trap and heredocs fed to a shell', async () => {
    const p = await policy(['bash *', 'sh *', 'eval *', 'trap *', 'ls *', 'echo *', 'cat *']);
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
    const denied = [
      "bash -c 'rm x'",
      'bash -c "$cmd"',
      'eval "$cmd"',
      'eval rm x',
      "trap 'rm x' EXIT",
      "bash <<'EOF'\nrm x\nEOF",
      'bash <<EOF\n$(ls)\nEOF',
      'echo ls | sh',
      'bash <(cat x)',
      "bash --rcfile x -c 'ls'",
      "trap 'cd /tmp' DEBUG",
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
  });

  it('lets an outer pattern that spells the inner command out stand for it', async () => {
    const p = await policy(['timeout 60 npm test', 'env NODE_ENV=test npm test']);
    expect(
      verdicts(p, ['timeout 60 npm test', 'env NODE_ENV=test npm test', 'timeout 60 npm run x']),
    ).toEqual({
      'timeout 60 npm test': true,
      'env NODE_ENV=test npm test': true,
      'timeout 60 npm run x': false,
    });
  });

  it('applies deny patterns through wrappers, global options and paths', async () => {
    const p = await policy(['*'], ['rm *', 'git push *']);
    const denied = [
      'rm x',
      '/bin/rm x',
      'env rm x',
      'nice rm x',
      "bash -c 'rm x'",
      'find . -exec rm {} +',
      'echo x | xargs rm',
      'git -C . push',
      'git --git-dir=.git push',
      'git $sub',
      '$cmd x',
      'alias del=rm',
      "alias g='git '",
      'hash -p /bin/rm del',
      'ln -s /bin/rm del',
      "sed -n '1e rm x' a.ts",
      "xargs -I{} sh -c 'rm x' <<<x",
      '{rm,x}',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
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
    const denied = [
      'find "$PWD" -name x',
      'sort "$f"',
      'git diff $(git log -1 --format=%H)',
      'find "$dir" -name x',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
  });

  it('treats what find or xargs substitutes as a value, never as a known program', async () => {
    const p = await policy(['find *', 'xargs *', 'sh *', 'echo *']);
    const denied = [
      'find . -name x.sh -exec {} \\;',
      'find . -exec ./{} \\;',
      'echo x | xargs -I{} {}',
      'echo x | xargs -I% sh -c %',
    ];
    expect(verdicts(p, denied)).toEqual(allDenied(denied));
  });
});
