import { isAbsolute, relative, resolve, sep } from 'node:path';
import type { Failure, Level, PolicyRules } from './check-context.js';
import { homeWriteAllowed, parsePattern, writeAllowed, type WritePattern } from './patterns.js';
import type { RefusalCode } from './refusal.js';
import { guardableTarget, guardedWriteTarget } from '../read/guards.js';
import type { Redirect, Scope } from '../read/parse.js';
import { PrintError, render } from '../read/print.js';
import type { OptionWrite } from '../programs/analysis.js';
import type { Word } from '../read/words.js';

const ALWAYS_WRITABLE = new Set(['/dev/null', '/dev/stdout', '/dev/stderr']);
const MAX_DIRECTORIES = 16;
/** `> **`: any path outside `.git/`, which is what a program's own pattern allows it to change. */
const ANY_PATH_BUT_GIT = parsePattern('> **', 'the operands of an allowed program') as WritePattern;

export interface PendingWrite {
  readonly redirect: Redirect;
  readonly scope: Scope;
  /** Where the command writing it starts in the checked text. */
  readonly start: number;
  /** Directories the program itself moves through before writing (`git -C A -C B`). */
  readonly via?: readonly string[];
  /** Written where only deny patterns apply (under `*`, or by a shell allowed to run anything). */
  readonly anywhere: boolean;
  /** Allowed anywhere but inside `.git/` (an operand cp or rm changes: see OptionWrite). */
  readonly gitOnly?: boolean;
}

/** At the top level of the checked text: not in a loop, function, subshell or deferred text. */
function runsOnceInOrder(scope: Scope): boolean {
  return scope.where.length === 0 && !scope.repeats && !scope.deferred;
}

interface DirectoryChange {
  readonly target: Word | undefined;
  readonly scope: Scope;
  readonly source: string;
  readonly start: number;
}

/** Where a top-level command sits in the checked text. */
interface Span {
  readonly start: number;
  readonly end: number;
}

/**
 * The write half of one call of `check`: collects the files the text writes (redirections, and
 * options that name a file) and where the shell may be when each is written, then checks each
 * against the write patterns once the whole text is read.
 */
export class WriteCheck {
  private readonly writes: PendingWrite[] = [];
  private readonly directoryChanges: DirectoryChange[] = [];
  private readonly topLevel: Span[] = [];
  /** The resolver was asked: the decision depends on the file system, not only on the text. */
  consultedFiles = false;

  constructor(
    private readonly policy: PolicyRules,
    private readonly cwd: string,
    private readonly text: string,
  ) {}

  /** Where a top-level command sits in the text, for `cd DIR && … > FILE`. */
  noteTopLevel(span: Span): void {
    this.topLevel.push(span);
  }

  /** A command that changes the shell's directory, before the writes after it. */
  changeDirectory(change: DirectoryChange): void {
    this.directoryChanges.push(change);
  }

  get changeCount(): number {
    return this.directoryChanges.length;
  }

  /** Forgets the changes after the first `count` (git -C moves git, not the shell). */
  forgetChangesAfter(count: number): void {
    this.directoryChanges.length = count;
  }

  private realPath(path: string): string {
    this.consultedFiles = true;
    return this.policy.resolver.realPath(path);
  }

  /**
   * A write to check once the whole text is read (checkWrites), or, when its target is built from
   * variables a guard can check (guardableTarget) under an allowlist, checked where it runs: its
   * word is printed behind a guard that matches the expanded path against the same write patterns.
   */
  note(level: Level, write: PendingWrite): void {
    const target = write.redirect.target;
    // A file cp or rm changes in code that runs later (a trap's `rm -f tmp/x`), or after a `cd` to
    // a directory known only then, is in whatever directory the shell is in when it runs: checked
    // there, by the same guard.
    const later =
      write.gitOnly === true &&
      target?.literal === true &&
      !target.tilde &&
      !isAbsolute(target.text) &&
      (write.scope.deferred || this.directories().unknown !== undefined);
    if (write.anywhere || !target || !(later || guardableTarget(target)) || write.via) {
      this.writes.push(write);
      return;
    }
    let printed: string;
    try {
      printed = render([{ word: target }], level);
    } catch (error) {
      if (!(error instanceof PrintError)) throw error;
      this.writes.push(write);
      return;
    }
    level.words.set(
      target,
      guardedWriteTarget(
        printed,
        write.redirect.source,
        write.gitOnly
          ? {
              realWorkingDirectory: this.policy.realWorkingDirectory,
              allow: [ANY_PATH_BUT_GIT, ...this.policy.allowWrites.filter((p) => p.namesGit)],
              deny: [],
            }
          : {
              realWorkingDirectory: this.policy.realWorkingDirectory,
              allow: this.policy.allowWrites,
              deny: this.policy.denyWrites,
            },
        write.gitOnly === true,
      ),
    );
  }

  check(): Failure | undefined {
    const { directories, unknown } = this.directories();
    for (const write of this.writes) {
      // A top-level write before every change of directory, each at top level too, is made where
      // the text starts (`cat > lib.sh <<EOF … EOF; source ./lib.sh`).
      const first =
        runsOnceInOrder(write.scope) &&
        this.directoryChanges.every((c) => runsOnceInOrder(c.scope) && c.start > write.start);
      if (first) {
        const failure = this.checkWrite(write, [this.cwd], undefined);
        if (failure) return failure;
        continue;
      }
      const failure = this.checkWrite(write, this.directoriesFor(write) ?? directories, unknown);
      if (failure) return failure;
    }
    return undefined;
  }

  /** The directories the shell may be in when a redirection runs, given the cd commands seen. */
  private directories(): { directories: string[]; unknown: string | undefined } {
    let directories = [this.cwd];
    for (const change of this.directoryChanges) {
      const target = change.target;
      if (!target || !target.literal || target.tilde || target.text === '-') {
        return { directories, unknown: `'${change.source}'` };
      }
      if (isAbsolute(target.text)) {
        directories.push(resolve(target.text));
      } else if (change.scope.repeats) {
        return { directories, unknown: `'${change.source}' in a loop` };
      } else {
        // The cd may fail, so the old directories stay possible.
        directories = [
          ...new Set([...directories, ...directories.map((d) => resolve(d, target.text))]),
        ];
      }
      if (directories.length > MAX_DIRECTORIES)
        return { directories, unknown: `'${change.source}'` };
    }
    return { directories, unknown: undefined };
  }

  /**
   * `cd DIR && … > FILE`: the write runs only if the cd succeeded, so FILE is in DIR alone. Read
   * from the text between top-level commands, and only when that cd is the one directory change:
   * anything less plain falls back to every directory the shell may be in.
   */
  private directoriesFor(write: PendingWrite): string[] | undefined {
    if (this.directoryChanges.length !== 1) return undefined;
    const change = this.directoryChanges[0] as DirectoryChange;
    const target = change.target;
    if (!target?.literal || target.tilde || target.text === '-' || target.text === '') return;
    if (change.scope.where.length > 0 || change.scope.repeats || change.scope.deferred) return;
    const spans = [...this.topLevel].sort((a, b) => a.start - b.start);
    const from = spans.findIndex((s) => s.start === change.start);
    const to = spans.findIndex((s) => s.start === write.start);
    if (from < 0 || to <= from) return undefined;
    // The cd runs whenever its list runs: first in it, or after `&&` (`a && cd d` is true only
    // when the cd ran and succeeded); after `||` it may be skipped while the rest still runs.
    const before = this.text.slice(from > 0 ? (spans[from - 1] as Span).end : 0, change.start);
    if (!/(^|;|&&|\n)\s*$/.test(before) || /\|\|\s*$/.test(before)) return undefined;
    for (let i = from; i < to; i++) {
      const gap = this.text.slice((spans[i] as Span).end, (spans[i + 1] as Span).start);
      // Nothing but blanks between two spans: the second is the first one's redirection (a newline
      // would separate two commands).
      const joined = gap.replace(/\\\n/g, '').replace(/[ \t]/g, '');
      if (!/^(&&\n*)?$/.test(joined)) return undefined;
    }
    return [resolve(this.cwd, target.text)];
  }

  private checkWrite(
    write: PendingWrite,
    directories: string[],
    unknown: string | undefined,
  ): Failure | undefined {
    const { redirect, scope } = write;
    const universal = write.anywhere;
    const target = redirect.target;
    const fail = (code: RefusalCode, why: string): Failure => ({
      code,
      offender: redirect.source,
      where: scope.where,
      why,
      suggest: { writes: true },
    });
    // Under `*` writes are allowed everywhere; what cannot be read runs.
    if (!target || !target.literal) {
      if (universal) return undefined;
      const glob = write.gitOnly && target ? globReachesGit(target) : undefined;
      if (glob === false) return undefined;
      if (glob)
        return fail(
          'write-into-git',
          `changes the files '${target?.source ?? ''}' matches, which may be .git, and only a pattern naming .git/ allows that`,
        );
      return target
        ? fail(
            'write-target-unknown',
            `writes to a file whose name is only known at run time ('${target.source}')`,
          )
        : fail('write-target-unknown', 'writes to a file the policy could not identify');
    }
    const text = target.text;
    if (ALWAYS_WRITABLE.has(text)) return undefined;
    if (target.tilde && write.gitOnly) {
      // A home directory is not the checkout; `~/x` resolves outside it unless ~ is inside it.
      if (!GIT_SEGMENT.test(text)) return undefined;
      return fail(
        'write-into-git',
        `changes ${text}, inside .git/, which only a pattern naming .git/ allows`,
      );
    }
    if (target.tilde) {
      if (text !== '~' && !text.startsWith('~/'))
        return universal
          ? undefined
          : fail('write-not-allowed', `writes to another user's home directory`);
      const normalized = '~/' + relative('/', resolve('/', text.slice(1)));
      if (this.policy.denyWrites.some((p) => homeWriteAllowed(p, normalized)))
        return fail('write-not-allowed', `writes ${text}, which a denied pattern covers`);
      if (universal || this.policy.allowWrites.some((p) => homeWriteAllowed(p, normalized)))
        return undefined;
      return fail('write-not-allowed', `writes ${text}, which no '> PATH' pattern allows`);
    }
    let paths: string[];
    if (isAbsolute(text)) {
      paths = [resolve(text)];
    } else if (unknown) {
      if (universal) return undefined;
      return fail(
        'write-target-unknown',
        `writes '${text}' after ${unknown}, so the policy cannot tell which directory it is in`,
      );
    } else {
      paths = directories.map((d) => resolve(d, ...(write.via ?? []), text));
    }
    for (const path of paths) {
      if (ALWAYS_WRITABLE.has(path)) continue;
      const real = this.realPath(path);
      const shown = displayPath(path, this.policy.workingDirectory);
      const denied = this.policy.denyWrites.some(
        (p) =>
          writeAllowed(p, path, this.policy.workingDirectory) ||
          writeAllowed(p, real, this.policy.realWorkingDirectory),
      );
      const git = GIT_SEGMENT.test(path) || GIT_SEGMENT.test(real);
      if (write.gitOnly && !git) continue;
      if (denied)
        return fail('write-not-allowed', `writes ${shown}, which a denied pattern covers`);
      if (universal) continue;
      const allowed = this.policy.allowWrites.some(
        (p) =>
          writeAllowed(p, path, this.policy.workingDirectory) &&
          writeAllowed(p, real, this.policy.realWorkingDirectory),
      );
      if (!allowed) {
        return fail(
          git ? 'write-into-git' : 'write-not-allowed',
          git
            ? `${write.gitOnly ? 'changes' : 'writes'} ${shown}, inside .git/, which only a pattern naming .git/ allows`
            : `writes ${shown}, which no '> PATH' pattern allows`,
        );
      }
    }
    if (scope.deferred && !universal && !isAbsolute(text)) {
      // A function body or trap runs in whatever directory the shell is in when it is called: the
      // write was allowed here, where it is defined, which says nothing about there.
      return fail(
        'write-target-unknown',
        `writes '${text}' in code that runs later (a function body or trap), where the directory is only known then; use an absolute path`,
      );
    }
    return undefined;
  }
}

/** A file an option names, as the redirection it amounts to. */
export function optionRedirect(write: OptionWrite): Redirect {
  return {
    kind: 'write',
    operator: write.option,
    target: write.target,
    source: `${write.option} ${write.target.source}`,
  };
}

/** A `.git` path segment, any case, with either separator. */
const GIT_SEGMENT = /(^|[/\\])\.git([/\\]|$)/i;

/**
 * For a word whose only unknown parts are glob characters (`build/*.o`), whether one of its
 * segments can match `.git` (bash's globs match a leading dot only when it is written); undefined
 * for any other word (quotes, expansions and extended globs are not read here).
 */
function globReachesGit(word: Word): boolean | undefined {
  if (/[$`{}\\'"()]/.test(word.source)) return undefined;
  return word.source.split('/').some((segment) => {
    if (!segment.startsWith('.')) return false;
    const regex = segment.replace(/\[[^\]]*\]|[\s\S]/g, (part) =>
      part === '*'
        ? '.*'
        : part === '?' || part.length > 1
          ? '.'
          : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    );
    return new RegExp(`^${regex}$`, 'i').test('.git');
  });
}

function displayPath(path: string, workingDirectory: string): string {
  const rel = relative(workingDirectory, path);
  return rel === ''
    ? '.'
    : rel.startsWith('..') || isAbsolute(rel)
      ? path
      : rel.split(sep).join('/');
}
