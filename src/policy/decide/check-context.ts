import type { CommandPattern, WritePattern } from './patterns.js';
import type { PathResolver } from './paths.js';
import type { RefusalCode } from './refusal.js';
import { GUARD_NAME_WHY, namesGuardVariable } from '../read/guards.js';
import type { BashParser } from '../syntax/tree-sitter.js';
import type { Word } from '../read/words.js';

/* What the command check and the write check share. */

export interface Failure {
  readonly code: RefusalCode;
  readonly offender: string;
  readonly where: readonly string[];
  readonly why: string;
  /** Which patterns to list: those of this program, the write patterns, or all. */
  readonly suggest: { readonly program?: string; readonly writes?: boolean };
}

/** What a check reads of the loaded policy. */
export interface PolicyRules {
  readonly parser: BashParser;
  readonly allowCommands: readonly CommandPattern[];
  readonly denyCommands: readonly CommandPattern[];
  readonly allowWrites: readonly WritePattern[];
  readonly denyWrites: readonly WritePattern[];
  readonly workingDirectory: string;
  readonly realWorkingDirectory: string;
  readonly checkedFunctions: Set<string>;
  readonly universal: boolean;
  readonly resolver: PathResolver;
}

/** What replaces the words and heredocs of one script that carry shell text, once it is checked. */
export interface Level {
  readonly words: Map<Word, string>;
  readonly inputs: Map<object, string>;
}

/** A refusal of text that names a guard's variable (see guards.ts), or undefined. */
export function guardNameFailure(text: string, where: readonly string[]): Failure | undefined {
  if (!namesGuardVariable(text)) return undefined;
  return { code: 'frame-name', offender: text, where, why: GUARD_NAME_WHY, suggest: {} };
}
