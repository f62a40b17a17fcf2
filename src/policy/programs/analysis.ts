import type { Stdin } from '../read/walk-state.js';
import type { Word } from '../read/words.js';
import type { ProgramLookup } from './spec.js';

/**
 * Something a command does beyond what matching its words shows: an option that writes a file or
 * runs a program, or something that cannot be known statically.
 */
export interface Danger {
  /** Index, in the command's words, of the word that carries it. */
  readonly index: number;
  /**
   * How many leading characters of that word an allow pattern must spell out literally to allow it
   * (`2` for `-o`, `3` for the `o` in `-no`). 0: no pattern can allow it by spelling.
   */
  readonly spell: number;
  /** Why it is refused, as a phrase: `writes a file (-o)`. */
  readonly why: string;
  /**
   * option: allowed when a pattern spells it out, or by the single pattern `*`.
   * code: code the policy cannot read (python -c, awk system()); allowed only when a pattern spells
   *   it out, not by `*`.
   * unresolvable: what runs cannot be known statically; never allowed.
   */
  readonly severity: 'option' | 'code' | 'unresolvable';
}

/** A command that a program runs with words from its own argv (env, find -exec, xargs…). */
export interface InnerCommand {
  readonly words: readonly Word[];
  /** Indices, in the outer command's words, of the words the inner command is made of. */
  readonly from: readonly number[];
  /** For messages: `run by env`. */
  readonly where: string;
  /** Stdin the inner command reads, when it differs from the outer one's. */
  readonly stdin?: Stdin;
  /**
   * Index, in the outer command's words, of the word the print follows with `--`: the inner
   * command was checked with `--` there (`xargs sed -n 1p --`), so the words it is handed at run
   * time are its operands, never its options.
   */
  readonly endsOptionsAfter?: number;
}

/** Shell text a program runs (bash -c, eval, trap, a heredoc fed to a shell). */
export interface InnerScript {
  readonly text: string;
  readonly where: string;
  /** Index of the word holding the text, when it is one word. */
  readonly index: number | undefined;
  readonly stdin?: Stdin;
  /** Runs later (trap, alias), possibly in a later call. */
  readonly deferred?: boolean;
  /**
   * May run while bash reads its next line from the session's channel (a signal trap fires between
   * calls, and bash runs it with the channel as its standard input): printed with standard input
   * from /dev/null, as every command's is.
   */
  readonly betweenCalls?: boolean;
}

/** A variable a builtin sets (read, printf -v, declare, export…). */
export interface VariableSet {
  readonly index: number;
  readonly name: string;
  /** Exported to the environment of later programs. */
  readonly exported: boolean;
  /** How many characters of the word a pattern must spell out to allow a non-inert name. */
  readonly spell: number;
  /** The value assigned, when the word shows it (`NAME=value`). */
  readonly value?: Word;
}

/** A file a program writes because an option or operand names it (`sort -o FILE`, `sed -i FILE`). */
export interface OptionWrite {
  /** Index of the word holding the option (or the operand). */
  readonly index: number;
  /** Characters of that word a pattern must spell out to allow the write without a write pattern. */
  readonly spell: number;
  /** For messages: `-o`, `-i`. */
  readonly option: string;
  readonly target: Word;
  /**
   * An operand a program creates, changes, moves, links or deletes (cp's destination, rm's files):
   * its own pattern (`cp *`) allows that anywhere but inside `.git/`, so only that is checked,
   * against the write patterns that name `.git/`.
   */
  readonly gitOnly?: boolean;
}

/**
 * A command name a later call may use to run something else (`alias del=rm`, `hash -p /bin/rm del`):
 * `text` is the shell text that name will stand for; undefined when it is only known at run time.
 */
export interface Rename {
  readonly index: number;
  readonly text: string | undefined;
}

/**
 * A program argument built from variables (`sed "s/$OLD/$NEW/"`) whose reading is safe whatever the
 * variables hold, provided none holds one of `forbidden`: the print checks that when it runs
 * (guards.ts), in place of a refusal.
 */
export interface RuntimeCheck {
  /** Index of the word, in the command's words. */
  readonly index: number;
  readonly variables: readonly string[];
  readonly forbidden: string;
  /** For the message: `sed script`. */
  readonly what: string;
}

export interface Analysis {
  readonly dangers: Danger[];
  readonly inner: InnerCommand[];
  readonly scripts: InnerScript[];
  readonly variables: VariableSet[];
  readonly writes: OptionWrite[];
  readonly renames: Rename[];
  /** Words checked when they run instead of refused (see RuntimeCheck). */
  runtimeChecks?: RuntimeCheck[];
  /** The command changes the shell's directory (cd, pushd, popd); undefined target: unknown. */
  readonly changesDirectory?: { readonly target: Word | undefined };
}

export function emptyAnalysis(): Analysis {
  return { dangers: [], inner: [], scripts: [], variables: [], writes: [], renames: [] };
}

export interface AnalysisContext {
  readonly stdin: Stdin;
}

/** What an analyser is given besides the words: the command's input, and the other programs. */
export interface ProgramContext extends AnalysisContext {
  readonly programs: ProgramLookup;
}

/** Analyses one program's words (words[0] is the program as written). */
export type Analyzer = (words: readonly Word[], context: ProgramContext) => Analysis;

export function optionDanger(index: number, spell: number, why: string): Danger {
  return { index, spell, why, severity: 'option' };
}

export function codeDanger(index: number, spell: number, why: string): Danger {
  return { index, spell, why, severity: 'code' };
}

export function unresolvable(index: number, why: string): Danger {
  return { index, spell: 0, why, severity: 'unresolvable' };
}
