import { describe, expect, it } from '@jest/globals';
import { parsePatternInput } from '../src/policy/decide/patterns.js';
import { DEFAULT_ALLOWED_COMMANDS, loadPolicy } from '../src/policy/policy.js';

const WD = '/work/repo';

describe('loading a policy', () => {
  it('ignores blank lines and comments, and accepts the input as one multi-line string', async () => {
    const p = await loadPolicy({
      allow: ['# read-only', '', 'ls *\ncat *'],
      deny: [],
      workingDirectory: WD,
    });
    expect(p.check('ls -la; cat a', WD)).toMatchObject({ allowed: true });
  });

  it('fails on a line that is not a pattern, naming the input and the line', async () => {
    const failure = loadPolicy({ allow: ['ls *', 'ls | wc'], deny: [], workingDirectory: WD });
    await expect(failure).rejects.toThrow(
      "Input 'allowed-commands' has a pattern that cannot be parsed: 'ls | wc'",
    );
    await expect(failure).rejects.toMatchObject({ input: 'allowed-commands', line: 2 });
    await expect(failure).rejects.toThrow(/ on line 2$/);
    await expect(loadPolicy({ allow: [], deny: ["rm 'x"], workingDirectory: WD })).rejects.toThrow(
      /'denied-commands'.*rm 'x/,
    );
  });

  it('takes patterns parsed beforehand as they are, and decides as from their lines', async () => {
    const patterns = {
      allow: parsePatternInput('git *\n> out/**', 'allowed-commands'),
      deny: parsePatternInput('git push *', 'denied-commands'),
    };
    const parsed = await loadPolicy({ patterns, workingDirectory: WD });
    const fromLines = await loadPolicy({
      allow: ['git *', '> out/**'],
      deny: ['git push *'],
      workingDirectory: WD,
    });
    for (const policy of [parsed, fromLines]) {
      expect(policy.check('git log > out/log.txt', WD)).toMatchObject({ allowed: true });
      expect(policy.check('git push origin main', WD)).toMatchObject({
        allowed: false,
        refusal: { code: 'denied-pattern' },
      });
      expect(policy.check('git log > elsewhere.txt', WD)).toMatchObject({
        allowed: false,
        refusal: { code: 'write-not-allowed' },
      });
    }
  });

  it('exports the read-only default of allowed-commands', async () => {
    const p = await loadPolicy({ allow: DEFAULT_ALLOWED_COMMANDS, deny: [], workingDirectory: WD });
    expect(p.check('git status && git log --oneline -3 | head; cd src && ls', WD)).toMatchObject({
      allowed: true,
    });
    expect(p.check('git commit -m x', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'no-matching-pattern' },
    });
    expect(p.check('echo x > a.txt', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'write-not-allowed' },
    });
  });
});

describe('denial messages', () => {
  it('name the offending sub-command, where it sits, why, and the nearest allowed patterns', async () => {
    const p = await loadPolicy({
      allow: ['ls *', 'cat *', 'echo *'],
      deny: [],
      workingDirectory: WD,
    });
    expect(p.check('echo "$(touch x)"', WD)).toEqual({
      allowed: false,
      refusal: {
        code: 'no-matching-pattern',
        offender: 'touch x',
        where: ['inside $(…)'],
        detail: 'matches no allowed pattern',
      },
      message:
        "Command denied by policy: 'touch x' (inside $(…)) matches no allowed pattern. Allowed: ls *, cat *, echo *",
    });
  });

  it('list the patterns of the same program first', async () => {
    const p = await loadPolicy({
      allow: ['ls *', 'cat *', 'git status', 'git log *'],
      deny: [],
      workingDirectory: WD,
    });
    const decision = p.check('git push', WD);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed)
      expect(decision.message).toMatch(/Allowed: git status, git log \*, ls \*, cat \*$/);
  });

  it('say which deny pattern matched', async () => {
    const p = await loadPolicy({ allow: ['git *'], deny: ['git push *'], workingDirectory: WD });
    const decision = p.check('git -C . push origin', WD);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed)
      expect(decision.message).toContain("matches the denied pattern 'git push *'");
  });

  it('explain a dangerous option and how to allow it', async () => {
    const p = await loadPolicy({ allow: ['find *'], deny: [], workingDirectory: WD });
    const decision = p.check('cat a | find . -delete', WD);
    expect(decision.allowed).toBe(false);
    const found = p.check('find . -delete', WD);
    expect(found).toMatchObject({
      allowed: false,
      refusal: { code: 'dangerous-option', offender: 'find . -delete' },
      message:
        "Command denied by policy: 'find . -delete' deletes files (find -delete); allow it with a pattern that spells it out (e.g. 'find . -delete *'). Allowed: find *",
    });
  });

  it('explain a write by an option as a write', async () => {
    const p = await loadPolicy({ allow: ['sort *', '> out/**'], deny: [], workingDirectory: WD });
    expect(p.check('sort -no out/s a', WD)).toMatchObject({ allowed: true });
    expect(p.check('sort -no s a', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'write-not-allowed', offender: '-o s' },
      message:
        "Command denied by policy: '-o s' writes s, which no '> PATH' pattern allows. Allowed: > out/**",
    });
  });

  it('say where a nested command runs', async () => {
    const p = await loadPolicy({ allow: ['find *', 'env *'], deny: [], workingDirectory: WD });
    const decision = p.check('find . -exec env rm x \\;', WD);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed)
      expect(decision.message).toMatch(
        /^Command denied by policy: 'rm x' \(run by env, run by find -exec\) matches no allowed pattern\./,
      );
  });

  it('list the write patterns for a refused write', async () => {
    const p = await loadPolicy({ allow: ['echo *', '> docs/**'], deny: [], workingDirectory: WD });
    expect(p.check('echo x > .git/config', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'write-into-git', offender: '> .git/config' },
      message:
        "Command denied by policy: '> .git/config' writes .git/config, inside .git/, which only a pattern naming .git/ allows. Allowed: > docs/**",
    });
  });

  it('keep long commands short', async () => {
    const p = await loadPolicy({ allow: [], deny: [], workingDirectory: WD });
    const decision = p.check(`touch ${'x'.repeat(500)}`, WD);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) {
      expect(decision.message.length).toBeLessThan(300);
      expect(decision.message).toContain('Allowed: nothing (allowed-commands is empty)');
    }
  });
});

describe('checking', () => {
  it('allows an empty command and comments', async () => {
    const p = await loadPolicy({ allow: [], deny: [], workingDirectory: WD });
    expect(p.check('', WD)).toMatchObject({ allowed: true });
    expect(p.check('# nothing to do', WD)).toMatchObject({ allowed: true });
  });

  it('lets lower-case and locale variables be set, not others', async () => {
    const p = await loadPolicy({ allow: ['ls *'], deny: [], workingDirectory: WD });
    expect(p.check('x=1; LC_ALL=C ls; n=$(ls | wc -l)', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'no-matching-pattern' },
    });
    expect(p.check('x=1; LC_ALL=C ls', WD)).toMatchObject({ allowed: true });
    expect(p.check('LC_ALL=../../tmp/x ls', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'risky-variable' },
    });
    expect(p.check('PATH=/tmp ls', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'risky-variable' },
    });
    expect(p.check('npm_config_x=1 ls', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'risky-variable' },
    });
  });

  it('is fast once loaded', async () => {
    const p = await loadPolicy({ allow: DEFAULT_ALLOWED_COMMANDS, deny: [], workingDirectory: WD });
    const command =
      "find . -name '*.ts' -not -path './node_modules/*' | xargs grep -n \"$(echo x)\" | head -20";
    p.check(command, WD);
    const start = performance.now();
    for (let i = 0; i < 200; i++) p.check(command, WD);
    expect((performance.now() - start) / 200).toBeLessThan(5);
  });
});

describe('variables', () => {
  it('lets IFS prefix one command or change the session, which changes no decision', async () => {
    const p = await loadPolicy({
      allow: ['read *', 'echo *', 'sort *'],
      deny: [],
      workingDirectory: WD,
    });
    expect(p.check('while IFS= read -r line; do echo "$line"; done < a.txt', WD)).toMatchObject({
      allowed: true,
    });
    expect(p.check('IFS=/', WD)).toMatchObject({ allowed: true });
    // An unquoted expansion is read as splitting into any words whatever IFS holds.
    expect(p.check('IFS=/; x=a/-o/out; sort $x', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'dangerous-option' },
    });
  });
});
