/*
 * Readers for the little languages of sed and awk, just deep enough to find the commands that run
 * programs or write files. Anything they cannot read is reported as a danger too.
 */

const QUIET_TARGETS = new Set(['/dev/stdout', '/dev/stderr']);

/** sed commands that take nothing after them, or a number (`q5`), or a label (`b end`). */
const SED_PLAIN = new Set('{=dDgGhHnNpPxzF');
const SED_COUNTED = new Set('lLqQ');
const SED_LABELLED = new Set(':btTv');

/** Reads one sed script, command by command; `i` is where it stands. */
class SedReader {
  i = 0;
  readonly dangers: string[] = [];

  constructor(
    private readonly s: string,
    private readonly commands: string[],
  ) {}

  private peek(): string {
    return this.s[this.i] ?? '';
  }

  restOfLine(): string {
    let end = this.s.indexOf('\n', this.i);
    if (end < 0) end = this.s.length;
    const text = this.s.slice(this.i, end);
    this.i = end;
    return text.trim();
  }

  skipBlanks(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.i++;
  }

  /** Reads up to an unescaped delimiter; false when there is none. */
  private delimited(delimiter: string): boolean {
    const s = this.s;
    for (; this.i < s.length; this.i++) {
      if (s[this.i] === '\\') {
        this.i++;
        continue;
      }
      if (s[this.i] === delimiter) {
        this.i++;
        return true;
      }
      if (s[this.i] === '\n' && delimiter !== '\n') return false;
    }
    return false;
  }

  /** A line number, `$`, or a regular expression; false when it cannot be read. */
  private address(): boolean {
    if (/[0-9]/.test(this.peek())) {
      while (/[0-9~]/.test(this.peek())) this.i++;
    } else if (this.peek() === '$') {
      this.i++;
    } else if (this.peek() === '/' || this.peek() === '\\') {
      let delimiter = '/';
      if (this.peek() === '\\') {
        this.i++;
        delimiter = this.peek();
      }
      this.i++;
      if (!this.delimited(delimiter)) return false;
      while (this.peek() === 'I' || this.peek() === 'M') this.i++;
    }
    return true;
  }

  /** The address or range before a command; false when it cannot be read. */
  addresses(): boolean {
    if (!this.address()) return false;
    this.skipBlanks();
    if (this.peek() === ',') {
      this.i++;
      this.skipBlanks();
      if (this.peek() === '+' || this.peek() === '~') this.i++;
      if (!this.address()) return false;
      this.skipBlanks();
    }
    while (this.peek() === '!' || this.peek() === ' ' || this.peek() === '\t') this.i++;
    return true;
  }

  /** Reads the command `command` (already passed); a phrase when the script cannot be read. */
  command(command: string): string | undefined {
    if (SED_PLAIN.has(command)) return undefined;
    if (SED_COUNTED.has(command)) {
      this.skipBlanks();
      while (/[0-9]/.test(this.peek())) this.i++;
      return undefined;
    }
    if (SED_LABELLED.has(command)) {
      // GNU sed ends a label at white space as well as at `;` (`:a e touch x` runs `e`): read
      // the shortest label, so whatever follows is checked as commands.
      this.skipBlanks();
      while (this.i < this.s.length && !/[\s;]/.test(this.peek())) this.i++;
      return undefined;
    }
    switch (command) {
      case 'a':
      case 'i':
      case 'c':
        // Text runs to the end of the line, continued by a trailing backslash.
        while (this.restOfLine().endsWith('\\') && this.i < this.s.length) this.i++;
        return undefined;
      case 'r':
      case 'R':
        this.restOfLine();
        return undefined;
      case 'w':
      case 'W':
        this.write(`sed ${command}`);
        return undefined;
      case 'e': {
        const text = this.restOfLine();
        if (text !== '') this.commands.push(text);
        this.dangers.push('runs a program (sed e)');
        return undefined;
      }
      case 's':
        return this.substitution();
      case 'y':
        return this.twoFields() ? undefined : 'has a sed y command the policy could not read';
      default:
        return `has a sed command the policy does not know (${JSON.stringify(command)})`;
    }
  }

  /** `w FILE`, as a command or a flag of `s`: a danger unless FILE is standard output or error. */
  private write(what: string): void {
    const target = this.restOfLine();
    if (!QUIET_TARGETS.has(target)) this.dangers.push(`writes a file (${what} ${target})`);
  }

  /** The two delimited fields of `s` and `y`, after the delimiter they choose. */
  private twoFields(): boolean {
    const delimiter = this.peek();
    if (delimiter === '' || delimiter === '\n' || delimiter === '\\') return false;
    this.i++;
    return this.delimited(delimiter) && this.delimited(delimiter);
  }

  private substitution(): string | undefined {
    if (!this.twoFields()) return 'has a sed s command the policy could not read';
    while (this.i < this.s.length && /[gpiImMe0-9w]/.test(this.peek())) {
      const flag = this.peek();
      this.i++;
      if (flag === 'e') this.dangers.push('runs a program (sed s///e)');
      if (flag === 'w') {
        this.write('sed s///w');
        break;
      }
    }
    return undefined;
  }
}

/**
 * What in a sed script runs a program or writes a file, as phrases; empty when nothing does. The
 * text of each `e COMMAND` goes to `commands`, so what the policy can see of it is checked too.
 */
export function sedScriptDangers(script: string, commands: string[] = []): string[] {
  const reader = new SedReader(script, commands);
  while (reader.i < script.length) {
    const c = script[reader.i] as string;
    if (/[\s;]/.test(c) || c === '}') {
      reader.i++;
      continue;
    }
    if (c === '#') {
      reader.restOfLine();
      continue;
    }
    if (!reader.addresses()) return ['has a sed address the policy could not read'];
    const command = script[reader.i] ?? '';
    reader.i++;
    const unreadable = reader.command(command);
    if (unreadable) return [unreadable];
  }
  return reader.dangers;
}

type AwkToken = { kind: 'name' | 'number' | 'string' | 'regex' | 'op' | 'newline'; text: string };

/** Keywords after which a `/` starts a regular expression rather than a division. */
const AWK_REGEX_AFTER_NAMES = new Set(['print', 'printf', 'return', 'in', 'case', 'getline']);

function tokenizeAwk(program: string): AwkToken[] | undefined {
  const tokens: AwkToken[] = [];
  const s = program;
  let i = 0;
  const previousAllowsRegex = (): boolean => {
    const last = tokens[tokens.length - 1];
    if (!last) return true;
    if (last.kind === 'name') return AWK_REGEX_AFTER_NAMES.has(last.text);
    if (last.kind === 'number' || last.kind === 'string' || last.kind === 'regex') return false;
    if (last.kind === 'op')
      return !(
        last.text === ')' ||
        last.text === ']' ||
        last.text === '$' ||
        last.text === '++' ||
        last.text === '--'
      );
    return true;
  };
  while (i < s.length) {
    const c = s[i] as string;
    if (c === ' ' || c === '\t' || c === '\r') {
      i++;
    } else if (c === '\\' && s[i + 1] === '\n') {
      i += 2;
    } else if (c === '\n') {
      tokens.push({ kind: 'newline', text: '\n' });
      i++;
    } else if (c === '#') {
      while (i < s.length && s[i] !== '\n') i++;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < s.length && s[j] !== '"'; j++) if (s[j] === '\\') j++;
      if (j >= s.length) return undefined;
      tokens.push({ kind: 'string', text: s.slice(i + 1, j) });
      i = j + 1;
    } else if (c === '/' && previousAllowsRegex()) {
      let j = i + 1;
      let bracket = false;
      for (; j < s.length; j++) {
        if (s[j] === '\\') j++;
        else if (s[j] === '[') bracket = true;
        else if (s[j] === ']') bracket = false;
        else if (s[j] === '/' && !bracket) break;
        else if (s[j] === '\n') return undefined;
      }
      if (j >= s.length) return undefined;
      tokens.push({ kind: 'regex', text: s.slice(i + 1, j) });
      i = j + 1;
    } else if (/[A-Za-z_]/.test(c)) {
      let j = i;
      while (j < s.length && /[A-Za-z0-9_]/.test(s[j] as string)) j++;
      tokens.push({ kind: 'name', text: s.slice(i, j) });
      i = j;
    } else if (/[0-9.]/.test(c)) {
      let j = i;
      while (j < s.length && /[0-9.eExXa-fA-F]/.test(s[j] as string)) j++;
      tokens.push({ kind: 'number', text: s.slice(i, j) });
      i = j;
    } else {
      const two = s.slice(i, i + 2);
      const op = [
        '||',
        '|&',
        '&&',
        '>>',
        '>=',
        '<=',
        '==',
        '!=',
        '!~',
        '++',
        '--',
        '+=',
        '-=',
        '*=',
        '/=',
        '%=',
        '^=',
        '**',
      ].includes(two)
        ? two
        : c;
      tokens.push({ kind: 'op', text: op });
      i += op.length;
    }
  }
  return tokens;
}

/** What in an awk program runs a program or writes a file, as phrases; empty when nothing does. */
export function awkProgramDangers(program: string): string[] {
  const tokens = tokenizeAwk(program);
  if (!tokens) return ['has an awk program the policy could not read'];
  const dangers: string[] = [];
  let inPrint = false;
  let depth = 0;
  for (let t = 0; t < tokens.length; t++) {
    const token = tokens[t] as AwkToken;
    if (token.kind === 'name') {
      if (token.text === 'system') dangers.push('runs a program (awk system())');
      if (token.text === 'print' || token.text === 'printf') {
        inPrint = true;
        depth = 0;
      }
      continue;
    }
    if (token.kind === 'newline') {
      inPrint = false;
      continue;
    }
    if (token.kind !== 'op') continue;
    switch (token.text) {
      case '|':
      case '|&':
        dangers.push('runs a program (awk pipe)');
        break;
      case '@':
        dangers.push('loads code (awk @load/@include or indirect call)');
        break;
      case '(':
        depth++;
        break;
      case ')':
        depth--;
        break;
      case ';':
      case '{':
      case '}':
        inPrint = false;
        break;
      case '>':
      case '>>':
        if (inPrint && depth <= 0) {
          const target = tokens[t + 1];
          if (!(target?.kind === 'string' && QUIET_TARGETS.has(target.text))) {
            dangers.push('writes a file (awk print >)');
          }
        }
        break;
    }
  }
  return dangers;
}

/**
 * What in an awk program read with `placeholder` (a name) in place of each value known only at run
 * time could run a program or write a file once the values are in: the program's own dangers, and
 * a call of a name the placeholder is part of (`$f("ls")`, `sys$f("ls")`), since a value may
 * complete the name `system`. A value the guard lets through holds none of the characters that could
 * do anything else (text-tools.ts AWK_STRUCTURE).
 */
export function awkTemplateDangers(template: string, placeholder: string): string[] {
  const tokens = tokenizeAwk(template);
  if (!tokens) return ['has an awk program the policy could not read'];
  const dangers = awkProgramDangers(template);
  tokens.forEach((token, t) => {
    if (token.kind !== 'name' || !token.text.includes(placeholder)) return;
    const next = tokens.slice(t + 1).find((later) => later.kind !== 'newline');
    if (next?.kind === 'op' && next.text === '(')
      dangers.push('calls a function whose name is only known at run time');
  });
  return dangers;
}
