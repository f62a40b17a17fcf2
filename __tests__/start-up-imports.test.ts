/**
 * What the action loads before its first request: src/main.ts and every module it imports
 * statically, which the bundle puts in main's chunk and evaluates before `run` starts. Whatever the
 * first request does not need is imported where it is used, after the request is out; this test
 * catches a static import that would pull one of those back in front of it (the start-up
 * benchmark, `npm run bench -- startup`, measures what that costs).
 */
import { describe, expect, it } from '@jest/globals';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** Whether `statement` loads its module at run time (a type-only import is erased). */
function loadsAtRunTime(statement: ts.ImportDeclaration | ts.ExportDeclaration): boolean {
  if (ts.isExportDeclaration(statement)) return !statement.isTypeOnly;
  const clause = statement.importClause;
  if (clause === undefined) return true;
  if (clause.isTypeOnly) return false;
  const bindings = clause.namedBindings;
  if (clause.name !== undefined || bindings === undefined || ts.isNamespaceImport(bindings)) {
    return true;
  }
  return bindings.elements.length === 0 || bindings.elements.some((element) => !element.isTypeOnly);
}

/** The modules `file` imports statically: repository paths of sources, names of packages. */
function staticImports(file: string): string[] {
  const text = readFileSync(path.join(ROOT, file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) && !ts.isExportDeclaration(statement)) continue;
    const specifier = statement.moduleSpecifier;
    if (specifier === undefined || !ts.isStringLiteral(specifier)) continue;
    if (!loadsAtRunTime(statement)) continue;
    const name = specifier.text;
    if (!name.startsWith('.')) {
      found.push(
        name.startsWith('node:')
          ? name
          : name
              .split('/')
              .slice(0, name.startsWith('@') ? 2 : 1)
              .join('/'),
      );
      continue;
    }
    const resolved = path.join(path.dirname(file), name.replace(/\.js$/, '.ts'));
    if (!existsSync(path.join(ROOT, resolved))) throw new Error(`${file}: cannot resolve ${name}`);
    found.push(resolved);
  }
  return found;
}

/** Every module loaded with `entry`, itself included. */
function closure(entry: string): Set<string> {
  const seen = new Set<string>([entry]);
  const queue = [entry];
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    for (const imported of staticImports(file)) {
      if (seen.has(imported)) continue;
      seen.add(imported);
      if (imported.endsWith('.ts')) queue.push(imported);
    }
  }
  return seen;
}

describe('what the action loads before its first request', () => {
  const loaded = closure('src/main.ts');

  it('is read from the imports: the sandbox decision and the settings are among it', () => {
    for (const module of [
      'src/config/config.ts',
      'src/sandbox/exec-set.ts',
      'src/policy/programs/executes-table.ts',
      'src/policy/decide/patterns.ts',
      'src/agent/loop.ts',
      'node:child_process',
    ]) {
      expect(loaded).toContain(module);
    }
  });

  it.each([
    ['src/policy/programs/index.ts', 'the program specs: the sandbox reads the generated table'],
    ['src/policy/policy.ts', 'the policy: it loads while the first request is out'],
    ['src/shell/session.ts', 'the shell: it starts while the first request is out'],
    ['src/providers/anthropic.ts', 'a provider: only the configured one loads'],
    ['src/providers/vertex.ts', 'a provider: only the configured one loads'],
    ['src/github/client.ts', 'Octokit: only a run that talks to GitHub loads it'],
    ['ajv', 'only a run with output-schema needs it'],
    ['@actions/core', 'the action writes the workflow commands itself'],
    ['@actions/artifact', 'the upload, at the end of the run'],
  ])('leaves out %s (%s)', (module) => {
    expect(loaded).not.toContain(module);
  });
});
