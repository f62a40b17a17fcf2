/*
 * What the session's frame (src/shell/frame.ts) relies on, and the checks that keep a command off it.
 * They hold wherever the policy reads a command (any allowlist, and `*` with deny patterns), whatever
 * the patterns say: no pattern can allow them, since the session's own integrity rests on them.
 */
import type { RefusalCode } from './decide/refusal.js';
import { mayBeOption, type Word } from './read/words.js';

/**
 * The builtins the session's frame runs around each command: it calls `\builtin return`, `\builtin
 * exit`, `\builtin cd`, `\builtin eval`, `\builtin printf` (which writes the end), and `\builtin
 * unset` and `\builtin read` (which take a long text in bulk). The backslash stops aliases, but a function named
 * `builtin` would shadow it (an alias of one of these names would name the function a definition
 * defines), and `enable -n`/`-d`/`-f` would remove or replace any of them: `builtin NAME` finds only
 * enabled builtins, so `enable -n return` breaks `\builtin return` as surely as `enable -n builtin`.
 * A command may therefore neither define a function by one of these names nor disable or load one.
 * The shell imports this list; the frame must call no other name a command could change.
 */
export const FRAME_NAMES = [
  'builtin',
  'cd',
  'eval',
  'exit',
  'printf',
  'read',
  'return',
  'unset',
] as const;

export type FrameName = (typeof FRAME_NAMES)[number];

export function isFrameName(name: string): name is FrameName {
  return (FRAME_NAMES as readonly string[]).includes(name);
}

/**
 * The reserved words the frame's line has where bash looks for a command name: `{` and `}` around
 * the command and the frame's own commands, and `[[` for the directory check. bash expands an alias
 * there before it sees the keyword (once `shopt -s expand_aliases` is on), so an alias by one of these
 * names would rewrite the frame's line itself.
 */
export const FRAME_KEYWORDS = ['{', '}', '[['] as const;

/**
 * The highest descriptor a command may name. bash keeps the copies it saves while a command runs at
 * 10 and up (the frame's channel among them), and the frame's own descriptors are higher still.
 */
export const MAX_COMMAND_DESCRIPTOR = 9;

export type FrameCode = Extract<RefusalCode, 'frame-name' | 'frame-descriptor'>;

export function isFrameCode(code: RefusalCode): code is FrameCode {
  return code === 'frame-name' || code === 'frame-descriptor';
}

export interface FrameIssue {
  readonly code: FrameCode;
  readonly why: string;
}

/**
 * A descriptor written in decimal digits (as bash reads `N>`, `>&N`, `<&N-`) that belongs to the
 * frame: above 9, leading zeros or not.
 */
export function isFrameDescriptor(digits: string): boolean {
  const value = digits.replace(/^0+(?=.)/, '');
  return value.length > 1 || Number(value) > MAX_COMMAND_DESCRIPTOR;
}

export function descriptorWhy(descriptor: string): string {
  return `names descriptor ${descriptor}; descriptors above ${MAX_COMMAND_DESCRIPTOR} belong to the session's frame`;
}

export const EXPANDED_DESCRIPTOR_WHY =
  "duplicates or closes a descriptor given by an expansion, which could be one of the session's frame (descriptors above 9); write the number";

export const VARIABLE_DESCRIPTOR_WHY =
  "has bash allocate a descriptor into a variable ({name}>…), above 9, where the session's frame keeps its own; write a number from 0 to 9";

export const XTRACE_FD_WHY =
  "names BASH_XTRACEFD, which makes bash write its trace to a descriptor, possibly one of the session's frame (above 9)";

/**
 * Whether `before` (the text up to a redirection operator, or its last few hundred characters) ends
 * in `{NAME}` or `{NAME[…]}` as a word of its own: bash then allocates a descriptor and stores its
 * number in NAME (`exec {fd}>file`).
 */
export function endsInVariableDescriptor(before: string): boolean {
  return /(?:^|[\s;&|()<>])\{[A-Za-z_][A-Za-z0-9_]*(?:\[[^\n]*\])?\}$/.test(before);
}

/**
 * Why a command (its words after quote removal) touches what the frame relies on, or undefined: an
 * `enable` that disables or loads a frame name, an `alias` that would make a definition define one,
 * `read`/`mapfile -u` from a descriptor above 9, or naming BASH_XTRACEFD.
 */
export function frameCommandIssue(words: readonly Word[]): FrameIssue | undefined {
  const named = words.find((w) => w.literal && /\bBASH_XTRACEFD\b/.test(w.text));
  if (named) {
    return { code: 'frame-descriptor', why: XTRACE_FD_WHY };
  }
  const name = words[0];
  if (!name?.literal) return undefined;
  switch (name.text) {
    case 'enable':
      return enableIssue(words);
    case 'read':
      return readIssue(words, 'adinNptu');
    case 'mapfile':
    case 'readarray':
      return readIssue(words, 'dunOsCc');
    case 'alias':
      return aliasIssue(words);
    default:
      return undefined;
  }
}

interface BuiltinScan {
  readonly letters: ReadonlySet<string>;
  readonly values: ReadonlyMap<string, Word | string | undefined>;
  /** Words bash reads as operands; a word that may be an option but is unknown is here too. */
  readonly operands: readonly Word[];
  /** A word in option position whose value is unknown: it may be any option. */
  readonly unknownOption: boolean;
}

/** Reads a builtin's words the way bash's internal_getopt does: options first, up to `--`. */
function scanBuiltin(words: readonly Word[], withValue: string): BuiltinScan {
  const letters = new Set<string>();
  const values = new Map<string, Word | string | undefined>();
  const operands: Word[] = [];
  let unknownOption = false;
  let ended = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (ended || !mayBeOption(word) || (word.literal && word.text === '-')) {
      ended = true;
      operands.push(word);
      continue;
    }
    if (!word.literal) {
      unknownOption = true;
      operands.push(word);
      continue;
    }
    if (word.text === '--') {
      ended = true;
      continue;
    }
    for (let k = 1; k < word.text.length; k++) {
      const letter = word.text[k] as string;
      letters.add(letter);
      if (!withValue.includes(letter)) continue;
      if (k + 1 < word.text.length) values.set(letter, word.text.slice(k + 1));
      else values.set(letter, words[++i]);
      break;
    }
  }
  return { letters, values, operands, unknownOption };
}

/** `enable -n`, `-d` or `-f` on a frame name, or on a name or option known only at run time. */
function enableIssue(words: readonly Word[]): FrameIssue | undefined {
  const scan = scanBuiltin(words, 'f');
  const disables =
    scan.unknownOption || scan.letters.has('n') || scan.letters.has('d') || scan.letters.has('f');
  if (!disables) return undefined;
  const target = scan.operands.find((w) => !w.literal || isFrameName(w.text));
  if (!target) return undefined;
  const which = target.literal ? target.text : `'${target.source}'`;
  return {
    code: 'frame-name',
    why: `disables or replaces ${which}${target.literal ? '' : ' (known only at run time)'}, a name the session's frame relies on, which cannot be redefined or disabled`,
  };
}

/** `read -u FD` or `mapfile -u FD` with FD above 9 or known only at run time. */
function readIssue(words: readonly Word[], withValue: string): FrameIssue | undefined {
  const scan = scanBuiltin(words, withValue);
  if (scan.unknownOption) {
    return {
      code: 'frame-descriptor',
      why: `has a word in option position known only at run time, which could be -u with a descriptor of the session's frame (above 9)`,
    };
  }
  if (!scan.letters.has('u')) return undefined;
  const value = scan.values.get('u');
  const text = typeof value === 'string' ? value : value?.literal ? value.text : undefined;
  if (text === undefined) {
    return value === undefined
      ? undefined
      : {
          code: 'frame-descriptor',
          why: `reads a descriptor known only at run time (-u), which could be one of the session's frame (above 9)`,
        };
  }
  // bash reads the number with legal_number: blanks around it and a sign are accepted.
  const number = /^\s*\+?(\d+)[ \t]*$/.exec(text)?.[1];
  if (number === undefined || !isFrameDescriptor(number)) return undefined;
  return {
    code: 'frame-descriptor',
    why: `reads descriptor ${number} (-u); descriptors above ${MAX_COMMAND_DESCRIPTOR} belong to the session's frame`,
  };
}

/**
 * `alias NAME=VALUE` where NAME is one of FRAME_KEYWORDS (the alias would rewrite the frame's line),
 * or VALUE starts with a frame name (a later definition `NAME() {…}` would define that name: bash
 * expands aliases in the name of a function definition).
 */
function aliasIssue(words: readonly Word[]): FrameIssue | undefined {
  for (const word of words.slice(1)) {
    if (!word.literal) continue;
    const eq = word.text.indexOf('=');
    if (eq < 0) continue;
    const name = word.text.slice(0, eq);
    if ((FRAME_KEYWORDS as readonly string[]).includes(name)) {
      return {
        code: 'frame-name',
        why: `defines an alias named ${name}, a keyword the session's frame is written with`,
      };
    }
    const first = word.text
      .slice(eq + 1)
      .replace(/['"\\]/g, '')
      .trim()
      .split(/\s+/)[0];
    if (first !== undefined && isFrameName(first)) {
      return {
        code: 'frame-name',
        why: `defines an alias for ${first}, a name the session's frame relies on, which cannot be redefined (a function definition would define it)`,
      };
    }
  }
  return undefined;
}

/**
 * Text the parser could not read (run as it is under `*` with deny patterns) that looks as if it
 * could define or disable a frame name or use a frame descriptor: refused rather than run unread.
 */
export function frameMention(text: string): FrameIssue | undefined {
  const names = FRAME_NAMES.join('|');
  if (
    new RegExp(`(^|[^\\w./-])(${names})\\s*\\(\\s*\\)|\\bfunction\\s+(${names})\\b`).test(text) ||
    (/\benable\b/.test(text) && new RegExp(`\\b(${names})\\b`).test(text)) ||
    new RegExp(`\\balias\\b[^\\n]*=\\s*['"]?\\s*(${names})\\b`).test(text) ||
    /\balias\b[^\n]*(?:^|[\s'"\\])(?:\{|\}|\[\[)['"]?=/.test(text)
  ) {
    return {
      code: 'frame-name',
      why: "could not be parsed as bash, and may redefine or disable a name the session's frame relies on",
    };
  }
  if (
    /[<>]&\s*['"]?(\d{2,}|\$|\{)|(^|[\s;&|()])\d{2,}(<|>)|\}(<|>)|\bBASH_XTRACEFD\b|\b(read|mapfile|readarray)\b[^\n]*\s-\w*u/.test(
      text,
    )
  ) {
    return {
      code: 'frame-descriptor',
      why: "could not be parsed as bash, and may use a descriptor of the session's frame (above 9)",
    };
  }
  return undefined;
}
