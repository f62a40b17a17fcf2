import { describe, expect, it } from '@jest/globals';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchRepoSessions } from '../__fixtures__/test-sessions.js';
import { loadPolicy } from '../src/policy/policy.js';
import type { CommandPolicy } from '../src/policy/types.js';
import { formatCommandResult } from '../src/shell/format.js';

/*
 * Files a program changes through its operands (cp's destination, mv's source, rm's files) inside
 * .git/: a hook or .git/config planted for a later step that runs git in this checkout. A program's
 * pattern (`cp *`) allows it to change files anywhere else, not there.
 */

let repo: string;
const sessions = scratchRepoSessions('policy-git-operands-', (made) => {
  ({ repo } = made);
  mkdirSync(path.join(repo, '.git', 'hooks'));
  writeFileSync(path.join(repo, '.git', 'config'), '[core]\n');
  writeFileSync(path.join(repo, '.git', 'index'), 'index');
  writeFileSync(path.join(repo, 'a.txt'), '#!/bin/sh\ntouch planted\n');
});

const FILE_PROGRAMS = [
  'cd *',
  'cp *',
  'mv *',
  'install *',
  'ln *',
  'touch *',
  'mkdir *',
  'rm *',
  'chmod *',
];

async function policyOf(allow: readonly string[]): Promise<CommandPolicy> {
  return loadPolicy({ allow: [...allow], deny: [], workingDirectory: repo });
}

function codeOf(policy: CommandPolicy, command: string): string | undefined {
  const decision = policy.check(command, repo);
  return decision.allowed ? undefined : decision.refusal.code;
}

describe('under an allowlist of file programs', () => {
  let policy: CommandPolicy;
  beforeAll(async () => {
    policy = await policyOf(FILE_PROGRAMS);
  });

  it.each([
    'cp a.txt .git/hooks/pre-commit',
    'mv a .git/config',
    'touch .git/hooks/post-checkout',
    'ln -s /tmp/x .git/hooks/pre-push',
    'rm .git/index',
    'chmod +x .git/hooks/x',
    'install -m755 a .git/hooks/x',
    'cp -t .git/hooks a',
    'cp a ./.git/hooks/x',
    'cp a src/../.git/hooks/x',
    'cp -t.git/hooks a',
    'cp --target-directory=.git/hooks a',
    'ln -sf x .git',
    'mv .git .git-old',
    'rm -rf .git',
    'rm -rf ./.git/',
    'mkdir -p .git/hooks',
    'cp a {.git/hooks/x,}',
    'mv a .gi?/config',
    'cp -r hooks .git',
    'cp a .Git/hooks/x',
    'ln -s ../elsewhere/.git',
    'cd out && cp ../a.txt ../.git/hooks/x',
  ])('refuses %j with write-into-git', (command) => {
    expect(codeOf(policy, command)).toBe('write-into-git');
  });

  it('refuses an absolute path into the checkout’s .git/', () => {
    expect(codeOf(policy, `cp a.txt ${repo}/.git/hooks/pre-commit`)).toBe('write-into-git');
    expect(codeOf(policy, `rm ${repo}/.git`)).toBe('write-into-git');
  });

  it.each([
    'cp .git/config /tmp/x',
    'cp -r .git/hooks out/',
    'ln -s .git/config out/cfg',
    'touch -r .git/index out/a',
    'cp a.txt out/b.txt',
    'mv a.txt out/',
    'rm -rf out/*.o',
    'chmod +x a.txt',
    'mkdir -p out/.github/workflows',
    'cp a.txt .gitignore',
    'rm .gitattributes',
  ])('allows %j, which reads .git/ or changes files outside it', (command) => {
    expect(codeOf(policy, command)).toBeUndefined();
  });

  it('refuses a glob that may match .git, and a target built from a substitution', () => {
    expect(codeOf(policy, 'rm -rf .g*')).toBe('write-into-git');
    expect(codeOf(policy, 'rm -rf .[!.]*')).toBe('write-into-git');
    expect(codeOf(policy, 'cp a "$(echo .git)/config"')).not.toBeUndefined();
  });
});

describe('patterns that allow writing into .git/', () => {
  it('lets a write pattern naming .git/ allow what it names, and only that', async () => {
    const policy = await policyOf([...FILE_PROGRAMS, '> .git/hooks/**']);
    expect(codeOf(policy, 'cp a.txt .git/hooks/pre-commit')).toBeUndefined();
    expect(codeOf(policy, 'rm .git/index')).toBe('write-into-git');
    // `> **` does not reach into .git/, as for a redirection.
    const any = await policyOf([...FILE_PROGRAMS, '> **']);
    expect(codeOf(any, 'cp a.txt .git/hooks/pre-commit')).toBe('write-into-git');
  });

  it('changes nothing under the single pattern *', async () => {
    const policy = await policyOf(['*']);
    for (const command of ['cp a.txt .git/hooks/pre-commit', 'rm -rf .git', 'mv .git .git-old'])
      expect(codeOf(policy, command)).toBeUndefined();
  });
});

describe('targets known only at run time, in the real session', () => {
  async function run(policy: CommandPolicy, command: string) {
    const decision = policy.check(command, repo);
    if (!decision.allowed) throw new Error(`refused: ${decision.message}`);
    const session = await sessions.start();
    const result = await session.run(decision.script, { wellFormed: decision.printed });
    return { output: result.output, isError: formatCommandResult(result).isError };
  }

  it('stops cp into .git/ through a variable, a directory operand and "$PWD"', async () => {
    const policy = await policyOf([...FILE_PROGRAMS, 'echo *', 'd=*']);
    const hooks = path.join(repo, '.git', 'hooks');
    for (const command of [
      'd=.git/hooks; cp a.txt "$d/pre-commit"',
      'd=.git/hooks; cp a.txt "$d"',
      'd=.git/hooks; cp a.txt "$d/."',
      'cp a.txt "$PWD/.git/hooks/pre-commit"',
      'd=.git; echo before; rm -f "$d/index"; echo after',
    ]) {
      const outcome = await run(policy, command);
      expect(outcome.isError).toBe(true);
      expect(outcome.output).toContain('Command denied by policy');
      expect(outcome.output).not.toContain('after');
    }
    expect(existsSync(path.join(hooks, 'pre-commit'))).toBe(false);
    expect(existsSync(path.join(hooks, 'a.txt'))).toBe(false);
    expect(readFileSync(path.join(repo, '.git', 'index'), 'utf8')).toBe('index');
    // The same spelling outside .git/ copies.
    const ordinary = await run(policy, 'd=out; cp a.txt "$d/b.txt" && echo copied');
    expect(ordinary).toEqual({ output: 'copied\n', isError: false });
    expect(existsSync(path.join(repo, 'out', 'b.txt'))).toBe(true);
  });

  it('checks a file a function deletes where the function runs', async () => {
    const policy = await policyOf([...FILE_PROGRAMS, 'cd *', 'echo *']);
    const outcome = await run(policy, 'clean() { rm -f index; }; cd .git && clean; echo after');
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toContain('Command denied by policy');
    expect(readFileSync(path.join(repo, '.git', 'index'), 'utf8')).toBe('index');
    const ordinary = await run(policy, 'clean() { rm -f b.txt; }; cd out && clean && echo gone');
    expect(ordinary).toEqual({ output: 'gone\n', isError: false });
  });

  it('checks a file deleted after a cd to a directory known only at run time', async () => {
    const policy = await policyOf([...FILE_PROGRAMS, 'echo *', 'd=*']);
    const outcome = await run(policy, 'd=.git; cd "$d" && rm -f index; echo after');
    expect(outcome.isError).toBe(true);
    expect(outcome.output).toContain('Command denied by policy');
    expect(readFileSync(path.join(repo, '.git', 'index'), 'utf8')).toBe('index');
    writeFileSync(path.join(repo, 'out', 'c.o'), '');
    const ordinary = await run(policy, 'd=out; cd "$d" && rm -f c.o && echo gone');
    expect(ordinary).toEqual({ output: 'gone\n', isError: false });
    expect(existsSync(path.join(repo, 'out', 'c.o'))).toBe(false);
  });
});
