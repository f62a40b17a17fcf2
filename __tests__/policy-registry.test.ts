import { describe, expect, it } from '@jest/globals';
import { loadPolicy, STRICT_POLICY_VARIABLE } from '../src/policy/policy.js';
import type { PathResolver } from '../src/policy/decide/paths.js';
import type { CommandPolicy } from '../src/policy/types.js';
import { PROGRAMS, programName, roleOf, runsItsArguments } from '../src/policy/programs/index.js';
import { GIT_SUBCOMMAND_OPTIONS } from '../src/policy/programs/git.js';
import { compileTable } from '../src/policy/programs/options.js';

const WD = '/work/repo';

describe('the program registry', () => {
  it('has an option table that compiles for every program that has one', () => {
    const tables = [
      ...[...PROGRAMS.values()].flatMap((spec) => [spec.options, spec.wrapper?.options]),
      ...Object.values(GIT_SUBCOMMAND_OPTIONS),
    ];
    for (const table of tables) if (table) expect(() => compileTable(table)).not.toThrow();
  });

  it('reaches every spec by its name and by each of its aliases', () => {
    // A spec under a name no command word reaches would never be read.
    for (const [name, spec] of PROGRAMS) {
      expect([name, programName(name)]).toEqual([name, name]);
      for (const alias of spec.aliases ?? [])
        expect([alias, programName(alias)]).toEqual([alias, name]);
    }
  });

  it('gives a wrapper layout only to wrappers', () => {
    for (const [name, spec] of PROGRAMS)
      if (spec.wrapper) expect([name, roleOf(name)]).toEqual([name, 'wrapper']);
  });

  it('names programs the way the registry is keyed', () => {
    expect(programName('/usr/bin/python3.12')).toBe('python');
    expect(programName('nodejs')).toBe('node');
    expect(programName('gawk')).toBe('awk');
    expect(roleOf(programName('python3'))).toBe('interpreter');
    expect(roleOf('ls')).toBe('plain');
  });

  it('keeps xargs from feeding words to anything that runs them', async () => {
    for (const name of ['sh', 'python', 'env', 'nice', 'parallel', 'find'])
      expect([name, runsItsArguments(name)]).toEqual([name, true]);
    expect(runsItsArguments('grep')).toBe(false);
    const policy = await loadPolicy({
      allow: ['xargs *', 'python3 *', 'nice *', 'find *', 'ls *', 'env *'],
      deny: [],
      workingDirectory: WD,
    });
    // python3 * runs any file, so a file named on stdin is no more than the pattern allows.
    expect(policy.check('find . | xargs python3 -m py_compile', WD)).toMatchObject({
      allowed: true,
    });
    for (const command of ['find . | xargs nice ls', 'ls | xargs find', 'ls | xargs env'])
      expect(policy.check(command, WD)).toMatchObject({
        allowed: false,
        refusal: { code: 'unresolvable' },
      });
  });
});

describe('a checker that fails', () => {
  /** A resolver that works while the policy loads and breaks once `broke` is set. */
  let broke = false;
  const breakable: PathResolver = {
    realPath: (path) => {
      if (broke) throw new Error('resolver broke');
      return path;
    },
  };

  /** A policy whose resolver breaks after it has loaded. */
  async function brokenPolicy(onInternalError?: () => void): Promise<CommandPolicy> {
    broke = false;
    const policy = await loadPolicy({
      allow: ['echo *', '> **'],
      deny: [],
      workingDirectory: WD,
      resolver: breakable,
      onInternalError,
    });
    broke = true;
    return policy;
  }

  it('refuses the command in production', async () => {
    const policy = await brokenPolicy(() => undefined);
    expect(policy.check('echo x > out.txt', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'internal-error' },
    });
  });

  it('fails a test instead of passing for a refusal', async () => {
    expect(process.env[STRICT_POLICY_VARIABLE]).toBe('1');
    const policy = await brokenPolicy();
    expect(() => policy.check('echo x > out.txt', WD)).toThrow('resolver broke');
  });
});

describe('a check is pure over text, directory and resolver', () => {
  it('marks a decision cacheable only when it never asked the resolver', async () => {
    const asked: string[] = [];
    const policy = await loadPolicy({
      allow: ['ls *', 'head *', 'echo *', '> **'],
      deny: [],
      workingDirectory: WD,
      resolver: {
        realPath: (path) => {
          asked.push(path);
          return path;
        },
      },
    });
    asked.length = 0;
    expect(policy.check('ls -la | head', WD)).toMatchObject({ allowed: true, cacheable: true });
    expect(asked).toEqual([]);
    expect(policy.check('echo x > out.txt', WD)).toMatchObject({
      allowed: true,
      cacheable: false,
    });
    expect(asked).toEqual([`${WD}/out.txt`]);
  });

  it('resolves symlinks only through the resolver it is given', async () => {
    // A resolver that says notes.txt is a link into .git/: the write is refused as one into .git.
    const policy = await loadPolicy({
      allow: ['echo *', '> **'],
      deny: [],
      workingDirectory: WD,
      resolver: { realPath: (path) => path.replace(/notes\.txt$/, '.git/config') },
    });
    expect(policy.check('echo x > notes.txt', WD)).toMatchObject({
      allowed: false,
      refusal: { code: 'write-into-git' },
    });
    expect(policy.check('echo x > other.txt', WD)).toMatchObject({ allowed: true });
  });

  it('does not parse at all under the single pattern * alone', async () => {
    const policy = await loadPolicy({ allow: ['*'], deny: [], workingDirectory: WD });
    const huge = `cat <<'EOF'\n${'x'.repeat(2_000_000)}\nEOF`;
    for (const command of [
      'echo "unclosed',
      "python3 - <<'EOF'\nprint(1)\nEOF",
      huge,
      'i=$((i+1))',
    ])
      expect(policy.check(command, WD)).toEqual({
        allowed: true,
        script: command,
        cacheable: true,
      });
  });
});
