import type { Random } from './random.js';

/*
 * Spelling one argument many ways bash reads as the same word: quoting styles, ANSI-C escapes
 * (octal above \377 too: bash keeps the low byte), backslashes, line continuations, empty quotes,
 * variables, parameter expansions, arrays, command substitution; and two arguments as one brace
 * expansion with quoted elements, or one unquoted variable that splits.
 */

/** Text a rendering needs before the command: variable and array assignments. */
export interface Spelling {
  readonly preludes: string[];
  /** Counter for fresh variable names within one command. */
  next: number;
  /** Which programs the command may use to build a word (echo or printf must be allowed). */
  readonly substitute: 'echo' | 'printf' | undefined;
  /** Only spellings a static reading resolves: no variables, arrays or substitutions. */
  readonly staticOnly?: boolean;
}

const PLAIN_SAFE = /^[A-Za-z0-9_./=:,+%@^-]$/;

export function singleQuoted(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

function doubleQuoted(value: string, random: Random): string {
  let out = '"';
  for (const c of value) {
    if (c === '\\' || c === '"' || c === '$' || c === '`') out += '\\' + c;
    else out += c;
    // A backslash-newline inside double quotes is removed: the word is the same.
    if (random.chance(0.05)) out += '\\\n';
  }
  return out + '"';
}

function plain(value: string, random: Random): string {
  if (value === '') return "''";
  let out = '';
  for (const c of value) {
    out +=
      PLAIN_SAFE.test(c) && !(out === '' && c === '~')
        ? random.chance(0.08)
          ? '\\' + c
          : c
        : '\\' + c;
    if (random.chance(0.04)) out += '\\\n';
    if (random.chance(0.03)) out += random.pick(["''", '""']);
  }
  // A line continuation that ends the word would join it to the next one.
  return out.replace(/\\\n$/, '');
}

function ansiC(value: string, random: Random): string {
  let out = "$'";
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    const style = random.below(6);
    if (byte >= 0x80 || style === 0) out += '\\x' + byte.toString(16).padStart(2, '0');
    else if (style === 1) out += '\\' + byte.toString(8).padStart(3, '0');
    // Bash keeps only the low byte of an octal escape above \377: \455 is '-'.
    else if (style === 2) out += '\\' + (byte + 256).toString(8);
    else if (style === 3) out += '\\u' + byte.toString(16).padStart(4, '0');
    else if (c === "'" || c === '\\') out += '\\' + c;
    else if (c === '\n') out += '\\n';
    else out += c;
  }
  return out + "'";
}

/** One argument, spelled in a randomly chosen way that bash reads as exactly `value`. */
export function spell(value: string, random: Random, spelling: Spelling): string {
  const roll = random.below(16);
  if (roll <= 2) return plain(value, random);
  if (roll <= 4) return singleQuoted(value);
  if (roll <= 6) return doubleQuoted(value, random);
  if (roll <= 8) return ansiC(value, random);
  if (roll <= 10 && value.length >= 2) {
    const cut = 1 + random.below(value.length - 1);
    return spell(value.slice(0, cut), random, spelling) + spell(value.slice(cut), random, spelling);
  }
  if (roll >= 11 && spelling.staticOnly) return singleQuoted(value);
  if (roll === 11) {
    const name = `v${spelling.next++}`;
    spelling.preludes.push(`${name}=${singleQuoted(value)}`);
    return random.pick([
      `"$${name}"`,
      `"\${${name}}"`,
      `"\${${name}%zz}"`,
      `"\${${name}#zz}"`,
      `"\${${name}:-}"`,
      `"\${${name}/zz/}"`,
      `"\${${name}:0}"`,
    ]);
  }
  if (roll === 12) {
    const name = `a${spelling.next++}`;
    spelling.preludes.push(`${name}=(${singleQuoted(value)})`);
    return random.pick([`"\${${name}[0]}"`, `"\${${name}[@]}"`, `"\${${name}[-1]}"`]);
  }
  if (roll === 13 && spelling.substitute === 'printf') {
    return `"$(printf %s ${singleQuoted(value)})"`;
  }
  if (
    roll === 13 &&
    spelling.substitute === 'echo' &&
    !/^-[neE]+$/.test(value) &&
    !value.includes('\\')
  ) {
    return random.chance(0.5)
      ? `"$(echo ${singleQuoted(value)})"`
      : `"\`echo ${singleQuoted(value)}\`"`;
  }
  if (roll === 14 && /^[A-Za-z0-9_./=:,+%@-]+$/.test(value)) {
    // Unquoted and free of glob and split characters: the variable stays one word.
    const name = `u${spelling.next++}`;
    spelling.preludes.push(`${name}=${value}`);
    return random.pick([`$${name}`, `\${${name}}`]);
  }
  return singleQuoted(value);
}

/** Two arguments as one word that bash expands or splits into exactly those two. */
export function spellPair(
  first: string,
  second: string,
  random: Random,
  spelling: Spelling,
): string | undefined {
  const element = (value: string): string =>
    random.pick([
      singleQuoted(value),
      `"${value.replace(/["\\$`]/g, '\\$&')}"`,
      ansiC(value, random),
    ]);
  if (random.chance(0.6)) {
    // Brace expansion with quoted elements: {"-fprint",FILE} is the two words -fprint FILE.
    const plainOrQuoted = (value: string): string =>
      /^[A-Za-z0-9_./=:+%@-]+$/.test(value) && random.chance(0.4) ? value : element(value);
    return `{${plainOrQuoted(first)},${plainOrQuoted(second)}}`;
  }
  if (!spelling.staticOnly && /^[A-Za-z0-9_./=:+%@-]+$/.test(first + second)) {
    // A variable that splits at run time: one word as written, two as run.
    const name = `s${spelling.next++}`;
    spelling.preludes.push(`${name}=${singleQuoted(`${first} ${second}`)}`);
    return `$${name}`;
  }
  return undefined;
}

/** A command's argv, each word spelled at random and sometimes two joined into one word. */
export function spellCommand(argv: readonly string[], random: Random, spelling: Spelling): string {
  const words: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const value = argv[i] as string;
    const next = argv[i + 1];
    if (next !== undefined && i > 0 && random.chance(0.15)) {
      const pair = spellPair(value, next, random, spelling);
      if (pair !== undefined) {
        words.push(pair);
        i++;
        continue;
      }
    }
    // The command name stays a word the policy can read most of the time: a name built from an
    // expansion is refused outright, which tests little.
    words.push(i === 0 && random.chance(0.7) ? value : spell(value, random, spelling));
  }
  return words.join(' ');
}
