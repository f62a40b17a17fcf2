import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fixtureCopies } from '../__fixtures__/policy/copies.js';
import {
  fixtureFile,
  loadCorpus,
  SAMPLE_CORPUS,
  startFixtureSession,
  type Fixture,
} from '../__fixtures__/policy/fixture.js';
import { MAX_SCRIPT_LENGTH } from '../src/policy/read/parse.js';
import { DEFAULT_ALLOWED_COMMANDS, loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import type { BashSession } from '../src/shell/session.js';

/*
 * Under an allowlist bash runs the script the policy printed, not the text as written. These tests
 * run both through real sessions: ordinary commands must behave the same either way, and attacks
 * that rest on the parser reading text differently from bash must not take effect.
 */

const copies = fixtureCopies('policy-print-');
const freshFixture = copies.fresh;

function startSession(fixture: Fixture): Promise<BashSession> {
  return startFixtureSession(fixture, 20_000);
}

interface Outcome {
  readonly command: string;
  readonly output: string;
  readonly exitCode: number | null;
}

/**
 * Runs each command in a session of its own fixture: as typed, or as the policy printed it.
 * Paths of the fixture are replaced by ROOT, so the two runs compare.
 */
async function runAll(
  allow: readonly string[],
  commands: readonly string[],
  printed: boolean,
): Promise<{ outcomes: Outcome[]; denied: string[] }> {
  const fixture = freshFixture();
  const policy = await loadPolicy({ allow, deny: [], workingDirectory: fixture.repo });
  const session = await startSession(fixture);
  const outcomes: Outcome[] = [];
  const denied: string[] = [];
  try {
    let cwd = fixture.repo;
    for (const command of commands) {
      const decision = policy.check(command, cwd);
      if (!decision.allowed) {
        denied.push(`${command} → ${decision.refusal.code}: ${decision.refusal.detail}`);
        continue;
      }
      const result = await session.run(printed ? decision.script : command);
      outcomes.push({
        command,
        // The session's own id differs from one session to the next; whether tar's writer sees
        // its failed compressor's pipe close first is a race; git blame dates uncommitted lines
        // with the clock, which may tick between the typed and the printed run; bash numbers its
        // messages by the line of the session's input, which counts the frame's lines too (plain
        // words typed go into the line as they are, their print through eval).
        output: result.output
          .replace(/^bash: line \d+: /gm, 'bash: line N: ')
          .replaceAll(fixture.root, 'ROOT')
          .replace(
            /Not Committed Yet \d{4}-\d\d-\d\d \d\d:\d\d:\d\d [+-]\d{4}/g,
            'Not Committed Yet …',
          )
          .replace(/^BASH_AGENT_SHELL=.*$/m, 'BASH_AGENT_SHELL=…')
          .replace(/^tar: .*: Cannot write: Broken pipe\n/m, ''),
        exitCode: result.exitCode,
      });
      cwd = result.cwd;
      if (cwd !== fixture.repo) cwd = (await session.run(`cd ${fixture.repo}`)).cwd;
    }
  } finally {
    await session.close();
  }
  return { outcomes, denied };
}

const ownCorpus = JSON.parse(readFileSync(fixtureFile('benign-print.json'), 'utf8')) as {
  allowlist: string[];
  commands: string[];
};

const benignCorpora: Array<[string, readonly string[], readonly string[]]> = [
  ['realistic commands of every family', ownCorpus.allowlist, ownCorpus.commands],
  ...[
    SAMPLE_CORPUS,
    fixtureFile('attacks-sample-allowlist.json'),
    fixtureFile('attacks-permissive.json'),
  ].map((file): [string, readonly string[], readonly string[]] => {
    const corpus = loadCorpus(file);
    return [`the benign commands of ${path.basename(file)}`, corpus.allowlist, corpus.benign];
  }),
];

/**
 * `ls -l`'s times blanked: the two runs make their fixtures at slightly different moments, which
 * `ls -la` shows for `.` when a minute turns between them; nothing the print does changes a time.
 */
function withoutTimes(output: string): string {
  return output.replace(/\b[A-Z][a-z]{2} [ \d]\d \d\d:\d\d\b/g, '<time>');
}

describe('ordinary commands behave the same as typed and as printed', () => {
  it.each(benignCorpora)(
    '%s: same output and exit code',
    async (_name, allow, commands) => {
      const [typed, printed] = await Promise.all([
        runAll(allow, commands, false),
        runAll(allow, commands, true),
      ]);
      expect(printed.denied).toEqual([]);
      expect(printed.outcomes.length).toBe(commands.length);
      const differences = printed.outcomes
        .map((p, i) => [p, typed.outcomes[i] as Outcome] as const)
        .filter(
          ([p, t]) =>
            withoutTimes(p.output) !== withoutTimes(t.output) || p.exitCode !== t.exitCode,
        )
        .map(
          ([p, t]) =>
            `${p.command}\n  typed:   ${JSON.stringify(t.output)} (${t.exitCode})\n  printed: ${JSON.stringify(p.output)} (${p.exitCode})`,
        );
      expect(differences).toEqual([]);
    },
    120_000,
  );
});

interface Attempt {
  /** How many calls the policy refused. */
  readonly denied: number;
  /** The canary exists afterwards. */
  readonly created: boolean;
  /** What bash was handed for each allowed call. */
  readonly scripts: readonly string[];
}

/**
 * Runs an attack the way the action does: each call the policy allows runs, as printed, in one
 * persistent session. The token CANARY stands for a file the attack tries to create.
 */
async function attempt(
  allow: readonly string[],
  calls: readonly string[],
  policyOf: (fixture: Fixture) => Promise<CommandPolicy> = (fixture) =>
    loadPolicy({ allow, deny: [], workingDirectory: fixture.repo }),
): Promise<Attempt> {
  const fixture = freshFixture();
  const canary = path.join(fixture.scratch, 'CANARY');
  const policy = await policyOf(fixture);
  const session = await startSession(fixture);
  let denied = 0;
  const scripts: string[] = [];
  try {
    let cwd = fixture.repo;
    for (const call of calls.map((c) => c.replaceAll('CANARY', canary))) {
      const decision = policy.check(call, cwd);
      if (!decision.allowed) {
        denied++;
        continue;
      }
      scripts.push(decision.script);
      cwd = (await session.run(decision.script)).cwd;
    }
  } finally {
    await session.close();
  }
  // Background work (a process substitution, an EXIT trap) may finish just after the call.
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { denied, created: existsSync(canary), scripts };
}

const READ_ONLY = [...DEFAULT_ALLOWED_COMMANDS];

/** Families of root causes: each the issue's example first, then more of the same kind. */
const families: Array<[string, readonly string[], ReadonlyArray<string | readonly string[]>]> = [
  [
    'brace expansion with quoted elements',
    READ_ONLY,
    [
      'find . -maxdepth 0 {"-fprint",CANARY}',
      'git log -1 {"--output=CANARY",--oneline}',
      "find . -maxdepth 0 {'-fprint',CANARY}",
      'find . -maxdepth 0 {-fprint,CANARY}',
      'find . -maxdepth 0 {"-fpr"int,CANARY}',
      'find . -maxdepth 0 -fprin{"t",t} CANARY',
      '{"touch",CANARY}',
      'find . -maxdepth 0 {-fprint,CANARY}{,}',
      'git log -1 --{"output",x}=CANARY',
      "find . -maxdepth 0 {$'-fprint',CANARY}",
    ],
  ],
  [
    'ANSI-C octal escapes above \\377',
    READ_ONLY,
    [
      "find . $'\\455fprint' CANARY",
      "find . -maxdepth 0 $'\\455'fprint CANARY",
      "git log -1 $'\\455\\455output='CANARY",
      "find . -maxdepth 0 $'\\x2dfprint' CANARY",
      "find . -maxdepth 0 $'\\u002dfprint' CANARY",
      "find . -maxdepth 0 $'\\655\\655'fprint CANARY",
      "find . -maxdepth 0 -fprin$'\\564' CANARY",
    ],
  ],
  [
    'a backslash-newline joining $ and ( inside "…" and unquoted heredocs',
    READ_ONLY,
    [
      'echo "$\\\n(touch CANARY)"',
      'cat <<EOF\n$\\\n(touch CANARY)\nEOF',
      'echo "$\\\n{x:-$\\\n(touch CANARY)}"',
      'cat <<EOF\n`\\\ntouch CANARY`\nEOF',
      'echo "`\\\ntouch CANARY`"',
      'cat <<EOF\n$\\\n\\\n(touch CANARY)\nEOF',
    ],
  ],
  [
    "$'\\\\' read as swallowing the rest of the line",
    READ_ONLY,
    [
      "echo $'\\\\'; touch CANARY #'",
      "echo $'\\\\' ; touch CANARY #'",
      "echo $'a\\\\'; touch CANARY #'",
      "echo $'\\\\\\\\'; touch CANARY #'",
      "ls $'\\\\' && touch CANARY #'",
    ],
  ],
  [
    'command substitutions in the patterns of ${x%pat} and its kin',
    READ_ONLY,
    [
      'x=a; echo ${x%$(touch CANARY)}',
      'x=a; echo ${x#$(touch CANARY)}',
      'x=a; echo ${x,,$(touch CANARY)}',
      'x=a; echo ${x^$(touch CANARY)}',
      'x=a; echo ${x%%$(touch CANARY)}',
      'x=a; echo ${x/$(touch CANARY)/b}',
      'x=a; echo ${x//a/$(touch CANARY)}',
      'x=a; echo "${x%$(touch CANARY)}"',
      'x=a; echo ${x%`touch CANARY`}',
    ],
  ],
  [
    'subscripts of compound array assignments',
    [...READ_ONLY, 'declare *'],
    [
      ["n='x[$(touch CANARY)]'", 'a=([n]=1)'],
      ["n='x[$(touch CANARY)]'", 'a=([$n]=1)'],
      ["n='x[$(touch CANARY)]'", 'declare -a a=([n]=1)'],
      ["i='x[$(touch CANARY)]'", 'a[i]=1'],
      ["i='x[$(touch CANARY)]'", 'echo ${a[i]}'],
      ["n='x[$(touch CANARY)]'", 'a=([n]=1 [n+1]=2)'],
    ],
  ],
  [
    'a word that splits at run time counted as one operand',
    [...READ_ONLY, 'uniq *', 'sort *', 'set *'],
    [
      "x='a.ts CANARY'; uniq $x",
      ["x='a.ts CANARY'", 'uniq $x'],
      ["f='-o CANARY'", 'sort $f a.ts'],
      ['set -- a.ts CANARY', 'uniq "$@"'],
      ["x='a.ts CANARY'", 'uniq ${x}'],
      ["x='-fprint CANARY'", 'find . -maxdepth 0 $x'],
      ["x='--output=CANARY'", 'git log -1 $x'],
    ],
  ],
  [
    '== and =~ outside [[ ]]',
    READ_ONLY,
    [
      'echo ==; touch CANARY }',
      'echo =~; touch CANARY }',
      'echo a == b; touch CANARY }',
      'ls =~ x; touch CANARY }',
      'echo == ]] ; touch CANARY',
      'echo "x" =~ (; touch CANARY )',
      'echo =~ a|{touch,CANARY}',
      'echo == {touch,CANARY}',
      "echo == '{touch,CANARY}'",
    ],
  ],
  [
    'arithmetic on values that hide array subscripts',
    READ_ONLY,
    [
      ["x='a[$(touch CANARY)]'", 'echo $((x))'],
      ["x='a[$(touch CANARY)]'", 'echo $(($x + 1))'],
      ["x='a[$(touch CANARY)]'", '[[ $x -eq 0 ]]'],
      ["x='a[$(touch CANARY)]'", 's=abc; echo ${s:x}'],
      ["x='a[$(touch CANARY)]'", 'i=$((x + 1))'],
      ["echo $(( $(echo 'a[$(touch CANARY)]') ))"],
      ["x='a[$(touch CANARY)]'", 'echo $(( $(echo x) ))'],
      ["set -- 'a[$(touch CANARY)]'", 'echo $(( $1 + 1 ))'],
    ],
  ],
  [
    'a loop variable over globs with a literal start, assigned in the body',
    READ_ONLY,
    [
      'for f in src/*.ts; do f=\'--output=CANARY\'; git log -1 "$f"; done',
      'for f in src/*.ts; do f=\'-fprint\'; find . -maxdepth 0 "$f" CANARY; done',
      'g() { f=\'--output=CANARY\'; }; for f in src/*.ts; do g; git log -1 "${f}"; done',
    ],
  ],
  [
    'other lexing differentials',
    READ_ONLY,
    [
      'echo \\ #; touch CANARY',
      'echo "$ $(touch CANARY) "',
      'echo $\\\n(touch CANARY)',
      'echo a\n\\\ntouch CANARY',
      'echo \\\n#; touch CANARY',
      'echo "$ `touch CANARY` "',
      'echo $\\\n{x:-$(touch CANARY)}',
    ],
  ],
];

describe.each(families)('%s', (_family, allow, cases) => {
  it('the first case takes effect when bash reads the text as typed', async () => {
    // Shows the attack is real, so the cases below would fail without the print.
    const fixture = freshFixture();
    const canary = path.join(fixture.scratch, 'CANARY');
    const session = await startSession(fixture);
    try {
      const first = cases[0] as string | readonly string[];
      for (const call of typeof first === 'string' ? [first] : first)
        await session.run(call.replaceAll('CANARY', canary));
    } finally {
      await session.close();
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(existsSync(canary)).toBe(true);
  });

  it.each(cases.map((c) => [typeof c === 'string' ? c : c.join(' ⏎ '), c] as const))(
    '%s: no effect through a real session',
    async (_name, calls) => {
      const outcome = await attempt(allow, typeof calls === 'string' ? [calls] : calls);
      expect(outcome.created).toBe(false);
    },
  );
});

describe('writes in function bodies', () => {
  it('a relative write in a function body is not resolved where the function was defined', async () => {
    const allow = [...READ_ONLY, '> **', 'f'];
    const fixture = freshFixture();
    const config = readFileSync(path.join(fixture.repo, '.git', 'config'), 'utf8');
    const policy = await loadPolicy({ allow, deny: [], workingDirectory: fixture.repo });
    const session = await startSession(fixture);
    const refused: string[] = [];
    try {
      let cwd = fixture.repo;
      for (const call of ['f() { echo pwned > config; }', 'cd .git', 'f']) {
        const decision = policy.check(call, cwd);
        if (!decision.allowed) {
          refused.push(decision.refusal.code);
          continue;
        }
        cwd = (await session.run(decision.script)).cwd;
      }
    } finally {
      await session.close();
    }
    expect(refused).toEqual(['write-target-unknown']);
    expect(readFileSync(path.join(fixture.repo, '.git', 'config'), 'utf8')).toBe(config);
  });
});

describe('long texts', () => {
  it('writes a file of nearly a megabyte through a heredoc, byte for byte', async () => {
    const line = 'export const text = "a $dollar, a `tick` and a \\\\ backslash";\n';
    const body = line.repeat(Math.floor((MAX_SCRIPT_LENGTH - 100) / line.length));
    const fixture = freshFixture();
    const policy = await loadPolicy({
      allow: ['cat *', '> **'],
      deny: [],
      workingDirectory: fixture.repo,
    });
    const decision = policy.check(`cat > big.ts <<'EOF'\n${body}EOF`, fixture.repo);
    expect(decision).toMatchObject({ allowed: true });
    const session = await startSession(fixture);
    try {
      if (decision.allowed) await session.run(decision.script);
    } finally {
      await session.close();
    }
    expect(readFileSync(path.join(fixture.repo, 'big.ts'), 'utf8')).toBe(body);
  });

  it('refuses a text longer than the limit', async () => {
    const policy = await loadPolicy({ allow: ['echo *'], deny: [], workingDirectory: '/tmp' });
    const decision = policy.check(`echo '${'x'.repeat(MAX_SCRIPT_LENGTH)}'`, '/tmp');
    expect(decision.allowed ? 'allowed' : decision.refusal.code).toBe('too-long');
  });
});

describe('words as bash reads them', () => {
  it('reads a word joining a quoted part and a backslash escape as one word', async () => {
    const policy = await loadPolicy({
      allow: ['git status *'],
      deny: [],
      workingDirectory: '/tmp',
    });
    const decision = policy.check("git 'p'\\ush .", '/tmp');
    expect(decision.allowed ? 'allowed' : decision.refusal.code).toBe('no-matching-pattern');
    expect(decision.allowed ? '' : decision.refusal.offender).toContain("'p'\\ush");
  });

  it('takes a brace expansion in a redirection target for a file known only at run time', async () => {
    const policy = await loadPolicy({
      allow: ['echo *', '> **'],
      deny: [],
      workingDirectory: '/tmp',
    });
    for (const command of ["echo x > {'.git/config',}", 'echo x > {a,b}', 'echo x > a{1..2}']) {
      const decision = policy.check(command, '/tmp');
      expect([command, decision.allowed ? 'allowed' : decision.refusal.code]).toEqual([
        command,
        'write-target-unknown',
      ]);
    }
  });
});

describe('under * with deny patterns', () => {
  it('refuses a word joined by a backslash-newline inside a quoted substitution, as outside one', async () => {
    const policy = await loadPolicy({
      allow: ['*'],
      deny: ['git push *', 'git reset --hard *'],
      workingDirectory: '/tmp',
    });
    for (const command of [
      'echo "$(git pu\\\nsh . HEAD:x)"',
      "echo \"$(git 'reset' --\\\nha\\\nrd 'HEAD')\"",
      'echo $(git pu\\\nsh .)',
    ]) {
      const decision = policy.check(command, '/tmp');
      expect([command, decision.allowed ? 'allowed' : decision.refusal.code]).toEqual([
        command,
        'unsupported-syntax',
      ]);
    }
  });
});
