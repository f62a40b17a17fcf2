/*
 * Readers for the little languages of sed and awk, just deep enough to find the commands that run
 * programs or write files. Anything they cannot read is reported as a danger too.
 */

const QUIET_TARGETS = new Set(['/dev/stdout', '/dev/stderr']);

/**
 * What in a sed script runs a program or writes a file, as phrases; empty when nothing does. The
 * text of each `e COMMAND` goes to `commands`, so what the policy can see of it is checked too.
 */
export function sedScriptDangers(script: string, commands: string[] = []): string[] {
  const dangers: string[] = [];
  const s = script;
  let i = 0;
  const n = s.length;
  const restOfLine = (): string => {
    let end = s.indexOf('\n', i);
    if (end < 0) end = n;
    const text = s.slice(i, end);
    i = end;
    return text.trim();
  };
  const skipBlanks = (): void => {
    while (i < n && (s[i] === ' ' || s[i] === '\t')) i++;
  };
  // Reads up to an unescaped delimiter; returns false when there is none.
  const delimited = (delimiter: string): boolean => {
    for (; i < n; i++) {
      if (s[i] === '\\') {
        i++;
        continue;
      }
      if (s[i] === delimiter) {
        i++;
        return true;
      }
      if (s[i] === '\n' && delimiter !== '\n') return false;
    }
    return false;
  };
  const address = (): boolean => {
    if (/[0-9]/.test(s[i] ?? '')) {
      while (/[0-9~]/.test(s[i] ?? '')) i++;
    } else if (s[i] === '$') {
      i++;
    } else if (s[i] === '/' || s[i] === '\\') {
      let delimiter = '/';
      if (s[i] === '\\') {
        i++;
        delimiter = s[i] ?? '';
      }
      i++;
      if (!delimited(delimiter)) return false;
      while (s[i] === 'I' || s[i] === 'M') i++;
    } else {
      return true;
    }
    return true;
  };
  while (i < n) {
    const c = s[i] as string;
    if (/[\s;]/.test(c) || c === '}') {
      i++;
      continue;
    }
    if (c === '#') {
      restOfLine();
      continue;
    }
    if (!address()) return ['has a sed address the policy could not read'];
    skipBlanks();
    if (s[i] === ',') {
      i++;
      skipBlanks();
      if (s[i] === '+' || s[i] === '~') i++;
      if (!address()) return ['has a sed address the policy could not read'];
      skipBlanks();
    }
    while (s[i] === '!' || s[i] === ' ' || s[i] === '\t') i++;
    const command = s[i];
    i++;
    switch (command) {
      case '{':
      case '=':
      case 'd':
      case 'D':
      case 'g':
      case 'G':
      case 'h':
      case 'H':
      case 'n':
      case 'N':
      case 'p':
      case 'P':
      case 'x':
      case 'z':
      case 'F':
        break;
      case 'l':
      case 'L':
      case 'q':
      case 'Q':
        skipBlanks();
        while (/[0-9]/.test(s[i] ?? '')) i++;
        break;
      case ':':
      case 'b':
      case 't':
      case 'T':
      case 'v':
        // GNU sed ends a label at white space as well as at `;` (`:a e touch x` runs `e`): read
        // the shortest label, so whatever follows is checked as commands.
        skipBlanks();
        while (i < n && !/[\s;]/.test(s[i] as string)) i++;
        break;
      case 'a':
      case 'i':
      case 'c':
        // Text runs to the end of the line, continued by a trailing backslash.
        for (;;) {
          const line = restOfLine();
          if (!line.endsWith('\\') || i >= n) break;
          i++;
        }
        break;
      case 'r':
      case 'R':
        restOfLine();
        break;
      case 'w':
      case 'W': {
        const target = restOfLine();
        if (!QUIET_TARGETS.has(target)) dangers.push(`writes a file (sed ${command} ${target})`);
        break;
      }
      case 'e': {
        const command = restOfLine();
        if (command !== '') commands.push(command);
        dangers.push('runs a program (sed e)');
        break;
      }
      case 's': {
        const delimiter = s[i];
        if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') {
          return ['has a sed s command the policy could not read'];
        }
        i++;
        if (!delimited(delimiter) || !delimited(delimiter)) {
          return ['has a sed s command the policy could not read'];
        }
        while (i < n && /[gpiImMe0-9w]/.test(s[i] as string)) {
          const flag = s[i] as string;
          i++;
          if (flag === 'e') dangers.push('runs a program (sed s///e)');
          if (flag === 'w') {
            const target = restOfLine();
            if (!QUIET_TARGETS.has(target)) dangers.push(`writes a file (sed s///w ${target})`);
            break;
          }
        }
        break;
      }
      case 'y': {
        const delimiter = s[i];
        if (delimiter === undefined || delimiter === '\n' || delimiter === '\\') {
          return ['has a sed y command the policy could not read'];
        }
        i++;
        if (!delimited(delimiter) || !delimited(delimiter)) {
          return ['has a sed y command the policy could not read'];
        }
        break;
      }
      default:
        return [`has a sed command the policy does not know (${JSON.stringify(command ?? '')})`];
    }
  }
  return dangers;
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
